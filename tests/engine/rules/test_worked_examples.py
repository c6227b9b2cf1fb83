"""RULES.md §8 and §9: the worked examples, to the point."""
import copy

from engine.rules import lead_and_shuffle, score_protocol

from .helpers import RULES_EXAMPLE, points


def example(prior_a=1, prior_b=0, remarks=None):
    data = copy.deepcopy(RULES_EXAMPLE)
    data["pairs"]["A"]["prior_remarks"] = prior_a
    data["pairs"]["B"]["prior_remarks"] = prior_b
    data["remarks"] = remarks if remarks is not None else []
    return data


def test_section_8_table_without_remarks():
    result = score_protocol(example())
    assert points(result) == [(33, 0), (15, 0), (0, 25), (0, 10)]
    assert (result.totals_a, result.totals_b) == (48, 35)
    assert result.winner == "A"
    assert [(d.lead, d.shuffle) for d in result.deals] == [("A1", "B1"), ("B1", "A2"), ("A2", "B2"), ("B2", "A1")]


def test_section_8_second_remark_rescores_won_deal_as_block_with_20():
    result = score_protocol(example(remarks=[{"deal": 2, "player": "A1", "reason": "talking"}]))
    assert points(result) == [(33, 0), (14, 0), (0, 25), (0, 10)]
    assert (result.totals_a, result.totals_b) == (47, 35)
    assert result.winner == "A"
    assert [s.kind for s in result.deals[1].sanctions] == ["rescored"]


def test_section_8_third_remark_when_not_winning_adds_fine_to_opponents():
    result = score_protocol(example(prior_a=0, prior_b=2, remarks=[{"deal": 1, "player": "B2", "reason": "signs"}]))
    assert points(result)[0] == (53, 0)
    assert (result.totals_a, result.totals_b) == (68, 35)


def test_section_9_scored_form():
    scored = score_protocol(copy.deepcopy(RULES_EXAMPLE)).to_json()
    assert scored["deals"] == [
        {**scored["deals"][0], "n": 1, "lead": "A1", "shuffle": "B1", "points": {"A": 33, "B": 0}, "winner": "A"},
        {**scored["deals"][1], "n": 2, "lead": "B1", "shuffle": "A2", "points": {"A": 14, "B": 0}, "winner": "A"},
        {**scored["deals"][2], "n": 3, "lead": "A2", "shuffle": "B2", "points": {"A": 0, "B": 25}, "winner": "B"},
        {**scored["deals"][3], "n": 4, "lead": "B2", "shuffle": "A1", "points": {"A": 0, "B": 10}, "winner": "B"},
    ]
    assert scored["totals"] == {"A": 47, "B": 35}
    assert scored["winner"] == "A"
    assert scored["extra_deal_needed"] is False
    assert scored["disqualified"] is None
    assert [d["running"] for d in scored["deals"]] == [
        {"A": 33, "B": 0}, {"A": 47, "B": 0}, {"A": 47, "B": 25}, {"A": 47, "B": 35}]


def test_lead_rotation_from_another_first_lead():
    assert [lead_and_shuffle(k, "B2") for k in range(1, 6)] == [
        ("B2", "A1"), ("A1", "B1"), ("B1", "A2"), ("A2", "B2"), ("B2", "A1")]
