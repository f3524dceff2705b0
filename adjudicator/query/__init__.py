"""The dispute question: which melds may this player make here, and is this one legal?

Asked of a position given directly or of a point in a record, by the command line (``pinochle
melds``) and the service (``/v1/melds``) alike; both reach it through ``pinochle.adjudicator``.

- ``inputs``: what both seatings share: the words of a question read (cards, melds, trump, the
  ruleset's tags) and a position no deal can give refused (``check_position``);
- ``turn``: the turn of a two-handed question asked directly (R8D, R9E);
- ``twohanded``: the two-handed question and its answer (``MeldsReport``);
- ``partnership``: a table of four's question, a seat's best meld and a declaration judged
  (``TableMeldsReport``);
- ``errors``: ``QueryError``, a question that cannot be answered as asked.

The two seatings sit side by side over ``inputs``: neither imports the other.
"""
