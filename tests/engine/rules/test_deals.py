"""RULES.md §4.1–§4.2: scoring one deal under each preset and option."""
import pytest

from .helpers import block, domino, points, score, wrong_pass

FED = {"preset": "federation"}


def test_pusto_domino_scores_losing_pair_hands_not_partner():
    result = score([domino(1, "B1", A1=12, A2=7, B2=30)])
    assert points(result) == [(0, 19)]
    assert result.deals[0].winner == "B"


def test_pusto_lone_double_blank_counts_ten_as_tiles_and_configurable():
    assert points(score([domino(1, "A2", B1=["0-0"], B2=["6-6", "1-2"])])) == [(10 + 15, 0)]
    rules = {"preset": "pusto-shest", "lone_double_blank": 25}
    assert points(score([domino(1, "A2", B1=["0-0"], B2=5)], rules=rules)) == [(30, 0)]


def test_double_blank_among_other_tiles_counts_its_face():
    assert points(score([domino(1, "A1", B1=["0-0", "1-1"], B2=3)])) == [(5, 0)]


def test_federation_domino_counts_partner_too():
    result = score([domino(1, "A1", A2=14, B1=9, B2=23)], rules=FED)
    assert points(result) == [(14 + 9 + 23, 0)]


def test_federation_partner_hand_required():
    from engine.rules import ProtocolError

    with pytest.raises(ProtocolError) as err:
        score([domino(1, "A1", B1=9, B2=23)], rules=FED)
    assert (err.value.deal, err.value.seat, err.value.code) == (1, "A2", "missing_hand")


def test_federation_lone_double_blank_is_face_value_zero_and_count_zero_allowed():
    assert points(score([domino(1, "B2", A1=["0-0"], A2=10, B1=4)], rules=FED)) == [(0, 14)]
    assert points(score([domino(1, "B2", A1=0, A2=10, B1=4)], rules=FED)) == [(0, 14)]


def test_pusto_count_partner_option():
    rules = {"preset": "pusto-shest", "count_partner_on_domino": True}
    assert points(score([domino(1, "A1", A2=5, B1=9, B2=23)], rules=rules)) == [(37, 0)]


@pytest.mark.parametrize("scoring,expected", [
    ("difference", [(34 - 19, 0)]),
    ("all", [(34 + 19, 0)]),
    ("opponents", [(34, 0)]),
])
def test_block_scoring_options(scoring, expected):
    rules = {"preset": "pusto-shest", "block_scoring": scoring}
    assert points(score([block(1, 9, 10, 4, 30)], rules=rules)) == expected


def test_block_won_by_b():
    assert points(score([block(1, 20, 20, 3, 4)])) == [(0, 33)]


def test_federation_block_scores_all_four_hands():
    assert points(score([block(1, 9, 10, 4, 30)], rules=FED)) == [(53, 0)]


def test_equal_block_is_drawn_zero_zero():
    result = score([block(1, 10, 10, 15, 5)])
    assert points(result) == [(0, 0)]
    assert result.deals[0].winner is None
    assert result.to_json()["deals"][0]["winner"] is None


def test_block_with_lone_double_blank_counts_ten_in_pusto():
    # A: 0-0 alone (10) + 5 = 15 ; B: 7 + 9 = 16 → A wins by 1.
    assert points(score([block(1, ["0-0"], 5, 7, 9)])) == [(1, 0)]


def test_wrong_pass_offending_pair_loses_zero_ten_whatever_the_hands():
    assert points(score([wrong_pass(1, "B2")])) == [(10, 0)]
    data = wrong_pass(1, "A1")
    data["hands"] = {"A1": 3, "B1": 40}
    assert points(score([data])) == [(0, 10)]


def test_wrong_pass_points_configurable():
    assert points(score([wrong_pass(1, "A1")], rules={"preset": "pusto-shest", "wrong_pass_points": 25})) == [(0, 25)]


def test_tiles_and_counts_mix_and_tile_order_does_not_matter():
    assert points(score([domino(1, "A1", B1=["6-5", "2-1"], B2=[[3, 4]])])) == [(21, 0)]


def test_points_never_negative_and_only_one_winner():
    result = score([block(1, 1, 1, 69, 69), domino(2, "B1", A1=69, A2=69)])
    for d in result.deals:
        assert d.points_a >= 0 and d.points_b >= 0
        assert not (d.points_a and d.points_b)
