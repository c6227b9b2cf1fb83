"""The print pack of a round and the final report: real PDFs, read back with pypdf."""
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from events.documents import exports, pack
from scoring import services as scoring_services
from tests.referees.conftest import fast_password_hasher, table  # noqa: F401  (shared fixtures)
from tests.referees.helpers import play, sign_all
from tests.versions import shown_version
from tournaments.models import Player
from tournaments.presets import preset_label

pytestmark = pytest.mark.django_db
CLUB = "«Пусто-шесть»"


def text_of(data: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return " ".join(text.split()), len(reader.pages)  # line breaks of wrapped cells read as spaces


def names(t, number):
    return [p.name for p in Player.objects.filter(pair__tournament=t, pair__number=number).order_by("number")]


def test_preset_label_is_russian_and_falls_back_to_the_code():
    assert preset_label("pusto-shest") == "Пусто-шесть"
    assert preset_label("federation") == "Федерация"
    assert preset_label("kozel-new") == "kozel-new"


def test_pairings_by_table_in_large_type(table):
    text, pages = text_of(pack.pairings_by_table(table.tournament, 2))
    assert "тур 2: пары по столам" in text and CLUB in text and "pusto-shest" not in text
    for name in names(table.tournament, 3) + names(table.tournament, 7):
        assert name in text
    page = PdfReader(io.BytesIO(pack.pairings_by_table(table.tournament, 2))).pages[0]
    assert round(float(page.mediabox.width)) == 595 and round(float(page.mediabox.height)) == 842  # A4


def test_pairings_by_name_are_alphabetical(table):
    text, _pages = text_of(pack.pairings_by_name(table.tournament, 2))
    everyone = sorted(Player.objects.filter(pair__tournament=table.tournament).values_list("name", flat=True),
                      key=str.lower)
    positions = [text.index(name) for name in everyone]
    assert positions == sorted(positions)
    assert "игроки по алфавиту" in text


def test_table_cards_one_page_per_table_with_the_seats(table):
    text, pages = text_of(pack.table_cards(table.tournament, 2))
    assert pages == table.round2.parties.exclude(pair_b=None).count() == 4
    a1, a2 = names(table.tournament, 3)
    b1, b2 = names(table.tournament, 7)
    first = PdfReader(io.BytesIO(pack.table_cards(table.tournament, 2))).pages[0].extract_text()
    for token in ("Стол 1", "Пара A: №3", "Пара B: №7", "A1", "B1", "A2", "B2", a1, a2, b1, b2, CLUB):
        assert token in first


def test_blank_score_sheets_name_the_preset_in_russian(table):
    text, _pages = text_of(exports.blank_sheets_pdf(table.tournament, 2))
    assert CLUB in text and "pusto-shest" not in text


def test_names_with_markup_print_as_written(table):
    player = Player.objects.get(pair__tournament=table.tournament, pair__number=3, number=1)
    player.name = "<b>Иванов & Ко</b> =1+1"
    player.save()
    for data in (pack.pairings_by_table(table.tournament, 2), pack.pairings_by_name(table.tournament, 2),
                 pack.table_cards(table.tournament, 2)):
        assert "<b>Иванов & Ко</b> =1+1" in text_of(data)[0]


def test_final_report_has_standings_cross_table_sanctions_and_signature_line(table):
    table.chief.first_name, table.chief.last_name = "Глеб", "Главный"
    table.chief.save()
    play(table.referee, table.partie)
    scoring_services.give_remark(table.referee, table.partie, deal=2, seat="B1", reason="talking",
                                 expected_version=shown_version(table.partie))
    scoring_services.give_remark(table.referee, table.partie, deal=3, seat="B1", reason="signs",
                                 expected_version=shown_version(table.partie))
    sign_all(table)
    text, pages = text_of(pack.final_report(table.tournament))
    for token in ("отчёт, тур 2 из 7 идёт (предварительно)", "Положение: тур 2 из 7 идёт (предварительно)",
                  "Турнирная таблица", "Замечания и санкции",
                  "Разговоры", "Знаки партнёру", "предупреждение", "раздача считается рыбой, у пары 20 очков",
                  "Главный судья", "Главный Глеб", "Главный секретарь",
                  CLUB):
        assert token in text, token
    assert "pusto-shest" not in text and "итоговый" not in text.lower()
    rows = pack.sanctions_of(table.tournament)
    assert [(r["pair"], r["number"]) for r in rows] == [(7, 1), (7, 2)]


def test_final_report_without_remarks_says_so(table):
    text, _pages = text_of(pack.final_report(table.tournament))
    assert "Замечаний не было." in text


def test_final_report_states_the_protocols_check_above_the_signature(table):
    from scoring.models import Deal, Protocol

    play(table.referee, table.partie)
    sign_all(table)
    text, _pages = text_of(pack.final_report(table.tournament))
    assert "Проверка протоколов Протоколов пересчитано движком: 1, из них подписано: 1. Всё сходится" in text
    assert text.index("Проверка протоколов") < text.index("Главный судья")
    deal = Deal.objects.get(protocol__partie=table.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))  # behind the services' back
    play(table.referee, table.other_partie)
    Protocol.objects.filter(partie=table.other_partie).update(score_a=999)
    text, _pages = text_of(pack.final_report(table.tournament))
    assert "Не сходятся (см. страницу «Проверка протоколов»): тур 2 стол 1, тур 2 стол 2." in text
    assert "Всё сходится" not in text


def test_print_pages_for_referees_only(client, table):
    url = reverse("tournaments:print", args=[table.tournament.slug, 2, "table-cards"])
    client.force_login(table.nobody)
    assert client.get(url).status_code == 403
    assert client.get(reverse("tournaments:final_report", args=[table.tournament.slug])).status_code == 403
    client.force_login(table.referee)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert client.get(reverse("tournaments:print", args=[table.tournament.slug, 2, "nope"])).status_code == 404
    assert client.get(reverse("tournaments:print", args=[table.tournament.slug, 9, "table-cards"])).status_code == 404
    # The URL converter does not reverse a number this large: the page is built by hand, as a visitor would type it.
    huge = url.replace("/rounds/2/", f"/rounds/{10 ** 30}/")
    assert huge != url
    assert client.get(huge).status_code == 404
    client.force_login(table.organizer)
    for kind in ("pairings-tables", "pairings-names", "table-cards"):
        response = client.get(reverse("tournaments:print", args=[table.tournament.slug, 1, kind]))
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
    response = client.get(reverse("tournaments:final_report", args=[table.tournament.slug]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_own_phone_signing_puts_the_tables_signing_qr_on_its_card(table, monkeypatch):
    from urllib.parse import parse_qs, urlsplit  # noqa: PLC0415

    from django.urls import reverse  # noqa: PLC0415

    from core import pdf as toolkit  # noqa: PLC0415
    from scoring.pin_tries import token_valid  # noqa: PLC0415
    from tournaments.models import SigningMethod, Tournament  # noqa: PLC0415

    drawn = []
    real = toolkit.draw_qr
    monkeypatch.setattr(toolkit, "draw_qr", lambda c, text, *a, **k: (drawn.append(text), real(c, text, *a, **k)))
    text, _pages = text_of(pack.table_cards(table.tournament, 2, base_url="http://hall.example/"))
    assert drawn == [] and "своего телефона" not in text  # signing at the referee's device: no QR
    Tournament.objects.filter(pk=table.tournament.pk).update(signing_method=SigningMethod.OWN_PHONE)
    table.tournament.refresh_from_db()
    text, pages = text_of(pack.table_cards(table.tournament, 2, base_url="http://hall.example/"))
    assert len(drawn) == pages == 4 and text.count("Подпись протокола со своего телефона") == 4
    parties = list(table.round2.parties.exclude(pair_b=None).order_by("table"))
    for partie, url in zip(parties, drawn):
        parts = urlsplit(url)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "http://hall.example" + reverse(
            "referees:phone_sign", args=[partie.pk])
        assert token_valid(partie.pk, parse_qs(parts.query)["t"][0])
