"""The game-record notation: card values, typed events, parser and writer."""
