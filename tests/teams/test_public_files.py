"""A team event's public files are a team event's: its page lists «Положение команд (PDF)» before the pairs'
standings, that PDF holds the team standings, matches and cross table with every team named, and «Всё в Excel»
leads with the teams' sheets; the «Матчи» sheet names each table's pairs and the partie's score; the match sheet
says whose points difference it states, and when and where."""
import io

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.models import Protocol
from teams.models import MatchTable
from teams.standings import load_team_standings
from tests.factories import make_tournament
from tests.teams.test_report import LONG, played

pytestmark = pytest.mark.django_db


def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((p.extract_text() or "") for p in pdf.pages).split())


def test_the_public_page_of_a_team_event_offers_the_team_standings_first(organizer, client):
    t = played(organizer)
    page = client.get(reverse("tournaments:detail", args=[t.slug])).content.decode()
    team_pdf = reverse("teams:standings_pdf", args=[t.slug])
    assert f'href="{team_pdf}" id="team-standings-pdf">Положение команд (PDF)' in page
    assert 'id="standings-pdf">Положение пар (PDF)' in page
    assert page.index("team-standings-pdf") < page.index('id="standings-pdf"')

    response = client.get(team_pdf)
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    for heading in ("Положение команд", "Матчи по турам", "Турнирная таблица команд"):
        assert heading in text
    assert "Положение пар" not in text  # the teams' file, not the final report
    for row in load_team_standings(t).rows:
        assert f"№{row.team.number}" in text
    assert all(word in text for word in LONG.split())


def test_a_pair_event_offers_one_standings_file():
    t = make_tournament(4, slug="pairs-files")
    documents = t.format_spec.standings_documents(finished=True)
    assert [(d.label, d.id) for d in documents] == [("Итоговое положение (PDF)", "standings-pdf")]
    assert [d.label for d in t.format_spec.standings_documents(finished=False)] == [
        "Положение после сыгранных туров (PDF)"]
    assert t.format_spec.workbook_lead() == []


def test_all_in_excel_of_a_team_event_leads_with_the_teams(organizer, client):
    t = played(organizer)
    book = load_workbook(io.BytesIO(client.get(reverse("reports:workbook", args=[t.slug])).content))
    assert book.sheetnames[:3] == ["Команды", "Матчи", "Таблица команд"]
    assert "Положение" in book.sheetnames[3]  # then the pairs' own sheets
    teams = list(book["Команды"].iter_rows(values_only=True))
    assert {row[2] for row in teams[1:]} >= {LONG}
    matches = list(book["Матчи"].iter_rows(values_only=True))
    head = matches[0]
    assert head[5:8] == ("Пара команды A", "Пара команды B", "Счёт партии")
    played_tables = MatchTable.objects.filter(match__round__tournament=t, partie__pair_b__isnull=False)
    for table in played_tables.select_related("match", "partie__pair_a", "partie__pair_b"):
        protocol = Protocol.objects.get(partie=table.partie)
        row = next(r for r in matches[1:] if r[1] == table.match.number and r[0] == table.match.round.number
                   and r[4] == table.board)
        assert row[5].startswith(f"№{table.partie.pair_a.number} ") and " — " in row[5]
        assert row[6].startswith(f"№{table.partie.pair_b.number} ")
        assert row[7] == f"{protocol.score_a} : {protocol.score_b}"


def test_the_match_sheet_says_whose_difference_and_when_and_where(organizer, client):
    t = played(organizer, rounds=1)
    t.venue, t.city = "ДК железнодорожников", "Пермь"
    t.save(update_fields=["venue", "city"])
    table = MatchTable.objects.filter(match__round__tournament=t, match__team_b__isnull=False).first()
    url = reverse("teams:match_sheet", args=[t.slug, table.match.round.number, table.match.number])
    text = pdf_text(client.get(url).content)
    assert "разность очков команды A " in text
    assert "ДК железнодорожников · Пермь" in text
    assert str(t.start_date.year) in text


def test_the_match_sheet_links_each_table_to_its_signed_protocol_with_its_fingerprint(organizer, client):
    t = played(organizer, rounds=1)
    match = MatchTable.objects.filter(match__round__tournament=t, match__team_b__isnull=False).first().match
    data = client.get(reverse("teams:match_sheet", args=[t.slug, match.round.number, match.number])).content
    text = pdf_text(data).replace(" ", "")
    links = {a.get_object()["/A"]["/URI"] for page in PdfReader(io.BytesIO(data)).pages
             for a in page.get("/Annots") or [] if a.get_object().get("/A")}
    for table in match.tables.select_related("partie"):
        protocol = Protocol.objects.get(partie=table.partie)
        url = "http://testserver" + reverse("protocols:protocol", args=[table.partie.pk])
        assert url in links
        assert protocol.status == "signed"
        assert protocol.signatures.last().fingerprint in text
    assert "Протоколстола" in text


def test_the_round_page_links_each_table_to_its_protocol_and_names_its_fingerprint(organizer, client):
    t = played(organizer, rounds=1)
    page = client.get(reverse("teams:round", args=[t.slug, 1])).content.decode()
    for table in MatchTable.objects.filter(match__round__tournament=t, partie__pair_b__isnull=False):
        fingerprint = Protocol.objects.get(partie=table.partie).signatures.last().fingerprint
        assert f'href="{reverse("protocols:protocol", args=[table.partie.pk])}" class="table-protocol"' in page
        assert f"{fingerprint[:12]}…" in page
