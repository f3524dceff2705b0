"""Replays game records through a ruleset and reports findings."""
