"""Sanctions pinned exactly: every sanction a deal reports, its points, and imposed results that add up.

docs/rules.md §6 (remarks and sanctions).
"""
import pytest

from engine.rules import Rules, score_partie
from engine.rules.deal import score_table
from engine.rules.sanctions import DealState, Sanction, apply_remarks

from .helpers import block, domino, points, score, wrong_pass


def r(deal, seat, reason="talking"):
    return {"deal": deal, "player": seat, "reason": reason}


def sanctions(result, deal=1):
    return [(s.remark_number, s.seat, s.side, s.kind, s.points, s.reason) for s in result.deals[deal - 1].sanctions]


# --- imposed results add up --------------------------------------------------------------

def test_wrong_pass_and_fourth_remark_of_the_same_pair_add_up():
    result = score([wrong_pass(1, "A2")], [r(1, "A1")], prior=(3, 0))
    assert points(result) == [(0, 50)]
    assert sanctions(result) == [(4, "A1", "A", "deal_loss", 40, "talking")]


def test_two_deal_losses_of_the_same_pair_in_one_deal_add_up():
    rules = {"preset": "pusto-shest", "remark_ladder": [{"kind": "deal_loss", "points": 30}]}
    result = score([domino(1, "A1", B1=10, B2=5)], [r(1, "A1", "x"), r(1, "A2", "y")], rules=rules)
    assert points(result) == [(0, 60)]
    assert sanctions(result) == [(1, "A1", "A", "deal_loss", 30, "x"), (2, "A2", "A", "deal_loss", 30, "y")]
    assert result.deals[0].table_points == (15, 0)
    assert result.deals[0].winner == "B"


def test_deal_losses_of_both_pairs_in_one_deal_give_each_the_points():
    result = score([domino(1, "A1", B1=10, B2=5)], [r(1, "A1"), r(1, "B2")], prior=(3, 3))
    assert points(result) == [(40, 40)]
    assert result.deals[0].winner is None


def test_deal_loss_discards_the_table_result_of_the_winner():
    # A went out with 15 on the table; A's 4th remark: A scores nothing, B gets 40.
    result = score([domino(1, "A1", B1=10, B2=5)], [r(1, "A2")], prior=(3, 0))
    assert points(result) == [(0, 40)]


def test_deal_loss_of_the_losing_pair_gives_the_opponents_only_the_forty():
    result = score([domino(1, "A1", B1=10, B2=5)], [r(1, "B1")], prior=(0, 3))
    assert points(result) == [(40, 0)]


# --- the sanction list of a deal ---------------------------------------------------------

def test_a_warning_is_listed_with_no_points():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "B1", "time")])
    assert sanctions(result) == [(1, "B1", "B", "warning", 0, "time")]
    assert points(result) == [(0, 0)]


def test_a_fine_reports_the_points_given():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "B1")], prior=(0, 1))
    assert sanctions(result) == [(2, "B1", "B", "fine", 10, "talking")]


def test_a_rescore_reports_the_pips_the_pair_now_holds():
    # A won 33 : 0 by domino; A's 2nd remark: a block in which A holds 20 and B its 33 -> 13 : 0.
    result = score([domino(1, "A1", B1=10, B2=23)], [r(1, "A1")], prior=(1, 0))
    assert points(result) == [(13, 0)]
    assert sanctions(result) == [(2, "A1", "A", "rescored", 20, "talking")]


def test_a_disqualification_is_listed_with_no_points():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "A2", "abuse")], prior=(4, 0))
    assert sanctions(result) == [(5, "A2", "A", "disqualification", 0, "abuse")]


def test_all_sanctions_of_a_deal_are_listed_deal_losses_first():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "A1", "a"), r(1, "B1", "b"), r(1, "A2", "c")], prior=(2, 3))
    # A: 3rd (fine 20), 4th (deal loss 40); B: 4th (deal loss 40).
    assert sanctions(result) == [
        (4, "B1", "B", "deal_loss", 40, "b"),
        (4, "A2", "A", "deal_loss", 40, "c"),
        (3, "A1", "A", "fine", 20, "a"),
    ]
    # Imposed: A gets 40 (B's loss), B gets 40 (A's loss); A's fine gives B 20 more.
    assert points(result) == [(40, 60)]


def test_sanction_to_json():
    assert Sanction(3, "B2", "B", "fine", 20, "time").to_json() == {
        "remark": 3, "seat": "B2", "pair": "B", "effect": "fine", "points": 20, "reason": "time",
    }


def test_sanctions_reach_the_deal_json():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "B1")], prior=(0, 1))
    assert result.deals[0].to_json()["sanctions"] == [
        {"remark": 2, "seat": "B1", "pair": "B", "effect": "fine", "points": 10, "reason": "talking"},
    ]


# --- fines and re-scoring ---------------------------------------------------------------

def test_a_custom_ladder_block_pips_are_used_in_the_rescore():
    rules = {"preset": "pusto-shest", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 33}]}
    # A won 25 : 0; the re-score is a block A 33 : B 25 -> B wins 8.
    result = score([domino(1, "A1", B1=10, B2=15)], [r(1, "A2")], rules=rules)
    assert points(result) == [(0, 8)]
    assert sanctions(result) == [(1, "A2", "A", "rescored", 33, "talking")]


def test_rescore_uses_the_block_rule_of_the_preset():
    rules = {"preset": "pusto-shest", "block_scoring": "all"}
    result = score([domino(1, "A1", B1=10, B2=23)], [r(1, "A1")], rules=rules, prior=(1, 0))
    assert points(result) == [(53, 0)]   # 20 + 33, A still holds fewer


def test_a_fine_on_a_pair_that_lost_goes_to_the_opponents_on_top():
    rules = {"preset": "pusto-shest", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 33}]}
    result = score([domino(1, "A1", B1=10, B2=15)], [r(1, "B2")], rules=rules)
    assert points(result) == [(32, 0)]
    assert sanctions(result) == [(1, "B2", "B", "fine", 7, "talking")]


def test_two_fines_in_one_deal_add_up():
    rules = {"preset": "pusto-shest", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 33}]}
    result = score([block(1, 10, 10, 10, 10)], [r(1, "B2"), r(1, "B1")], rules=rules)
    assert points(result) == [(14, 0)]


def test_fines_of_both_pairs_in_one_deal():
    result = score([block(1, 10, 10, 10, 10)], [r(1, "B2"), r(1, "A1")], prior=(1, 2))
    assert points(result) == [(20, 10)]   # B's 3rd: 20 to A; A's 2nd: 10 to B


def test_a_fine_after_a_deal_loss_of_the_same_deal_is_a_fine_not_a_rescore():
    rules = {"preset": "pusto-shest", "remark_ladder": [
        {"kind": "deal_loss", "points": 40}, {"kind": "fine", "points": 7, "block_pips": 33},
    ]}
    # B's deal loss gives A 40; then A's fine: A "won" only by the imposed result, so 7 to B.
    result = score([block(1, 10, 10, 10, 10)], [r(1, "A1"), r(1, "B1"), r(1, "A2")], rules=rules, prior=(0, 0))
    # A1: A's 1st (deal loss) -> B 40; B1: B's 1st (deal loss) -> A 40; A2: A's 2nd (fine) -> B 7.
    assert points(result) == [(40, 47)]


def test_fine_on_an_imposed_result_is_never_a_rescore():
    rules = {"preset": "pusto-shest", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 33}]}
    result = score([wrong_pass(1, "A1")], [r(1, "B1")], rules=rules)
    assert points(result) == [(7, 10)]
    assert sanctions(result) == [(1, "B1", "B", "fine", 7, "talking")]


# --- DealState directly ------------------------------------------------------------------

RULES = Rules()


def test_deal_state_starts_from_the_table():
    table = score_table(RULES, {"n": 1, "result": "block", "hands": {"A1": 3, "A2": 4, "B1": 10, "B2": 9}}, 1)
    state = DealState.start(table)
    assert state.table is table
    assert state.points == {"A": 12, "B": 0}
    assert state.pips == {"A": 7, "B": 19}
    assert state.fines == {"A": 0, "B": 0}
    assert state.imposed is False
    assert state.table_winner() == "A"
    assert state.final() == (12, 0)


def test_deal_state_table_winner():
    table = score_table(RULES, {"n": 1, "result": "block", "hands": {"A1": 3, "A2": 4, "B1": 3, "B2": 4}}, 1)
    state = DealState.start(table)
    assert state.table_winner() is None
    state.points = {"A": 0, "B": 1}
    assert state.table_winner() == "B"


def test_impose_loss_adds_to_what_is_already_imposed():
    table = score_table(RULES, {"n": 1, "result": "wrong_pass", "offender": "B1"}, 1)
    state = DealState.start(table)
    assert state.imposed is True and state.points == {"A": 10, "B": 0}
    state.impose_loss("B", 40)
    assert state.points == {"A": 50, "B": 0}
    state.impose_loss("A", 5)
    assert state.points == {"A": 50, "B": 5}


def test_apply_remarks_returns_nothing_without_remarks():
    table = score_table(RULES, {"n": 1, "result": "wrong_pass", "offender": "B1"}, 1)
    state = DealState.start(table)
    assert apply_remarks(RULES, state, []) == []
    assert state.final() == (10, 0)


def test_fines_are_kept_apart_and_summed_in_final():
    table = score_table(RULES, {"n": 1, "result": "block", "hands": {"A1": 3, "A2": 4, "B1": 10, "B2": 9}}, 1)
    state = DealState.start(table)
    from engine.rules import LadderStep

    assert state.fine(RULES, "B", LadderStep("fine", 10, 20)) == "fine"
    assert state.fines == {"A": 10, "B": 0}
    assert state.final() == (22, 0)
    # A won on the table: a fine on A is a re-score, A now holds 20 against B's 19 -> B wins 1.
    assert state.fine(RULES, "A", LadderStep("fine", 10, 20)) == "rescored"
    assert state.pips == {"A": 20, "B": 19}
    assert state.points == {"A": 0, "B": 1}
    assert state.final() == (10, 1)


@pytest.mark.parametrize("prior, expected", [((1, 0), [(13, 0)]), ((2, 0), [(0, 7)])])
def test_default_ladder_rescore_pips_by_step(prior, expected):
    # 2nd remark: A holds 20 vs 33 -> 13; 3rd: A holds 40 vs 33 -> B wins 7.
    assert points(score([domino(1, "A1", B1=10, B2=23)], [r(1, "A1")], prior=prior)) == expected


def test_partie_level_sanctions_use_score_partie_too():
    result = score_partie(Rules(), [domino(1, "A1", B1=10, B2=23)], [r(1, "B1")], prior_remarks={"A": 0, "B": 1})
    assert points(result) == [(43, 0)]
