"""RULES-KOZEL.md §12: every worked example, exactly, through the engine and through score_protocol."""
import io
import json

import pytest
from django.core.management import call_command

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import EXAMPLES, example, expected, mismatches


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_worked_example_scores_exactly(name):
    scored = score_protocol(example(name)).to_json()
    assert mismatches(expected(name), scored) == []


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_score_protocol_command_prints_the_worked_example(name, tmp_path):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(example(name), ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("score_protocol", str(path), stdout=out)
    assert mismatches(expected(name), json.loads(out.getvalue())) == []


def test_the_comparison_catches_a_wrong_figure():
    # The examples are compared key by key: one changed number is a mismatch.
    wrong = expected("K1")
    wrong["deals"][4]["running"]["A"] = 124
    assert mismatches(wrong, score_protocol(example("K1")).to_json()) == [".deals[4].running.A: expected 124, got 125"]


def test_k1_goat_rating_rounds_half_away_from_zero():
    scored = score_protocol(example("K1"))
    assert scored.games[0].rating == {"A": -3, "B": 7}   # −2.5 → −3, 6.7 → 7


def test_k6_dry_goat_counted_double_ends_the_partie_after_two_games():
    data = example("K6")
    data["rules"]["dry_goat_value"] = 2
    data["deals"] = data["deals"][:4]
    scored = score_protocol(data).to_json()
    assert scored["goats"] == {"A": 2, "B": 1}
    assert scored["winner"] == "B" and scored["finished"] is True and scored["extra_game_needed"] is False
    assert scored["rating"] == {"A": 8, "B": 9}
    assert [g["ended"] for g in scored["games"]] == ["target", "target"]


def test_k6_dry_goat_counted_double_refuses_deal_5():
    data = example("K6")
    data["rules"]["dry_goat_value"] = 2
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    assert err.value.code == "deal_outside_partie" and err.value.deal == 5


def test_k6_after_two_games_the_tie_in_goats_asks_for_an_extra_game():
    data = example("K6")
    data["deals"] = data["deals"][:4]
    scored = score_protocol(data)
    assert scored.goats == {"A": 1, "B": 1}
    assert scored.extra_game_needed is True and scored.finished is False and scored.winner is None


def test_k6_without_extra_game_the_tied_partie_is_drawn():
    data = example("K6")
    data["rules"]["extra_game_on_tie"] = False
    data["deals"] = data["deals"][:4]
    scored = score_protocol(data)
    assert scored.finished is True and scored.winner is None and scored.result == "draw"


def test_k5_lead_shown_is_the_one_the_rules_fix():
    scored = score_protocol(example("K5"))
    assert [d.lead for d in scored.deals] == [None, "A1", "B2"]
