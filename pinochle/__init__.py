"""Pinochle referee: notation, adjudicator and command line, under one import package."""
