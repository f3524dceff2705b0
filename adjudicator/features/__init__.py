"""Optional rules a ruleset switches on: the call-out (Scarne), the last-draw choice (25-steps), and
the walker's side of a battle a claim ends early (the knock).
"""
