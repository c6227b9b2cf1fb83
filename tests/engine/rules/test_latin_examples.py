"""RULES-LATIN.md §13: every worked example, exactly, through engine.rules.score_protocol (L1–L23) and the
standings (L24) through engine.rules.latin.rank. The examples are latin_examples.json, copied from the rule
book's JSON blocks: the input protocol, then the expected scored form (keys not shown are not checked)."""
import pytest

from engine.rules import score_protocol
from engine.rules.latin import ScoredPartida, rank, score_latin

from .latin_helpers import EXAMPLES, PARTIDAS, example, expected, mismatches


def test_the_rule_book_has_24_examples():
    assert PARTIDAS == [f"L{i}" for i in range(1, 24)]
    assert set(EXAMPLES) == {f"L{i}" for i in range(1, 25)}


@pytest.mark.parametrize("name", PARTIDAS)
def test_worked_example_scores_exactly(name):
    scored = score_protocol(example(name))
    assert isinstance(scored, ScoredPartida)
    assert mismatches(expected(name), scored.to_json()) == []
    assert score_latin(example(name)).to_json() == scored.to_json()


@pytest.mark.parametrize("name", PARTIDAS)
def test_the_running_totals_add_the_points(name):
    scored = score_protocol(example(name)).to_json()
    running = {"A": 0, "B": 0}
    for hand in scored["deals"]:
        running = {side: running[side] + hand["points"][side] for side in running}
        assert hand["running"] == running
    if scored["deals"]:
        assert scored["totals"] == running


def test_l24_the_standings_of_the_round_robin():
    protocols = [example(name) for name in EXAMPLES["L24"]["rank"]]
    assert mismatches(EXAMPLES["L24"]["standings"], rank(protocols)) == []


def test_the_comparison_catches_a_wrong_figure():
    wrong = expected("L7")
    wrong["pairs"]["B"]["efectividad"] = -145
    assert mismatches(wrong, score_protocol(example("L7")).to_json()) == [
        ".pairs.B.efectividad: expected -145, got -185"]
