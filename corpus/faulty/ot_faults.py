"""Old-time Pinochle's faulty records (``OT…``): one per fault kind, each from seeded legal
old-time battles (``random_battle`` with the old-time ruleset: an upcard, the phase-B
obligations, a dix beside another meld). The ruleset has no irregularity laws (Laws "none"): a
fault is reported under the rule it breaks, as an error, and nothing is repaired or penalized."""

from __future__ import annotations

from kit import (
    E, Rules, battle, claim_fault, draw_order, events_of, extra_meld, fault, judged_as, mark,
    phase_b_follow, replace, second_swap, settle, tricks, with_events, with_totals,
    without_last_trick, wrong_mark,
)

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.cards import Seat
from pinochle.notation.events import Battle, Comment, Game
from pinochle.notation.melds import Family

OLD_TIME = ruleset_from_tags({"Ruleset": "old-time"})
OLD_TIME_RULES = Rules(OLD_TIME, (("Ruleset", "old-time"),))
ot_play, ot_game = OLD_TIME_RULES.play, OLD_TIME_RULES.game
ot_one_battle = OLD_TIME_RULES.one_battle


def _ot_games(n: int, first_seed: int, dealers: list[Seat] | None = None) -> list[Battle]:
    return OLD_TIME_RULES.battles(n, first_seed, dealers)


def _ot_claim(category: str, rule: str, delta) -> Game:
    return claim_fault(ot_one_battle(160), category, rule, delta)


@fault("OT2A4-deal-duplicate", "OT2A4", "old-time: the face of the turned-up card is dealt "
       "three times, West's last card being replaced by it (so that card is missing from the "
       "deal); the record of the battle stops after the deal, so no play tells whether West's "
       "copy, the stock's or the turned-up card is wrong: one finding spans those lines "
       "(West's first)", ("OT2A4",))
def _ot2a4() -> Game:
    deal, _ = ot_play(116, E)
    west = list(deal.west)
    assert deal.upcard not in west
    west[-1] = deal.upcard
    notes = (" East", " fault: OT2A4 (West's last card was written wrong)",
             " the stock, top first", " the turned-up card")
    bad = deal.model_copy(update={"west": tuple(sorted(west)),
                                  "comments": tuple(Comment(text=n) for n in notes)})
    return ot_game([battle(1, E, [bad])])


@fault("OT6B-no-upcard", "OT6B", "old-time: the deal gives no upcard line, so the turned-up "
       "card (and so the trump suit) is unknown, a notice says so, and that card is missing "
       "from the deal; the record of the battle stops after the deal", ("OT2A4", "OT6B"))
def _ot6b() -> Game:
    deal, _ = ot_play(117, E)
    bad = deal.model_copy(update={"upcard": None})
    return ot_game([battle(1, E, [mark(bad, "OT6B", f"{deal.upcard} was turned up")])])


fault("OT8B1-follow-suit", "OT8B1", "old-time: in phase B the follower holds the suit led but "
      "plays another (not a trump)")(
    lambda: phase_b_follow(OLD_TIME_RULES, "OT8B1", "follow_suit"))
fault("OT8B2-head", "OT8B2", "old-time: in phase B the follower follows suit with a card lower "
      "than the led one while holding a higher")(
    lambda: phase_b_follow(OLD_TIME_RULES, "OT8B2", "head"))
fault("OT8B3-trump-void", "OT8B3", "old-time: in phase B the follower, void in the suit led, "
      "plays a non-trump while holding a trump")(
    lambda: phase_b_follow(OLD_TIME_RULES, "OT8B3", "trump_void"))


for _rule, _what in (("OT8C1", "a trump beats a non-trump"),
                     ("OT8C2", "identical cards, the leader's card wins"),
                     ("OT8C3", "different suits, neither a trump, the leader's card wins")):
    fault(f"{_rule}-winner-mark", _rule,
          f"old-time: a trick's winner mark names the loser ({_what})")(
        lambda r=_rule: wrong_mark(r, range(130, 400), ot_one_battle, OLD_TIME))


def _ot_meld(rule: str, pick, seeds=range(140, 600), after: int = 1, loser: bool = False,
             meld_rate: float = 0.5) -> Game:
    """``extra_meld`` in an old-time battle."""
    return extra_meld(rule, pick, loser, seeds, after, rules=OLD_TIME_RULES, meld_rate=meld_rate)


fault("OT8D-loser-melds", "OT8D", "old-time: the trick's loser melds; with no irregularity laws "
      "it scores nothing and is not made (its cards stay in his hand)")(
    lambda: _ot_meld("OT8D", judged_as("OT9A", first=False), loser=True))
fault("OT8D-phase-b-meld", "OT8D", "old-time: a trick's winner melds in phase B, when nobody "
      "melds; it scores nothing")(
    lambda: _ot_meld("OT8D", judged_as("OT9A", phase_b=True), after=13))
fault("OT9B1-missing-card", "OT9B1", "old-time: a meld the player holds one card short of; it "
      "scores nothing")(lambda: _ot_meld("OT9B1", judged_as("OT9B1", short=1)))
fault("OT9C-all-exposed", "OT9C", "old-time: a meld made only of cards already exposed, none "
      "from the concealed hand; it scores nothing")(
    lambda: _ot_meld("OT9C", judged_as("OT9C"), meld_rate=1.0))
fault("OT9E-second-meld", "OT9E", "old-time: a second meld after one trick, neither a dix; it "
      "scores nothing")(
    lambda: _ot_meld("OT9E", judged_as("OT9A", first=False, second=True), meld_rate=1.0))
fault("OT9G-reuse", "OT9G", "old-time: a meld reusing an exposed card of a meld of the same "
      "class worth as much or more; it scores nothing")(
    lambda: _ot_meld("OT9G", judged_as("OT9G"), meld_rate=1.0))
fault("OT9H-played-card", "OT9H", "old-time: a meld needing a card the melder played to a "
      "trick and holds no other copy of; it scores nothing")(
    lambda: _ot_meld("OT9H", judged_as("OT9H"), after=4))


fault("OT9I-bad-swap", "OT9I", "old-time: a swap after the turned-up card was already "
      "exchanged for the other nine; it scores nothing")(
    lambda: _ot_meld("OT9I", second_swap, meld_rate=0.4))


@fault("OT8E-draw-order", "OT8E", "old-time: the loser draws before the winner; with no "
       "irregularity laws the hands go on as drawn, no penalty")
def _ot8e() -> Game:
    return OLD_TIME_RULES.during_play(draw_order("OT8E"), 133, 2)


@fault("OT9A-meld-points", "OT9A", "old-time: a meld claims the wrong points (a common marriage "
       "claimed as a royal one, 40); with no laws it counts for its table value")
def _ot9a_points() -> Game:
    for seed in range(150, 400):
        g = ot_one_battle(seed)
        events = events_of(g)
        trump = events[0].upcard.suit
        for t in tricks(events):
            for i, m in enumerate(t.melds):
                if m.kind.family is Family.MARRIAGE and m.kind.suit is not trump \
                        and not m.kind.double:
                    melds = list(t.melds)
                    melds[i] = m.model_copy(update={"points": 40})
                    new = mark(t.model_copy(update={"melds": tuple(melds)}), "OT9A")
                    return with_events(g, replace(events, t, new))
    raise SystemExit("no common marriage")


fault("OT8H-tricks-claim", "OT8H", "old-time: the last trick's winner claims his trick points "
      "without the 10 for the last trick (OT8G)", settle_claims=False)(
    lambda: _ot_claim("tricks", "OT8H", without_last_trick))
fault("OT3-score-claim", "OT3", "old-time: West's battle score is claimed 1 too high",
      settle_claims=False)(
    lambda: _ot_claim("score", "OT3", lambda c, e: {"west": c.west + 1}))


@fault("OT4A-total-claim", "OT4A", "old-time: East's running game total after battle 2 is "
       "claimed 100 too high", settle_claims=False)
def _ot4a_total() -> Game:
    g = with_totals(settle(ot_game(_ot_games(2, 170))))
    events = events_of(g, 1)
    claim = events[-1]
    return with_events(g, replace(events, claim, mark(
        claim.model_copy(update={"east": claim.east + 100}), "OT4A")), 1)


@fault("OT4A-after-the-end", "OT4A", "old-time: a battle is recorded after a player reached "
       "the target of 1000 with the higher total")
def _ot4a_after() -> Game:
    battles: list[Battle] = []
    east = west = 0
    dealer = E
    while True:
        deal, events = ot_play(180 + len(battles), dealer)
        battles.append(battle(len(battles) + 1, dealer, [deal, *events]))
        r = walk(ot_game(battles[-1:]), Visitor())
        east, west = east + r.east, west + r.west
        dealer = dealer.other
        if east != west and max(east, west) >= 1000:
            break
    deal, events = ot_play(180 + len(battles), dealer)
    battles.append(mark(battle(len(battles) + 1, dealer, [deal, *events]), "OT4A"))
    return ot_game(battles)


@fault("OT4B-dealer", "OT4B", "old-time: East deals two battles running")
def _ot4b() -> Game:
    battles = _ot_games(2, 190, [E, E])
    battles[1] = mark(battles[1], "OT4B")
    return ot_game(battles)
