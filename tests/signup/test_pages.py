"""The registration's pages: the form with its honeypot and rate limit, the entry's page by code, the QR's
check-in address, the organizer's ticks (htmx) and the closing on site's confirmation."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from signup.codes import checkin_token
from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tests.factories import make_referee
from tournaments.models import Player

from .conftest import pair_data

pytestmark = pytest.mark.django_db


def _code(response) -> str:
    return re.search(r"/register/([A-Za-z0-9_-]{16,64})/$", response["Location"]).group(1)


def test_the_form_sends_an_entry_and_shows_its_code_on_the_entry_s_page(cup, client):
    url = reverse("tournaments:register", args=[cup.slug])
    page = client.get(url)
    assert page.status_code == 200 and 'name="player2_name"' in page.text and 'name="website"' in page.text
    assert "Осталось 2 места." in page.text
    response = client.post(url, pair_data("Иванов Иван", "Петров Пётр"))
    assert response.status_code == 302
    code = _code(response)
    entry_page = client.get(response["Location"])
    assert entry_page.status_code == 200
    assert code in entry_page.text and "Принята" in entry_page.text
    assert entry_page["Referrer-Policy"] == "same-origin" and "no-store" in entry_page["Cache-Control"]
    assert 'class="qr"' in entry_page.text and checkin_token(code) in entry_page.text
    assert "Сохраните адрес этой страницы" in entry_page.text


def test_the_honeypot_refuses_a_robot_with_a_message(cup, client):
    response = client.post(reverse("tournaments:register", args=[cup.slug]),
                           pair_data("Иванов Иван", "Петров Пётр", website="http://spam.example"))
    assert response.status_code == 400 and "людям не показывается" in response.text
    assert not Entry.objects.exists()


def test_the_rate_limit_per_address(cup, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 2
    url = reverse("tournaments:register", args=[cup.slug])
    near, far = Client(REMOTE_ADDR="10.0.0.5"), Client(REMOTE_ADDR="10.0.0.6")
    assert near.post(url, {"player1_name": ""}).status_code == 400  # a bad send counts too
    assert near.post(url, pair_data("Иванов Иван", "Петров Пётр")).status_code == 302
    refused = near.post(url, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    assert refused.status_code == 429 and "слишком много заявок" in refused.text
    assert far.post(url, pair_data("Сидоров Сидор", "Кузнецов Кузьма")).status_code == 302
    near_forged = Client(REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert near_forged.post(url, pair_data("Смирнов Алексей", "Попов Дмитрий")).status_code == 429


def test_errors_stand_next_to_their_fields(cup, client):
    response = client.post(reverse("tournaments:register", args=[cup.slug]),
                           pair_data("Иванов Иван", "иванов иван"))
    assert response.status_code == 400
    row = re.search(r'id="row-player2_name".*?</div>', response.text, re.S).group(0)
    assert "указан в паре дважды" in row


def test_a_closed_form_says_why(cup, organizer, client):
    client.force_login(organizer)
    client.post(reverse("tournaments:signup_settings", args=[cup.slug]), {"action": "close"})
    client.logout()
    page = client.get(reverse("tournaments:register", args=[cup.slug]))
    assert "Организатор закрыл регистрацию." in page.text and "signup-form" not in page.text
    response = client.post(reverse("tournaments:register", args=[cup.slug]), pair_data("Иванов Иван", "Петров Пётр"))
    assert response.status_code < 500 and not Entry.objects.exists()


def test_a_wrong_code_is_a_russian_404(cup, client):
    for code in ("A" * 22, "x" * 300):
        response = client.get(reverse("tournaments:signup_entry", args=[cup.slug, code]))
        assert response.status_code == 404 and "Заявки с таким кодом нет" in response.text
    response = client.post(reverse("tournaments:signup_withdraw", args=[cup.slug, "B" * 22]), {"confirmed": "1"})
    assert response.status_code == 404


def test_edit_and_withdraw_through_the_pages(cup, client):
    _e, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, code3 = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    page = client.get(reverse("tournaments:signup_entry", args=[cup.slug, code3]))
    assert "место в листе ожидания: 1" in page.text and 'class="qr"' not in page.text
    url = reverse("tournaments:signup_entry", args=[cup.slug, code])
    assert client.post(url, pair_data("Иванов Иван", "Петров Пётр", player1_club="Ржев")).status_code == 302
    assert Player.objects.get(pair__tournament=cup, name="Иванов Иван").club == "Ржев"
    confirm = client.get(reverse("tournaments:signup_withdraw", args=[cup.slug, code]))
    assert "Отозвать заявку?" in confirm.text and "первый из листа ожидания" in confirm.text
    client.post(reverse("tournaments:signup_withdraw", args=[cup.slug, code]), {"confirmed": "1"})
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.ACCEPTED


def test_the_check_in_address_asks_to_log_in_and_serves_only_officials(cup, organizer, django_user_model):
    entry, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    url = reverse("tournaments:signup_checkin", args=[cup.slug, checkin_token(code)])
    anonymous = Client()
    response = anonymous.get(url)
    assert response.status_code == 302 and "/login/" in response["Location"]
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("stranger"))
    refused = stranger.get(url)
    assert refused.status_code == 403 and "только организатор или судья" in refused.text
    referee = Client()
    referee.force_login(make_referee(cup))
    done = referee.get(url)
    assert done.status_code == 200 and "Прибытие отмечено: Иванов Иван — Петров Пётр." in done.text
    assert "уже было отмечено" in referee.get(url).text
    entry.refresh_from_db()
    assert entry.checked_in_at is not None


def test_the_organizer_s_list_ticks_with_htmx_and_closes_on_site(cup, organizer, client):
    here, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    away, _c = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    client.force_login(organizer)
    listing = client.get(reverse("tournaments:signup_entries", args=[cup.slug]))
    assert listing.status_code == 200 and f'id="tick-{here.pk}"' in listing.text
    row = client.post(reverse("tournaments:signup_tick", args=[cup.slug, here.pk]), HTTP_HX_REQUEST="true")
    assert row.status_code == 200 and row.text.lstrip().startswith("<li") and "на месте" in row.text
    confirm = client.post(reverse("tournaments:signup_close_on_site", args=[cup.slug]))
    assert "Сидоров Сидор — Кузнецов Кузьма" in confirm.text and "Иванов Иван" not in confirm.text
    client.post(reverse("tournaments:signup_close_on_site", args=[cup.slug]), {"confirmed": "1"})
    away.refresh_from_db()
    assert away.status == EntryStatus.ABSENT


def test_organizer_pages_refuse_others(cup, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger"))
    for name in ("signup_settings", "signup_entries", "signup_close_on_site"):
        assert client.get(reverse(f"tournaments:{name}", args=[cup.slug])).status_code == 403
    referee = Client()
    referee.force_login(make_referee(cup))
    assert referee.get(reverse("tournaments:signup_entries", args=[cup.slug])).status_code == 200
    assert referee.get(reverse("tournaments:signup_settings", args=[cup.slug])).status_code == 403


def test_the_settings_page_opens_the_registration(organizer, client):
    from tests.factories import make_tournament

    tournament = make_tournament(0, slug="fresh-cup")
    client.force_login(organizer)
    url = reverse("tournaments:signup_settings", args=[tournament.slug])
    assert client.get(url).status_code == 200
    bad = client.post(url, {"action": "open", "opens_at": "2026-12-01T10:00", "closes_at": "2026-11-01T10:00"})
    assert bad.status_code == 400 and "закрывается позже" in bad.text
    client.post(url, {"action": "open", "opens_at": "2026-01-01T10:00", "closes_at": "2099-11-01T10:00",
                      "limit": "16", "ask_club": "on"})
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    assert reverse("tournaments:register", args=[tournament.slug]) in detail.text


def test_the_form_is_in_english_under_en(cup, client):
    page = client.get("/en" + reverse("tournaments:register", args=[cup.slug]))
    assert page.status_code == 200 and "Send the entry" in page.text


def test_the_settings_page_gives_the_public_address_and_nothing_to_reopen_after_closing_on_site(
        cup, organizer, client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    client.force_login(organizer)
    url = reverse("tournaments:signup_settings", args=[cup.slug])
    page = client.get(url, HTTP_HOST="127.0.0.1").text
    form_link = re.search(r'id="form-link">([^<]+)<', page).group(1)
    assert form_link == "http://192.168.1.20:8000" + reverse("tournaments:register", args=[cup.slug])
    assert "Сохранить и открыть" in page
    assert client.post(reverse("tournaments:signup_close_on_site", args=[cup.slug]), {"confirmed": "1"}).status_code == 302
    page = client.get(url).text
    assert 'id="closed-on-site"' in page and "Сохранить и открыть" not in page and 'id="settings-form"' not in page
