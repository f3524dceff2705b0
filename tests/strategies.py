"""Hypothesis strategies shared by the test suite.

Notation strategies (``notation_*``): random record nodes that the canonical writer can write,
so that ``parse(dumps(r)) == r`` must hold for every one of them. The constraints they respect
are the notation's (docs/notation.md): a ``;`` comment ends its line (only the last comment of a
statement can be one, and its text has no line break and no trailing blanks); a ``{…}`` comment
has no ``}``; a tag value has no line break; a meld on a trick line has no seat and no comments
of its own; every game after the first starts with a tag; a game's closing starts with its
``game`` claim; a game followed by another has a battle or a ``game`` claim (a tag after a tag
section continues it); numbers have at most nine digits.

Other areas add their own strategies below, under their own prefix.
"""

from __future__ import annotations

from hypothesis import strategies as st

from pinochle.notation.cards import ALL_CARDS, CARD_SPELLINGS, FOUR_SEATS, TWO_SEATS
from pinochle.notation.events import (Battle, Claim, Comment, Deal, Discovery, Draw, Exposure,
                                      ExtraDraw, Game, Knock, Meld, MissedDraw, Objection, Record,
                                      Tag, Trick)
from pinochle.notation.events import Choice
from pinochle.notation.events import Bury, Concession, Hands, Send, TableTrick
from pinochle.notation.melds import EVERY_MELD_KIND, MELD_SPELLINGS, MeldKind

# ---- notation: leaves ----

notation_cards = st.sampled_from(ALL_CARDS)
notation_seats = st.sampled_from(TWO_SEATS)
# every kind the notation writes: East Point's, old-time Pinochle's, every multiplicity
notation_meld_kinds = st.sampled_from(EVERY_MELD_KIND)
notation_numbers = st.one_of(st.integers(0, 999), st.integers(0, 10 ** 9 - 1))

# Text with the characters that stress a reader: quotes, backslashes, braces, semicolons, tabs,
# suit glyphs, the emoji variation selector, odd Unicode white space.
_TRICKY = st.sampled_from(list('"\\{;[]()\t ♣♠♥♦♡\ufe0f\u00a0\u2028\x85.:'))


def _text(excluded: str, min_size: int = 0, max_size: int = 20) -> st.SearchStrategy[str]:
    plain = st.characters(blacklist_characters=excluded, blacklist_categories=("Cs",))
    tricky = _TRICKY.filter(lambda ch: ch not in excluded)
    return st.text(st.one_of(plain, tricky), min_size=min_size, max_size=max_size)


notation_brace_comments = st.builds(Comment, text=_text("}\r"), brace=st.just(True))
notation_line_comments = st.builds(
    Comment, text=_text("\n\r").map(lambda t: t.rstrip(" \t")), brace=st.just(False))
notation_comments = st.one_of(notation_brace_comments, notation_line_comments)


@st.composite
def notation_statement_comments(draw: st.DrawFn) -> tuple[Comment, ...]:
    """The comments one statement line can carry: brace comments, then maybe a ``;`` one."""
    braces = draw(st.lists(notation_brace_comments, max_size=2))
    last = draw(st.one_of(st.none(), notation_line_comments))
    return tuple(braces + ([last] if last is not None else []))


_few_comments = st.one_of(st.just(()), notation_statement_comments())

notation_tags = st.builds(
    Tag,
    name=st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True),
    value=_text("\n\r", max_size=15),
    comments=_few_comments,
)

# ---- notation: events ----

_card_tuples = st.lists(notation_cards, min_size=1, max_size=24).map(tuple)


@st.composite
def notation_deals(draw: st.DrawFn) -> Deal:
    upcard = draw(st.one_of(st.none(), notation_cards))  # old-time Pinochle's fourth line
    lines = 3 if upcard is None else 4
    comments = sum((draw(_few_comments) for _ in range(lines)), ())
    return Deal(east=draw(_card_tuples), west=draw(_card_tuples), stock=draw(_card_tuples),
                upcard=upcard, comments=comments)


_concealed = st.one_of(st.none(), st.lists(notation_cards, max_size=5).map(tuple))

notation_inline_melds = st.builds(Meld, kind=notation_meld_kinds, points=notation_numbers,
                                  concealed=_concealed)
notation_meld_lines = st.builds(Meld, kind=notation_meld_kinds, points=notation_numbers,
                                concealed=_concealed, seat=notation_seats,
                                comments=_few_comments)
notation_tricks = st.builds(
    Trick, number=notation_numbers, lead=notation_cards, follow=notation_cards,
    winner=st.one_of(st.none(), notation_seats),
    melds=st.lists(notation_inline_melds, max_size=2).map(tuple), comments=_few_comments)
notation_objections = st.builds(
    Objection, target=st.sampled_from(["shuffle", "cut", "deal", "meld"]), seat=notation_seats,
    comments=_few_comments)
notation_draws = st.builds(Draw, seats=st.lists(notation_seats, max_size=3).map(tuple),
                           comments=_few_comments)
notation_missed_draws = st.builds(MissedDraw, seat=notation_seats, comments=_few_comments)
notation_extra_draws = st.builds(ExtraDraw, seat=notation_seats, comments=_few_comments)
notation_discoveries = st.builds(Discovery, seat=notation_seats, too_many=st.booleans(),
                                 comments=_few_comments)
notation_exposures = st.builds(Exposure, seat=notation_seats,
                               cards=st.lists(notation_cards, min_size=1, max_size=4).map(tuple),
                               comments=_few_comments)
notation_knocks = st.builds(Knock, seat=notation_seats, count=st.none() | notation_numbers,
                            comments=_few_comments)
notation_choices = st.builds(Choice, seat=notation_seats,
                             take=st.sampled_from(["upcard", "talon"]), comments=_few_comments)


def notation_claims(categories: list[str]) -> st.SearchStrategy[Claim]:
    sides = st.one_of(
        st.tuples(notation_numbers, st.none()), st.tuples(st.none(), notation_numbers),
        st.tuples(notation_numbers, notation_numbers))
    return st.builds(lambda category, side, comments: Claim(
        category=category, east=side[0], west=side[1], comments=comments),
        st.sampled_from(categories), sides, _few_comments)


# the three-handed game's and single-deck's statements (docs/notation.md §12)
notation_any_seats = st.sampled_from(FOUR_SEATS)
notation_signed = st.one_of(notation_numbers, notation_numbers.map(lambda n: -n))
_few_cards = st.lists(notation_cards, min_size=1, max_size=4).map(tuple)
notation_three_hands = st.builds(
    Hands, hands=st.tuples(_card_tuples, _card_tuples, _card_tuples),
    widow=st.none() | _few_cards, comments=_few_comments)
notation_three_card_tricks = st.builds(
    TableTrick, number=notation_numbers,
    cards=st.tuples(notation_cards, notation_cards, notation_cards),
    winner=st.none() | notation_any_seats, leader=st.none() | notation_any_seats,
    comments=_few_comments)
notation_buries = st.builds(Bury, seat=notation_any_seats, cards=_few_cards,
                            comments=_few_comments)
notation_concessions = st.builds(Concession, seat=notation_any_seats, comments=_few_comments)
notation_sends = st.builds(Send, seat=notation_any_seats, cards=_few_cards,
                           comments=_few_comments)
notation_renege_claims = st.builds(Objection, target=st.just("renege"), seat=notation_any_seats,
                                   offender=notation_any_seats, comments=_few_comments)


def notation_seat_claims(categories: list[str]) -> st.SearchStrategy[Claim]:
    """Claims by seat, signed, North's too (§12): at least one seat's total."""
    seats = st.tuples(st.none() | notation_signed, st.none() | notation_signed,
                      st.none() | notation_signed).filter(lambda t: t != (None, None, None))
    return st.builds(lambda category, t, comments: Claim(
        category=category, north=t[0], east=t[1], west=t[2], comments=comments),
        st.sampled_from(categories), seats, _few_comments)


notation_events = st.one_of(
    notation_comments, notation_deals(), notation_tricks, notation_meld_lines,
    notation_objections, notation_draws, notation_missed_draws, notation_extra_draws,
    notation_discoveries, notation_exposures, notation_knocks, notation_choices,
    notation_claims(["tricks", "melds", "score", "total"]),
    notation_three_hands, notation_three_card_tricks, notation_buries, notation_concessions,
    notation_sends, notation_renege_claims,
    notation_seat_claims(["tricks", "melds", "score", "total"]))

notation_battles = st.builds(
    Battle, number=notation_numbers, dealer=notation_seats, comments=_few_comments,
    events=st.lists(notation_events, max_size=8).map(tuple))

# ---- notation: games and records ----


@st.composite
def notation_games(draw: st.DrawFn, first: bool = True) -> Game:
    """A game; ``first=False``: one that may follow another (it starts with a tag)."""
    header = draw(st.lists(st.one_of(notation_tags, notation_comments), max_size=4))
    if not first:
        header = [draw(notation_tags)] + header
    battles = draw(st.lists(notation_battles, max_size=2))
    closing: list = []
    if draw(st.booleans()):
        claims = st.one_of(notation_claims(["game"]), notation_seat_claims(["game"]))
        closing = [draw(claims)] + draw(st.lists(st.one_of(notation_comments, claims),
                                                 max_size=2))
    if not (header or battles or closing):
        battles = [draw(notation_battles)]
    return Game(header=tuple(header), battles=tuple(battles), closing=tuple(closing))


@st.composite
def notation_records(draw: st.DrawFn, max_games: int = 3) -> Record:
    count = draw(st.integers(0, max_games))
    games = [draw(notation_games(first=i == 0)) for i in range(count)]
    for i, game in enumerate(games[:-1]):
        if not (game.battles or game.closing):  # else the next game's tags would join its own
            games[i] = game.model_copy(update={"battles": (draw(notation_battles),)})
    return Record(games=tuple(games))


# ---- notation: other spellings of the same values (docs §1) ----

def notation_card_spellings(card) -> st.SearchStrategy[str]:  # type: ignore[no-untyped-def]
    return st.sampled_from(sorted(sp for sp, c in CARD_SPELLINGS.items() if c is card))


def notation_meld_spellings(kind: MeldKind) -> st.SearchStrategy[str]:
    return st.sampled_from(sorted(sp for sp, k in MELD_SPELLINGS.items() if k is kind))


def notation_meld_like_words() -> list[str]:
    """Words made like meld kinds, most of them not: any one or two symbols, or one symbol up
    to five times, then any mark; pinochles up to five; the dix's words and near misses."""
    symbols = [s + v for s in "♣♠♥♦♧♤♡♢" for v in ("", "\ufe0f")] + list("CSHDcshdAKQJTakqjtNn9Pp")
    marks = list("23456FMfmPp")
    words = [one + two + mark for one in symbols for two in [""] + symbols for mark in marks]
    words += [one * n + mark for one in symbols for n in (3, 4, 5) for mark in marks]
    words += [p * n for p in ("P", "p") for n in range(1, 6)] + ["pP", "Pp4", "PF"]
    words += ["dix", "DIX", "Dix", "dixx", "di", "dix1", "swap", "SWAP", "Swap", "swapp", "swa"]
    return words


def notation_keyword_spellings(word: str) -> st.SearchStrategy[str]:
    """Any mixture of upper and lower case."""
    return st.lists(st.booleans(), min_size=len(word), max_size=len(word)).map(
        lambda upper: "".join(ch.upper() if u else ch.lower() for ch, u in zip(word, upper)))


notation_blanks = st.text(st.sampled_from(" \t"), min_size=1, max_size=3)


# === Simulated games (pinochle.simulator) =========================================================
# Appended by the simulator's author: strategies for cards, hands, positions and whole legal
# games, all on top of the seeded simulator. Names start with ``sim_`` or end in ``_games``.

from hypothesis import strategies as _st

from pinochle.adjudicator.model.findings import Finding as _Finding
from pinochle.adjudicator.replay import GameResult as _GameResult
from pinochle.adjudicator.replay import Visitor as _Visitor
from pinochle.adjudicator.rulesets.old_time import old_time as _old_time
from pinochle.adjudicator.replay import position_at as _position_at
from pinochle.adjudicator.rulesets.east_point import EAST_POINT as _EAST_POINT
from pinochle.adjudicator.rulesets.east_point import east_point as _east_point
from pinochle.adjudicator.rulesets.scarne import scarne as _scarne
from pinochle.adjudicator.rulesets.twenty_five import twenty_five as _twenty_five
from pinochle.notation.cards import ALL_CARDS as _ALL_CARDS
from pinochle.notation.cards import Seat as _Seat
from pinochle.notation.events import Game as _Game
from pinochle.notation.events import Trick as _Trick
from pinochle.simulator.deal import pack_cards as _pack_cards
from pinochle.simulator.simulate import Settings as _Settings
from pinochle.simulator.simulate import simulate_game as _simulate_game

SIM_POLICY_PAIRS = (("random", "random"), ("random", "greedy"), ("greedy", "random"),
                    ("greedy", "greedy"))
SIM_RULESETS = (_EAST_POINT, _east_point(trick_scoring="v3"), _east_point(meld_scoring="lower"),
                _east_point(meld_scoring="higher"), _east_point(pack="beginner"),
                _east_point(pack="no-nines"))
#: Old-time Pinochle with its default options first, then each other value of each option.
SIM_OLD_TIME = _old_time()
SIM_OLD_TIME_RULESETS = (SIM_OLD_TIME, _old_time(phase_b="scarne"),
                         _old_time(trick_scoring="10-10-10"),
                         _old_time(trick_scoring="10-10-5-5"),
                         _old_time(double_after_single="forbidden"),
                         _old_time(game_end="single-hand"), _old_time(target="1250"))
#: 25-steps Pinochle with its default options first, then some other values (TPV2-TPV6).
SIM_TWENTY_FIVE_RULESETS = (_twenty_five(), _twenty_five(double_pinochle="300"),
                            _twenty_five(rounding="5"),
                            _twenty_five(trick_scoring="10-10-10", scale="tens"),
                            _twenty_five(knocking="no"), _twenty_five(grand_pinochle="80"),
                            _twenty_five(last_draw="choice"),
                            _twenty_five(knock_proof="next-trick"))
#: Scarne's game with its default options first (Scarne's laws), then each other value
#: of each option.
SIM_SCARNE_RULESETS = (_scarne(), _scarne(game_end="call-out"), _scarne(game_end="single-hand"),
                       _scarne(trick_scoring="10-10-10", scale="tens"),
                       _scarne(trick_scoring="10-10-5-5"), _scarne(target="1250"),
                       _scarne(laws="none"))
#: Each ruleset family the simulator plays, by name: the rulesets property tests run over.
SIM_FAMILIES = {"east-point": SIM_RULESETS, "old-time": SIM_OLD_TIME_RULESETS}


def sim_cards() -> _st.SearchStrategy:
    """Any of the 28 card faces."""
    return _st.sampled_from(_ALL_CARDS)


def sim_hands(min_size: int = 0, max_size: int = 12, ruleset=_EAST_POINT) -> _st.SearchStrategy:
    """A hand that the pack can hold: distinct cards of the pack (R2A4), so a face appears at
    most as many times as the pack has it. Sorted in canonical hand order."""
    pack = _pack_cards(ruleset)
    return _st.lists(_st.integers(0, len(pack) - 1), min_size=min_size, max_size=max_size,
                     unique=True).map(lambda picks: tuple(sorted(pack[i] for i in picks)))


@_st.composite
def sim_settings(draw, irregular: bool = True, rulesets: tuple = (_EAST_POINT,),
                 battles: tuple[int, ...] = (4,)):
    """Simulator settings: a pair of policies, an irregularity rate (0 when not ``irregular``,
    or when the ruleset has no irregularity laws), a ruleset and an agreed number of battles
    (East Point's; a game that ends by a target ignores it)."""
    ruleset = draw(_st.sampled_from(rulesets))
    lawful = irregular and ruleset.laws.irregularities
    rate = draw(_st.sampled_from((0.0, 0.25, 1.0))) if lawful else 0.0
    return _Settings(battles=draw(_st.sampled_from(battles)),
                     policies=draw(_st.sampled_from(SIM_POLICY_PAIRS)), irregularities=rate,
                     ruleset=ruleset)


#: Games already simulated in this process, by seed and settings (most recent last): Hypothesis
#: draws some pairs again and again (seed 0 with each ruleset, a seed kept while it varies the
#: rest of an example), and a game is a frozen value, so a repeat is the game simulated before.
_SIMULATED: dict[tuple, tuple] = {}
_SIMULATED_KEPT = 512


def sim_game(seed: int, settings: _Settings):
    """``simulate_game(seed, settings)``, the game simulated before if there is one (the
    ruleset, whose options make it unhashable, is known by identity and kept in the entry)."""
    key = (seed, *(id(value) if name == "ruleset" else value
                   for name, value in vars(settings).items()))
    entry = _SIMULATED.pop(key, None)
    if entry is None or entry[0] is not settings.ruleset:
        entry = (settings.ruleset, _simulate_game(seed, settings))
        if len(_SIMULATED) >= _SIMULATED_KEPT:
            del _SIMULATED[next(iter(_SIMULATED))]
    _SIMULATED[key] = entry
    return entry[1]


def simulated_games(irregular: bool = True, rulesets: tuple = (_EAST_POINT,),
                    battles: tuple[int, ...] = (4,)) -> _st.SearchStrategy:
    """Whole legal games (``SimulatedGame``: the game, its seed, its scores, the rule ids of the
    irregularities it meant), from a seed and settings."""
    return _st.builds(sim_game, _st.integers(0, 2 ** 32 - 1),
                      sim_settings(irregular, rulesets, battles))


@_st.composite
def sim_positions(draw, rulesets: tuple = (_EAST_POINT,)):
    """A melding position reached by legal play: a player right after some trick of a
    simulated battle (``replay.position_at``: hands, melds scored, whether he may meld; in
    old-time Pinochle the trump and the exposed copies' histories)."""
    simulated = draw(simulated_games(irregular=False, rulesets=rulesets))
    game = simulated.game
    battle = draw(_st.integers(1, len(game.battles)))
    tricks = sum(1 for e in game.battles[battle - 1].events if isinstance(e, _Trick))
    trick = draw(_st.integers(1, tricks))
    seat = draw(_st.sampled_from((_Seat.EAST, _Seat.WEST)))
    return _position_at(game, battle, trick, seat)


class SimFindings(_Visitor):
    """Collects every finding of a replay."""

    def __init__(self) -> None:
        self.findings: list[_Finding] = []

    def finding(self, finding: _Finding) -> None:
        self.findings.append(finding)


def sim_replay(game: _Game) -> tuple[_GameResult, list[_Finding]]:
    """Replay ``game`` (``replay.walk``): its result and every finding."""
    from pinochle.adjudicator.replay import walk

    visitor = SimFindings()
    result = walk(game, visitor)
    assert result is not None
    return result, visitor.findings
