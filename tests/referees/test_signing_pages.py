"""The signing pages: the table's device (PIN, attest, confirmations), the public phone page, the PIN slips."""
import re

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from scoring import pin_codes, pin_tries, services
from scoring.errors import ServiceError
from scoring.models import Protocol
from tests.versions import shown_version
from tournaments.models import Player, SigningMethod

from .helpers import play


def _method(table, method):
    table.tournament.signing_method = method
    table.tournament.save()


def _codes(table):
    return {i.player.pk: i.pin for i in services.generate_pins(table.organizer, table.tournament)}


def _v(table):
    return shown_version(table.partie)


def _player(table, seat):
    number = 3 if seat[0] == "A" else 7
    return Player.objects.get(pair__tournament=table.tournament, pair__number=number, number=int(seat[1]))


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def test_table_pin_page_signs_and_shows_the_error_next_to_the_seat(ref_client, table):
    _method(table, SigningMethod.TABLE_PIN)
    codes = _codes(table)
    play(table.referee, table.partie)
    entry = reverse("referees:partie", args=[table.partie.pk])
    page = ref_client.get(entry).content.decode()
    assert 'name="pin"' in page and 'name="password"' not in page
    sign = reverse("referees:sign", args=[table.partie.pk])
    for bad in ("٣٣٣٣", "<b>1</b>", "=1+2", "9" * 10000):
        r = ref_client.post(sign, {"seat": "A1", "pin": bad, "version": _v(table)})
        body = r.content.decode()
        assert r.status_code == 422 and "ПИН-код — от 4 до 6 цифр" in body
        assert re.search(r'id="sign-A1".*?ПИН-код — от 4 до 6 цифр', body, re.S)
    r = ref_client.post(sign, {"seat": "A1", "pin": codes[_player(table, "A1").pk], "version": _v(table)})
    assert r.status_code == 302
    assert Protocol.objects.get(partie=table.partie).signatures.get().method == SigningMethod.TABLE_PIN


def test_five_wrong_pins_refused_on_the_page(ref_client, table):
    _method(table, SigningMethod.TABLE_PIN)
    codes = _codes(table)
    play(table.referee, table.partie)
    right = codes[_player(table, "B2").pk]
    wrong = "12345" if right != "12345" else "54321"
    sign = reverse("referees:sign", args=[table.partie.pk])
    for _i in range(5):
        r = ref_client.post(sign, {"seat": "B2", "pin": wrong, "version": _v(table)})
        assert r.status_code == 422
    body = r.content.decode()
    assert "введён 5 раз" in body and _player(table, "B2").name in body
    r = ref_client.post(sign, {"seat": "B2", "pin": right, "version": _v(table)})
    assert r.status_code == 422 and "введён 5 раз" in r.content.decode()
    assert not Protocol.objects.get(partie=table.partie).signatures.exists()


def test_countersign_asks_for_confirmation_naming_the_score(ref_client, table):
    _method(table, SigningMethod.REFEREE_ATTESTS)
    play(table.referee, table.partie)
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="countersign"' in page and 'id="sign-A1"' not in page
    sign = reverse("referees:sign", args=[table.partie.pk])
    r = ref_client.post(sign, {"role": "referee", "version": _v(table)})
    body = r.content.decode()
    assert 'id="confirm"' in body and "48 : 35" in body and "бумажный бланк" in body
    assert not Protocol.objects.get(partie=table.partie).is_locked
    confirm = body.split('id="confirm"', 1)[1].split("</form>", 1)[0]
    assert f'name="version" value="{_v(table)}"' in confirm
    r = ref_client.post(sign, {"role": "referee", "confirm": "1", "version": _v(table)})
    assert r.status_code == 302 and Protocol.objects.get(partie=table.partie).is_locked


def test_correction_after_signatures_warns_and_says_who_signs_again(ref_client, table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1", expected_version=_v(table))
    entry = reverse("referees:partie", args=[table.partie.pk])
    page = ref_client.get(entry + "?correct=2").content.decode()
    a1 = _player(table, "A1").name
    assert 'id="correction-warning"' in page and a1 in page
    data = {"n": 2, "version": Protocol.objects.get(partie=table.partie).version, "correct": "True",
            "result": "block", "hand_A1": 9, "hand_A2": 10, "hand_B1": 4, "hand_B2": 31}
    r = ref_client.post(reverse("referees:deal_save", args=[table.partie.pk]), data, follow=True)
    body = r.content.decode()
    assert "Подписать протокол снова должны: " + a1 in body
    assert not Protocol.objects.get(partie=table.partie).signatures.exists()


def test_no_show_undo_from_the_page(ref_client, table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=_v(table))
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="no_show_undo"' in page
    undo = page.split('id="no_show_undo"', 1)[1].split("</form>", 1)[0]
    assert f'name="version" value="{_v(table)}"' in undo
    r = ref_client.post(reverse("referees:no_show_undo", args=[table.partie.pk]),
                        {"reason": "ошибка", "version": _v(table)})
    assert r.status_code == 302 and not Protocol.objects.get(partie=table.partie).no_show


def test_own_phone_page_shows_a_qr_and_signs_without_login(client, ref_client, table):
    _method(table, SigningMethod.OWN_PHONE)
    codes = _codes(table)
    play(table.referee, table.partie)
    entry = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    phone = reverse("referees:phone_sign", args=[table.partie.pk]) + "?t=" + pin_tries.table_token(table.partie)
    assert 'svg class="qr"' in entry and phone in entry
    client.logout()
    page = client.get(phone)
    assert page.status_code == 200 and 'name="pin"' in page.content.decode()
    wrong = "0000" if codes[_player(table, "B1").pk] != "0000" else "1111"
    r = client.post(phone, {"seat": "B1", "pin": wrong, "version": _v(table)})
    assert r.status_code == 422 and "Неверный ПИН-код" in r.content.decode()
    r = client.post(phone, {"seat": "B1", "pin": codes[_player(table, "B1").pk], "version": _v(table)})
    assert r.status_code == 302
    sig = Protocol.objects.get(partie=table.partie).signatures.get()
    assert sig.method == SigningMethod.OWN_PHONE and sig.seat == "B1"
    assert AuditEntry.objects.filter(action="protocol.signed", user=None).exists()


def test_site_url_is_used_for_the_qr(ref_client, table, settings):
    settings.SITE_URL = "https://domino.example.org"
    _method(table, SigningMethod.OWN_PHONE)
    play(table.referee, table.partie)
    entry = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert "https://domino.example.org" + reverse("referees:phone_sign", args=[table.partie.pk]) + "?t=" in entry


def test_phone_page_in_other_modes_refuses_politely(client, table):
    play(table.referee, table.partie)
    codes = _codes(table)
    phone = reverse("referees:phone_sign", args=[table.partie.pk])
    assert 'id="not-own-phone"' in client.get(phone).content.decode()
    r = client.post(phone, {"seat": "A1", "pin": codes[_player(table, "A1").pk]})
    assert r.status_code == 422 and not Protocol.objects.get(partie=table.partie).signatures.exists()


def test_pin_slips_for_the_organizer_only(client, table):
    url = reverse("referees:player_pins", args=[table.tournament.slug])
    client.force_login(table.referee)
    assert client.post(url).status_code == 403
    client.force_login(table.organizer)
    r = client.post(url)
    html = r.content.decode()
    assert r.status_code == 200 and html.count('class="slip"') == 16 and 'svg class="qr"' in html
    assert "no-store" in r.headers.get("Cache-Control", "") or "max-age=0" in r.headers.get("Cache-Control", "")
    pin = re.search(r'class="pin">(\d{5})<', html).group(1)
    assert any(pin_codes.pin_matches(pin, p.pin_hash) for p in Player.objects.filter(pair__tournament=table.tournament))


def test_organizer_picks_the_signing_method_on_the_signing_page(client, table):
    url = reverse("referees:signing_settings", args=[table.tournament.slug])
    client.force_login(table.referee)
    assert client.post(url, {"signing_method": "table_pin", "signature_mode": "each_player"}).status_code == 403
    client.force_login(table.organizer)
    page = client.get(reverse("referees:signing", args=[table.tournament.slug])).content.decode()
    assert 'id="signing-form"' in page
    r = client.post(url, {"signing_method": "<script>", "signature_mode": "each_player"}, follow=True)
    assert "Выберите способ подписи" in r.content.decode()
    client.post(url, {"signing_method": "own_phone", "signature_mode": "one_per_pair"})
    table.tournament.refresh_from_db()
    assert (table.tournament.signing_method, table.tournament.signature_mode) == ("own_phone", "one_per_pair")
    entry = AuditEntry.objects.get(action="tournament.signing_changed")
    assert entry.before["signing_method"] == "account" and entry.after["signing_method"] == "own_phone"


def test_every_error_of_a_deal_is_shown_at_once_next_to_its_field(ref_client, table):
    from scoring.models import Deal

    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, {"n": 1, "version": 0, "result": "domino", "hand_A2": "200", "hand_B1": "٣",
                              "hand_B2": "²"})
    body = r.content.decode()
    assert r.status_code == 422
    for field in ("out", "hand_A2", "hand_B1", "hand_B2"):
        error = re.search(rf'id="err-{field}"[^>]*>([^<]*)<', body).group(1)
        assert error.strip(), field
    assert not Deal.objects.exists()


def test_wrong_pass_ignores_the_hands(ref_client, table):
    from scoring.models import Deal

    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, {"n": 1, "version": 0, "result": "wrong_pass", "offender": "B1", "hand_A1": "99"})
    assert r.status_code == 302
    deal = Deal.objects.get()
    assert deal.offender == "B1" and not deal.hands


def test_audit_reads_as_sentences(client, table):
    from .conftest import DEALS

    play(table.referee, table.partie, DEALS[:2])
    services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=_v(table))
    _method(table, SigningMethod.OWN_PHONE)
    codes = _codes(table)
    services.record_deal(table.referee, table.partie, DEALS[2], expected_version=_v(table))
    services.record_deal(table.referee, table.partie, DEALS[3], expected_version=_v(table))
    services.sign_protocol(None, table.partie, role="player", seat="A1", pin=codes[_player(table, "A1").pk],
                           expected_version=_v(table),
                           phone=pin_tries.phone_client(pin_tries.table_token(table.partie), "phone", "10.0.0.1"))
    client.force_login(table.chief)
    html = client.get(reverse("referees:audit_partie", args=[table.partie.pk])).content.decode()
    assert "Судья Судейская Анна" in html
    assert "раздача 2 исправлена: было 48:0 (рыба, A1 9, B1 4, A2 10, B2 30) → стало 49:0 (рыба, A1 9, B1 4, A2 10, B2 31)" in html
    assert "подпись A1 — " + _player(table, "A1").name + " (ПИН-код со своего телефона)" in html
    assert "Игрок (без входа)" in html
    assert '"totals"' not in re.sub(r"<details>.*?</details>", "", html, flags=re.S)


def test_chief_referee_lets_a_blocked_player_try_again(client, table):
    _method(table, SigningMethod.TABLE_PIN)
    codes = _codes(table)
    play(table.referee, table.partie)
    right = codes[_player(table, "A2").pk]
    wrong = "12345" if right != "12345" else "54321"
    for _ in range(5):
        with pytest.raises(ServiceError) as exc:
            services.sign_protocol(table.referee, table.partie, role="player", seat="A2", pin=wrong,
                                   expected_version=_v(table))
        assert exc.value.code in ("pin_wrong", "pin_blocked")
    url = reverse("referees:pin_reset", args=[table.partie.pk])
    client.force_login(table.referee)
    page = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="pin-reset-A2"' not in page
    assert client.post(url, {"seat": "A2", "reason": "опечатка"}).status_code == 403
    client.force_login(table.chief)
    page = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="pin-reset-A2"' in page and 'id="pin-reset-A1"' not in page
    r = client.post(url, {"seat": "A2", "reason": ""}, follow=True)
    assert "Укажите причину" in r.content.decode()
    client.post(url, {"seat": "A2", "reason": "опечатка"})
    assert AuditEntry.objects.filter(action="protocol.pin_reset", note="опечатка").exists()
    services.sign_protocol(table.referee, table.partie, role="player", seat="A2", pin=right, expected_version=_v(table))
    assert Protocol.objects.get(partie=table.partie).signatures.filter(seat="A2").exists()


def test_no_show_undo_with_a_hostile_version_is_refused_politely(ref_client, table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=_v(table))
    url = reverse("referees:no_show_undo", args=[table.partie.pk])
    for bad in ("abc", "٣", "9" * 50, "-1", ""):
        r = ref_client.post(url, {"version": bad, "reason": "<b>x</b>" * 2000})
        body = r.content.decode()
        assert r.status_code == 409 and 'id="conflict"' in body and "без версии" in body
        assert "<b>x</b>" not in body
    assert Protocol.objects.get(partie=table.partie).no_show == "B"
