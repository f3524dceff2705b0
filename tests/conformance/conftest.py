"""Test ids for the rulebook's cases are the case ids themselves, glyphs included
(``tricks.6.A♣#1``, ``R9A.♣♣5``): pytest escapes non-ASCII ids given with ``pytest.param(id=…)``,
but not those made by this hook."""

from __future__ import annotations

from pinochle.conformance.cases import GameCase, MeldCase, PlayCase, TableCase, TrickCase
from pinochle.conformance.partnership.cases import DPCase


def pytest_make_parametrize_id(config, val, argname):  # type: ignore[no-untyped-def]
    if isinstance(val, (TrickCase, MeldCase, GameCase, TableCase, PlayCase, DPCase)):
        return val.id
    return None
