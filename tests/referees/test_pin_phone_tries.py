"""PIN tries from phones: the table's QR token, limits per phone and per player, the referee's device apart,
one audit entry per lock (scoring.pin_tries; a phone per seat and the hall's one address:
test_pin_phone_devices)."""
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from scoring import pin_tries, services
from scoring.errors import InvalidInput, NotAllowed
from scoring.models import PinAttempt, PinThrottle, Protocol, Signature
from scoring.signing_links import phone_sign_path
from tests.versions import shown_version
from tournaments.models import Player, SigningMethod

from .helpers import play

SEATS = ("A1", "B1", "A2", "B2")


@pytest.fixture
def hall(table):
    table.tournament.signing_method = SigningMethod.OWN_PHONE
    table.tournament.save()
    table.codes = {i.player.pk: i.pin for i in services.generate_pins(table.organizer, table.tournament)}
    play(table.referee, table.partie)
    return table


def _player(table, seat):
    number = 3 if seat[0] == "A" else 7
    return Player.objects.get(pair__tournament=table.tournament, pair__number=number, number=int(seat[1]))


def _right(table, seat):
    return table.codes[_player(table, seat).pk]


def _wrong(table, seat):
    return "00000" if _right(table, seat) != "00000" else "11111"


def _phone(table, device="phone-1", address="10.0.0.1", token=None):
    return pin_tries.phone_client(pin_tries.table_token(table.partie) if token is None else token, device, address)


def _try(table, seat, pin, phone):
    return services.sign_protocol(None, table.partie, role="player", seat=seat, pin=pin,
                                  expected_version=shown_version(table.partie), phone=phone)


def _audit(action):
    return AuditEntry.objects.filter(action=action).count()


def test_phone_pins_without_the_tables_token_are_refused_and_count_nothing(client, hall):
    url = reverse("referees:phone_sign", args=[hall.partie.pk])
    other = pin_tries.table_token(hall.other_partie)  # the QR of another table
    for token in ("", "0" * 20, other, "x" * 5000, "<script>"):
        for _ in range(6):
            r = client.post(url, {"seat": "A1", "pin": _wrong(hall, "A1"), "token": token, "version": shown_version(hall.partie)})
            assert r.status_code == 422 and "по QR-коду на экране судьи стола" in r.content.decode()
    r = client.post(url, {"seat": "A1", "pin": _right(hall, "A1"), "version": shown_version(hall.partie)})  # even the right PIN
    assert r.status_code == 422 and "по QR-коду" in r.content.decode()
    assert not PinAttempt.objects.exists() and not PinThrottle.objects.exists()
    assert _audit("protocol.pin_wrong") == _audit("protocol.pin_refused") == 0
    # The page without the token shows the protocol and says where to sign; with it, the PIN fields.
    page = client.get(url).content.decode()
    assert 'id="scan-table-qr"' in page and 'name="pin"' not in page
    page = client.get(phone_sign_path(hall.partie)).content.decode()
    assert 'name="pin"' in page and f'name="token" value="{pin_tries.table_token(hall.partie)}"' in page
    r = client.post(phone_sign_path(hall.partie), {"seat": "A1", "pin": _right(hall, "A1"), "version": shown_version(hall.partie)})
    assert r.status_code == 302 and Signature.objects.get().seat == "A1"


def test_tries_on_phones_never_block_the_referees_device(hall):
    limit = pin_tries.PHONE_SEAT_LIMIT
    for n in range(1, limit + 3):  # the player's limit on phones, then two more from fresh devices
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, "A1", _wrong(hall, "A1"), _phone(hall, device=f"d{n}", address=f"10.0.1.{n}"))
    with pytest.raises(NotAllowed) as exc:  # on phones, even the right PIN is refused now
        _try(hall, "A1", _right(hall, "A1"), _phone(hall, device="d99", address="10.0.1.99"))
    assert exc.value.code == "pin_blocked" and "устройстве судьи" in exc.value.message
    attempt = PinAttempt.objects.get(player=_player(hall, "A1"), device="")
    assert (attempt.channel, attempt.failures, attempt.refused) == ("phone", limit, 3)
    services.sign_protocol(hall.referee, hall.partie, role="player", seat="A1", pin=_right(hall, "A1"),
                           expected_version=shown_version(hall.partie))
    assert Signature.objects.get(seat="A1").method == SigningMethod.TABLE_PIN


def test_a_device_is_limited_across_players_without_charging_them(hall):
    device = _phone(hall, device="attacker", address="10.0.2.1")
    for seat in ("A1", "B1", "A2", "B2", "A1"):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, seat, _wrong(hall, seat), device)
    for seat in SEATS:  # the device is closed: even a right PIN is refused, and the player is not charged
        with pytest.raises(NotAllowed) as exc:
            _try(hall, seat, _right(hall, seat) if seat == "B2" else _wrong(hall, seat), device)
        assert exc.value.code == "pin_throttled"
    assert PinAttempt.objects.get(player=_player(hall, "B1"), device="").failures == 1
    assert PinThrottle.objects.get(kind="session").refused == 4
    # The player signs from his own phone, on the same address.
    _try(hall, "B2", _right(hall, "B2"), _phone(hall, device="b2-phone", address="10.0.2.1"))
    assert Signature.objects.get().seat == "B2"


def test_refusals_after_a_lock_are_audited_once(hall):
    for n in range(300):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, "A1", _wrong(hall, "A1"), _phone(hall, device=f"d{n}", address=f"10.1.{n // 200}.{n % 200}"))
    for n in range(300):  # one device on the other seats: never five on one player, the device closes
        seat = ("B1", "A2", "B2")[n % 3]
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, seat, _wrong(hall, seat), _phone(hall, device="one", address="10.9.9.9"))
    limit = pin_tries.PHONE_SEAT_LIMIT
    assert _audit("protocol.pin_wrong") == limit + 5
    assert _audit("protocol.pin_refused") == 1  # A1 closed on phones, once
    assert _audit("protocol.pin_throttled") == 1  # the device "one", once
    assert PinAttempt.objects.get(player=_player(hall, "A1"), device="").refused == 300 - limit


def test_the_device_limit_ends_with_the_window(hall):
    device = _phone(hall, device="typo", address="10.0.4.1")
    for seat in ("A1", "B1", "A2", "B2", "B2"):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, seat, _wrong(hall, seat), device)
    with pytest.raises(NotAllowed):
        _try(hall, "A1", _right(hall, "A1"), device)
    PinThrottle.objects.update(since=PinThrottle.objects.get(kind="session").since - pin_tries.PHONE_WINDOW
                               - timedelta(seconds=1))
    _try(hall, "A1", _right(hall, "A1"), device)
    assert Signature.objects.get().seat == "A1"


def test_chief_referee_reopens_phone_signing_for_the_player(client, hall):
    limit = pin_tries.PHONE_SEAT_LIMIT
    for n in range(limit):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, "A2", _wrong(hall, "A2"), _phone(hall, device=f"d{n}", address=f"10.0.5.{n}"))
    client.force_login(hall.chief)
    page = client.get(reverse("referees:partie", args=[hall.partie.pk])).content.decode()
    assert 'id="pin-reset-A2"' in page
    client.post(reverse("referees:pin_reset", args=[hall.partie.pk]), {"seat": "A2", "reason": "опечатки"})
    entry = AuditEntry.objects.get(action="protocol.pin_reset")
    assert entry.before["channels"] == {"phone": limit}
    _try(hall, "A2", _right(hall, "A2"), _phone(hall, device="d9", address="10.0.5.9"))
    assert Protocol.objects.get(partie=hall.partie).signatures.filter(seat="A2").exists()


def test_the_phone_page_counts_one_device_by_its_cookies(hall):
    phone = Client(REMOTE_ADDR="10.0.6.1")
    url = phone_sign_path(hall.partie)
    phone.get(url)  # the CSRF cookie: the device's key before it has a session
    for seat in ("A1", "B1", "A2", "B2", "A1"):
        phone.post(url, {"seat": seat, "pin": _wrong(hall, seat), "version": shown_version(hall.partie)})
    r = phone.post(url, {"seat": "B1", "pin": _right(hall, "B1"), "version": shown_version(hall.partie)})
    assert r.status_code == 422 and "слишком много неверных ПИН-кодов" in r.content.decode()
    assert PinThrottle.objects.get(kind="session").failures == 5
    other = Client(REMOTE_ADDR="10.0.6.1")  # another phone of the same hall address
    assert other.post(url, {"seat": "B1", "pin": _right(hall, "B1"), "version": shown_version(hall.partie)}).status_code == 302
