"""East Point's faulty records (``R…``, ``M7``): one per fault kind, from seeded legal East Point
battles; a fault the irregularity laws (R11) handle is reported as they say."""

from __future__ import annotations

from collections.abc import Callable

from kit import (
    EAST_POINT_RULES, E, W, after_trick, battle, claim_fault, draw_order, events_of,
    extra_meld, fault, insert_after, mark, replace, settle, tricks, with_events, wrong_mark,
)

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rules.melding import judge_meld
from pinochle.adjudicator.rules.meldtables import Counts, meld_table
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import ALL_CARDS, Card, Seat
from pinochle.notation.events import (
    Battle, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw, Game, MissedDraw,
    Objection, Tag, Trick,
)
from pinochle.notation.melds import MeldKind

decide = trick_table(EAST_POINT).decide


def play(seed: int, dealer: Seat = E, hook=None, meld_rate: float = 0.8) -> tuple[Deal, list]:
    return EAST_POINT_RULES.play(seed, dealer, hook, meld_rate)


def game(battles: list[Battle], finished: bool = False, agreed: int = 2, **tags: str) -> Game:
    header = [Tag(name="Event", value="corpus/faulty"), Tag(name="Battles", value=str(agreed)),
              Tag(name="Result", value="?" if finished else "*")]
    header += [Tag(name=k, value=v) for k, v in tags.items()]
    return Game(header=tuple(header), battles=tuple(battles))


def one_battle(seed: int, dealer: Seat = E, hook=None) -> Game:
    deal, events = play(seed, dealer, hook)
    return game([battle(1, dealer, [deal, *events])])


def _claim(category: str, rule: str, delta: int) -> Game:
    return claim_fault(one_battle(4), category, rule, lambda c, e: {"west": c.west + delta})


def _not_held(role: str) -> Game:
    """A card the player does not hold, of the same rank and the same trick outcome, so that
    the points and the winner stay as they were."""
    g = one_battle(21)
    events = events_of(g)
    state_before = _hands_before_tricks(g)
    for trick in tricks(events)[2:]:
        hands = state_before[trick.number]
        leader = hands["leader"]
        seat = leader if role == "lead" else leader.other
        original = trick.lead if role == "lead" else trick.follow
        for card in ALL_CARDS:
            if card.rank is not original.rank or card is original:
                continue
            held = hands[seat]
            if held[card.index]:
                continue
            lead, follow = (card, trick.follow) if role == "lead" else (trick.lead, card)
            if decide(lead, follow).follower_wins != decide(trick.lead, trick.follow).follower_wins:
                continue
            rule = "R8A" if role == "lead" else "R8B"
            new = mark(trick.model_copy(update={role: card}), rule, f"{seat.word} holds no {card}")
            return with_events(g, replace(events, trick, new))
    raise SystemExit(f"no candidate for {role}")


def _hands_before_tricks(g: Game) -> dict[int, dict]:
    """Each player's hand (counts) and the leader just before each trick of battle 1."""
    before: dict[int, dict] = {}
    events = events_of(g)
    deal = events[0]
    state = BattleState(EAST_POINT, g.battles[0].dealer, deal.east, deal.west, deal.stock)
    for trick in tricks(events):
        if state.in_turn:
            state.finish_turn()
        before[trick.number] = {
            "leader": state.leader,
            E: tuple(c + e for c, e in zip(state.concealed(E), state.exposed(E))),
            W: tuple(c + e for c, e in zip(state.concealed(W), state.exposed(W)))}
        state.play(state.leader, trick.lead)
        state.play(state.leader.other, trick.follow)
        for meld in trick.melds:
            state.meld(state.last_winner, meld.kind, meld.points)
    return before


@fault("R8A-not-held", "R8A", "the leader plays a card he does not hold")
def _r8a() -> Game:
    return _not_held("lead")


@fault("R8B-not-held", "R8B", "the follower plays a card he does not hold")
def _r8b() -> Game:
    return _not_held("follow")


for _rule, _what in (("R8C1", "equal suit, the higher rank wins"),
                     ("R8C2", "equal rank, the higher suit wins"),
                     ("R8C3", "identical cards, follower's card wins"),
                     ("R8C4", "unequal rank and suit, leader's card wins")):
    fault(f"{_rule}-winner-mark", _rule,
          f"a trick's winner mark names the loser ({_what})")(lambda r=_rule: wrong_mark(r))


@fault("R8-trick-number", "R8", "a trick is misnumbered")
def _r8_number() -> Game:
    g = one_battle(3)
    events = events_of(g)
    t = tricks(events)[6]
    return with_events(g, replace(events, t, mark(t.model_copy(update={"number": 9}), "R8")))


fault("R8G-tricks-claim", "R8G", "West's trick points are claimed 10 too high",
      settle_claims=False)(lambda: _claim("tricks", "R8G", 10))
fault("R9A-melds-claim", "R9A", "West's meld points are claimed 10 too low",
      settle_claims=False)(lambda: _claim("melds", "R9A", -10))
fault("R3-score-claim", "R3", "West's battle score is claimed 1 too high",
      settle_claims=False)(lambda: _claim("score", "R3", 1))


def _meld_trick(g: Game, skip: int = 0) -> Trick:
    return [t for t in tricks(events_of(g)) if t.melds][skip]


@fault("R9A-meld-points", "R9A",
       "a meld claims one point too few; nobody objects, so it stands as claimed (R11B)")
def _r9a_points() -> Game:
    g = one_battle(6)
    events = events_of(g)
    t = _meld_trick(g)
    meld = t.melds[0].model_copy(update={"points": t.melds[0].points - 1})
    return with_events(g, replace(events, t, mark(t.model_copy(update={"melds": (meld,)}),
                                                  "R9A")))


@fault("R9A-meld-points-corrected", "R9A",
       "a meld claims ten points too many; the opponent objects in time and the table value "
       "replaces the claim (R11B): a notice, the rules repaired it")
def _r9a_corrected() -> Game:
    g = one_battle(6)
    events = events_of(g)
    t = _meld_trick(g)
    meld = t.melds[0].model_copy(update={"points": t.melds[0].points + 10})
    new = mark(t.model_copy(update={"melds": (meld,)}), "R9A")
    events = replace(events, t, new)
    return with_events(g, insert_after(events, new, Objection(target="meld",
                                                              seat=t.winner.other)))


def _hand(state: BattleState, seat: Seat):
    return state.concealed(seat), state.exposed(seat), state.scored(seat)


def _repeat(state: BattleState, seat: Seat, _record: list):
    if state.melding_seat is not seat:
        return None
    conc, exp, scored = _hand(state, seat)
    for kind in scored:
        verdict = judge_meld(EAST_POINT, conc, exp, scored - {kind}, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


Fits = Callable[[MeldKind, tuple[Card, ...], Counts, Counts], bool]


def _first_fitting(state: BattleState, seat: Seat, fits: Fits, doubles: bool = False):
    """When ``seat`` may meld now: the first combination in table order (R9A) he has not
    scored, single unless ``doubles``, for which ``fits(kind, cards, concealed, exposed)``; as
    (kind, table points), or ``None``."""
    if state.melding_seat is not seat:
        return None
    conc, exp, scored = _hand(state, seat)
    for kind, entry in EAST_POINT.melds.items():
        if kind in scored or (kind.double and not doubles):
            continue
        if fits(kind, entry.cards, conc, exp):
            return kind, entry.points
    return None


def _all_exposed(state: BattleState, seat: Seat, _record: list):
    """Every card of the meld exposed, none with a concealed copy (R9C)."""
    return _first_fitting(state, seat, lambda kind, cards, conc, exp: all(
        exp[i] >= n and not conc[i] for i, n in meld_table(EAST_POINT).needs[kind].pairs),
        doubles=True)


def _missing_card(state: BattleState, seat: Seat, _record: list):
    """All but one of the meld's cards in the hand, one of them concealed (R9B1)."""
    return _first_fitting(state, seat, lambda kind, cards, conc, exp: (
        sum(1 for card in cards if conc[card.index] + exp[card.index]) == len(cards) - 1
        and any(conc[c.index] for c in cards)))


def _played_card(won: bool):
    """A meld whose one lacking card the melder played to a trick this battle (R9G), a card
    that won its trick (R9D) or lost it, as ``won`` says; its other cards are in his hand, one
    concealed."""
    def choose(state: BattleState, seat: Seat, _record: list):
        played, winners = state.played_to_tricks(seat), state.won_with(seat)

        def fits(kind: MeldKind, cards: tuple[Card, ...], conc: Counts, exp: Counts) -> bool:
            lacking = [c for c in cards if not conc[c.index] + exp[c.index]]
            return (len(lacking) == 1 and bool(played[lacking[0].index])
                    and bool(winners[lacking[0].index]) is won
                    and any(conc[c.index] for c in cards))
        return _first_fitting(state, seat, fits)
    return choose


def _second(state: BattleState, seat: Seat, _record: list):
    if state.melding_seat is not None or state.last_winner is not seat:
        return None                      # only after the winner has melded
    conc, exp, scored = _hand(state, seat)
    for kind in EAST_POINT.melds:
        verdict = judge_meld(EAST_POINT, conc, exp, scored, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


def _by_loser(state: BattleState, seat: Seat, _record: list):
    conc, exp, scored = _hand(state, seat)
    for kind in EAST_POINT.melds:
        verdict = judge_meld(EAST_POINT, conc, exp, scored, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


fault("R9F-repeat", "R9F", "a combination already scored this battle is melded again with new "
      "cards; nobody objects, so it stands (R11B)")(lambda: extra_meld("R9F", _repeat))
fault("R9C-all-exposed", "R9C", "a meld made only of cards already exposed (M4.1); it stands "
      "(R11B)")(lambda: extra_meld("R9C", _all_exposed))
fault("R9B1-missing-card", "R9B1", "a meld the player holds one card short of; it stands "
      "(R11B)")(lambda: extra_meld("R9B1", _missing_card))
fault("R9G-played-card", "R9G", "a meld needing a card the melder lost to a trick earlier and "
      "holds no other copy of (R9G); it stands (R11B)")(
    lambda: extra_meld("R9G", _played_card(won=False), after=4))
fault("R9D-winning-card-melded", "R9G", "a meld needing a card that won a trick for the melder "
      "earlier, with no other copy in hand: R9G, the message naming R9D; it stands (R11B)")(
    lambda: extra_meld("R9G", _played_card(won=True), after=4))
fault("R9E-second-meld", "R9E", "a second meld after one trick; it stands (R11B)")(
    lambda: extra_meld("R9E", _second))
fault("R8D-loser-melds", "R8D", "the trick's loser melds; it stands (R11B)")(
    lambda: extra_meld("R8D", _by_loser, loser=True))
fault("R11B-voided", "R8D", "the trick's loser melds and the winner objects in time: the meld is "
      "voided (R11B) and its cards stay exposed (M7): a notice, the rules repaired it")(
    lambda: extra_meld("R8D", _by_loser, loser=True, objected=True))


@fault("R11B-late-objection", "R11B", "an objection to a correct meld after the objector has "
       "played to the next trick: too late, and the meld was correct anyway (a notice)")
def _r11b_late() -> Game:
    g = one_battle(6)
    events = events_of(g)
    following = {x.number - 1: x for x in tricks(events)}
    t = next(x for x in tricks(events) if x.melds and not following[x.number].melds)
    nxt = following[t.number]
    return with_events(g, insert_after(events, nxt, mark(Objection(target="meld",
                                                                   seat=t.winner.other),
                                                         "R11B")))


@fault("R11A-late-objection", "R11A", "an objection to the deal after the first trick: too "
       "late, the deal stands (a notice: the deal was right, and a wrong one has its own "
       "findings)")
def _r11a_late() -> Game:
    return after_trick(one_battle(7), 0, lambda first: mark(Objection(target="deal", seat=E),
                                                             "R11A"))


@fault("R11A-redeal", "R11A", "West objects to the deal in time and the same dealer deals "
       "again (a notice: the rules handle it, nothing is wrong)")
def _r11a_redeal() -> Game:
    deal1, _ = play(8, E)
    deal2, events = play(9, E)
    return game([battle(1, E, [deal1, mark(Objection(target="deal", seat=W), "R11A"), deal2,
                               *events])])


def _nodraw(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w])
    events.append(mark(MissedDraw(seat=w.other), "R11C"))
    return True


def _extradraw(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w, w.other, w])
    state.laws.discover(w, too_many=True)
    events.append(mark(ExtraDraw(seat=w), "R11D"))
    events.append(Discovery(seat=w, too_many=True))
    return True


def _expose(state: BattleState, events: list, rng) -> bool:
    loser = state.last_winner.other
    conc = state.concealed(loser)
    cards = [c for c in ALL_CARDS if conc[c.index]][:2]
    if len(cards) < 2:
        return False
    state.expose(loser, cards)
    events.append(mark(Exposure(seat=loser, cards=tuple(cards)), "M7"))
    return True


fault("R11C-nodraw", "R11C", "the trick's loser does not draw; he plays on short, and in the "
      "end the other player's last card counts for neither (R11F) and the last card of the "
      "stock stays (R11E): notices, handled as R11 says", ("R11E", "R11F"))(
    lambda: EAST_POINT_RULES.during_play(_nodraw, 31, 3))
fault("R11D-extradraw", "R11D", "the trick's winner draws an extra card and is found with too "
      "many: he loses every further trick (R11D): notices, handled as R11 says",
      ("R11D", "R11E", "R11F"))(
    lambda: EAST_POINT_RULES.during_play(_extradraw, 32, 3))
fault("R8E-draw-order", "R8E", "the loser draws before the winner")(
    lambda: EAST_POINT_RULES.during_play(draw_order("R8E"), 33, 2))
fault("M7-exposed-out-of-turn", "M7", "the trick's loser moves two cards to his exposed hand "
      "without a meld; they stay exposed (a notice, handled as M7 says)")(
    lambda: EAST_POINT_RULES.during_play(_expose, 34, 2))


def _extradraw_unnoticed(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w, w.other, w])
    events.append(mark(ExtraDraw(seat=w), "R11D"))
    return True


def _lone_card_taken() -> Game:
    """A missed draw (R11C) leaves an odd stock; when one card is left, the player who missed
    his draw takes it (R11E: neither player takes it)."""
    short: list[Seat] = []

    def act(state: BattleState, events: list, rng) -> bool:
        w = state.last_winner
        if not short and state.stock_count >= 8:
            state.finish_turn([w])
            events.append(MissedDraw(seat=w.other))
            short.append(w.other)
        elif short and state.stock_count == 1:
            state.finish_turn([short[0]])
            events.append(mark(Draw(seats=(short[0],)), "R11E"))
            return True
        return False

    return EAST_POINT_RULES.during_play(act, 31, 2)


def _expose_not_held(state: BattleState, events: list, rng) -> bool:
    loser = state.last_winner.other
    conc, exp = state.concealed(loser), state.exposed(loser)
    absent = [c for c in ALL_CARDS if not conc[c.index] and not exp[c.index]]
    state.expose(loser, absent[:1])
    events.append(mark(Exposure(seat=loser, cards=tuple(absent[:1])), "R7B2"))
    return True


fault("R11D-never-found-out", "R11D", "the trick's winner draws an extra card and is never found "
      "with too many: R11D's penalty never applies (a warning), and in the end his last card "
      "counts for neither (R11F) and the last card of the stock stays (R11E)",
      ("R11E", "R11F"))(lambda: EAST_POINT_RULES.during_play(_extradraw_unnoticed, 32, 3))
fault("R11E-lone-card-taken", "R11E", "after a missed draw (R11C, a notice) the stock comes down "
      "to one card, and the player who missed his draw takes it: neither player may (R11E)",
      ("R11C",))(_lone_card_taken)
fault("R7B2-expose-not-held", "R7B2", "the trick's loser exposes a card he does not hold (R7B2); "
      "the exposure itself is an M7 notice", ("M7",))(
    lambda: EAST_POINT_RULES.during_play(_expose_not_held, 34, 2))


@fault("R11A-no-redeal", "R11A", "West objects to the deal in time, but no new deal follows: "
       "play goes on with the first deal, not as R11A says (a warning)")
def _r11a_no_redeal() -> Game:
    deal, events = play(8, E)
    return game([battle(1, E, [deal, mark(Objection(target="deal", seat=W), "R11A"),
                                *events])])


@fault("R11C-false-toofew", "R11C", "a player is said to hold too few cards, but his count is "
       "right")
def _false_toofew() -> Game:
    return after_trick(one_battle(10), 4, lambda t: mark(Discovery(seat=W, too_many=False),
                                                         "R11C"))


@fault("R8F-record-stops-early", "R8F", "the record of a finished game stops before the "
       "battle's hands are exhausted")
def _r8f_early() -> Game:
    deal1, events1 = play(11, E)
    deal2, events2 = play(12, W)
    cut = [t for t in events2 if not (isinstance(t, Trick) and t.number > 20)]
    cut[-1] = mark(cut[-1], "R8F")
    return game([battle(1, E, [deal1, *events1]), battle(2, W, [deal2, *cut])], finished=True)


@fault("R8F-trick-after-end", "R8F", "a trick is recorded after both hands are empty")
def _r8f_after() -> Game:
    return after_trick(one_battle(13), -1, lambda last: mark(
        Trick(number=last.number + 1, lead=last.lead, follow=last.follow), "R8F"))


@fault("R6-no-deal", "R6", "the record omits the deal: a notice says card possession was not "
       "checked (nothing is wrong)")
def _r6() -> Game:
    g = one_battle(14)
    return game([mark(battle(1, E, events_of(g)[1:]), "R6")])


@fault("R6B-deal-short-hand", "R6B", "East is dealt eleven cards and the twelfth is left on the "
       "stock (R6C); the record of the battle stops after the deal", ("R6C",))
def _r6b() -> Game:
    deal, _ = play(15, E)
    bad = Deal(east=deal.east[1:], west=deal.west, stock=deal.east[:1] + deal.stock,
               comments=(Comment(text=" fault: R6B (eleven cards)"), Comment(text=" West"),
                         Comment(text=" the stock, top first")))
    return game([battle(1, E, [bad])])


@fault("R2A4-deal-duplicate", "R2A4", "a card is dealt three times (and so another is missing "
       "from the deal); the record of the battle stops after the deal, so no play tells which "
       "line holds the wrong copy: one finding spans the lines that may (East's first)",
       ("R2A4",))
def _r2a4() -> Game:
    deal, _ = play(16, E)
    west = list(deal.west)
    twice = next(c for c in deal.east if EAST_POINT.pack[c] == 2 and deal.east.count(c) == 1
                 and c in deal.stock)
    west[-1] = twice
    bad = Deal(east=deal.east, west=tuple(west), stock=deal.stock,
               comments=(Comment(text=f" fault: R2A4 ({twice} three times, one in each line)"),
                         Comment(text=" West's last card was written wrong"),
                         Comment(text=" the stock, top first")))
    return game([battle(1, E, [bad])])


def _games(n: int, agreed: int, dealers: list[Seat] | None = None) -> list[Battle]:
    dealers = dealers or [E if i % 2 == 0 else W for i in range(n)]
    out = []
    for i in range(n):
        deal, events = play(40 + i, dealers[i])
        out.append(battle(i + 1, dealers[i], [deal, *events]))
    return out


@fault("R4A-result-tag", "R4A", "the Result tag does not match the game totals",
       settle_claims=False)
def _r4a_result() -> Game:
    g = settle(game(_games(2, 2), finished=True))
    header = tuple(mark(t.model_copy(update={"value": "2000-1500"}), "R4A")
                   if isinstance(t, Tag) and t.name == "Result" else t for t in g.header)
    return g.model_copy(update={"header": header})


@fault("R4A-game-claim", "R4A", "the claimed game total for East is wrong", settle_claims=False)
def _r4a_claim() -> Game:
    g = settle(game(_games(2, 2), finished=True))
    result = walk(g, Visitor())
    claim = mark(Claim(category="game", east=result.east + 100, west=result.west), "R4A")
    return g.model_copy(update={"closing": (claim,)})


@fault("R4A-too-few-battles", "R4A", "a finished game of four agreed battles records two")
def _r4a_short() -> Game:
    g = game(_games(2, 4), finished=True, agreed=4)
    header = tuple(mark(t, "R4A") if isinstance(t, Tag) and t.name == "Battles" else t
                   for t in g.header)
    return g.model_copy(update={"header": header})


@fault("R4B-dealer", "R4B", "East deals two battles running")
def _r4b() -> Game:
    battles = _games(2, 2, [E, E])
    battles[1] = mark(battles[1], "R4B")
    return game(battles, finished=True)


@fault("Ruleset-unknown-option", "MeldScoring", "the MeldScoring tag names no V2 schedule: the "
       "game cannot be replayed")
def _unknown() -> Game:
    g = game(_games(2, 2), finished=True)
    header = g.header + (mark(Tag(name="MeldScoring", value="generous"), "MeldScoring"),)
    return g.model_copy(update={"header": header})
