"""The Kozel-family and hand-points parts of engine/rules/partie.py pinned exactly.

Who wins a deal and the partie where points are penalties (hand points with
``higher_wins`` false, RULES-KOZEL.md §8), and the fields the scored form of a
Kozel partie carries (§11.1).
"""
import pytest

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import kozel_protocol

LOWER = {"preset": "hand-points", "higher_wins": False, "target_points": 50}


def pts(n, a, b):
    return {"n": n, "result": "points", "points": {"A": a, "B": b}}


@pytest.mark.parametrize("higher_wins,a,b,winner", [
    (False, 10, 3, "B"), (False, 3, 10, "A"), (False, 7, 7, None),
    (True, 10, 3, "A"), (True, 3, 10, "B"), (True, 7, 7, None),
])
def test_the_deal_goes_to_more_points_or_to_fewer_when_points_are_penalties(higher_wins, a, b, winner):
    scored = score_protocol(kozel_protocol([pts(1, a, b)], {**LOWER, "higher_wins": higher_wins}))
    assert scored.deals[0].winner == winner
    assert not scored.finished


@pytest.mark.parametrize("deals,winner", [
    ([pts(1, 30, 10), pts(2, 25, 5)], "B"),       # A reaches 55 first: B, with fewer, wins
    ([pts(1, 10, 30), pts(2, 5, 25)], "A"),
])
def test_the_partie_goes_to_the_pair_with_fewer_points_when_points_are_penalties(deals, winner):
    scored = score_protocol(kozel_protocol(deals, LOWER))
    assert scored.finished
    assert scored.winner == winner
    assert scored.result == winner


@pytest.mark.parametrize("abandoned", ["A", "B"])
def test_the_scored_form_names_the_pair_that_left(abandoned):
    scored = score_protocol(kozel_protocol([], abandoned=abandoned))
    data = scored.to_json()
    assert data["abandoned"] == abandoned
    assert data["goats"] == {abandoned: 1, "B" if abandoned == "A" else "A": 0}
    assert data["rating"] == {"A": None, "B": None}
    assert data["extra_game_needed"] is False


def test_the_scored_form_of_a_kozel_partie_in_play():
    data = score_protocol(kozel_protocol([])).to_json()
    assert (data["abandoned"], data["games"], data["goats"]) == (None, [], {"A": 0, "B": 0})
    assert data["rating"] == {"A": None, "B": None}
    morskoy = score_protocol(kozel_protocol([], {"preset": "morskoy-kozel"})).to_json()
    assert "rating" not in morskoy and morskoy["goats"] == {"A": 0, "B": 0}
    hand = score_protocol(kozel_protocol([], {"preset": "hand-points"})).to_json()
    assert not {"games", "goats", "rating", "abandoned", "extra_game_needed"} & set(hand)


@pytest.mark.parametrize("protocol,expected", [
    ({"rules": {"preset": "kozel"}, "abandoned": "C"},
     {"code": "bad_abandoned", "message": "abandoned must be null, or \"A\" or \"B\" in Kozel and Morskoy, got 'C'",
      "message_ru": "Ушедшая пара — A или B (только в козле и морском козле)", "deal": None, "seat": None}),
    ({"rules": {"preset": "pusto-shest"}, "abandoned": "A"},
     {"code": "bad_abandoned", "message": "abandoned must be null, or \"A\" or \"B\" in Kozel and Morskoy, got 'A'",
      "message_ru": "Ушедшая пара — A или B (только в козле и морском козле)", "deal": None, "seat": None}),
    ({"rules": {"preset": "kozel"}, "no_show": "B", "deals": [{"n": 1}, {"n": 2}]},
     {"code": "no_show_with_deals", "message": "no_show is 'B' but the protocol lists 2 deal(s)",
      "message_ru": "Протокол противоречит сам себе: в нём неявка пары B и записанные раздачи (2)",
      "deal": None, "seat": None, "side": "B", "count": 2}),
    ({"rules": {"preset": "hand-points"}, "no_show": "A", "remarks": [{"deal": 1, "player": "A1", "reason": "time"}]},
     {"code": "no_show_with_remarks", "message": "no_show is 'A' but the protocol lists 1 remark(s)",
      "message_ru": "Протокол противоречит сам себе: в нём неявка пары A и замечания (1)",
      "deal": None, "seat": None, "side": "A", "count": 1}),
], ids=["abandoned-C", "abandoned-in-sport", "no-show-with-deals", "no-show-with-remarks"])
def test_refusals_of_the_partie_fields_exactly(protocol, expected):
    """RULES-KOZEL.md §10: a pair that left is A or B, in Kozel and Morskoy only; a no-show file lists
    neither deals nor remarks. The referee reads the wording; the code and the numbers go to the page."""
    data = {"format": "domino-protocol/2", "deals": [], **protocol}
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    assert err.value.to_json() == expected
