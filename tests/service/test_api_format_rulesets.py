"""``POST /v1/format`` and ``GET /v1/rulesets`` through real HTTP: the canonical text is exactly
``pinochle fmt``'s (the corpus comes back byte for byte); the rulesets are the catalogue's, and
every option value listed is one the referee accepts."""

from __future__ import annotations

import itertools

import pytest
from tests.service.apikit import CLUB_NIGHT, ROOT, cli, error_of
from tests.service.servicekit import Server

from pinochle.adjudicator.rulesets import CATALOG

CORPUS = sorted((ROOT / "corpus").rglob("*.pin"))


def test_the_corpus_comes_back_byte_for_byte(server: Server) -> None:
    assert len(CORPUS) > 100
    with server.client() as http:
        for path in CORPUS:
            data = path.read_bytes()
            answer = http.post("/v1/format", content=data, headers={"content-type": "text/plain"})
            assert answer.status_code == 200, (path, answer.text)
            assert answer.headers["content-type"].startswith("text/plain")
            assert answer.content == data, path


def test_a_record_is_made_canonical_as_fmt_makes_it(server: Server) -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8")
    untidy = ("\ufeff" + text.replace("battle 1 dealer E", "BATTLE 01 Dealer e")
              .replace("Q♣", "qc").replace("\n", "\r\n"))
    done = cli("fmt", "-", input=untidy.encode("utf-8"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == text                       # what fmt makes of it: the original
    with server.client() as http:
        as_text = http.post("/v1/format", content=untidy.encode("utf-8"),
                            headers={"content-type": "text/plain"})
        as_json = http.post("/v1/format", json={"text": untidy})
    assert as_text.status_code == 200, as_text.text
    assert as_text.text == as_json.text == done.stdout


def test_a_syntax_error_is_a_422_with_its_place(server: Server) -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8").replace("battle 1 dealer E", "battle 1 dealer")
    line = text.splitlines().index("battle 1 dealer") + 1
    with server.client() as http:
        error = error_of(http.post("/v1/format", json={"text": text, "name": "night.pin"}), 422)
    assert [e["line"] for e in error["errors"]] == [line]
    assert error["errors"][0]["column"] >= 1 and "expected" in error["errors"][0]["message"]


@pytest.mark.parametrize("content, kind, status", [
    (b"[Event \"\xff\"]\n", "text/plain", 422),            # not UTF-8
    (b"[Event \"x\"]\n", "application/xml", 415),
    (b"[Event \"x\"]\n", "text/plain; charset=latin-1", 415),
    (b"{\"text\": ", "application/json", 400),               # malformed JSON
    (b"{\"txt\": \"\"}", "application/json", 422),
])
def test_a_bad_body_is_a_clear_error(server: Server, content, kind, status) -> None:
    with server.client() as http:
        error_of(http.post("/v1/format", content=content, headers={"content-type": kind}), status)


def test_the_rulesets_are_the_catalogue(server: Server) -> None:
    with server.client() as http:
        answer = http.get("/v1/rulesets")
    assert answer.status_code == 200
    listed = answer.json()
    assert listed["tag"] == "Ruleset"
    assert [r["name"] for r in listed["rulesets"]] == list(CATALOG)
    assert [r["name"] for r in listed["rulesets"] if r["default"]] == ["east-point"]
    for ruleset in listed["rulesets"]:
        options = CATALOG[ruleset["name"]].options
        assert {o["tag"]: tuple(o["values"]) for o in ruleset["options"]} == dict(options)
        assert all(o["default"] == o["values"][0] for o in ruleset["options"])


def test_the_rulesets_say_what_a_position_is_set_up_with(server: Server) -> None:
    """Issue 30's tapping panel: each ruleset's seats, whether a position names trump, its
    pack's cards and meld kinds, as the engine has them with the default options; every listed
    meld kind asks a question /v1/melds answers (DP-PLAYERS: four seats at double-pack)."""
    with server.client() as http:
        listed = {r["name"]: r for r in http.get("/v1/rulesets").json()["rulesets"]}
        for name, maker in CATALOG.items():
            ruleset = maker.from_tags({})
            info = listed[name]
            assert info["seats"] == [seat.value for seat in ruleset.seats]
            assert info["trump"] is (ruleset.trump != "none")
            assert sorted(info["cards"]) == sorted(str(c) for c, n in ruleset.pack.items() if n)
            assert len(set(info["melds"])) == len(info["melds"]) > 0
        assert listed["double-pack"]["seats"] == ["N", "E", "S", "W"]
        assert listed["east-point"]["seats"] == ["E", "W"] and not listed["east-point"]["trump"]
        assert "N♥" in listed["old-time"]["cards"] and "D♥" not in listed["old-time"]["cards"]
        for name, info in listed.items():
            if name == "double-pack":
                continue        # a declaration there, its own test (test_api_dp_melds.py)
            trump = {"trump": "♥"} if info["trump"] else {}
            for kind in info["melds"]:
                asked = http.post("/v1/melds", json={"ruleset": {"Ruleset": name}, **trump,
                                                     "concealed": "A♥", "meld": kind})
                assert asked.status_code == 200, (name, kind, asked.text)


#: Option values that need another option's value (Scarne's ruling S21: Scale "tens" only with
#: TrickScoring "10-10-10"; alone it is refused naming Scale, tested below).
NEEDS = {("scarne", "Scale", "tens"): {"TrickScoring": "10-10-10"},
         # tags of Scarne's laws only (docs/rulings.md, Scarne, Laws; 25-steps, Laws)
         **{(ruleset, tag, value): {"Laws": "scarne"}
            for ruleset in ("scarne", "25-steps")     # 25-steps borrows Scarne's laws
            for tag, values in (("RenegeCheck", ("any-time", "end-of-hand")),
                                ("LookPenalty", ("none", "count")))
            for value in values}}


def test_scarne_tens_alone_is_refused_naming_the_scale_tag(server: Server) -> None:
    with server.client() as http:
        refused = http.post("/v1/melds", json={"ruleset": {"Ruleset": "scarne", "Scale": "tens"},
                                               "concealed": "A♥", "trump": "♥"})
        assert "Scale" in error_of(refused, 422)["message"]


def test_every_listed_option_value_is_accepted_and_no_other(server: Server) -> None:
    """The list is the referee's: each value asks a question /v1/melds answers; a value
    beside them is refused, naming the tag."""
    with server.client() as http:
        listed = http.get("/v1/rulesets").json()["rulesets"]
        for ruleset, option in itertools.chain.from_iterable(
                ((r, o) for o in r["options"]) for r in listed):
            # trump from the upcard, or named by the high bidder (double-pack, DP-MELD1)
            has_trump = CATALOG[ruleset["name"]].from_tags({}).trump != "none"
            trump = {"trump": "♥"} if has_trump else {}
            for value in option["values"]:
                tags = {"Ruleset": ruleset["name"], option["tag"]: value,
                        **NEEDS.get((ruleset["name"], option["tag"], value), {})}
                answer = http.post("/v1/melds", json={"ruleset": tags, "concealed": "A♥",
                                                      **trump})
                assert answer.status_code == 200, (tags, answer.text)
                assert answer.json()["ruleset"][option["tag"]] == value
            tags = {"Ruleset": ruleset["name"], option["tag"]: "no-such-value"}
            refused = http.post("/v1/melds", json={"ruleset": tags, "concealed": "A♥", **trump})
            assert option["tag"] in error_of(refused, 422)["message"]
