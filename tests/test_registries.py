"""The registries agree: every ruleset the catalog registers (``pinochle.adjudicator.rulesets``'
``CATALOG``, one ``REGISTRATION`` per rulebook module) has its entry in every other table that is
kept per ruleset, or its exemption is named here with the reason. A new ruleset's author reads
the checklist from the failure: one line per registry still missing it, saying what to add.

The registries are read by their public names (``simulator.mutate.BY_RULESET``,
``conformance.corpus.ALL_CASES``, ...), not by the files that hold them, so that moving a module
within its package changes nothing here. The checkout's own files (the faulty corpus' fault
lists, the behaviour comparison script, the README) are read from the checkout.

Looked at and not registries of rulesets: ``simulator.simulate.IMPLICIT_TAGS`` (the tags a
simulated record may leave out: East Point's alone, by design, as a record without a
``Ruleset`` tag is East Point), ``simulator.irregular.KINDS_OF`` (kept per set of laws, not per
ruleset), and ``benchmarks/validate.py`` (it measures every name of ``RULESET_NAMES``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from pinochle.adjudicator import rulesets
from pinochle.adjudicator.rulesets import east_point
from pinochle.conformance.built import RULEBOOKS
from pinochle.conformance.cases import ruleset_name
from pinochle.conformance.corpus import ALL_CASES
from pinochle.service.page import EXAMPLE_DIR, EXAMPLES, STATIC
from pinochle.simulator.mutate import BY_RULESET

ROOT = Path(__file__).resolve().parents[1]
FAULTY = ROOT / "corpus" / "faulty"
#: A record's ruleset: its ``Ruleset`` tag; a record without one is East Point's.
RULESET_TAG = re.compile(r'^\[Ruleset "([^"]*)"\]', re.MULTILINE)
DEFAULT_RULESET = "east-point"


def record_ruleset(path: Path) -> str:
    found = RULESET_TAG.search(path.read_text(encoding="utf-8"))
    return found.group(1) if found else DEFAULT_RULESET


@contextmanager
def on_path(folder: Path) -> Iterator[None]:
    """``folder`` first on ``sys.path`` (a script folder whose modules import each other)."""
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        sys.path.remove(str(folder))


def faulty_corpus() -> set[str]:
    """The rulesets of ``corpus/faulty/make.py``'s faults (its ``FAMILIES`` register them in
    ``kit.FAULTS`` on import), each read from the record it wrote."""
    with on_path(FAULTY):
        make = importlib.import_module("make")
        kit = importlib.import_module("kit")
    assert make.FAMILIES, "corpus/faulty/make.py registers no fault list"
    return {record_ruleset(FAULTY / f"{fault.name}.pin") for fault in kit.FAULTS}


def page_examples() -> set[str]:
    return {record_ruleset(EXAMPLE_DIR / f"{example.name}.pin") for example in EXAMPLES}


def page_words(script_name: str = "state.js") -> set[str]:
    """The keys of a page script's ``RULESET_WORD`` (``service/static/state.js``, the page's;
    ``padrecord.js``, the score pad's: the rulesets it keeps)."""
    script = (STATIC / script_name).read_text(encoding="utf-8")
    table = re.search(r"const RULESET_WORD = \{(.*?)\};", script, re.DOTALL)
    assert table, f"{script_name} has no RULESET_WORD"
    return set(re.findall(r'"?([\w-]+)"?\s*:', table.group(1)))


def behaviour_items() -> set[str]:
    """``corpus/behaviour.py``'s ``RULESETS``: the rulesets whose simulate and melds output the
    re-layout comparison covers."""
    spec = importlib.util.spec_from_file_location("behaviour", ROOT / "corpus" / "behaviour.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.RULESETS)


def readme_rows() -> set[str]:
    """The first cells of the README's ``## Rulesets`` table."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Rulesets\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([^`]+)`", section, re.MULTILINE)) - {"Ruleset"}


@dataclass(frozen=True)
class Registry:
    name: str                              # where a new ruleset's author adds its entry
    add: str                               # what to add there
    covered: Callable[[], set[str]]        # the rulesets it has an entry for


REGISTRIES = (
    Registry("simulator.mutate.BY_RULESET",
             "its corruption classes (the mutation benchmark, the faulty corpus' mutants)",
             lambda: set(BY_RULESET)),
    Registry("conformance.corpus.ALL_CASES",
             "its rulebook's worked examples as cases (then `pinochle examples` regenerates "
             "corpus/rulebook)", lambda: {ruleset_name(case) for case in ALL_CASES}),
    Registry("conformance.built.RULEBOOKS", "the rulebook its fixtures' Event tag names",
             lambda: set(RULEBOOKS)),
    Registry("corpus/faulty/make.py FAMILIES",
             "a fault list, one record per fault kind (then run corpus/faulty/make.py)",
             faulty_corpus),
    Registry("service.page.EXAMPLES", "an example record for the replay page (service/examples)",
             page_examples),
    Registry("service/static/state.js RULESET_WORD", "the page's word for it",
             page_words),
    Registry("service/static/padrecord.js RULESET_WORD",
             "the score pad's word for it (the pad keeps its games; its pack in RANKS if not "
             "A 10 K Q J 9, its seats in TABLE_SEATS if four)", lambda: page_words("padrecord.js")),
    Registry("corpus/behaviour.py RULESETS",
             "its simulate and melds items in the behaviour comparison", behaviour_items),
    Registry("README.md Rulesets table", "a row: its rulebook, its ids and its options",
             readme_rows),
)

#: (registry, ruleset) -> why the ruleset has no entry there.
EXEMPT: Mapping[tuple[str, str], str] = {
    ("service.page.EXAMPLES", "scarne"):
        "a two-handed turn-up-trump game: the page draws it in old-time-evening's view (the "
        "upcard, trump, two hands), its own steps (the call-out, the laws' statements) as "
        "that view's step lines",
    ("service.page.EXAMPLES", "25-steps"):
        "a two-handed turn-up-trump game: the page draws it in old-time-evening's view (the "
        "upcard, trump, two hands), its own steps (the knock, the last-draw choice) as that "
        "view's step lines",
    # single-deck (issue 29): the ruleset, its passing and simulate are branch i29-sd; its
    # fixtures, faulty records and by-hand game are i29-sdfix's (merged after), its page and
    # score pad later work of issue 29
    ("conformance.corpus.ALL_CASES", "single-deck"):
        "its rulebook statements (spec §11.1) are written by i29-sdfix, from the spec alone",
    ("conformance.built.RULEBOOKS", "single-deck"):
        "its fixtures (corpus/rulebook) are written by i29-sdfix, from the spec alone",
    ("corpus/faulty/make.py FAMILIES", "single-deck"):
        "its faulty records are written by i29-sdfix, from the spec alone",
    ("service.page.EXAMPLES", "single-deck"):
        "the page's passing view is issue 29's later work (not this branch)",
    ("service/static/state.js RULESET_WORD", "single-deck"):
        "the page's passing view is issue 29's later work (not this branch)",
    ("service/static/padrecord.js RULESET_WORD", "single-deck"):
        "the score pad's single-deck sheet is issue 29's later work (not this branch)",
    ("corpus/behaviour.py RULESETS", "single-deck"):
        "the comparison runs the base's code too, which has no single-deck before this merge: "
        "add it once main has the ruleset",
}


def missing() -> list[str]:
    """One line per registry that lacks a ruleset of the catalog (read when called, so that a
    test can register a ruleset for the moment) and has no exemption for it."""
    lines = []
    for registry in REGISTRIES:
        covered = registry.covered()
        lines += [f"{registry.name}: no entry for ruleset {name!r}; add {registry.add}"
                  for name in rulesets.CATALOG
                  if name not in covered and (registry.name, name) not in EXEMPT]
    return lines


def test_every_registry_covers_every_registered_ruleset() -> None:
    assert missing() == [], "\n".join(["a ruleset is registered but not wired in:", *missing()])


def test_an_exemption_names_a_registered_ruleset_its_registry_lacks() -> None:
    """An exemption goes when its ruleset does, or when the registry gains the entry."""
    by_name = {registry.name: registry for registry in REGISTRIES}
    for (registry, name), reason in EXEMPT.items():
        assert reason and registry in by_name, (registry, name)
        assert name in rulesets.CATALOG, f"{registry}: exempts {name!r}, which is not registered"
        assert name not in by_name[registry].covered(), f"{registry}: {name!r} is covered now"


def test_a_ruleset_registered_alone_is_reported_in_every_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A throwaway registration (East Point's, under another name) and nothing else: the check
    names every registry the new ruleset's author must still fill in."""
    throwaway = replace(east_point.REGISTRATION, name="east-point-copy")
    catalog: dict[str, Any] = {**rulesets.CATALOG, throwaway.name: throwaway}
    monkeypatch.setattr(rulesets, "CATALOG", catalog)
    lines = missing()
    assert [line.split(": no entry")[0] for line in lines] == [r.name for r in REGISTRIES]
    assert all("'east-point-copy'; add " in line for line in lines), lines
