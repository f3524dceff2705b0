"""The rulebook's worked examples as fixtures, and the conformance runner."""
