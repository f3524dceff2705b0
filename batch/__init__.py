"""Validating a stream of game records and writing ``pinochle validate``'s report, shared by the
command line (``cli/validate.py``: files, folders, ``-j``, ``--cluster``) and the service
(``/v1/validate``), so that both give the same report, byte for byte, from the same code.

- ``cuts``: where a file's lines may be cut, at a game start;
- ``chunks``: a file cut into chunks of whole games, and the work done on one (read, validate,
  render: ``validate_chunk``);
- ``pools``: where the chunks are validated (``Here``, this process; the ``Pool`` interface the
  command line's worker processes and cluster follow) and their results put back in order,
  checked (``ordered``);
- ``tally``: a run's counts, its ``Summary``;
- ``report``: the report written as the results come back (``Run``; ``json_report`` and
  ``write_report`` for one input).

It uses the engine through its public API (``pinochle.adjudicator``) and imports nothing from
``cli/`` or ``service/``.
"""
