"""The simulator at a table of four (double-pack partnership Pinochle): a game (``game``), its
auction (``auction``), its tricks (``play``) and the corruptions of its records (``mutate``),
beside the two-handed modules one level up, which pick them by ruleset."""
