"""The conformance cases at a table of four (double-pack): the rulebook's statements as cases
(``cases``) and their staging as legal records (``build``), which ``conformance.build`` picks
by ruleset."""
