"""Scarne's faulty records under the laws added after ``sc_faults.py``'s (``[Laws "scarne"]``):
misdeals (SC-MISDEAL0-9), drawing slips (SC-DRAW1, SC-SLIP1-6) and incorrect melds
(SC-BADMELD1-2), one record per fault the referee reports as a warning or an error, named after
the rule its finding cites; and a law statement in a game without the laws (``Laws``).

A law handled as it says is a notice, not a fault: a misdeal called in time and redealt, a slip
repaired, a meld corrected in time have no record here."""

from __future__ import annotations

import random

from kit import (
    E, W, battle, events_of, extra_meld, fault, insert_after, judged_as, mark, mark_deal,
    replace, tricks, verdicts, with_events,
)
from sc_faults import LAWS, SCARNE, marriage_as_royal, put_after

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.notation.cards import Card
from pinochle.notation.events import (
    Correction, Deal, DeadHand, Discovery, Draw, Game, GiveCard, Meld, Misdeal, MissedDraw,
    ReturnCard, Trick,
)
from pinochle.simulator.deal import Dealt, pack_cards

IDS = LAWS.ruleset.ids


def _stock_tricks(g: Game) -> int:
    """The number of the battle's last stock trick (the one after which the last two cards of
    the stock are drawn)."""
    deal = events_of(g)[0]
    return (len(deal.stock) + (deal.upcard is not None)) // 2


# --- incorrect melds (SC-BADMELD1, SC-BADMELD2) -----------------------------------------------

fault("SC-MELD1-uncorrected", "SC-MELD1", "Scarne's laws: the trick's loser melds and nobody "
      "corrects it (SC-BADMELD1) before the last card is drawn from the stock: the meld stands "
      "as credited, a warning under the rule it broke")(
    lambda: extra_meld("SC-MELD1", judged_as(IDS.table, first=False), True, range(400, 700), 2,
                       rules=LAWS, meld_rate=0.5))


@fault("SC-PLAY4-points-uncorrected", "SC-PLAY4", "Scarne's laws: a meld claims the wrong "
       "points (a common marriage claimed as a royal one, 40) and nobody corrects it "
       "(SC-BADMELD1) before the last card is drawn from the stock: it stands as claimed, a "
       "warning")
def _points_uncorrected() -> Game:
    return marriage_as_royal(LAWS, range(450, 650), 10)


def _melder(g: Game) -> tuple[Trick, int]:
    """The first trick after which its winner melded, and its number."""
    t = next(t for t in tricks(events_of(g)) if t.melds)
    return t, t.number


@fault("SC-BADMELD1-late-correct", "SC-BADMELD1", "Scarne's laws: a meld corrected after the "
       "last card was drawn from the stock: too late, an error with no effect")
def _late_correct() -> Game:
    g = LAWS.one_battle(410)
    t, n = _melder(g)
    return put_after(g, _stock_tricks(g) + 1, Correction(seat=t.winner, trick=n), "SC-BADMELD1")


@fault("SC-BADMELD1-no-meld", "SC-BADMELD1", "Scarne's laws: a correction naming a trick after "
       "which that player made no meld: an error with no effect")
def _no_meld() -> Game:
    g = LAWS.one_battle(411)
    t = next(t for t in tricks(events_of(g))[1:] if not t.melds)
    return put_after(g, t.number + 1, Correction(seat=t.winner, trick=t.number), "SC-BADMELD1")


@fault("SC-BADMELD2-short-meld", "SC-BADMELD2", "Scarne's laws: a player who missed his draw "
       "(SC-SLIP1) wins the next trick and melds holding a card too few; nobody corrects it: "
       "it stands, a warning", ("SC-SLIP1",))
def _short_meld() -> Game:
    for seed in range(420, 700):
        done: list[str] = []    # "slip", then "meld"

        def hook(state: BattleState, events: list, rng: random.Random,
                 done: list[str] = done) -> None:
            w = state.last_winner
            if not done and state.stock_count >= 8 and state.trick_number >= 2:
                state.finish_turn([w])                  # the loser misses his draw
                events.append(MissedDraw(seat=w.other))
                done.append("slip")
            elif done == ["slip"] and state.count_off(w) and not events[-1].melds:
                # his cards allow these; his count does not (no meld is legal for him)
                options = [(kind, entry.points) for kind, entry, verdict in verdicts(state, w)
                           if verdict.legal and not entry.free]
                if options:
                    state.meld(w, *options[0])
                    meld = Meld(kind=options[0][0], points=options[0][1])
                    events[-1] = mark(events[-1].model_copy(update={"melds": (meld,)}),
                                      "SC-BADMELD2", "a card short")
                    done.append("meld")
            if len(done) == 1 and not state.count_off(w.other) and not state.count_off(w) \
                    and state.tricks_played > 2:
                done.append("repaired")     # the short player lost the trick: no meld

        deal, events = LAWS.play(seed, E, hook, 0.3)
        if done[1:] == ["meld"]:
            return LAWS.game([battle(1, E, [deal, *events])])
    raise SystemExit("no SC-BADMELD2 meld")


# --- misdeals (SC-MISDEAL0-SC-MISDEAL9) -------------------------------------------------------

fault("SC-MISDEAL2-too-late", "SC-MISDEAL2", "Scarne's laws: a misdeal called for a pack not "
      "offered to cut after the nondealer's first draw from the stock: too late, the deal "
      "stands, an error with no effect")(
    lambda: put_after(LAWS.one_battle(430), 2, Misdeal(reason="not-cut"), "SC-MISDEAL2"))
fault("SC-MISDEAL9-regular-count", "SC-MISDEAL9", "Scarne's laws: a misdeal called for a wrong "
      "count before the first card, when both hands hold 12: an error with no effect, play "
      "goes on with the deal")(
    lambda: put_after(LAWS.one_battle(431), 0, Misdeal(reason="count"), "SC-MISDEAL9"))
fault("SC-MISDEAL0-no-new-deal", "SC-MISDEAL0", "Scarne's laws: a misdeal called in time (cards "
      "exposed in cutting) but no new deal follows: a warning, play goes on with the first "
      "deal", ("SC-MISDEAL1",))(
    lambda: put_after(LAWS.one_battle(432), 0, Misdeal(reason="cut-exposed"), "SC-MISDEAL0"))


@fault("SC-MISDEAL0-redeal-uncalled", "SC-MISDEAL0", "Scarne's laws: the cards are dealt again "
       "before the first card though no misdeal was called: a warning, the new deal is played")
def _redeal_uncalled() -> Game:
    first = events_of(LAWS.one_battle(433))[0]
    g = LAWS.one_battle(434)
    events = events_of(g)
    again = mark_deal(events[0], "SC-MISDEAL0", "the cards dealt again",
                      ("no misdeal called", "the new stock", "the new trump"))
    return with_events(g, [first, again, *events[1:]])


@fault("SC-MISDEAL9-wrong-count", "SC-MISDEAL9", "Scarne's laws: East is dealt 13 cards and the "
       "stock 22; nobody calls a misdeal before his first draw: the deal stands, an "
       "error (one at each wrong line: East's hand, the stock); the drawing laws repair the "
       "counts: after trick 1 East, a card over, skips his draw (SC-SLIP3, a notice)",
       ("SC-MISDEAL9", "SC-SLIP3"))
def _wrong_count() -> Game:
    rng = random.Random(435)
    pack = pack_cards(LAWS.ruleset)
    rng.shuffle(pack)
    dealt = Dealt(tuple(sorted(pack[:13])), tuple(sorted(pack[13:25])), tuple(pack[25:47]),
                  pack[47])
    deal, events = LAWS.play(435, W, meld_rate=0.0, dealt=dealt)
    events = events[:1]
    return LAWS.game([battle(1, W, [mark_deal(
        deal, "SC-MISDEAL9", "East holds 13", ("West holds 12", "22 cards, not 23",
                                               "the turned-up trump")), *events])])


@fault("SC-MISDEAL8-imperfect-pack", "SC-MISDEAL8", "Scarne's laws: the pack is imperfect (a "
       "card of the stock is a third copy of a face, another face has one copy): the referee "
       "finds it at the deal, the hand is dead, 0 to 0 (an error)")
def _imperfect() -> Game:
    g = LAWS.one_battle(436)
    events = events_of(g)
    bad, third = _imperfect_deal(events[0])
    bad = mark_deal(bad, "SC-MISDEAL8", "an imperfect pack",
                    ("West's hand", f"its last card a third {third}", "the trump"))
    return with_events(g, [bad, *events[1:]])


def _imperfect_deal(deal: Deal) -> tuple[Deal, Card]:
    """The deal with the stock's last card replaced by a copy of East's first card (a third
    copy of that face, the replaced face now short a copy), and that card."""
    third = deal.east[0]
    assert deal.stock[-1] != third
    return deal.model_copy(update={"stock": (*deal.stock[:-1], third)}), third


fault("SC-MISDEAL4-faceup-not-in-stock", "SC-MISDEAL4", "Scarne's laws: after the nondealer's "
      "first draw a face-up card is reported in the stock (misdeal faceup), but no copy of that "
      "card is left there: an error with no effect")(lambda: _faceup_absent(438))


def _faceup_absent(seed: int) -> Game:
    """A ``misdeal faceup`` after trick 3 naming a card already in the hands or played: both
    copies dealt to the hands, so none is in the stock."""
    g = LAWS.one_battle(seed)
    deal = events_of(g)[0]
    card = next(c for c in deal.east if deal.east.count(c) + deal.west.count(c) == 2)
    return put_after(g, 3, Misdeal(reason="faceup", card=card), "SC-MISDEAL4")


@fault("SC-MISDEAL8-play-after-deadhand", "SC-MISDEAL8", "Scarne's laws: the players find the "
       "pack imperfect (deadhand) after trick 6, a notice, the hand dead; play goes on: the "
       "next statement is an error, the rest ignored", ("SC-MISDEAL8",))
def _after_deadhand() -> Game:
    g = LAWS.one_battle(445)
    events = events_of(g)
    events[0] = _imperfect_deal(events[0])[0]
    anchor = tricks(events)[5]
    events = insert_after(events, anchor, DeadHand())
    following = events[events.index(anchor) + 2]
    return with_events(g, replace(events, following, mark(following, "SC-MISDEAL8")))


fault("SC-MISDEAL8-deadhand-perfect", "SC-MISDEAL8", "Scarne's laws: a dead hand declared "
      "(deadhand) when the pack is perfect: an error with no effect, play goes on")(
    lambda: put_after(LAWS.one_battle(437), 5, DeadHand(), "SC-MISDEAL8"))


# --- drawing slips (SC-DRAW1, SC-SLIP1-SC-SLIP6) ---------------------------------------------


def _void(state: BattleState, events: list, rng) -> bool:
    """At the last stock trick the winner draws both cards (the stock's last and the upcard):
    the loser is short when the stock is gone, nothing can repair his count."""
    if state.stock_count != 2:
        return False
    w = state.last_winner
    state.finish_turn([w, w])
    events.append(mark(Draw(seats=(w, w)), "SC-DRAW1"))
    return True


fault("SC-DRAW1-void", "SC-DRAW1", "Scarne's laws: at the last stock trick the winner draws "
      "both the stock's last card and the turned-up trump: the loser is short when the stock "
      "is gone, nothing repairs it, the deal is void (SC-DRAW1, SC-SLIP4), an error; the hand "
      "is played out and scores nothing for either player")(
    lambda: LAWS.during_play(_void, 440, 2))


fault("SC-SLIP2-nothing-to-return", "SC-SLIP2", "Scarne's laws: a card put back on the stock "
      "(return) after draws made as due: nothing to return, an error with no effect")(
    lambda: put_after(LAWS.one_battle(441), 4, ReturnCard(seat=E), "SC-SLIP2"))
fault("SC-SLIP5-give-in-turn", "SC-SLIP5", "Scarne's laws: a card given to the opponent (give) "
      "after draws made in turn: nothing was drawn out of turn, an error with no effect")(
    lambda: put_after(LAWS.one_battle(442), 4, GiveCard(seat=W, to=E), "SC-SLIP5"))
fault("SC-SLIP5-give-to-himself", "SC-SLIP5", "Scarne's laws: a player gives himself a card "
      "(give E E): an error with no effect")(
    lambda: put_after(LAWS.one_battle(443), 4, GiveCard(seat=E, to=E), "SC-SLIP5"))

fault("SC-SLIP3-toomany-false", "SC-SLIP3", "Scarne's laws: East is said to hold too many cards "
      "(toomany) when his count is right: an error with no effect")(
    lambda: put_after(LAWS.one_battle(446), 6, Discovery(seat=E, too_many=True), "SC-SLIP3"))
fault("SC-SLIP4-toofew-false", "SC-SLIP4", "Scarne's laws: West is said to hold too few cards "
      "(toofew) when his count is right: an error with no effect")(
    lambda: put_after(LAWS.one_battle(447), 6, Discovery(seat=W, too_many=False), "SC-SLIP4"))


# --- a law statement without the laws ---------------------------------------------------------

fault("SC-Laws-correct-without-laws", "Laws", "Scarne without [Laws \"scarne\"]: a correction "
      "(correct, SC-BADMELD1) is a statement of the laws: reported (a warning) and ignored")(
    lambda: put_after(SCARNE.one_battle(444), 3, Correction(seat=E, trick=2), "Laws"))
