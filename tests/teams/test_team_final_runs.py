"""A team event in two stages played to its end by the simulation, and what the commands and pages show of it:
``simulate --format teams --final``, ``bracket --json`` and ``standings --final --json`` (entrant = team number),
``pairings --round K --json`` of a stage-2 round, ``verify_scores``, the bracket page and PDF with the team names,
the round page of a stage-2 round, the qualification page."""
import io
import json

import pdfplumber
import pytest
from django.core.management import CommandError
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import pack
from teams.finals import load_team_bracket, load_team_final_round_robin, team_final_standings, team_finalists
from teams.models import Team
from teams.simulation import simulate_teams
from tests.commands import run
from tests.teams.test_transfer import no_more_roles
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def knockout(organizer):
    summary = simulate_teams(organizer, teams=6, pairs_per_team=2, rounds=2, system="swiss", seed=3,
                             final="knockout:5")
    return summary, Tournament.objects.get(slug=summary["slug"])


def test_a_team_knockout_is_played_to_its_end_and_the_commands_agree(knockout):
    summary, t = knockout
    assert summary["finished"] and summary["final"]["finalists"] == [q.team.number for q in team_finalists(t)]
    assert [r["stage"] for r in summary["final"]["rounds"]] == [2, 2, 2]  # 5 teams: 3 bracket rounds
    bracket = load_team_bracket(t)
    assert bracket.complete and bracket.third_place is not None
    data = json.loads(run("bracket", t.slug, "--json"))
    teams = set(Team.objects.filter(tournament=t).values_list("number", flat=True))
    final = data["rounds"][2]["matches"][0]
    assert final["winner"] in teams and {final["a"]["entrant"], final["b"]["entrant"]} <= teams
    places = json.loads(run("standings", t.slug, "--final", "--json"))
    assert places[0]["team"] == final["winner"] and [p["place"] for p in places] == [1, 2, 3, 4, 5, 6]
    assert places == team_final_standings(t)
    last = summary["final"]["rounds"][-1]["round"]
    pairings = json.loads(run("pairings", t.slug, "--round", str(last), "--json"))
    assert pairings["name"] == "Финал · Матч за 3-е место" and len(pairings["matches"]) == 2
    assert all(len(m["tables"]) == 2 for m in pairings["matches"])
    assert " 0 differ" in run("verify_scores", t.slug)
    stage1 = json.loads(run("standings", t.slug, "--stage", "1", "--json"))
    assert sum(r["played"] for r in stage1) == 2 * 6  # two rounds of three matches, no stage-2 match in it
    with pytest.raises(CommandError):
        run("standings", t.slug, "--stage", "2", "--json")


def test_a_team_round_robin_final_is_played_to_its_end(organizer):
    summary = simulate_teams(organizer, teams=5, pairs_per_team=1, rounds=2, system="swiss", seed=4,
                             final="round-robin:4")
    t = Tournament.objects.get(slug=summary["slug"])
    assert summary["finished"] and len(summary["final"]["rounds"]) == 3
    rows = json.loads(run("standings", t.slug, "--stage", "2", "--json"))
    assert [r["team"] for r in rows] == [r.team.number for r in load_team_final_round_robin(t)]
    assert all(r["played"] == 3 for r in rows)
    assert [p["team"] for p in team_final_standings(t)[:4]] == [r["team"] for r in rows]
    assert " 0 differ" in run("verify_scores", t.slug)


@pytest.mark.parametrize("args", [
    ["--final", "knockout:x"], ["--final", "groups:2x4+knockout:4"], ["--final", "knockout:9"],
    ["--final", "round-robin:2"], ["--final", "knockout:4", "--final-match", "best-of-3"],
])
def test_the_simulate_command_refuses_a_bad_team_final_before_it_starts(args):
    with pytest.raises(CommandError) as exc:
        run("simulate", "--format", "teams", "--teams", "6", "--rounds", "1", "--seed", "1", *args)
    assert "final" in str(exc.value)
    assert not Tournament.objects.exists()


def test_the_pages_show_the_teams_of_stage_2(client, knockout, organizer):
    _summary, t = knockout
    names = set(Team.objects.filter(tournament=t).values_list("name", flat=True))
    page = client.get(reverse("tournaments:bracket", args=[t.slug])).content.decode()
    assert sum(name in page for name in names) == 5  # the five teams of the bracket, by name
    semi_number = t.rounds.filter(stage=2).order_by("number")[1].number
    assert reverse("teams:round", args=[t.slug, semi_number]) + "#match-" in page  # a team match, not a protocol
    assert "протокол" not in page
    pdf = client.get(reverse("tournaments:bracket_pdf", args=[t.slug]))
    with pdfplumber.open(io.BytesIO(pdf.content)) as doc:
        text = "".join(p.extract_text() for p in doc.pages)
    assert sum(name in text for name in names) == 5
    semi = t.rounds.filter(stage=2).order_by("number")[1]
    page = client.get(reverse("teams:round", args=[t.slug, semi.number])).content.decode()
    assert f"Тур {semi.number} · Полуфинал" in page and 'class="match"' in page
    standings = client.get(reverse("teams:standings", args=[t.slug])).content.decode()
    assert 'id="team-final-places"' in standings
    client.force_login(organizer)
    page = client.get(reverse("tournaments:qualification", args=[t.slug])).content.decode()
    assert 'id="qualification-confirmed"' in page and "командные очки" in page
    for q in team_finalists(t):
        assert f"{q.seed}. №{q.team.number}" in page


def test_a_team_event_in_two_stages_goes_out_and_comes_back_with_its_teams_of_stage_2(knockout, tmp_path):
    _summary, t = knockout
    path = tmp_path / "final.json"
    run("export_tournament", t.slug, str(path))
    assert len(json.loads(path.read_text())["team_qualifications"]) == 5
    no_more_roles()
    run("import_tournament", str(path), "--slug", "team-final-copy")
    copy = Tournament.objects.get(slug="team-final-copy")
    assert [(q.seed, q.team.number, q.stage1_rank) for q in team_finalists(copy)] == \
        [(q.seed, q.team.number, q.stage1_rank) for q in team_finalists(t)]
    assert team_final_standings(copy) == team_final_standings(t)
    assert json.loads(run("bracket", copy.slug, "--json"))["rounds"] == json.loads(run("bracket", t.slug,
                                                                                        "--json"))["rounds"]


def test_the_final_report_and_the_workbook_put_the_final_places_first(knockout, client):
    """docs/rules.md I.9.5: stage 2's order (the bracket's placing), then the other teams by stage 1."""
    _summary, t = knockout
    places = team_final_standings(t)
    assert [p["stage"] for p in places] == [2, 2, 2, 2, 2, 1]
    with pdfplumber.open(io.BytesIO(pack.final_report(t))) as pdf:
        flat = " ".join(" ".join((p.extract_text() or "") for p in pdf.pages).split())
    assert flat.index("Итоговые места") < flat.index("Положение команд")
    section = flat[flat.index("Итоговые места"):flat.index("Положение команд")]
    at = [section.index(f"№{p['team']} {p['name']}") for p in places]
    assert at == sorted(at)  # printed in the final order
    table = section[section.index("Место по"):]
    assert table.count("второму этапу") == 5 and table.count("первому этапу") == 1
    book = load_workbook(io.BytesIO(client.get(reverse("teams:workbook", args=[t.slug])).content))
    assert book.sheetnames[0] == "Итоговые места"
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert rows[1:] == [(p["place"], p["team"], p["name"], p["stage"]) for p in places]


def test_a_team_event_with_groups_then_a_bracket_is_played_to_its_end_and_printed(organizer, client):
    """docs/rules.md I.9.5: groups of teams whose best two go to a bracket of four, by the simulation."""
    summary = simulate_teams(organizer, teams=9, pairs_per_team=1, rounds=2, system="swiss", seed=8,
                             final="groups:2x4+knockout:4")
    t = Tournament.objects.get(slug=summary["slug"])
    finalists = [q.team.number for q in team_finalists(t)]
    assert summary["finished"] and summary["final"]["finalists"] == finalists
    assert summary["final"]["groups"] == [[finalists[i] for i in (0, 3, 4, 7)], [finalists[i] for i in (1, 2, 5, 6)]]
    assert [r["stage"] for r in summary["final"]["rounds"]] == [2] * 5  # three group rounds, then two of the bracket
    rows = json.loads(run("standings", t.slug, "--stage", "2", "--json"))
    assert [(r["group"], r["rank"]) for r in rows] == [(g, k) for g in (1, 2) for k in (1, 2, 3, 4)]
    assert all(r["played"] == 3 for r in rows)  # a group of four: three matches each, no bye
    goes_on = {r["team"] for r in rows if r["goes_on"]}
    data = json.loads(run("bracket", t.slug, "--json"))
    first = {s["entrant"] for m in data["rounds"][0]["matches"] for s in (m["a"], m["b"])}
    assert first == goes_on and len(goes_on) == 4
    assert load_team_bracket(t).complete
    places = json.loads(run("standings", t.slug, "--final", "--json"))
    assert [p["stage"] for p in places] == [2] * 8 + [1] and places[0]["team"] == data["rounds"][1]["matches"][0]["winner"]
    assert " 0 differ" in run("verify_scores", t.slug)
    pdf = client.get(reverse("tournaments:bracket_pdf", args=[t.slug]))
    with pdfplumber.open(io.BytesIO(pdf.content)) as doc:
        text = " ".join(p.extract_text() or "" for p in doc.pages)
    assert "Подгруппа 1" in text and "Подгруппа 2" in text and "Матчей" in text and "Участник" not in text
    with pdfplumber.open(io.BytesIO(pack.final_report(t))) as doc:
        flat = " ".join(" ".join((p.extract_text() or "") for p in doc.pages).split())
    assert "Второй этап: подгруппы" in flat and "матчах внутри подгруппы" in flat
    # inside the team section: after the team standings, before the matches and the pairs' standings
    assert flat.index("Положение команд") < flat.index("Второй этап: подгруппы") < flat.index("Матчи по турам")
    assert flat.count("Второй этап: подгруппы") == 1
