"""The two-handed engine: the battle state (``state.BattleState``: ``verify_*`` / ``can_*`` / do
methods, a frozen log of steps) with its parts (sites, trick play, meld turns, draws), the rules
of a whole game, and the readings of a battle recorded without its deal (score sheets, public
cards, claims).
"""
