"""An event in stages: the stages are not mixed (docs/rules.md «Этапы»). After a qualifier and a knockout with a
3rd-place match, every standing a user can open — the standings PDF, the workbook, the final report, the API,
the `standings` command, the organizer's state — says which stage it is, and the one called final is the
bracket's final places, not a sum of all the rounds."""
import io
import json

import pdfplumber
import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from events.documents import exports, pack
from events.services import finish_round, pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from events.state import FINISHED, tournament_state
from scoring.reports import selectors
from tests.factories import make_round
from tests.tournaments.test_stages import cached, staged
from tournaments.models import FinalKind, RoundStatus

pytestmark = pytest.mark.django_db

# Stage 1 (one round): 3 (+60), 7 (+30), 1 (+12), 5 (+10), then 6, 2, 8, 4. The knockout of 4 (seeds 3, 7, 1, 5):
# 5 beats 3 and 1 beats 7 in the semi-finals; 5 beats 1 in the final, 7 beats 3 for 3rd place.
WINNERS = {frozenset((3, 5)): 5, frozenset((7, 1)): 1, frozenset((5, 1)): 5, frozenset((3, 7)): 7}
FINAL_ORDER = [5, 1, 7, 3, 6, 2, 8, 4]
STAGE1_ORDER = [3, 7, 1, 5, 6, 2, 8, 4]


def play_stage2_round(organizer, tournament):
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    for partie in rnd.parties.select_related("pair_a", "pair_b"):
        winner = WINNERS[frozenset((partie.pair_a.number, partie.pair_b.number))]
        cached(partie, *((50, 30) if partie.pair_a.number == winner else (30, 50)))
    finish_round(organizer, rnd)


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org", password="domino2026")


@pytest.fixture
def event(organizer):
    tournament = staged(organizer, n_pairs=8)
    tournament = set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4, third_place=True)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status=RoundStatus.FINISHED)
    for partie, (a, b) in zip(rnd.parties.order_by("table"), [(47, 35), (60, 0), (40, 30), (50, 20)]):
        cached(partie, a, b)
    return tournament


def finished_event(organizer, tournament):
    confirm_qualification(organizer, tournament)
    play_stage2_round(organizer, tournament)  # semi-finals
    play_stage2_round(organizer, tournament)  # the final and the match for 3rd place
    return tournament


def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def order_in(text: str, numbers, prefix="№") -> list[int]:
    """The numbers in the order the text first names them as «№N»."""
    return sorted(numbers, key=lambda n: text.index(f"{prefix}{n} "))


def test_the_organizer_is_not_told_the_event_is_over_after_the_qualifier(organizer, event):
    state = tournament_state(event)
    assert state.code != FINISHED and state.label == "Первый этап завершён"
    assert "Итоговый отчёт" not in state.action.label and "/manage/stages/" in state.action.url
    confirm_qualification(organizer, event)
    state = tournament_state(event)
    assert state.code != FINISHED and "pair" in state.action.url
    play_stage2_round(organizer, event)
    state = tournament_state(event)
    assert state.code != FINISHED and state.label.startswith("Второй этап")
    play_stage2_round(organizer, event)
    assert tournament_state(event).code == FINISHED


def test_the_standings_are_stage_1_and_say_so(organizer, event):
    finished_event(organizer, event)
    data = selectors.load_standings(event)
    assert data.stage == 1 and [r.pair.number for r in data.rows] == STAGE1_ORDER
    assert all(r.played == 1 for r in data.rows)  # the knockout's games are not added in
    assert data.round_label == "первый этап, после тура 1"


def test_the_standings_pdf_leads_with_the_final_places_then_stage_1(organizer, event):
    finished_event(organizer, event)
    text = pdf_text(exports.standings_pdf(event))
    assert text.startswith("Итоговое положение")
    final_part, stage1_part = text.split("первый этап, после тура 1", 1)
    assert "Итоговые места" in final_part
    assert order_in(final_part, FINAL_ORDER) == FINAL_ORDER
    assert [int(line.split()[1]) for line in stage1_part.splitlines() if line[:1].isdigit()][:8] == STAGE1_ORDER


def test_the_workbook_has_the_final_places_and_stage_1_apart(organizer, event):
    finished_event(organizer, event)
    book = load_workbook(io.BytesIO(exports.workbook(event)))
    assert book.sheetnames[:2] == ["Итоговые места", "Положение 1-го этапа"]
    places = [row[1] for row in book["Итоговые места"].iter_rows(min_row=2, values_only=True)]
    assert places == FINAL_ORDER
    stage1 = list(book["Положение 1-го этапа"].iter_rows(min_row=2, values_only=True))
    assert [row[1] for row in stage1] == STAGE1_ORDER and all(row[4] == 1 for row in stage1)
    # the pairings sheet still lists the knockout's rounds
    pairings = book[book.sheetnames[-2]]
    assert {row[0] for row in pairings.iter_rows(min_row=2, values_only=True)} >= {1, 2, 3}
    assert load_workbook(io.BytesIO(exports.standings_workbook(event))).sheetnames[:2] == [
        "Итоговые места", "Положение 1-го этапа"]


def test_the_final_report_is_final_with_the_places_first(organizer, event):
    finished_event(organizer, event)
    text = pdf_text(pack.final_report(event))
    assert "итоговый отчёт" in text and "Положение первого этапа: после тура 1" in text
    places = text.split("Итоговые места", 1)[1].split("Положение первого этапа", 1)[0]
    assert order_in(places, FINAL_ORDER) == FINAL_ORDER


def test_the_final_report_before_stage_2_is_not_final(organizer, event):
    text = pdf_text(pack.final_report(event))
    assert "итоговый отчёт" not in text and "второй этап впереди" in text


def test_the_api_names_the_stage_and_gives_the_final_places(client, organizer, event):
    assert client.get(f"/api/v1/tournaments/{event.slug}/final-places/").json()["results"] == []
    finished_event(organizer, event)
    standings = client.get(f"/api/v1/tournaments/{event.slug}/standings/").json()
    assert standings["stage"] == 1 and [r["entrant"] for r in standings["results"]] == STAGE1_ORDER
    places = client.get(f"/api/v1/tournaments/{event.slug}/final-places/").json()["results"]
    assert [p["entrant"] for p in places] == FINAL_ORDER
    assert [p["place"] for p in places] == list(range(1, 9)) and [p["stage"] for p in places] == [2] * 4 + [1] * 4


def test_the_standings_command_names_the_stage(organizer, event, capsys):
    finished_event(organizer, event)
    call_command("standings", event.slug)
    assert "stage 1, after round 1 (final places: --final)" in capsys.readouterr().out
    call_command("standings", event.slug, "--final", "--json")
    assert [r["pair"] for r in json.loads(capsys.readouterr().out)] == FINAL_ORDER


def test_the_public_page_names_the_stage_2_rounds_and_the_winner(client, organizer, event):
    page = client.get(f"/t/{event.slug}/").content.decode()
    assert 'id="winner"' not in page and "второй этап: олимпийская система (сетка)" in page
    finished_event(organizer, event)
    page = client.get(f"/t/{event.slug}/").content.decode()
    assert "Тур 2 · Полуфинал" in page and "Тур 3 · Финал" in page
    winner = page[page.index('id="winner"'):].split("</dd>")[0]
    assert "№5 " in winner  # the bracket's champion, not stage 1's leader (№3)
