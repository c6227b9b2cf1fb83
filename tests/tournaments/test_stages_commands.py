"""The commands of an event in stages: ``simulate --final knockout:N`` plays stage 1, qualifies and plays the
bracket to its end; ``bracket SLUG --json`` prints it; ``standings --stage 1`` and ``--final``."""
import json

import pytest
from django.core.management.base import CommandError

from tests.commands import run
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_simulate_a_qualifier_and_a_knockout_of_five_then_print_the_bracket():
    summary = json.loads(run("simulate", "--pairs", "6", "--rounds", "1", "--system", "swiss",
                             "--final", "knockout:5", "--seed", "6", "--slug", "ko"))
    assert summary["finished"] and summary["final"]["kind"] == "knockout"
    finalists = summary["final"]["finalists"]
    assert len(finalists) == 5
    # five in a bracket of eight: seeds 1-3 have a bye, then the semi-finals, then the final and the 3rd place
    assert [r["parties"] for r in summary["final"]["rounds"]] == [1, 2, 2]
    assert list(Round.objects.filter(tournament__slug="ko").values_list("stage", flat=True)) == [1, 2, 2, 2]
    bracket = json.loads(run("bracket", "ko", "--json"))
    assert bracket["size"] == 5
    assert [r["name"] for r in bracket["rounds"]] == ["1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    first = bracket["rounds"][0]["matches"]
    assert [(m["a"]["seed"], m["b"] and m["b"]["seed"]) for m in first] == [(1, None), (4, 5), (2, None), (3, None)]
    assert [m["winner"] for m in first if m["b"] is None] == [finalists[0], finalists[1], finalists[2]]
    assert [m["a"]["entrant"] for m in first] == [finalists[0], finalists[3], finalists[1], finalists[2]]
    final = bracket["rounds"][2]["matches"][0]
    stage1 = json.loads(run("standings", "ko", "--stage", "1", "--json"))
    assert [r["pair"] for r in stage1[:5]] == finalists
    assert all(r["played"] + r["byes"] == 1 for r in stage1)  # stage 1's one round only
    places = json.loads(run("standings", "ko", "--final", "--json"))
    assert places[0]["pair"] == final["winner"]
    loser = final["a"]["entrant"] if final["b"]["entrant"] == final["winner"] else final["b"]["entrant"]
    assert places[1]["pair"] == loser
    assert places[2]["pair"] == bracket["rounds"][3]["matches"][0]["winner"]
    assert [p["pair"] for p in places[5:]] == [r["pair"] for r in stage1[5:]]
    assert [p["place"] for p in places] == list(range(1, 7))


def test_bad_final_and_a_bracket_of_an_event_without_one_are_refused():
    with pytest.raises(CommandError):
        run("simulate", "--pairs", "4", "--rounds", "1", "--final", "groups:4")
    run("simulate", "--pairs", "4", "--rounds", "1", "--seed", "2", "--slug", "plain")
    with pytest.raises(CommandError):
        run("bracket", "plain", "--json")


def test_simulate_groups_then_a_bracket_plays_to_the_end_and_the_protocols_agree():
    summary = json.loads(run("simulate", "--pairs", "10", "--rounds", "1", "--system", "swiss",
                             "--final", "groups:2x4+knockout:4", "--seed", "6", "--slug", "gr"))
    final = summary["final"]
    assert summary["finished"] and final["kind"] == "groups" and final["size"] == 8
    seeds = final["finalists"]
    assert final["groups"] == [[seeds[0], seeds[3], seeds[4], seeds[7]], [seeds[1], seeds[2], seeds[5], seeds[6]]]
    # three group rounds of 2 × 2 parties, the semi-finals, then the final beside the third-place match
    assert [r["parties"] for r in final["rounds"]] == [4, 4, 4, 2, 2]
    groups = json.loads(run("standings", "gr", "--stage", "2", "--json"))
    assert [(r["group"], r["rank"]) for r in groups] == [(g, k) for g in (1, 2) for k in range(1, 5)]
    assert all(r["played"] == 3 for r in groups)
    bracket = json.loads(run("bracket", "gr", "--json"))
    first = bracket["rounds"][0]["matches"]
    assert [(m["a"]["group"], m["a"]["group_place"], m["b"]["group"], m["b"]["group_place"]) for m in first] == [
        (1, 1, 2, 2), (2, 1, 1, 2)]
    goes_on = {(r["group"], r["rank"]): r["pair"] for r in groups if r["goes_on"]}
    assert [m["a"]["entrant"] for m in first] == [goes_on[(1, 1)], goes_on[(2, 1)]]
    places = json.loads(run("standings", "gr", "--final", "--json"))
    assert places[0]["pair"] == bracket["rounds"][1]["matches"][0]["winner"]
    assert {p["pair"] for p in places[:4]} == set(goes_on.values())
    rest = [r for r in groups if not r["goes_on"]]
    assert [p["pair"] for p in places[4:8]] == [r["pair"] for r in sorted(rest, key=lambda r: (
        r["rank"], seeds.index(r["pair"])))]
    assert "0 differ, 0 fingerprint mismatch(es)" in run("verify_scores", "gr")
