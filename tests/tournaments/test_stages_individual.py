"""Stage 2 of an individual event (docs/rules.md I.9.3): a final round robin of the best N players by the whist
schedule inside the same tournament — the setting and its refusals, the finalists seated by seed, every two
finalists partners exactly once, a withdrawn finalist's table not played, the final places, and the commands."""
import io
import json
from collections import Counter
from itertools import combinations

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook

from access.models import RoleKind, TournamentRole
from events.documents import exports, pack
from events.services import withdraw_pair
from events.services.stages import confirm_qualification, set_final, stage2_pairings, stage2_round_count
from events.simulation import simulate
from scoring.reports.stage_selectors import final_standings, finalists, load_final_round_robin
from tests.commands import run
from tests.factories import make_individual
from tests.tournaments.test_stages import organizer  # noqa: F401  (a fixture)
from tournaments.errors import InvalidInput
from tournaments.models import FinalKind, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo(organizer):
    tournament = make_individual(10, rounds_planned=1)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    return tournament


@pytest.mark.parametrize("kwargs, field, code", [
    ({"kind": FinalKind.ROUND_ROBIN, "size": 8, "carry_over": True}, "final_carry_over", "carry_over_individual"),
    ({"kind": FinalKind.ROUND_ROBIN, "size": 3}, "final_size", None),  # a table of four needs four
    ({"kind": FinalKind.ROUND_ROBIN, "size": 11}, "final_size", None),  # ten play
    ({"kind": FinalKind.ROUND_ROBIN, "size": "восемь"}, "final_size", None),
    ({"kind": FinalKind.KNOCKOUT, "size": 4}, "final_kind", "knockout_individual"),
])
def test_a_bad_individual_final_is_refused_beside_its_field(solo, organizer, kwargs, field, code):
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, solo, **kwargs)
    assert exc.value.field == field and exc.value.message
    if code:
        assert exc.value.code == code
    solo.refresh_from_db()
    assert solo.final_kind == FinalKind.NONE


def test_an_individual_final_round_robin_is_played_by_the_whist_schedule_to_its_end(organizer, client):
    summary = simulate(organizer, pairs=12, rounds=3, system="swiss", seed=4, format="individual",
                       final="round-robin:8")
    t = Tournament.objects.get(slug=summary["slug"])
    qualified = finalists(t)
    seeds = [q.pair.number for q in qualified]
    assert summary["finished"] and summary["final"]["finalists"] == seeds and len(seeds) == 8
    assert [r["stage"] for r in summary["final"]["rounds"]] == [2] * 7  # Wh(8): seven rounds, nobody sits out
    partners, opponents = Counter(), Counter()
    for rnd in t.rounds.filter(stage=2):
        seated = []
        for p in rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b"):
            assert p.pair_b is not None  # no sit-out with eight
            a, b = (p.pair_a.number, p.partner_a.number), (p.pair_b.number, p.partner_b.number)
            seated += [*a, *b]
            partners.update([frozenset(a), frozenset(b)])
            opponents.update(frozenset((x, y)) for x in a for y in b)
        assert sorted(seated) == sorted(seeds)  # only the finalists, each once
    assert all(partners[frozenset(two)] == 1 for two in combinations(seeds, 2))
    assert all(opponents[frozenset(two)] == 2 for two in combinations(seeds, 2))
    final = load_final_round_robin(t)
    assert {r.pair.id for r in final.rows} == {q.pair_id for q in qualified}
    assert all(r.played == 7 for r in final.rows)
    places = final_standings(t)
    assert [f.pair_id for f in places[:8]] == [r.pair.id for r in final.rows]
    assert [f.stage for f in places] == [2] * 8 + [1] * 4 and [f.place for f in places] == list(range(1, 13))
    rows = json.loads(run("standings", t.slug, "--stage", "2", "--json"))
    assert len(rows) == 8 and all(r["played"] == 7 for r in rows)
    assert json.loads(run("standings", t.slug, "--final", "--json"))[0]["pair"] == places[0].number
    assert " 0 differ" in run("verify_scores", t.slug)
    assert_final_places_printed(t, places)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:qualification", args=[t.slug])).content.decode()
    assert 'id="qualification-confirmed"' in page
    assert all(f"{q.seed}. №{q.pair.number}" in page for q in qualified)
    standings = client.get(reverse("reports:standings", args=[t.slug])).content.decode()
    section = standings[standings.index('id="final-places"'):]
    section = section[:section.index("</section>")]
    at = [section.index(f'<td class="num">{f.number}</td><td>{f.label}</td>') for f in places]
    assert at == sorted(at)  # every place, in the final order
    last = client.get(reverse("tournaments:pairings", args=[t.slug, 10])).content.decode()
    assert "Тур 10 · Финал, тур 7" in last


def assert_final_places_printed(t, places):
    """The workbook's first sheet and the final report's first section are the final places, in order."""
    sheet = load_workbook(io.BytesIO(exports.workbook(t))).worksheets[0]
    assert sheet.title == "Итоговые места"
    assert [row[:3] for row in list(sheet.values)[1:]] == [(f.place, f.number, f.label) for f in places]
    assert load_workbook(io.BytesIO(exports.standings_workbook(t))).sheetnames[0] == "Итоговые места"
    with pdfplumber.open(io.BytesIO(pack.final_report(t))) as pdf:
        flat = " ".join(" ".join((p.extract_text() or "") for p in pdf.pages).split())
    # the final places first; the standings after them are stage 1's and say so (the stages are not mixed)
    section = flat[flat.index("Итоговые места"):flat.index("Положение первого этапа")]
    at = [section.index(f"№{f.number} {f.label}") for f in places]
    assert at == sorted(at) and section.count("второму этапу") == sum(f.stage == 2 for f in places)


def test_a_pair_knockout_prints_its_final_places_first(organizer):
    summary = simulate(organizer, pairs=8, rounds=2, system="swiss", seed=6, final="knockout:4")
    t = Tournament.objects.get(slug=summary["slug"])
    places = final_standings(t)
    assert [f.stage for f in places] == [2] * 4 + [1] * 4
    assert_final_places_printed(t, places)


def test_without_stage_2_the_files_have_no_final_places(organizer):
    summary = simulate(organizer, pairs=6, rounds=1, system="swiss", seed=6)
    t = Tournament.objects.get(slug=summary["slug"])
    assert "Итоговые места" not in load_workbook(io.BytesIO(exports.workbook(t))).sheetnames
    with pdfplumber.open(io.BytesIO(pack.final_report(t))) as pdf:
        assert "Итоговые места" not in " ".join(p.extract_text() or "" for p in pdf.pages)


def test_a_withdrawn_finalist_leaves_his_table_unplayed_and_his_tablemates_sit_out(organizer):
    summary = simulate(organizer, pairs=10, rounds=2, system="swiss", seed=2, format="individual")
    t = Tournament.objects.get(slug=summary["slug"])
    set_final(organizer, t, kind=FinalKind.ROUND_ROBIN, size=8)
    t.refresh_from_db()
    qualified = confirm_qualification(organizer, t)
    assert stage2_round_count(t, qualified) == 7
    first = stage2_pairings(t)
    assert len(first.tables) == 2 and not first.sitting_out
    gone = qualified[0].pair
    withdraw_pair(organizer, gone, note="ушёл")
    result = stage2_pairings(t)
    seated = {n for table in result.tables for n in table.players}
    assert gone.number not in seated and gone.number not in result.sitting_out
    assert len(result.tables) == 1 and len(result.sitting_out) == 3  # his table: three sit out
    his = next(table for table in first.tables if gone.number in table.players)
    assert set(result.sitting_out) == set(his.players) - {gone.number}
    assert all(table.reason.startswith("финал: ") for table in result.tables)
