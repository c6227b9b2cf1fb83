"""The pages: public reading without login, the organizer's round through the browser client."""
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from events.services import run_draw
from tests.factories import make_round, make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.models import Entrant, RoundStatus

pytestmark = pytest.mark.django_db


def test_published_round_is_public_and_draft_is_not(client, organizer):
    t = make_tournament(6)
    make_round(t, 1, [(1, 2), (3, 4), (5, 6)], status="published")
    make_round(t, 2, [(1, 3), (2, 5), (4, 6)], status="draft")
    r = client.get(reverse("tournaments:pairings", args=[t.slug, 1]))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Иванов Иван" in html and "Стол" in html
    assert client.get(reverse("tournaments:pairings", args=[t.slug, 2])).status_code == 404
    detail = client.get(reverse("tournaments:detail", args=[t.slug])).content.decode()
    assert "Тур 1" in detail and "Тур 2" not in detail
    client.force_login(organizer)
    assert client.get(reverse("tournaments:pairings", args=[t.slug, 2])).status_code == 200


def test_players_find_their_name_first(client):
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1]), {"q": "кузнецов"}).content.decode()
    assert html.index("Найдите свою фамилию") < html.index("По столам")
    by_name = html[html.index("Найдите свою фамилию"):html.index("По столам")]
    # Only the matching player's row (his partner Сидоров is not listed); his opponents are shown.
    assert "Кузнецов Иван" in by_name and "Сидоров Иван" not in by_name
    assert "Иванов Иван — Петров Иван" in by_name


def test_seating_shows_seats_lead_and_shuffle(client):
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    html = client.get(reverse("tournaments:seating", args=[t.slug, 1])).content.decode()
    # Pair 1 = A: its player 1 (Иванов Иван) sits A1 and leads deal 1; B1 (Сидоров Иван) shuffles.
    assert "<td>1</td><td>A1 Иванов Иван</td><td>B1 Сидоров Иван</td>" in html
    assert "<td>2</td><td>B1 Сидоров Иван</td><td>A2 Петров Иван</td>" in html
    assert "<td>4</td><td>B2 Кузнецов Иван</td><td>A1 Иванов Иван</td>" in html


def test_draw_page_is_public_and_printable(client, organizer):
    t = make_tournament(4, numbered=False)
    run_draw(organizer, t, seed="print-me")
    html = client.get(reverse("tournaments:draw", args=[t.slug])).content.decode()
    assert "print-me" in html and "organizer" in html
    # printable: the print styles come from a static file (the Content-Security-Policy allows no inline <style>)
    assert "tournaments/print.css" in html
    from django.conf import settings  # noqa: PLC0415

    assert "@page { size: A4" in (settings.BASE_DIR / "static" / "tournaments" / "print.css").read_text(encoding="utf-8")


def test_pages_do_not_query_per_row(client):
    counts = []
    for n, slug in ((8, "small"), (80, "big")):
        t = make_tournament(n, slug=slug)
        make_round(t, 1, [(2 * i + 1, 2 * i + 2) for i in range(n // 2)])
        for name in ("tournaments:pairings", "tournaments:seating"):
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(reverse(name, args=[slug, 1])).status_code == 200
            counts.append((name, len(ctx.captured_queries)))
    assert counts[0][1] == counts[2][1] and counts[1][1] == counts[3][1]


def test_organizer_pages_need_permission(client, plain_user):
    t = make_tournament(4)
    url = reverse("tournaments:manage", args=[t.slug])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(plain_user)
    assert client.get(url).status_code == 403
    assert client.post(reverse("tournaments:pair_round", args=[t.slug])).status_code == 403


def test_template_download_is_an_xlsx(client, organizer):
    t = make_tournament(0)
    client.force_login(organizer)
    r = client.get(reverse("tournaments:import_template", args=[t.slug]))
    assert r.status_code == 200
    ws = load_workbook(io.BytesIO(r.content)).active
    assert ws["A1"].value == "Игрок 1" and ws["D1"].value == "Игрок 2"


def test_import_page_reports_bad_rows_and_saves_nothing(client, organizer):
    t = make_tournament(0)
    client.force_login(organizer)
    rows = pair_rows(3)
    rows[1][0] = ""
    upload = SimpleUploadedFile("pairs.xlsx", xlsx_bytes(rows))
    r = client.post(reverse("tournaments:import", args=[t.slug]), {"file": upload})
    assert r.status_code == 400
    html = r.content.decode()
    assert "<td>3</td><td>Игрок 1 (A)</td>" in html and "ничего не сохранено" in html
    assert not Entrant.objects.filter(tournament=t).exists()


def test_register_form_shows_error_next_to_the_field(client, organizer):
    t = make_tournament(0)
    client.force_login(organizer)
    r = client.post(reverse("tournaments:pair_add", args=[t.slug]), {"player1_name": "Иванов", "player2_name": ""})
    assert r.status_code == 400 and "Обязательное поле" in r.content.decode()
    r = client.post(reverse("tournaments:pair_add", args=[t.slug]),
                    {"player1_name": "Иванов Иван", "player2_name": "Петров Пётр", "player1_rating": "1500"})
    assert r.status_code == 302 and t.pairs.count() == 1


def test_one_round_through_the_pages(client, organizer):
    t = make_tournament(0)
    client.force_login(organizer)
    upload = SimpleUploadedFile("pairs.xlsx", xlsx_bytes(pair_rows(24)))
    assert client.post(reverse("tournaments:import", args=[t.slug]), {"file": upload}).status_code == 302
    assert t.pairs.count() == 24
    # the draw first says what it will do, then does it once confirmed
    r = client.post(reverse("tournaments:draw_run", args=[t.slug]), {"seed": "pages"})
    assert r.status_code == 200 and "номера 1–24 по жребию" in r.content.decode() and "«pages»" in r.content.decode()
    t.refresh_from_db()
    assert not t.draw_done_at
    client.post(reverse("tournaments:draw_run", args=[t.slug]), {"seed": "pages", "confirmed": "1"})
    t.refresh_from_db()
    assert t.draw_seed == "pages" and sorted(t.pairs.values_list("number", flat=True)) == list(range(1, 25))
    r = client.post(reverse("tournaments:pair_round", args=[t.slug]), {"override_reason": ""})
    assert r.status_code == 302 and r.url == reverse("tournaments:pairings", args=[t.slug, 1])
    rnd = t.rounds.get(number=1)
    assert rnd.status == RoundStatus.DRAFT and rnd.parties.count() == 12
    numbers = sorted(n for p in rnd.parties.all() for n in (p.pair_a.number, p.pair_b.number))
    assert numbers == list(range(1, 25))
    first = rnd.parties.order_by("table").first()
    x, y = first.pair_a.number, rnd.parties.order_by("table")[1].pair_a.number
    r = client.post(reverse("tournaments:swap", args=[t.slug, 1]), {"pair_x": x, "pair_y": y}, follow=True)
    assert "Пары поменяны местами" in r.content.decode()
    r = client.post(reverse("tournaments:round_action", args=[t.slug, 1, "publish"]))
    assert "станет виден всем" in r.content.decode()
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.DRAFT
    client.post(reverse("tournaments:round_action", args=[t.slug, 1, "publish"]), {"confirmed": "1"})
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED
    # A second round is refused while protocols are unsigned: the message names the tables.
    r = client.post(reverse("tournaments:pair_round", args=[t.slug]), {"override_reason": ""}, follow=True)
    assert "не подписаны протоколы" in r.content.decode()
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1])).content.decode()
    assert "изменено организатором вручную" in html
    client.logout()
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1])).content.decode()
    # The reason of a manual change is internal: the public sees the pairing, not the reason.
    assert "Игрок 1" in html and "изменено организатором вручную" not in html and "Обоснование" not in html


def test_organizer_role_can_manage(client, plain_user):
    from access.models import RoleKind, TournamentRole

    t = make_tournament(4, numbered=False)
    TournamentRole.objects.create(tournament=t, user=plain_user, role=RoleKind.ORGANIZER)
    client.force_login(plain_user)
    assert client.get(reverse("tournaments:manage", args=[t.slug])).status_code == 200
    client.post(reverse("tournaments:draw_run", args=[t.slug]), {"seed": "x", "confirmed": "1"})
    client.post(reverse("tournaments:pair_round", args=[t.slug]))
    rnd = t.rounds.get()
    assert rnd.paired_by == plain_user and rnd.parties.count() == 2
