"""The pages of an event in stages: the organizer's qualification page (settings, the decisive criterion of
each place, a tie at the cut, hostile input), the bracket page, its projector view and its PDF."""
import io
import re

import pdfplumber
import pytest
from pypdf import PdfReader

from events.services import pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from events.stage_selectors import bracket_data
from scoring.reports.pdf_bracket import bracket_pdf
from tests.factories import make_round
from tests.tournaments.test_stages import cached, staged
from tournaments.models import FinalKind, Qualification, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org", password="domino2026")


@pytest.fixture
def client_in(client, organizer):
    client.force_login(organizer)
    return client


def eight(organizer, **kwargs):
    tournament = staged(organizer, n_pairs=8, **kwargs)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status=RoundStatus.FINISHED)
    for partie, (a, b) in zip(rnd.parties.order_by("table"), [(47, 35), (60, 0), (40, 30), (50, 20)]):
        cached(partie, a, b)
    return tournament


def test_the_qualification_page_shows_the_criterion_and_confirms(client_in, organizer):
    tournament = eight(organizer)
    url = f"/t/{tournament.slug}/manage/stages/"
    response = client_in.post(url + "final/", {"final_kind": "knockout", "final_size": "99"})
    assert response.status_code == 400
    assert "Во второй этап выходят от 2 до 64 участников" in response.content.decode() or \
        "не больше 64" in response.content.decode() or "64" in response.content.decode()
    response = client_in.post(url + "final/", {"final_kind": "knockout", "final_size": "4",
                                                "final_third_place": "on"})
    assert response.status_code == 302
    page = client_in.get(url).content.decode()
    assert 'id="qualification-table"' in page
    row = re.search(r'<tr class="finalist[^"]*" id="place-1">(.*?)</tr>', page, re.S).group(1)
    assert "выше следующего: разность очков" in row  # pair 1 (+12) above pair 5 (+10)
    expected = re.search(r'name="expected" value="([^"]*)"', page).group(1)
    assert expected == "3,7,1,5"
    response = client_in.post(url + "confirm/", {"expected": expected})  # first the confirmation page
    assert response.status_code == 200 and "посев 1: №3" in response.content.decode()
    assert not Qualification.objects.exists()
    response = client_in.post(url + "confirm/", {"expected": expected, "confirmed": "1"})
    assert response.status_code == 302
    assert [q.pair.number for q in Qualification.objects.order_by("seed")] == [3, 7, 1, 5]
    assert "Состав подтверждён" in client_in.get(url).content.decode()


def test_a_tie_at_the_cut_and_hostile_input_are_answered_in_russian(client_in, organizer):
    tournament = eight(organizer, tiebreaks=["match_points"])
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=2)
    url = f"/t/{tournament.slug}/manage/stages/"
    page = client_in.get(url).content.decode()
    assert 'id="tie-at-cut"' in page and "№1, №3, №5, №7" in page
    response = client_in.post(url + "confirm/", {"expected": "", "tie_order": "abc; <script>"})
    assert response.status_code == 400 and "Номера — целые числа через запятую" in response.content.decode()
    response = client_in.post(url + "confirm/", {"expected": "", "tie_order": "7, 3"})
    assert response.status_code == 400 and "для всех и только для них" in response.content.decode()
    response = client_in.post(url + "confirm/", {"expected": "", "tie_order": "7, 3, 1, 5"})
    assert response.status_code == 200 and "посев 1: №7" in response.content.decode()  # the confirmation page
    response = client_in.post(url + "confirm/", {"expected": "", "tie_order": "7, 3, 1, 5", "confirmed": "1"})
    assert response.status_code == 302
    assert [q.pair.number for q in Qualification.objects.order_by("seed")] == [7, 3]
    assert client_in.get(url + "undo/").status_code == 405


def test_the_bracket_page_projector_and_pdf(client_in, client, organizer):
    tournament = eight(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=5)
    confirm_qualification(organizer, tournament)
    publish_round(organizer, pair_round(organizer, tournament))
    client.logout()
    page = client.get(f"/t/{tournament.slug}/bracket/").content.decode()
    assert page.count('class="match"') == 7  # 4 + 2 + 1
    assert page.count('<span class="name">свободен</span>') == 3 and "«Свободен» — у участника нет соперника" in page
    assert "1/4 финала" in page and "Полуфинал" in page and "Финал" in page
    assert "тур 2, стол 1" in page
    projector = client.get(f"/t/{tournament.slug}/bracket/projector/")
    assert projector.status_code == 200 and 'id="bracket-board"' in projector.content.decode()
    pdf = client.get(f"/t/{tournament.slug}/bracket.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(pdf.content))
    assert len(reader.pages) == 1 and reader.pages[0].mediabox.width > reader.pages[0].mediabox.height
    text = reader.pages[0].extract_text()
    assert "Полуфинал" in text and "свободен" in text
    assert client.get("/t/no-such/bracket/").status_code == 404
    other = staged(organizer, slug="plain")
    assert client.get(f"/t/{other.slug}/bracket/").status_code == 404


def test_a_bracket_of_32_prints_on_one_landscape_page_with_no_word_over_another(organizer):
    tournament = staged(organizer, n_pairs=32)
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(16)], status=RoundStatus.FINISHED)
    for i, partie in enumerate(rnd.parties.order_by("table")):
        cached(partie, 40 + i, 20 + i % 3)
    tournament.pairs.get(number=5).players.filter(number=1).update(name="Римский-Корсаков Николай Андреевич")
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=32, third_place=True)
    tournament.refresh_from_db()
    confirm_qualification(organizer, tournament)
    with pdfplumber.open(io.BytesIO(bracket_pdf(tournament, bracket_data(tournament)))) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        words = page.extract_words()
    assert page.width > page.height
    assert all(0 <= w["x0"] and w["x1"] <= page.width and 0 <= w["top"] and w["bottom"] <= page.height
               for w in words)
    overlaps = [(a["text"], b["text"]) for i, a in enumerate(words) for b in words[i + 1:]
                if a["x0"] < b["x1"] - 0.5 and b["x0"] < a["x1"] - 0.5
                and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5]
    assert overlaps == []
    numbers = {w["text"] for w in words if w["text"].startswith("№")}
    assert {f"№{n}" for n in range(1, 33)} <= numbers  # every entrant's number prints whole
