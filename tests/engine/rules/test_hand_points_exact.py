"""RULES-KOZEL.md §8 and §10 «hand-points»: each refusal exactly (code, deal, side, English and Russian
wording) and the bounds of the numbers and of the note.

A referee reads the refusal next to the points he typed; a changed word, a lost side or a bound one
off is a changed interface.
"""
import pytest

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import kozel_protocol

HAND = {"preset": "hand-points"}


def pts(a, b, **extra):
    return {"n": 1, "result": "points", "points": {"A": a, "B": b}, **extra}


def refusal(deal, rules=HAND):
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol([deal], rules))
    return err.value.to_json()


def where(code, message, message_ru, **params):
    return {"code": code, "message": message, "message_ru": message_ru, "deal": 1, "seat": None, **params}


REFUSALS = [
    ("sec 10: result must be points", {"n": 1, "result": "domino"},
     where("bad_points_result", "deal 1: result must be \"points\" in hand points, got 'domino'",
           "Раздача 1: в игре на очки итог раздачи — «очки»")),
    ("sec 10: points of both pairs required", {"n": 1, "result": "points"},
     where("missing_points", 'deal 1: points must give both pairs: {"A": …, "B": …}',
           "Раздача 1: нужно указать очки обеих пар")),
    ("sec 8: only pairs A and B", {"n": 1, "result": "points", "points": {"A": 1, "B": 2, "C": 3, 7: 1}},
     where("missing_points", "deal 1: points name pairs A and B only, not 7, C",
           "Раздача 1: нужно указать очки обеих пар")),
    ("sec 10: points of pair A missing", {"n": 1, "result": "points", "points": {"B": 2}},
     where("missing_points", "deal 1: the points of pair A are missing", "Раздача 1: нужно указать очки обеих пар",
           side="A")),
    ("sec 10: points of pair B missing", {"n": 1, "result": "points", "points": {"A": 2, "B": None}},
     where("missing_points", "deal 1: the points of pair B are missing", "Раздача 1: нужно указать очки обеих пар",
           side="B")),
    ("sec 8: whole numbers only (text)", pts(1, "x"),
     where("bad_points", "deal 1: the points of pair B must be a whole number, got 'x'",
           "Раздача 1: очки — целое число", side="B")),
    ("sec 8: whole numbers only (true)", pts(True, 1),
     where("bad_points", "deal 1: the points of pair A must be a whole number, got True",
           "Раздача 1: очки — целое число", side="A")),
    ("sec 8: whole numbers only (3.5)", pts(3.5, 1),
     where("bad_points", "deal 1: the points of pair A must be a whole number, got 3.5",
           "Раздача 1: очки — целое число", side="A")),
    ("sec 8: |x| <= 10 000", pts(10_001, 0),
     where("points_out_of_range", "deal 1: 10001 points for pair A: at most 10000 in a deal",
           "Раздача 1: 10001 очков — слишком много: не больше 10 000 за раздачу", side="A", value=10_001)),
    ("sec 8: |x| <= 10 000 for pair B too", pts(0, 10**30),
     where("points_out_of_range", f"deal 1: {10**30} points for pair B: at most 10000 in a deal",
           f"Раздача 1: {10**30} очков — слишком много: не больше 10 000 за раздачу", side="B", value=10**30)),
    ("sec 8: >= 0 without allow_negative", pts(0, -3),
     where("negative_points", "deal 1: -3 points for pair B: negative points are not allowed under these rules",
           "Раздача 1: -3: отрицательные очки по этому регламенту не допускаются", side="B", value=-3)),
    ("sec 11: a note is text", pts(0, 1, note=5),
     where("bad_note", "deal 1: a note is text of at most 200 characters",
           "Раздача 1: примечание — текст не длиннее 200 знаков")),
    ("sec 11: a note of 201 characters", pts(0, 1, note="x" * 201),
     where("bad_note", "deal 1: a note is text of at most 200 characters",
           "Раздача 1: примечание — текст не длиннее 200 знаков")),
]


@pytest.mark.parametrize("deal, expected", [c[1:] for c in REFUSALS], ids=[c[0] for c in REFUSALS])
def test_hand_points_refusal_exactly(deal, expected):
    assert refusal(deal) == expected


def test_hand_points_bounds_are_inclusive():
    """§8: |x| ≤ 10 000 (10 000 itself is taken, also negative with allow_negative); a note of 200 characters."""
    scored = score_protocol(kozel_protocol([pts(10_000, 0, note="x" * 200)], HAND))
    assert (scored.totals_a, scored.totals_b) == (10_000, 0)
    scored = score_protocol(kozel_protocol([pts(-10_000, 3)], {"preset": "hand-points", "allow_negative": True}))
    assert (scored.totals_a, scored.totals_b) == (-10_000, 3)
    assert refusal(pts(-10_001, 0), {"preset": "hand-points", "allow_negative": True})["code"] == "points_out_of_range"


def test_hand_points_deal_is_scored_as_points_of_its_number():
    """§8, §11.1: the scored deal keeps its number and its result "points"; the points are the table result."""
    scored = score_protocol(kozel_protocol([pts(7, 2), dict(pts(1, 9), n=2)], HAND)).to_json()
    deals = scored["deals"]
    assert [(d["n"], d["result"]) for d in deals] == [(1, "points"), (2, "points")]
    assert [d["points"] for d in deals] == [{"A": 7, "B": 2}, {"A": 1, "B": 9}]
    assert [d["table_points"] for d in deals] == [{"A": 7, "B": 2}, {"A": 1, "B": 9}]
    assert [d["running"] for d in deals] == [{"A": 7, "B": 2}, {"A": 8, "B": 11}]


def test_a_hand_points_deal_keeps_its_number_and_counts_no_pips():
    """§8: the referee types each pair's points; no tiles are counted, so neither pair has pips."""
    from engine.rules.config import PRESET_DEFAULTS
    from engine.rules.hand_points import score_points_table

    table = score_points_table(PRESET_DEFAULTS["hand-points"], pts(30, 12), 7)
    assert (table.n, table.result, table.points_a, table.points_b) == (7, "points", 30, 12)
    assert table.pips == {"A": None, "B": None}
