"""What the opening threshold keeps out of a game (RULES-KOZEL.md §3.2, §3.3, §4.1, §4.6), and a hand count
that is a lone-double value above 69 (§2.3, §10).

``GameDeal.below`` lists, per deal, each value that was not recorded because it is under the threshold:
remembered (``until_win``, ``one_deal``) or lost (``none``), and how much of it came from eggs — the eggs go
with it. The referee's table says so instead of showing «записано 0 : 0» without a word.
"""
import pytest

from engine.rules import ProtocolError, score_protocol
from engine.rules.games import Below

from .kozel_helpers import blk, dom, example, kozel_protocol


def below(deals, rules):
    return [d.below for d in score_protocol(kozel_protocol(deals, rules)).deals]


def test_m1_deal_2_is_lost_under_25():
    scored = score_protocol(example("M1"))
    assert [d.below for d in scored.deals] == [(), (Below("B", 19, 25, "lost"),), (), (), ()]


def test_k1_deal_1_is_remembered_under_13():
    scored = score_protocol(example("K1"))
    assert [d.below for d in scored.deals] == [(Below("B", 11, 13, "remembered"),), (), (), (), ()]


def test_eggs_under_the_threshold_go_with_the_value():
    """§4.6: the eggs of a tied block are added to the next deal; under 25 they are lost with it."""
    rules = {"preset": "morskoy-kozel"}
    deals = [blk(1, 5, 5, 5, 5, fisher="A1"), dom(2, "B1", {"A1": 1, "A2": 1}, lead="A1")]
    scored = score_protocol(kozel_protocol(deals, rules))
    assert [d.below for d in scored.deals] == [(), (Below("B", 22, 25, "lost", 20),)]
    assert (scored.deals[1].eggs_used, scored.deals[1].eggs, scored.deals[1].running_b) == (20, 0, 0)


def test_eggs_under_13_are_remembered_with_the_value_in_kozel():
    deals = [blk(1, 2, 2, 2, 2, fisher="A1"), dom(2, "A1", {"B1": 1, "B2": 1}, lead="A1")]
    scored = score_protocol(kozel_protocol(deals, {"preset": "kozel"}))
    assert scored.deals[1].below == (Below("B", 10, 13, "remembered", 8),)
    assert scored.deals[1].remembered == {"A": 0, "B": 10}


# Morskoy with a lone 0-0 worth 0: A goes out and B holds ``pips`` and a lone 0-0.
ZERO = {"preset": "morskoy-kozel", "lone_double_blank": 0}


@pytest.mark.parametrize("pips, expected", [(0, ()), (1, (Below("A", 1, 25, "lost"),)),
                                            (24, (Below("A", 24, 25, "lost"),)), (25, ())])
def test_a_value_of_0_loses_nothing_and_25_is_recorded(pips, expected):
    hands = {"B1": ["0-0"], "B2": pips} if pips else {"B1": 0, "B2": ["0-0"]}
    assert below([dom(1, "A1", hands)], ZERO) == [expected]


def test_one_deal_remembers():
    rules = {"preset": "kozel", "remember_small": "one_deal"}
    assert below([dom(1, "A1", {"B1": 3, "B2": 4})], rules) == [(Below("B", 7, 13, "remembered"),)]


def test_a_pair_that_has_opened_records_every_value():
    """§3.2 until_open: after B opened with 33, a value of 3 is recorded — nothing is below."""
    deals = [dom(1, "A1", {"B1": 15, "B2": 18}), dom(2, "A1", {"B1": 1, "B2": 2}, lead="A1")]
    assert below(deals, {"preset": "kozel"}) == [(), ()]


def test_without_a_threshold_nothing_is_below():
    assert below([dom(1, "A1", {"B1": 1, "B2": 2})], {"preset": "kozel", "open_threshold": 0}) == [()]


def test_a_lost_deal_keeps_nothing_below():
    """§6: a deal_loss discards the table result: its small value is not «under the threshold»."""
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "deal_loss", "points": 5}]}
    data = kozel_protocol([dom(1, "A1", {"B1": 3, "B2": 4})], rules,
                          remarks=[{"deal": 1, "player": "A2", "reason": "talking"}])
    assert [d.below for d in score_protocol(data).deals] == [()]


def test_below_is_not_part_of_the_scored_json():
    assert "below" not in score_protocol(example("M1")).to_json()["deals"][1]


# --- §2.3 / §10: a typed count that is only a lone-double value ------------------------------

def refusal(rules, count):
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol([dom(1, "A1", {"B1": count, "B2": 5})], rules))
    return err.value


def test_75_in_morskoy_asks_for_the_tiles():
    err = refusal({"preset": "morskoy-kozel"}, 75)
    assert (err.code, err.deal, err.seat, err.params) == ("special_count", 1, "B1", {"value": 75, "tiles": "0-0 + 6-6"})
    assert err.message_ru == ("Раздача 1, место B1: 75 очков в руке не бывает (не больше 69); если в руке "
                              "0-0 + 6-6 — по этому регламенту 75 очков, — отметьте камнями")
    assert err.message == ("deal 1, seat B1: 75 pips cannot be counted in a hand (at most 69): if it holds "
                           "0-0 + 6-6, worth 75 under these rules, enter the tiles")


@pytest.mark.parametrize("rules, count, tiles", [
    ({"preset": "morskoy-kozel", "recorder": "loser", "block_scoring": "all", "lone_double_blank": 75,
      "blank_six_pair": False}, 75, "0-0"),
    ({"preset": "kozel", "lone_double_six": 100}, 100, "6-6"),
    ({"preset": "morskoy-kozel", "lone_double_blank": 75, "lone_double_six": 0}, 75, "0-0 / 0-0 + 6-6"),
    ({"preset": "morskoy-kozel", "lone_double_blank": 70, "lone_double_six": 70}, 70, "0-0 / 6-6"),
], ids=["blank-75", "six-100", "blank-and-pair-75", "blank-and-six-70"])
def test_the_tiles_named_are_those_worth_the_count(rules, count, tiles):
    err = refusal(rules, count)
    assert (err.code, err.params["tiles"]) == ("special_count", tiles)


@pytest.mark.parametrize("count", [70, 74, 76, 150])
def test_other_counts_over_69_are_out_of_range(count):
    assert refusal({"preset": "morskoy-kozel"}, count).code == "count_out_of_range"


def test_75_without_the_pair_rule_is_out_of_range():
    rules = {"preset": "morskoy-kozel", "blank_six_pair": False}
    assert refusal(rules, 75).code == "count_out_of_range"


def test_a_count_of_50_is_taken_at_face_and_0_0_6_6_as_tiles_count_75():
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 50, "B2": ["0-0", "6-6"]})],
                                           {"preset": "morskoy-kozel"}))
    assert scored.deals[0].value == {"A": 125}


def test_a_count_of_69_worth_a_lone_double_too_is_taken_at_face():
    """Only a count above 69 cannot be pips; 69 is a hand of tiles even when a lone 6-6 is worth 69."""
    rules = {"preset": "kozel", "lone_double_six": 69, "open_threshold": 0}
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 69, "B2": 5})], rules))
    assert scored.deals[0].value == {"B": 74}
