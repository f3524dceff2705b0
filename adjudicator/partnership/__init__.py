"""The partnership engine (double-pack, a table of four): the auction, tricks of four, declarations,
the contract and its scoring, a battle replayed in record order, and the walker of a game.
"""
