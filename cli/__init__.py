"""The `pinochle` command line."""
