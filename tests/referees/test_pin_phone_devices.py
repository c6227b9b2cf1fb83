"""Wrong PINs typed on phones are counted per phone and seat (scoring.pin_tries): a stranger who photographed
the table's QR stops his own phone, never the player's; the hall's one address stops no one; a limit per seat
across all phones bounds a guesser who changes phones; the referee's device keeps working."""
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from audit.actions import sentence
from audit.models import AuditEntry
from scoring import pin_codes, pin_tries, services
from scoring.errors import InvalidInput, NotAllowed
from scoring.models import PinAttempt, PinThrottle, Signature
from scoring.signing_links import phone_sign_path
from tests.versions import shown_version

from .helpers import play
from .test_pin_phone_tries import (
    SEATS,
    _phone,
    _player,
    _right,
    _try,
    _wrong,
    hall,  # noqa: F401  (the fixture)
)

HALL_ADDRESS = "10.20.0.1"  # the venue behind one NAT address


def _phone_client(hall, address=HALL_ADDRESS, partie=None):
    phone = Client(REMOTE_ADDR=address)
    phone.get(phone_sign_path(partie or hall.partie))  # the CSRF cookie: the phone's key before it has a session
    return phone


def _post(phone, hall, seat, pin, partie=None):
    partie = partie or hall.partie
    return phone.post(phone_sign_path(partie), {"seat": seat, "pin": pin, "version": shown_version(partie)})


def test_a_strangers_wrong_pins_stop_his_phone_not_the_players_own(hall):
    stranger = _phone_client(hall)
    for _ in range(6):
        assert _post(stranger, hall, "A1", _wrong(hall, "A1")).status_code == 422
    r = _post(stranger, hall, "A1", _right(hall, "A1"))  # even a right PIN from his phone, now
    assert r.status_code == 422 and not Signature.objects.exists()
    own = _phone_client(hall)  # the player's own phone, on the same hall address
    assert _post(own, hall, "A1", _right(hall, "A1")).status_code == 302
    assert Signature.objects.get().seat == "A1"


def test_a_phone_closed_for_one_seat_stays_closed_for_it_after_the_window(hall):
    phone = _phone(hall, device="stranger")
    for _n in range(pin_codes.MAX_PIN_FAILURES):
        with pytest.raises((InvalidInput, NotAllowed)) as exc:
            _try(hall, "A1", _wrong(hall, "A1"), phone)
    assert exc.value.code == "pin_device_blocked" and "с этого телефона" in exc.value.message
    PinThrottle.objects.update(since=PinThrottle.objects.get().since - pin_tries.PHONE_WINDOW - timedelta(seconds=1))
    with pytest.raises(NotAllowed) as exc:
        _try(hall, "A1", _right(hall, "A1"), phone)
    assert exc.value.code == "pin_device_blocked"
    _try(hall, "B1", _right(hall, "B1"), phone)  # his own seat, say: this phone still signs for it
    _try(hall, "A1", _right(hall, "A1"), _phone(hall, device="a1-phone"))
    assert sorted(Signature.objects.values_list("seat", flat=True)) == ["A1", "B1"]


def test_wrong_pins_from_many_phones_of_one_address_stop_no_other_phone(hall):
    """More wrong PINs from the hall's address than any address limit would allow, from phones that each stay
    under their own limit: the other players of the hall, on the same address, still sign."""
    play(hall.referee, hall.other_partie)
    for n in range(40):
        seat = SEATS[n % 4]
        with pytest.raises(InvalidInput):
            _try(hall, seat, _wrong(hall, seat), _phone(hall, device=f"guest-{n}", address=HALL_ADDRESS))
    elsewhere = _phone_client(hall, partie=hall.other_partie)
    b1 = hall.other_partie.pair_b.players.get(number=1)
    assert _post(elsewhere, hall, "B1", hall.codes[b1.pk], partie=hall.other_partie).status_code == 302
    assert _post(_phone_client(hall), hall, "A2", _right(hall, "A2")).status_code == 302  # and at this table
    assert Signature.objects.count() == 2
    assert not PinThrottle.objects.filter(kind="address").exists()


def test_a_guesser_who_changes_phones_is_stopped_by_the_seats_limit_and_the_referee_still_signs(hall):
    limit = pin_tries.PHONE_SEAT_LIMIT
    assert limit >= 4 * pin_codes.MAX_PIN_FAILURES  # much higher than one phone's: a few typos never close it
    for n in range(limit - 1):
        with pytest.raises(InvalidInput) as exc:
            _try(hall, "A1", _wrong(hall, "A1"), _phone(hall, device=f"new-{n}"))
        assert exc.value.code == "pin_wrong"
    with pytest.raises(NotAllowed) as exc:  # the last the seat takes: phones are closed for this player
        _try(hall, "A1", _wrong(hall, "A1"), _phone(hall, device="new-last"))
    assert exc.value.code == "pin_blocked"
    with pytest.raises(NotAllowed) as exc:
        _try(hall, "A1", _right(hall, "A1"), _phone(hall, device="the-players-own"))
    assert exc.value.code == "pin_blocked" and "устройстве судьи" in exc.value.message
    assert AuditEntry.objects.filter(action="protocol.pin_refused").count() == 1
    assert AuditEntry.objects.filter(action="protocol.pin_wrong").count() == limit
    services.sign_protocol(hall.referee, hall.partie, role="player", seat="A1", pin=_right(hall, "A1"),
                           expected_version=shown_version(hall.partie))
    assert Signature.objects.get(seat="A1").method == "table_pin"


def test_the_chief_referee_sees_a_phone_closed_for_a_seat_and_reopens_it(client, hall):
    phone = _phone(hall, device="typo-phone")
    for _ in range(pin_codes.MAX_PIN_FAILURES):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, "B2", _wrong(hall, "B2"), phone)
    client.force_login(hall.chief)
    assert 'id="pin-reset-B2"' in client.get(reverse("referees:partie", args=[hall.partie.pk])).content.decode()
    client.post(reverse("referees:pin_reset", args=[hall.partie.pk]), {"seat": "B2", "reason": "опечатки"})
    assert not PinAttempt.objects.filter(player=_player(hall, "B2"), failures__gt=0).exists()
    assert AuditEntry.objects.get(action="protocol.pin_reset").before["channels"] == {"phone": 5}
    PinThrottle.objects.update(since=PinThrottle.objects.get().since - pin_tries.PHONE_WINDOW - timedelta(seconds=1))
    _try(hall, "B2", _right(hall, "B2"), phone)
    assert Signature.objects.get().seat == "B2"


def test_the_audit_tells_each_phones_and_the_seats_count(hall):
    phone = _phone(hall, device="one")
    for _ in range(pin_codes.MAX_PIN_FAILURES):
        with pytest.raises((InvalidInput, NotAllowed)):
            _try(hall, "A2", _wrong(hall, "A2"), phone)
    name = _player(hall, "A2").name
    with translation.override("ru"):
        wrong = [sentence(e) for e in AuditEntry.objects.filter(action="protocol.pin_wrong").order_by("id")]
        closed = sentence(AuditEntry.objects.get(action="protocol.pin_throttled", after__kind="seat"))
    assert wrong[-1] == (f"неверный ПИН-код игрока {name} (A2) с телефона: с этого телефона попытка 5 из 5, "
                         f"со всех телефонов 5 из {pin_tries.PHONE_SEAT_LIMIT}")
    assert closed.startswith(f"с одного телефона введено 5 неверных ПИН-кодов игрока {name} (A2)")
