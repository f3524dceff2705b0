"""Scarne's two-handed Pinochle's faulty records (``SC-…``): one per fault kind of the game rules
under ``[Ruleset "scarne"]`` and ``[Laws "none"]`` (no laws: each fault an error under the rule
it breaks, as in old-time Pinochle), then the laws built so far under ``[Laws "scarne"]`` (the
renege, looking at won tricks). Each from seeded legal Scarne battles; named after the SC id
the finding cites.

The laws built later (misdeals, drawing slips, incorrect melds) have their records in
``sc_law_faults.py``, from ``LAWS`` here."""

from __future__ import annotations

import random

from kit import (
    E, Rules, W, battle, cited, claim_faults, dix_again, draw_order, events_of,
    extra_meld, fault, insert_after, judged_as, last_draws, mark, misnumbered, mutated,
    phase_b_follow, replace, second_swap, settle, total_too_high, tricks, with_events,
    wrong_mark,
)

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.simulator.deal import Dealt, pack_cards
from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.events import CallOut, Claim, Draw, Game, Look, Meld, Objection, Tag
from pinochle.notation.melds import Family, MeldKind

#: The game rules without the laws: ``[Laws "none"]`` since Scarne's laws became the default
#: (the records written before keep their meaning and report, the tag line added).
SCARNE = Rules(ruleset_from_tags({"Ruleset": "scarne", "Laws": "none"}),
               (("Ruleset", "scarne"), ("Laws", "none")))
CALL_OUT = Rules(ruleset_from_tags({"Ruleset": "scarne", "Laws": "none", "GameEnd": "call-out"}),
                 (("Ruleset", "scarne"), ("Laws", "none"), ("GameEnd", "call-out")))
LAWS = Rules(ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne"}),
             (("Ruleset", "scarne"), ("Laws", "scarne")))
LOOK_COUNT = Rules(ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne",
                                      "LookPenalty": "count"}),
                   (("Ruleset", "scarne"), ("Laws", "scarne"), ("LookPenalty", "count")))
IDS = SCARNE.ruleset.ids


def _meld(rule: str, pick, seeds=range(300, 800), after: int = 1, loser: bool = False,
          meld_rate: float = 0.5) -> Game:
    """An extra meld (``kit.extra_meld``) in a Scarne battle, marked with the id ``rule`` cites
    (its first word)."""
    return extra_meld(cited(rule), pick, loser, seeds, after, rules=SCARNE, meld_rate=meld_rate)


# --- play ------------------------------------------------------------------------------------

# (the seeds these records were first made from, kept: since the replay resynchronises after
# a card not held, earlier seeds give one-fault records too)
fault("SC-PLAY1-not-held", "SC-PLAY1", "Scarne: the leader plays a card he does not hold")(
    lambda: mutated(SCARNE, "lead-not-held", "SC-PLAY1", range(26, 200)))
fault("SC-PLAY2-not-held", "SC-PLAY2", "Scarne: the follower plays a card he does not hold")(
    lambda: mutated(SCARNE, "follow-not-held", "SC-PLAY2", range(23, 200)))
fault("SC-PLAYB2-follow-suit", "SC-PLAYB2", "Scarne: in phase 2 the follower holds the suit led "
      "but plays another (not a trump); without the laws an error, the card stands")(
    lambda: phase_b_follow(SCARNE, "SC-PLAYB2", "follow_suit", range(300, 600)))
fault("SC-PLAYB2-trump-void", "SC-PLAYB2", "Scarne: in phase 2 the follower, void in the suit "
      "led, plays a non-trump while holding a trump")(
    lambda: phase_b_follow(SCARNE, "SC-PLAYB2", "trump_void", range(300, 600)))
fault("SC-PLAYB2-head", "SC-PLAYB2", "Scarne: in phase 2, on a trump lead, the follower plays a "
      "lower trump while holding a higher one")(
    lambda: phase_b_follow(SCARNE, "SC-PLAYB2", "head", range(300, 900)))
fault("SC-PLAY2W-winner-mark", "SC-PLAY2W", "Scarne: a trick's winner mark names the loser")(
    lambda: wrong_mark("SC-PLAY2W", range(300, 400), SCARNE.one_battle, SCARNE.ruleset))


fault("SC-PLAY9-trick-number", "SC-PLAY9", "Scarne: a trick is misnumbered")(
    lambda: misnumbered(SCARNE.one_battle(303), "SC-PLAY9"))


fault("SC-PLAY8-draw-order", "SC-PLAY8", "Scarne: the loser draws before the winner; without "
      "the laws the hands go on as drawn, no penalty")(
    lambda: SCARNE.during_play(draw_order("SC-PLAY8"), 305, 2))


fault("SC-PLAY8-last-draws", "SC-PLAY8", "Scarne: at the last two cards the loser draws the "
      "stock's last card and the winner the turned-up trump, not the other way round (SC-PLAY10, "
      "cited as the draw rule)")(lambda: SCARNE.during_play(last_draws(IDS.draws), 306, 2))


# --- melds -----------------------------------------------------------------------------------

fault("SC-MELD1-loser-melds", "SC-MELD1", "Scarne: the trick's loser melds; without the laws it "
      "scores nothing (its cards stay exposed)")(
    lambda: _meld("SC-MELD1", judged_as(IDS.table, first=False), loser=True))
fault("SC-MELD2-second-meld", "SC-MELD2", "Scarne: a second meld after one trick, neither a "
      "deece; it scores nothing")(
    lambda: _meld("SC-MELD2", judged_as(IDS.table, first=False, second=True), meld_rate=1.0))
fault("SC-MELD4-no-stock", "SC-MELD4", "Scarne: a trick's winner melds once the stock is gone, "
      "when nobody melds; it scores nothing")(
    lambda: _meld("SC-MELD4", judged_as(IDS.table, phase_b=True), after=13))
fault("SC-MELD5-marriage-reuse", "SC-MELD5", "Scarne: a marriage meld reusing a card of an "
      "earlier marriage (a double marriage after its single); it scores nothing")(
    lambda: _meld("SC-MELD5", judged_as("SC-MELD5"), meld_rate=1.0))
fault("SC-MELD6-all-exposed", "SC-MELD6", "Scarne: a meld made only of cards already exposed, "
      "none from the concealed hand (the old-time rule that caps melding a roundhouse piece by "
      "piece at 220, cited \"SC-MELD6 (OT9C)\"); it scores nothing")(
    lambda: _meld(IDS.concealed, judged_as(IDS.concealed), meld_rate=1.0))
@fault("SC-MELD6-roundhouse-piecewise", "SC-MELD6", "Scarne: East melds a roundhouse's parts "
       "one by one, four kings (80), three marriages (40, 20, 20), four queens (60): 220, as "
       "SC-MELD6 says; the fourth marriage, its king and queen both exposed already, scores "
       "nothing (\"SC-MELD6 (OT9C)\": no card from the concealed hand)")
def _sc_meld6_piecewise() -> Game:
    trump = Suit.CLUBS
    kings_queens = [Card(rank, suit) for suit in Suit for rank in (Rank.KING, Rank.QUEEN)]
    aces = [Card(Rank.ACE, suit) for suit in Suit]
    plan = [MeldKind(Family.QUARTET, Rank.KING), MeldKind(Family.MARRIAGE, trump),
            MeldKind(Family.MARRIAGE, Suit.SPADES), MeldKind(Family.MARRIAGE, Suit.HEARTS),
            MeldKind(Family.QUARTET, Rank.QUEEN), MeldKind(Family.MARRIAGE, Suit.DIAMONDS)]
    for seed in range(370, 400):
        rest = pack_cards(SCARNE.ruleset)
        for card in (*kings_queens, *aces, Card(Rank.JACK, trump)):
            rest.remove(card)
        random.Random(seed).shuffle(rest)
        dealt = Dealt(tuple(sorted(kings_queens + aces)), tuple(sorted(rest[:12])),
                      tuple(rest[12:]), Card(Rank.JACK, trump))
        todo = list(plan)

        def choose(state: BattleState, seat: Seat):
            lead = state.lead_card
            if not todo or state.phase_b:  # noqa: B023 - called in this iteration
                return None
            if lead is None:
                return next((c for c in state.hand(seat) if seat is E
                             and c.rank not in (Rank.KING, Rank.QUEEN)), None)
            return next((c for c in state.hand(seat) if seat is W
                         and not state.trick_table.decide(lead, c).follower_wins), None)

        def hook(state: BattleState, events: list, rng) -> None:
            if not todo or state.last_winner is not E:  # noqa: B023 - as above
                return
            kind = todo.pop(0)  # noqa: B023 - as above
            points = state.meld_entries[kind].points
            state.meld(E, kind, points)
            trick = events[-1].model_copy(update={"melds": (Meld(kind=kind, points=points),)})
            events[-1] = mark(trick, "SC-MELD6", "220 already") if not todo else trick  # noqa: B023

        deal, events = SCARNE.play(seed, W, hook, 0.0, choose, dealt)
        if not todo:
            return SCARNE.game([battle(1, W, [deal, *events])])
    raise SystemExit("East did not win six tricks")


fault("SC-OT9G-reuse", "OT9G", "Scarne: a meld reusing an exposed card of a meld of the same "
      "class worth as much or more, not a marriage (Scarne is silent: the old-time rule, cited "
      "\"OT9G (Scarne silent)\"); it scores nothing")(
    lambda: _meld(IDS.reuse, judged_as(IDS.reuse), meld_rate=1.0))
fault("SC-PLAY4-deece-without-nine", "SC-PLAY4", "Scarne: a deece laid or exchanged by a "
      "player without the nine of trumps (SC-MELD8, SC-MELD9); it scores nothing")(
    lambda: mutated(SCARNE, "dix-without-nine", "SC-PLAY4", range(300, 500)))
fault("SC-PLAY4-missing-card", "SC-PLAY4", "Scarne: a meld the player holds one card short of; "
      "it scores nothing")(
    lambda: _meld("SC-PLAY4", judged_as("SC-PLAY4", short=1, legal=False)))
fault("SC-PLAY7-played-card", "SC-PLAY7", "Scarne: a meld needing a card the melder played to a "
      "trick and holds no other copy of; it scores nothing")(
    lambda: _meld("SC-PLAY7", judged_as("SC-PLAY7"), after=4))


@fault("SC-MELD3-after-draw", "SC-MELD3", "Scarne: the trick's winner melds after both players "
       "have drawn; it scores nothing")
def _sc_meld3() -> Game:
    pick = judged_as(IDS.table, first=False)
    for seed in range(300, 600):
        def act(state: BattleState, events: list, rng) -> bool:
            w = state.last_winner
            if events[-1].melds or state.stock_count < 8:
                return False
            picked = pick(state, w, events)
            if picked is None:
                return False
            state.finish_turn()
            state.meld(w, *picked)
            events.append(Draw(seats=(w, w.other)))
            events.append(mark(Meld(kind=picked[0], points=picked[1], seat=w), "SC-MELD3"))
            return True
        try:
            return SCARNE.during_play(act, seed, 2)
        except AssertionError:
            continue
    raise SystemExit("no SC-MELD3 meld")


@fault("SC-PLAY4-meld-points", "SC-PLAY4", "Scarne: a meld claims the wrong points (a common "
       "marriage claimed as a royal one, 40); without the laws it counts for its table value")
def _sc_points() -> Game:
    return marriage_as_royal(SCARNE, range(300, 500))


def marriage_as_royal(rules: Rules, seeds, last: int | None = None) -> Game:
    """The first battle of ``rules`` (from ``seeds``) with a common marriage melded (after one
    of its first ``last`` tricks), claimed at 40, marked SC-PLAY4."""
    for seed in seeds:
        g = rules.one_battle(seed)
        events = events_of(g)
        trump = events[0].upcard.suit
        for t in tricks(events)[:last]:
            for i, m in enumerate(t.melds):
                if m.kind.family is Family.MARRIAGE and m.kind.suit is not trump \
                        and not m.kind.double:
                    melds = list(t.melds)
                    melds[i] = m.model_copy(update={"points": 40})
                    new = mark(t.model_copy(update={"melds": tuple(melds)}), "SC-PLAY4")
                    return with_events(g, replace(events, t, new))
    raise SystemExit("no common marriage")


fault("SC-OT9G-deece-again", "OT9G", "Scarne: the deece laid a second time with the same nine "
      "(SC-MELD9: the second deece is the other nine; the reuse rule cited, \"OT9G (Scarne "
      "silent)\"); it scores nothing")(
    lambda: _meld(IDS.reuse, dix_again(IDS.reuse), meld_rate=1.0))
fault("SC-PLAY5-second-exchange", "SC-PLAY5", "Scarne: the deece exchanged for the turned-up "
      "card after it was already exchanged (SC-MELD8); it scores nothing")(
    lambda: _meld("SC-PLAY5", second_swap, meld_rate=0.4))


# --- claims and the game ---------------------------------------------------------------------

claim_faults(SCARNE, 310, "Scarne", "SC-OBJ", "SC-PLAY4", "SC-SCORE1", " (SC-LAST)")


@fault("SC-WIN1-total-claim", "SC-WIN1", "Scarne: East's running game total after hand 2 is "
       "claimed 100 too high", settle_claims=False)
def _sc_total() -> Game:
    return total_too_high(SCARNE, 320, "SC-WIN1")


def _to_the_target(rules: Rules, first_seed: int):
    """Hands dealt alternately until a player has reached 1000 with the higher total."""
    battles = []
    east = west = 0
    dealer = E
    while True:
        deal, events = rules.play(first_seed + len(battles), dealer)
        battles.append(battle(len(battles) + 1, dealer, [deal, *events]))
        r = walk(rules.game(battles[-1:]), Visitor())
        east, west = east + r.east, west + r.west
        dealer = dealer.other
        if east != west and max(east, west) >= 1000:
            return battles, dealer


@fault("SC-WIN1-after-the-end", "SC-WIN1", "Scarne: a hand is recorded after a player reached "
       "the target of 1000 with the higher total")
def _sc_after() -> Game:
    battles, dealer = _to_the_target(SCARNE, 330)
    deal, events = SCARNE.play(330 + len(battles), dealer)
    battles.append(mark(battle(len(battles) + 1, dealer, [deal, *events]), "SC-WIN1"))
    return SCARNE.game(battles)


@fault("SC-WIN1-game-claim", "SC-WIN1", "Scarne: the claimed game total for East, after the "
       "hand in which a player reached 1000, is 100 too high", settle_claims=False)
def _sc_game_claim() -> Game:
    g = settle(SCARNE.game(_to_the_target(SCARNE, 330)[0], result="?"))
    result = walk(g, Visitor())
    claim = mark(Claim(category="game", east=result.east + 100, west=result.west), "SC-WIN1")
    return g.model_copy(update={"closing": (claim,)})


@fault("SC-WIN1-result-tag", "SC-WIN1", "Scarne: the Result tag gives a finished game after "
       "two hands, before anyone reached 1000", settle_claims=False)
def _sc_result() -> Game:
    g = settle(SCARNE.game(SCARNE.battles(2, 320), result="?"))
    header = tuple(mark(t, "SC-WIN1") if isinstance(t, Tag) and t.name == "Result" else t
                   for t in g.header)
    return g.model_copy(update={"header": header})


@fault("SC-WIN2-dealer", "SC-WIN2", "Scarne: East deals two hands running")
def _sc_win2() -> Game:
    battles = SCARNE.battles(2, 340, [E, E])
    battles[1] = mark(battles[1], "SC-WIN2")
    return SCARNE.game(battles)


# --- the call-out (GameEnd "call-out") --------------------------------------------------------


def _call(rules: Rules, seat: Seat, after: int, total=lambda counted: counted) -> Game:
    """A call by ``seat`` after trick ``after`` of the first hand, stating ``total(count)`` (the
    count the referee makes); the hand's record stops there (its claims follow)."""
    g = rules.one_battle(350)
    events = events_of(g)
    anchor = tricks(events)[after - 1]
    kept = events[:events.index(anchor) + 1]
    probe = with_events(g, [*kept, CallOut(seat=seat)])
    counted = walk(probe, Visitor())
    assert counted is not None
    mine = counted.east if seat is E else counted.west
    return with_events(g, [*kept, mark(CallOut(seat=seat, total=total(mine)), IDS.call)])


fault("SC-CALL-loses", "SC-CALL", "Scarne: a player calls out under the target and so loses "
      "the game (a notice: handled as SC-CALL says)")(
    lambda: _call(CALL_OUT, W, 8))
fault("SC-CALL-total-claim", "SC-CALL", "Scarne: a call-out states a total 10 higher than the "
      "caller's count", ("SC-CALL",))(
    lambda: _call(CALL_OUT, W, 8, lambda counted: counted + 10))
fault("SC-CALL-not-agreed", "SC-CALL", "Scarne: a call-out in a game without GameEnd "
      "\"call-out\": an error, ignored")(
    lambda: put_after(SCARNE.one_battle(351), 8, CallOut(seat=E), IDS.call))


def put_after(g: Game, which: int, event, rule: str, why: str = "") -> Game:
    """The one-battle game with ``event``, marked ``rule``, after its trick ``which`` (0: after
    the deal)."""
    events = events_of(g)
    anchor = events[0] if which == 0 else tricks(events)[which - 1]
    return with_events(g, insert_after(events, anchor, mark(event, rule, why)))


# --- Scarne's laws ([Laws "scarne"]) ----------------------------------------------------------


def _renege(rules: Rules, seeds=range(300, 600)) -> tuple[Game, int]:
    """A phase-2 renege (a follower not following suit) in a battle of ``rules``, its trick's
    index among the battle's tricks."""
    g = phase_b_follow(rules, "SC-RENEGE1", "follow_suit", seeds)
    events = events_of(g)
    at = next(i for i, t in enumerate(tricks(events)) if t.comments)
    return g, at


fault("SC-RENEGE1-unclaimed", "SC-RENEGE1", "Scarne's laws: a renege in phase 2 that nobody "
      "claims: it stands (a warning), the trick points as played")(
    lambda: _renege(LAWS)[0])


@fault("SC-RENEGE2-claimed", "SC-RENEGE2", "Scarne's laws: a renege claimed by the opponent "
       "after the trick: the reneger's count is 0, the claimant's the hand's 250 (SC-RENEGE2, a "
       "notice; the battle scores are the corrected ones)")
def _sc_renege2() -> Game:
    g, at = _renege(LAWS)
    events = events_of(g)
    trick = tricks(events)[at]
    plain = trick.model_copy(update={"comments": ()})
    claim = mark(Objection(target="renege", seat=_follower(g, trick).other), "SC-RENEGE2")
    return with_events(g, insert_after(replace(events, trick, plain), plain, claim))


def _follower(g: Game, trick) -> Seat:
    """Who followed to ``trick`` (the other of who led: the previous trick's winner, or the
    non-dealer at the first)."""
    events = events_of(g)
    previous = [t for t in tricks(events) if t.number == trick.number - 1]
    leader = previous[0].winner if previous else g.battles[0].dealer.other
    return leader.other


fault("SC-RENEGE1-false-claim", "SC-RENEGE1", "Scarne's laws: a renege claimed when the "
      "opponent has not reneged: an error, no effect")(
    lambda: put_after(LAWS.one_battle(360), 20, Objection(target="renege", seat=E), "SC-RENEGE1"))
fault("SC-LOOK1-look", "SC-LOOK1", "Scarne's laws: East looks through his won tricks; with no "
      "agreed penalty (LookPenalty \"none\") a notice, no effect")(
    lambda: _look(LAWS, "SC-LOOK1"))
fault("SC-LOOK2-look-penalty", "SC-LOOK2", "Scarne's laws with the agreed penalty "
      "(LookPenalty \"count\"): East looks through his won tricks and loses his count for the "
      "hand (a notice; his melds stay)")(lambda: _look(LOOK_COUNT, "SC-LOOK2"))


def _look(rules: Rules, rule: str) -> Game:
    g = rules.one_battle(361)
    events = events_of(g)
    won = 0
    for t in tricks(events):
        won += t.winner is E
        if won >= 3:
            return with_events(g, insert_after(events, t, mark(Look(seat=E), rule)))
    raise SystemExit("East won fewer than three tricks")
