"""The rule ids of Scarne's, 25-steps', double-pack's and single-deck's specifications, as
their id tables (§1) list them, in order:
``../shared/rulesets/scarne-two-handed-turn-up-trump.md``,
``../shared/rulesets/two-player-25-steps.md``, ``../shared/rulesets/double-pack-partnership.md``
and ``../shared/rulesets/single-deck-partnership.md``. The specifications live outside this
repository (a clean checkout has no ``../shared``), so the ids are copied here; regenerate with the
snippet at the end of this docstring when a specification's table changes.

    import re; text = open(SPEC).read().split("\n## 1.", 1)[1].split("\n## ", 1)[0]
    re.findall(r"^\\| (SC-[A-Z0-9]+|TP[A-Za-z0-9-]+|DP-[A-Z0-9]+|SD-[A-Z0-9]+) \\|", text,
               re.M)
"""

from __future__ import annotations

#: scarne-two-handed-turn-up-trump.md, §1 (68 ids).
SCARNE_SPEC_IDS = (
    "SC-REQ1", "SC-REQ2", "SC-OBJ", "SC-STAKES", "SC-SCORE1", "SC-SCORE2", "SC-SCORE3", "SC-DEAL",
    "SC-TRUMP", "SC-PLAY1", "SC-PLAY2", "SC-PLAY2W", "SC-PLAY3", "SC-PLAY4", "SC-PLAY5",
    "SC-PLAY5N", "SC-PLAY6", "SC-PLAY7", "SC-PLAY8", "SC-PLAY9", "SC-PLAY10", "SC-PLAY11",
    "SC-MELD1", "SC-MELD2", "SC-MELD3", "SC-MELD4", "SC-MELD5", "SC-MELD6", "SC-MELD7", "SC-MELD8",
    "SC-MELD9", "SC-MELD10", "SC-DRAW1", "SC-DRAW2", "SC-DRAW3", "SC-DRAW4", "SC-PLAYB1",
    "SC-PLAYB2", "SC-PLAYB3", "SC-LAST", "SC-RENEGE1", "SC-RENEGE2", "SC-WIN1", "SC-WIN2",
    "SC-CALL", "SC-ALT1", "SC-ALT2", "SC-MISDEAL0", "SC-MISDEAL1", "SC-MISDEAL2", "SC-MISDEAL3",
    "SC-MISDEAL4", "SC-MISDEAL5", "SC-MISDEAL6", "SC-MISDEAL7", "SC-MISDEAL8", "SC-MISDEAL9",
    "SC-BADMELD1", "SC-BADMELD2", "SC-SLIP1", "SC-SLIP2", "SC-SLIP3", "SC-SLIP4", "SC-SLIP5",
    "SC-SLIP6", "SC-LOOK1", "SC-LOOK2", "SC-TIP",
)

#: two-player-25-steps.md, §1 (42 ids).
TWENTY_FIVE_SPEC_IDS = (
    "TP0", "TP1", "TP2", "TP3", "TP4", "TP5", "TP6", "TP7", "TP8", "TP9", "TP10", "TP11", "TP12",
    "TP13", "TP14", "TP15", "TP16", "TP17", "TP18", "TP19", "TP19a1", "TP19a2", "TP19a3", "TP19b1",
    "TP19b2", "TP19b3", "TP19b4", "TP20", "TP21", "TP22", "TP23", "TP24", "TP25", "TPV1", "TPV2",
    "TPV3", "TPV4", "TPV5", "TPV6", "TPV7", "TPV8", "TP-LAWS",
)

#: double-pack-partnership.md, §1 (36 ids).
DOUBLE_PACK_SPEC_IDS = (
    "DP-INTRO", "DP-PLAYERS", "DP-PACK", "DP-DRAW1", "DP-DRAW2", "DP-DEAL1", "DP-DEAL2",
    "DP-DEAL3", "DP-BID1", "DP-BID2", "DP-BID3", "DP-BID4", "DP-BID5", "DP-BID6", "DP-BID7",
    "DP-BID8", "DP-BID9", "DP-MELD1", "DP-MELD2", "DP-MELD3", "DP-MELD4", "DP-MELD5", "DP-MELD6",
    "DP-MELD7", "DP-PLAY1", "DP-PLAY2", "DP-PLAY3", "DP-PLAY4", "DP-PLAY5", "DP-PLAY6",
    "DP-COUNT1", "DP-COUNT2", "DP-SCORE1", "DP-SCORE2", "DP-SCORE3", "DP-GAME",
)

#: single-deck-partnership.md, §1 (54 ids).
SINGLE_DECK_SPEC_IDS = (
    "SD-SEAT1", "SD-SEAT2", "SD-PACK1", "SD-PACK2", "SD-DEAL1", "SD-DEAL2", "SD-BID1", "SD-BID2",
    "SD-BID3", "SD-BID4", "SD-BID5", "SD-BID6", "SD-BID7", "SD-BID8", "SD-TRUMP1", "SD-TRUMP2",
    "SD-PASS1", "SD-PASS2", "SD-PASS3", "SD-MELD1", "SD-MELD2", "SD-MELD3", "SD-MELD4", "SD-MELD5",
    "SD-MELD6", "SD-MELD7", "SD-MELD8", "SD-MELD9", "SD-CONCEDE1", "SD-CONCEDE2", "SD-CONCEDE3",
    "SD-PLAY1", "SD-PLAY2", "SD-PLAY3", "SD-PLAY4", "SD-PLAY5", "SD-PLAY6", "SD-PLAY7",
    "SD-COUNT1", "SD-COUNT2", "SD-COUNT3", "SD-SCORE1", "SD-SCORE2", "SD-SCORE3", "SD-SCORE4",
    "SD-SCALE1", "SD-GAME1", "SD-GAME2", "SD-GAME3", "SD-GAME4", "SD-GAME5", "SD-LAW1", "SD-LAW2",
    "SD-LAW3",
)
