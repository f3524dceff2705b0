"""Seeded simulation of legal games, driven by the adjudicator's own legality API."""
