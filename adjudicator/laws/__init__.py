"""The irregularity laws: the policy a ruleset carries (``policy.LawsPolicy``) and what each law
does (East Point's R11 irregularities; Scarne's renege, look, misdeal, drawing-slip and correction
laws).
"""
