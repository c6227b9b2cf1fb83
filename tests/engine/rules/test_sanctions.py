"""RULES.md §6: remarks counted per pair over the tournament, the ladder and its effects."""
import pytest

from engine.rules import ProtocolError, Rules, remark_effect

from .helpers import block, domino, points, score, wrong_pass


def r(deal, seat, reason="talking"):
    return {"deal": deal, "player": seat, "reason": reason}


FOUR = [domino(1, "A1", B1=10, B2=23), block(2, 9, 10, 4, 30), domino(3, "B2", A1=8, A2=17), wrong_pass(4, "A2")]


def test_first_remark_is_a_warning_only():
    result = score(FOUR, [r(1, "A1")])
    assert points(result) == [(33, 0), (15, 0), (0, 25), (0, 10)]
    assert result.remarks[0].number == 1 and result.remarks[0].effect == "warning"


def test_remarks_count_per_pair_not_per_player():
    # A1 and A2 each get one: the second is the pair's 2nd remark.
    result = score(FOUR, [r(1, "A1"), r(2, "A2")])
    assert points(result)[1] == (14, 0)
    assert [x.number for x in result.remarks] == [1, 2]


def test_prior_remarks_from_earlier_rounds_count():
    assert points(score(FOUR, [r(2, "A1")], prior=(1, 0)))[1] == (14, 0)
    assert points(score(FOUR, [r(2, "A1")], prior=(0, 0)))[1] == (15, 0)


def test_second_remark_when_pair_lost_the_deal_fines_ten_to_opponents():
    assert points(score(FOUR, [r(3, "A2")], prior=(1, 0)))[2] == (0, 35)


def test_second_remark_on_drawn_deal_fines_ten_to_opponents():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "B1")], prior=(0, 1))
    assert points(result) == [(10, 0)]
    assert result.deals[0].winner == "A"


def test_third_remark_rescores_won_deal_as_block_with_forty():
    # A won deal 2 (19 vs 34): as a block with A = 40 vs 34, B wins by 6.
    result = score(FOUR, [r(2, "A1")], prior=(2, 0))
    assert points(result)[1] == (0, 6)
    assert result.deals[1].winner == "B"


def test_third_remark_on_won_domino_uses_opponents_counted_pips():
    # A1 out, B holds 10 + 23 = 33; re-scored: A 40 vs B 33 → B by 7.
    assert points(score(FOUR, [r(1, "A2")], prior=(2, 0)))[0] == (0, 7)


def test_rescored_block_follows_preset_block_rule():
    # federation: block scores all pips; A won 19 vs 34, 2nd remark: A holds 20 vs 34 → A scores 54.
    rules = {"preset": "federation"}
    assert points(score([block(1, 9, 10, 4, 30)], [r(1, "A1")], prior=(1, 0), rules=rules)) == [(54, 0)]


def test_fourth_remark_loses_the_deal_zero_forty():
    result = score(FOUR, [r(1, "A1")], prior=(3, 0))
    assert points(result)[0] == (0, 40)
    assert result.deals[0].winner == "B"


def test_fine_on_an_imposed_result_is_added_to_opponents():
    # Deal 4: A2's wrong pass gives B 10; A's 2nd remark in it adds 10 more.
    assert points(score(FOUR, [r(4, "A1")], prior=(1, 0)))[3] == (0, 20)
    # B's fine in a deal that A lost by wrong pass: A gets the fine.
    assert points(score(FOUR, [r(4, "B1")], prior=(0, 1)))[3] == (10, 10)


def test_deal_loss_applied_before_fines_whatever_the_order_given():
    # Deal 1: B1's 2nd remark (fine) is listed before A2's 4th (deal loss).
    result = score(FOUR, [r(1, "B1"), r(1, "A2")], prior=(3, 1))
    # A loses deal 1 0:40 (imposed), then B's fine goes to A: 10 : 40.
    assert points(result)[0] == (10, 40)


def test_several_remarks_in_one_deal_apply_in_order():
    # A's 2nd and 3rd remarks in deal 2: re-scored with 20 (A wins 14), then with 40 (B wins 6).
    assert points(score(FOUR, [r(2, "A1"), r(2, "A2")], prior=(1, 0)))[1] == (0, 6)


def test_fifth_remark_disqualifies_and_awards_forfeit():
    result = score(FOUR[:2], [r(2, "B1")], prior=(0, 4))
    assert result.disqualified == "B"
    assert result.winner == "A" and result.finished
    assert (result.totals_a, result.totals_b) == (160, 0)
    out = result.to_json()
    assert out["disqualified"] == "B" and out["totals"] == {"A": 160, "B": 0}


def test_deals_recorded_after_a_disqualification_do_not_change_the_forfeit():
    result = score(FOUR, [r(2, "B1")], prior=(0, 4))
    assert result.disqualified == "B" and result.winner == "A"
    assert (result.totals_a, result.totals_b) == (160, 0)
    with pytest.raises(ProtocolError) as err:  # the partie's length still bounds the deals
        score(FOUR + [{"n": 5, "result": "wrong_pass", "offender": "A1"}], [r(2, "B1")], prior=(0, 4))
    assert (err.value.deal, err.value.code) == (5, "deal_outside_partie")


def test_first_disqualification_decides_when_both_pairs_reach_it():
    result = score(FOUR, [r(2, "B1"), r(3, "A1")], prior=(4, 4))
    assert result.disqualified == "B" and result.winner == "A"


def test_disqualification_during_the_deal_in_play():
    result = score(FOUR[:1], [r(2, "A2")], prior=(4, 0))
    assert result.disqualified == "A" and result.winner == "B"
    assert (result.totals_a, result.totals_b) == (0, 160)


def test_ladder_is_configurable():
    rules = {"preset": "pusto-shest", "remark_ladder": [
        {"kind": "fine", "points": 5, "block_pips": 30}, {"kind": "disqualification"}]}
    assert points(score(FOUR, [r(3, "A1")], rules=rules))[2] == (0, 30)
    assert score(FOUR[:1], [r(1, "A1"), r(1, "A2")], rules=rules).disqualified == "A"


def test_remark_effect_preview():
    rules = Rules.from_config({"preset": "pusto-shest"})
    assert [remark_effect(rules, n).kind for n in range(1, 7)] == [
        "warning", "fine", "fine", "deal_loss", "disqualification", "disqualification"]
    assert remark_effect(rules, 3).points == 20 and remark_effect(rules, 3).block_pips == 40
    assert "40" in remark_effect(rules, 4).describe()
