"""Remarks in hand points (RULES-KOZEL.md §8, docs/rules-kozel.md §6): the sport ladder; a fine p is added
to the opponents, or to the offender when the points are penalties (``higher_wins`` false); a deal lost
by a remark gives its points the same way; no block is re-scored. Two fines against one pair in one deal
both count."""
import pytest

from engine.rules import score_protocol

from .kozel_helpers import kozel_protocol


def pts(n, a, b):
    return {"n": n, "result": "points", "points": {"A": a, "B": b}}


def remark(deal, player, reason="talk"):
    return {"deal": deal, "player": player, "reason": reason}


# Pair A: remark 1 (warning) in deal 1, remarks 2 and 3 (fines of 10 and 20) both in deal 2.
FINES = [remark(1, "A1"), remark(2, "A1"), remark(2, "A2")]


@pytest.mark.parametrize("higher_wins,to", [(True, "B"), (False, "A")])
def test_two_fines_of_one_pair_in_one_deal_both_count_for_the_right_pair(higher_wins, to):
    rules = {"preset": "hand-points", "higher_wins": higher_wins}
    scored = score_protocol(kozel_protocol([pts(1, 5, 5), pts(2, 5, 5)], rules, remarks=FINES)).to_json()
    first, second = scored["deals"]
    assert [(s["effect"], s["points"]) for s in first["sanctions"]] == [("warning", 0)]
    assert [(s["remark"], s["pair"], s["effect"], s["points"]) for s in second["sanctions"]] == [
        (2, "A", "fine", 10), (3, "A", "fine", 20)]
    assert second["table_points"] == {"A": 5, "B": 5}  # no re-scoring: the points entered stay
    expected = {"A": 5, "B": 5}
    expected[to] += 30
    assert second["points"] == expected
    assert scored["totals"] == {"A": 5 + expected["A"], "B": 5 + expected["B"]}


@pytest.mark.parametrize("higher_wins,to", [(True, "B"), (False, "A")])
def test_a_deal_lost_by_a_remark_gives_its_points_to_the_opponents_or_to_the_offender(higher_wins, to):
    rules = {"preset": "hand-points", "higher_wins": higher_wins}
    remarks = [remark(1, "A1"), remark(1, "A2"), remark(1, "A1"), remark(1, "A2")]  # the 4th: deal loss, 40
    scored = score_protocol(kozel_protocol([pts(1, 7, 3)], rules, remarks=remarks)).to_json()
    deal = scored["deals"][0]
    assert [s["effect"] for s in deal["sanctions"]] == ["deal_loss", "warning", "fine", "fine"]
    points = {"A": 0, "B": 0}
    points[to] = 40 + 10 + 20  # the deal's 40 and both fines go the same way; the points entered are void
    assert deal["points"] == points
