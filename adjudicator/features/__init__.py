"""Optional rules a ruleset chooses from its data, each with a null part for a ruleset without
it: the call-out (Scarne, ``callout.py``), the last-draw choice (25-steps, ``lastdraw.py``) and
the knock (25-steps, ``knock.py``).
"""
