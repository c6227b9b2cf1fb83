"""RULES-KOZEL.md §4.3 and §4.4 at their edges: the 25 of the Morskoy rules, for either pair.

Each test names the rule; the numbers sit on either side of 25 so that "at least" and "more than"
are told apart, and each case is played for pair A and for pair B.
"""
import pytest

from engine.rules import score_protocol

from .kozel_helpers import blk, dom, kozel_protocol

MORSKOY = {"preset": "morskoy-kozel"}


def score(deals, rules=None):
    return score_protocol(kozel_protocol(deals, rules or MORSKOY))


# (side, first deal: a 6-6 finish below 25 by that side, second deal: the other side goes out)
DECIDER_LOST = {
    "A": (dom(1, "A1", {"B1": 10, "B2": 5}, out_tile="6-6"), lambda hands: dom(2, "B1", hands, lead="A1")),
    "B": (dom(1, "B2", {"A1": 10, "A2": 5}, out_tile="6-6"), lambda hands: dom(2, "A1", hands, lead="B2")),
}


@pytest.mark.parametrize("side", ["A", "B"])
def test_decider_lost_holding_exactly_25_loses_the_game(side):
    """§4.4: X lost its decider holding at least 25 pips (25 itself) — X loses the game."""
    first, second = DECIDER_LOST[side]
    seats = ("A1", "A2") if side == "A" else ("B1", "B2")
    scored = score([first, second({seats[0]: 14, seats[1]: 11})])
    assert scored.deals[0].decider_next == side and scored.deals[1].decider == side
    game = scored.games[0]
    other = "B" if side == "A" else "A"
    assert (game.ended, game.goat, game.winner) == ("decider", side, other)
    assert scored.winner == other


@pytest.mark.parametrize("side", ["A", "B"])
def test_decider_lost_holding_24_goes_on(side):
    """§4.4: X lost its decider with less than 25 pips — the game goes on, no decider carried."""
    first, second = DECIDER_LOST[side]
    seats = ("A1", "A2") if side == "A" else ("B1", "B2")
    scored = score([first, second({seats[0]: 13, seats[1]: 11})])
    assert scored.deals[1].decider == side and scored.games == [] and scored.deals[1].decider_next is None


@pytest.mark.parametrize("side", ["A", "B"])
def test_decider_won_wins_the_game_whatever_the_pips(side):
    """§4.4: X won its decider — X wins the game though the deal is worth less than 25."""
    first, _ = DECIDER_LOST[side]
    out = "A2" if side == "A" else "B1"
    losers = ("B1", "B2") if side == "A" else ("A1", "A2")
    lead = "A1" if side == "A" else "B2"
    scored = score([first, dom(2, out, {losers[0]: 2, losers[1]: 3}, lead=lead)])
    assert (scored.games[0].ended, scored.games[0].winner) == ("decider", side)
    assert scored.deals[1].points_a == scored.deals[1].points_b == 0


def test_six_finish_off_makes_no_decider():
    """§4.3 / §4.4 (b): with six_finish_wins off a 6-6 finish is an ordinary deal, even with deciders on."""
    rules = {"preset": "morskoy-kozel", "six_finish_wins": "off", "decider": True}
    scored = score([dom(1, "A1", {"B1": 10, "B2": 5}, out_tile="6-6"), dom(2, "B1", {"A1": 14, "A2": 11})], rules)
    assert scored.deals[0].decider_next is None and scored.deals[1].decider is None and scored.games == []


# §4.4 (c): a block whose fisher is of X, X below 25 and the other pair above 25.
@pytest.mark.parametrize("hands, fisher, expected", [
    ((10, 14, 13, 13), "A2", "A"),     # A 24 < 25 < 26
    ((13, 13, 10, 14), "B1", "B"),     # B 24 < 25 < 26
    ((11, 14, 13, 13), "A2", None),    # A 25 is not below 25
    ((13, 13, 11, 14), "B1", None),
    ((10, 14, 11, 14), "A2", None),    # B 25 is not above 25
    ((11, 14, 10, 14), "B1", None),
    ((10, 14, 13, 13), "B1", None),    # the fisher's pair holds more
])
def test_block_decider_needs_the_fisher_below_25_and_the_other_above(hands, fisher, expected):
    scored = score([blk(1, *hands, fisher=fisher)])
    assert scored.deals[0].decider_next == expected


def test_block_decider_is_played_by_the_fishers_pair():
    """§4.4 (c) then §4.4: B fished below 25 against more than 25; B wins the next deal and the game."""
    scored = score([blk(1, 13, 13, 10, 14, fisher="B1"), dom(2, "B2", {"A1": 3, "A2": 4}, lead="B1")])
    assert scored.deals[1].decider == "B"
    assert (scored.games[0].ended, scored.games[0].winner, scored.games[0].goat) == ("decider", "B", "A")


@pytest.mark.parametrize("offender, hands", [("B1", {"B1": 10, "B2": 8}), ("A1", {"A1": 20, "A2": 8})])
def test_a_wrong_pass_in_a_decider_deal_decides_no_game(offender, hands):
    """§6: no decider applies to a wrong pass — whoever offended, the game goes on, and the decider lapses
    (the next deal follows a wrong pass, not a 6-6 finish)."""
    deals = [dom(1, "A1", {"B1": 10, "B2": 5}, out_tile="6-6"),
             {"n": 2, "result": "wrong_pass", "offender": offender, "hands": hands, "lead": "A1"}]
    scored = score(deals)
    assert scored.deals[0].decider_next == "A"
    assert scored.games == [] and scored.deals[1].decider is None and scored.deals[1].decider_next is None
    assert scored.deals[1].result == "wrong_pass"


def test_a_wrong_pass_by_a_pair_gives_its_hands_to_the_winners_in_morskoy():
    """§6 / §4.1: in Morskoy (the winners record) the pair that did not offend receives the offenders' hands."""
    deal = {"n": 1, "result": "wrong_pass", "offender": "A2", "hands": {"A1": 19, "A2": 8}}
    scored = score([deal])
    assert (scored.deals[0].winner, scored.deals[0].value) == ("B", {"B": 27})
    assert (scored.deals[0].points_a, scored.deals[0].points_b) == (0, 27)


def test_a_pair_with_a_single_point_may_declare_a_decider():
    """§4.4 (a): a pair that has points — 1 is enough — and leads with 6-6 plays a decider."""
    rules = {"preset": "morskoy-kozel", "open_threshold": 0, "lone_double_blank": 0}
    deals = [dom(1, "B1", {"A1": 0, "A2": 1}),                               # B records 1
             dom(2, "B1", {"A1": 3, "A2": 4}, lead="B1", lead_tile="6-6")]   # B leads 6-6 and wins
    scored = score(deals, rules)
    assert scored.deals[0].running_b == 1 and scored.deals[1].decider == "B"
    assert (scored.games[0].ended, scored.games[0].winner) == ("decider", "B")
