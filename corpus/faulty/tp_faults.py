"""25-steps Pinochle's faulty records (``TP…``): one per fault kind, from seeded legal battles
under ``[Ruleset "25-steps"]`` (the laws list is lost: each fault an error under the rule it
breaks), named after the TP id the finding cites: play, melds and their reuse by type (TP19),
the dix (TP15), draws, claims, and the knock (TP25); then the options' faults: a choice of the
last draws (``choose``) without ``LastDraw "choice"`` (TP20) or, with it, by the loser, out of
its time or twice (TPV1), and under ``KnockProof "next-trick"`` play recorded after the trick
that proved a knock and a second knock awaiting the first's proof (TP25). A knock never proved
(TPV6) is the rule applied, a notice: no record."""

from __future__ import annotations

from kit import (
    E, Rules, W, claim_faults, dix_again, draw_order, events_of, extra_meld, fault,
    insert_after, judged_as, last_draws, mark, misnumbered, mutated, phase_b_follow, replace,
    second_swap, settle, total_too_high, tricks, with_events, wrong_mark,
)

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.cards import Seat
from pinochle.notation.events import Choice, Game, Knock, Tag
from pinochle.notation.melds import Family

STEPS = Rules(ruleset_from_tags({"Ruleset": "25-steps"}), (("Ruleset", "25-steps"),))
CHOICE = Rules(ruleset_from_tags({"Ruleset": "25-steps", "LastDraw": "choice"}),
               (("Ruleset", "25-steps"), ("LastDraw", "choice")))
PROOF = Rules(ruleset_from_tags({"Ruleset": "25-steps", "KnockProof": "next-trick"}),
              (("Ruleset", "25-steps"), ("KnockProof", "next-trick")))
IDS = STEPS.ruleset.ids


def _meld(rule: str, pick, seeds=range(500, 1200), after: int = 1, loser: bool = False,
          meld_rate: float = 0.5) -> Game:
    return extra_meld(rule, pick, loser, seeds, after, rules=STEPS, meld_rate=meld_rate)


# --- play ------------------------------------------------------------------------------------

fault("TP18-not-held", "TP18", "25-steps: the leader plays a card he does not hold")(
    lambda: mutated(STEPS, "lead-not-held", "TP18", range(573, 700)))  # its first seed, kept
fault("TP22-not-held", "TP22", "25-steps: the follower plays a card he does not hold")(
    lambda: mutated(STEPS, "follow-not-held", "TP22", range(500, 700)))
fault("TP22-follow-suit", "TP22", "25-steps: after the talon the follower holds the suit led "
      "but plays another (not a trump)")(
    lambda: phase_b_follow(STEPS, "TP22", "follow_suit", range(500, 800)))
fault("TP22-head", "TP22", "25-steps: after the talon the follower follows suit with a card "
      "lower than the led one while holding a higher")(
    lambda: phase_b_follow(STEPS, "TP22", "head", range(500, 800)))
fault("TP22-trump-void", "TP22", "25-steps: after the talon the follower, void in the suit led, "
      "plays a non-trump while holding a trump")(
    lambda: phase_b_follow(STEPS, "TP22", "trump_void", range(500, 800)))
fault("TP11-winner-mark", "TP11", "25-steps: a trick's winner mark names the loser")(
    lambda: wrong_mark("TP11", range(500, 600), STEPS.one_battle, STEPS.ruleset))


fault("TP9-trick-number", "TP9", "25-steps: a trick is misnumbered")(
    lambda: misnumbered(STEPS.one_battle(503), "TP9"))


fault("TP17-draw-order", "TP17", "25-steps: the loser draws before the winner; with no laws "
      "the hands go on as drawn, no penalty")(
    lambda: STEPS.during_play(draw_order("TP17"), 505, 2))


fault("TP17-last-draws", "TP17", "25-steps: at the last two cards the loser draws the talon's "
      "last card and the winner the upturned trump (TP20 gives it to the loser; cited as the "
      "draw rule)")(lambda: STEPS.during_play(last_draws("TP17"), 506, 2))


# --- melds -----------------------------------------------------------------------------------

fault("TP13-loser-melds", "TP13", "25-steps: the trick's loser melds; it scores nothing")(
    lambda: _meld("TP13", judged_as(IDS.table, first=False), loser=True))
fault("TP13-second-meld", "TP13", "25-steps: a second meld after one trick, neither a dix; it "
      "scores nothing")(
    lambda: _meld("TP13", judged_as(IDS.table, first=False, second=True), meld_rate=1.0))
fault("TP13-missing-card", "TP13", "25-steps: a meld the player holds one card short of; it "
      "scores nothing")(
    lambda: _meld("TP13", judged_as("TP13", short=1, legal=False)))
fault("TP22-talon-gone-meld", "TP22", "25-steps: a trick's winner melds after the talon is "
      "gone, when nobody melds (TP22); it scores nothing")(
    lambda: _meld("TP22", judged_as(IDS.table, phase_b=True), after=13))
fault("TP12-played-card", "TP12", "25-steps: a meld needing a card the melder played to a "
      "trick and holds no other copy of; it scores nothing")(
    lambda: _meld("TP12", judged_as("TP12"), after=4))
for _rule, _what in (
        ("TP19a1", "a card of an earlier meld reused in a meld of the same type"),
        ("TP19b1", "a meld's card played to a trick replaced by its other copy to score that "
         "meld again"),
        ("TP19a3", "a meld of cards all from earlier melds, none from the hand"),
        ("TP19b2", "the queen of a marriage reused in a pinochle"),
        ("TP19b3", "a card of a marriage or pinochle reused in a set of four"),
        ("TP19b4", "a card of a sequence melded again")):
    fault(f"{_rule}-reuse", _rule, f"25-steps: {_what}; it scores nothing")(
        lambda r=_rule: _meld(r, judged_as(r), meld_rate=1.0))


@fault("TP14-meld-points", "TP14", "25-steps: a meld claims the wrong points (a marriage "
       "claimed as a royal one, 40); it counts for its table value")
def _tp14_points() -> Game:
    for seed in range(500, 700):
        g = STEPS.one_battle(seed)
        events = events_of(g)
        trump = events[0].upcard.suit
        for t in tricks(events):
            for i, m in enumerate(t.melds):
                if m.kind.family is Family.MARRIAGE and m.kind.suit is not trump:
                    melds = list(t.melds)
                    melds[i] = m.model_copy(update={"points": 40})
                    new = mark(t.model_copy(update={"melds": tuple(melds)}), "TP14")
                    return with_events(g, replace(events, t, new))
    raise SystemExit("no marriage")


fault("TP13-dix-without-nine", "TP13", "25-steps: a dix laid or exchanged by a player without "
      "the nine of trumps (TP15, cited as the rule that a meld's cards come from the hand); it "
      "scores nothing")(
    lambda: mutated(STEPS, "dix-without-nine", "TP13", range(500, 700)))
fault("TP15-dix-again", "TP15", "25-steps: the dix laid a second time with the same nine of "
      "trumps; it scores nothing")(lambda: _meld("TP15", dix_again("TP15"), meld_rate=1.0))
fault("TP15-second-exchange", "TP15", "25-steps: the dix exchanged for the upturned card after "
      "it was already exchanged; it scores nothing")(
    lambda: _meld("TP15", second_swap, meld_rate=0.4))


# --- claims ----------------------------------------------------------------------------------

claim_faults(STEPS, 510, "25-steps", "TP23", "TP14", "TP24")


@fault("TP2-total-claim", "TP2", "25-steps: East's running game total after hand 2 is claimed "
       "100 too high", settle_claims=False)
def _tp2_total() -> Game:
    return total_too_high(STEPS, 520, "TP2")


@fault("TP25-result-without-knock", "TP25", "25-steps: the Result tag gives a finished game "
       "after two hands, though nobody knocked: with knocking the game ends only by a knock",
       settle_claims=False)
def _tp25_result() -> Game:
    g = settle(STEPS.game(STEPS.battles(2, 520), result="?"))
    header = tuple(mark(t, "TP25") if isinstance(t, Tag) and t.name == "Result" else t
                   for t in g.header)
    return g.model_copy(update={"header": header})


# --- the knock (TP25) -------------------------------------------------------------------------


def _knock(seat: Seat, after: int | None, count=None, seed: int = 530) -> tuple[Game, Knock]:
    """The hand of ``seed`` with ``seat``'s knock after trick ``after`` (``None``: after the
    last), stating ``count(counted)`` (``None``: no count)."""
    g = STEPS.one_battle(seed)
    events = events_of(g)
    anchor = tricks(events)[-1 if after is None else after - 1]
    probe = with_events(g, insert_after(events, anchor, Knock(seat=seat)))
    counted = walk(probe, Visitor())
    assert counted is not None
    knock = Knock(seat=seat, count=None if count is None else count(
        counted.east if seat is E else counted.west))
    return with_events(g, insert_after(events, anchor, knock)), knock


@fault("TP25-knock-short", "TP25", "25-steps: West knocks at the end of the hand below the "
       "target of 1000, and so loses the game (a notice: handled as TP25 says)")
def _tp25_short() -> Game:
    g, knock = _knock(W, None, lambda counted: counted)
    events = events_of(g)
    return with_events(g, replace(events, knock, mark(knock, "TP25")))


@fault("TP25-knock-count", "TP25", "25-steps: West's knock states a count 10 higher than his "
       "(a miscount; he is below the target and loses, a notice)", ("TP25",))
def _tp25_count() -> Game:
    g, knock = _knock(W, None, lambda counted: counted + 10)
    events = events_of(g)
    return with_events(g, replace(events, knock, mark(knock, "TP25")))


@fault("TP25-play-after-knock", "TP25", "25-steps: play goes on after East's knock after trick 22 "
       "(the knock ends the game: the statements after it are reported and ignored)", ("TP25",))
def _tp25_after() -> Game:
    g, knock = _knock(E, 22)
    events = events_of(g)
    following = events[events.index(knock) + 1]
    return with_events(g, replace(events, following, mark(following, "TP25")))


# --- the last draws (TP20, TPV1: LastDraw "choice") -------------------------------------------


def _choose(rules: Rules, seed: int, rule: str, trick: int | None = None, loser: bool = False,
            before=(), why: str = "") -> Game:
    """The hand of ``seed`` with a ``choose`` after trick ``trick`` (``None``: the last stock
    trick, whose winner chooses the talon card, TP20's order, so that the draws are unchanged),
    by its winner (or ``loser``), marked ``rule``; ``before``: choices written ahead of it."""
    g = rules.one_battle(seed)
    events = events_of(g)
    deal = events[0]
    last = (len(deal.stock) + 1) // 2
    anchor = tricks(events)[(last if trick is None else trick) - 1]
    seat = anchor.winner.other if loser else anchor.winner
    choice = mark(Choice(seat=seat, take="talon"), rule, why)
    return with_events(g, insert_after(events, anchor, *(Choice(seat=anchor.winner, take=t)
                                                          for t in before), choice))


fault("TP20-choose-fixed", "TP20", "25-steps without LastDraw \"choice\": the last stock "
      "trick's winner says he chooses the talon card (choose): under LastDraw \"fixed\" nobody "
      "chooses (TP20), an error, ignored")(lambda: _choose(STEPS, 540, "TP20"))
fault("TPV1-choose-loser", "TPV1", "25-steps, LastDraw \"choice\": the last stock trick's "
      "loser makes the choice that is its winner's: an error, ignored (TP20's order holds)")(
    lambda: _choose(CHOICE, 541, "TPV1", loser=True))
fault("TPV1-choose-early", "TPV1", "25-steps, LastDraw \"choice\": a choice after trick 5, "
      "long before the last stock trick: out of its time, an error, ignored")(
    lambda: _choose(CHOICE, 542, "TPV1", trick=5))
fault("TPV1-choose-twice", "TPV1", "25-steps, LastDraw \"choice\": the last stock trick's "
      "winner chooses the talon card twice: the second choice is an error, ignored (the first "
      "stands)")(lambda: _choose(CHOICE, 543, "TPV1", before=("talon",)))


# --- the knock's proof (TPV6: KnockProof "next-trick") ----------------------------------------


@fault("TP25-play-after-proof", "TP25", "25-steps, KnockProof \"next-trick\": East knocks "
       "after trick 5, play goes on to the next trick he wins, which decides the knock (a TP25 "
       "notice: below the target he loses); the play recorded after that trick is reported and "
       "ignored", ("TP25",))
def _tp25_after_proof() -> Game:
    g = PROOF.one_battle(545)
    events = events_of(g)
    anchor = tricks(events)[4]
    events = insert_after(events, anchor, Knock(seat=E))
    proof = next(t for t in tricks(events)[5:] if t.winner is E)
    following = events[events.index(proof) + 1]
    return with_events(g, replace(events, following, mark(following, "TP25")))


@fault("TP25-second-knock", "TP25", "25-steps, KnockProof \"next-trick\": West knocks after "
       "trick 5 and East knocks while West's knock awaits its proof: the first is decided "
       "first (T22), the second is an error, ignored", ("TP25",))
def _tp25_second_knock() -> Game:
    g = PROOF.one_battle(546)
    events = events_of(g)
    anchor = tricks(events)[4]
    return with_events(g, insert_after(events, anchor, Knock(seat=W),
                                       mark(Knock(seat=E), "TP25")))
