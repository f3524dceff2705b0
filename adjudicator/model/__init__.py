"""Values every engine shares, with no behaviour of their own: findings, the map from each check to
a ruleset's rule ids, the step records of a battle, and the ``Ruleset`` type with its option types.
"""
