"""Signing at a real table: referee attests, table PIN, own phone; no-show and disqualification protocols."""
import pytest

from audit.models import AuditEntry
from scoring import pin_codes, pin_tries, protocol_state, services
from scoring.errors import InvalidInput, NotAllowed, ServiceError
from scoring.models import PinAttempt, Signature
from tests.referees.helpers import play
from tests.versions import shown_version
from tournaments.models import Player, SignatureMode, SigningMethod

SEATS = ("A1", "B1", "A2", "B2")


def _method(table, method, mode=SignatureMode.EACH_PLAYER):
    table.tournament.signing_method = method
    table.tournament.signature_mode = mode
    table.tournament.save()


def _pins(table):
    issued = services.generate_pins(table.organizer, table.tournament)
    return {i.player.pk: i.pin for i in issued}


def _phone(table, device="phone-1", address="10.0.0.1"):
    return pin_tries.phone_client(pin_tries.table_token(table.partie), device, address)


def _v(table):
    return shown_version(table.partie)


def _seat_player(table, seat):
    number = 3 if seat[0] == "A" else 7
    return Player.objects.get(pair__tournament=table.tournament, pair__number=number, number=int(seat[1]))


def test_pins_are_stored_hashed_shown_once_and_regenerated(table):
    issued = services.generate_pins(table.organizer, table.tournament)
    assert len(issued) == 16
    player = Player.objects.get(pk=issued[0].player.pk)
    assert issued[0].pin not in player.pin_hash and player.pin_hash.startswith("pbkdf2_sha256_pin$")
    assert len(issued[0].pin) == 5 and issued[0].pin.isdigit()
    assert pin_codes.pin_matches(issued[0].pin, player.pin_hash)
    again = services.generate_pins(table.organizer, table.tournament, [player.pk])
    player.refresh_from_db()
    assert len(again) == 1 and pin_codes.pin_matches(again[0].pin, player.pin_hash)
    if again[0].pin != issued[0].pin:
        assert not pin_codes.pin_matches(issued[0].pin, player.pin_hash)
    with pytest.raises(NotAllowed):
        services.generate_pins(table.referee, table.tournament)


@pytest.mark.parametrize("raw", ["", "12", "1234567", "12a4", "١٢٣٤", "12²4", "=1+1", "9" * 10000])
def test_pin_format_is_checked_with_a_message(raw):
    with pytest.raises(InvalidInput) as exc:
        pin_codes.clean_pin(raw)
    assert "ПИН" in exc.value.message


def test_referee_attests_signs_alone_and_players_cannot_sign(table):
    _method(table, SigningMethod.REFEREE_ATTESTS)
    play(table.referee, table.partie)
    with pytest.raises(InvalidInput) as exc:
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1", expected_version=_v(table))
    assert exc.value.code == "referee_attests"
    protocol = services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert protocol.is_locked
    sig = protocol.signatures.get()
    assert sig.method == SigningMethod.REFEREE_ATTESTS and sig.role == "referee"


@pytest.mark.parametrize("mode", [SignatureMode.EACH_PLAYER, SignatureMode.ONE_PER_PAIR])
def test_table_pin_signs_on_the_referees_device(table, mode):
    _method(table, SigningMethod.TABLE_PIN, mode)
    codes = _pins(table)
    play(table.referee, table.partie)
    seats = SEATS if mode == SignatureMode.EACH_PLAYER else ("A1", "B2")
    for seat in seats:
        services.sign_protocol(table.referee, table.partie, role="player", seat=seat,
                               pin=codes[_seat_player(table, seat).pk], expected_version=_v(table))
    protocol = services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert protocol.is_locked
    methods = {s.seat: s.method for s in protocol.signatures.filter(role="player")}
    assert methods == {s: SigningMethod.TABLE_PIN for s in seats}


def test_table_pin_is_not_accepted_from_someone_not_refereeing_the_table(table, anonymous):
    _method(table, SigningMethod.TABLE_PIN)
    codes = _pins(table)
    play(table.referee, table.partie)
    for who in (anonymous, table.nobody, table.table2_referee):
        with pytest.raises(NotAllowed):
            services.sign_protocol(who, table.partie, role="player", seat="A1", pin=codes[_seat_player(table, "A1").pk],
                                   expected_version=_v(table))
    assert not Signature.objects.exists()


def test_own_phone_signs_without_an_account(table, anonymous):
    _method(table, SigningMethod.OWN_PHONE)
    codes = _pins(table)
    play(table.referee, table.partie)
    for seat in SEATS:
        services.sign_protocol(anonymous, table.partie, role="player", seat=seat,
                               pin=codes[_seat_player(table, seat).pk], expected_version=_v(table),
                               phone=_phone(table, device=f"phone-{seat}"))
    assert {s.method for s in Signature.objects.all()} == {SigningMethod.OWN_PHONE}
    assert services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table)).is_locked


def test_pin_of_another_player_is_wrong_and_five_wrong_tries_refuse(table, anonymous):
    _method(table, SigningMethod.OWN_PHONE)
    codes = _pins(table)
    play(table.referee, table.partie)
    a1 = _seat_player(table, "A1")
    wrong = codes[_seat_player(table, "B1").pk]
    if wrong == codes[a1.pk]:
        wrong = "0000" if codes[a1.pk] != "0000" else "1111"
    for i in range(4):
        with pytest.raises(InvalidInput) as exc:
            services.sign_protocol(anonymous, table.partie, role="player", seat="A1", pin=wrong,
                                   expected_version=_v(table), phone=_phone(table))
        assert exc.value.code == "pin_wrong" and str(4 - i) in exc.value.message
    limit = pin_tries.PHONE_SEAT_LIMIT
    for n in range(limit - 4):  # from other phones, up to the player's limit on all phones
        with pytest.raises((InvalidInput, NotAllowed)) as exc:
            services.sign_protocol(anonymous, table.partie, role="player", seat="A1", pin=wrong,
                                   expected_version=_v(table), phone=_phone(table, device=f"phone-{n + 2}"))
    assert exc.value.code == "pin_blocked" and a1.name in exc.value.message
    # Now even the right PIN is refused for this player on phones; the referee's device is not blocked.
    with pytest.raises(NotAllowed):
        services.sign_protocol(anonymous, table.partie, role="player", seat="A1", pin=codes[a1.pk],
                               expected_version=_v(table), phone=_phone(table, device="phone-x", address="10.0.0.3"))
    assert PinAttempt.objects.get(player=a1, channel="phone", device="").failures == limit
    assert not Signature.objects.exists()
    assert AuditEntry.objects.filter(action="protocol.pin_wrong").count() == limit
    assert AuditEntry.objects.filter(action="protocol.pin_refused").count() == 1
    # Another player of the same protocol is not affected.
    b1 = _seat_player(table, "B1")
    services.sign_protocol(anonymous, table.partie, role="player", seat="B1", pin=codes[b1.pk],
                           expected_version=_v(table), phone=_phone(table, device="phone-4", address="10.0.0.4"))
    services.sign_protocol(table.referee, table.partie, role="player", seat="A1", pin=codes[a1.pk],
                           expected_version=_v(table))
    assert Signature.objects.get(seat="A1").method == SigningMethod.TABLE_PIN


def test_pin_refused_in_account_mode(table):
    codes = _pins(table)
    play(table.referee, table.partie)
    with pytest.raises(InvalidInput) as exc:
        services.sign_protocol(table.referee, table.partie, role="player", seat="A1",
                               pin=codes[_seat_player(table, "A1").pk], expected_version=_v(table))
    assert exc.value.code == "pin_not_used"


def test_no_show_protocol_is_signed_by_the_referee_alone(table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=_v(table))
    with pytest.raises(InvalidInput) as exc:
        services.sign_protocol(table.players["B1"], table.partie, role="player", seat="B1", expected_version=_v(table))
    assert exc.value.code == "absent_pair"
    protocol = services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert protocol.is_locked and protocol.signatures.count() == 1


def test_no_show_closed_when_the_referee_attests_does_not_claim_attested_signatures(table):
    _method(table, SigningMethod.REFEREE_ATTESTS)
    services.record_no_show(table.referee, table.partie, "B", expected_version=_v(table))
    protocol = services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert protocol.is_locked
    assert list(protocol.signatures.values_list("method", flat=True)) == [SigningMethod.ACCOUNT]
    # A played partie is still attested on paper.
    play(table.referee, table.other_partie)
    services.sign_protocol(table.referee, table.other_partie, role="referee",
                           expected_version=shown_version(table.other_partie))
    assert Signature.objects.get(protocol__partie=table.other_partie).method == SigningMethod.REFEREE_ATTESTS


def test_present_pair_may_sign_a_no_show_protocol(table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=_v(table))
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1", expected_version=_v(table))
    protocol = services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert protocol.is_locked and protocol.signatures.count() == 2


def test_no_show_undone_before_signing_is_logged(table):
    services.record_no_show(table.referee, table.partie, "A", expected_version=_v(table))
    protocol = services.undo_no_show(table.referee, table.partie, "не та пара", expected_version=_v(table))
    assert protocol.no_show == "" and protocol.status == "not_started"
    entry = AuditEntry.objects.get(action="protocol.no_show_undone")
    assert entry.before == {"no_show": "A"} and entry.note == "не та пара"
    with pytest.raises(InvalidInput):
        services.undo_no_show(table.referee, table.partie, expected_version=_v(table))
    services.record_no_show(table.referee, table.partie, "A", expected_version=_v(table))
    services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    with pytest.raises(ServiceError):  # the protocol is signed: locked
        services.undo_no_show(table.referee, table.partie, expected_version=_v(table))
    with pytest.raises(NotAllowed):
        services.undo_no_show(table.nobody, table.partie, expected_version=_v(table))


def test_disqualification_protocol_needs_the_present_pair_and_the_referee(table):
    from scoring.errors import ConfirmationRequired

    play(table.referee, table.partie, [{"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}}])
    for _ in range(10):
        try:
            services.give_remark(table.referee, table.partie, deal=2, seat="B1", reason="talking",
                                 expected_version=_v(table))
        except ConfirmationRequired:
            services.give_remark(table.referee, table.partie, deal=2, seat="B1", reason="talking",
                                 confirm_disqualification=True, expected_version=_v(table))
            break
    protocol = protocol_state.load_partie(table.partie).protocol
    assert protocol.disqualified == "B" and protocol.status == "awaiting_signatures"
    assert protocol_state.missing_signatures(table.partie, [], protocol) == ["A1", "A2", "referee"]
    with pytest.raises(InvalidInput) as exc:
        services.sign_protocol(table.players["B1"], table.partie, role="player", seat="B1", expected_version=_v(table))
    assert exc.value.code == "absent_pair"
    with pytest.raises(InvalidInput) as exc:
        services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table))
    assert exc.value.code == "players_first"
    for seat in ("A1", "A2"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat, expected_version=_v(table))
    assert services.sign_protocol(table.referee, table.partie, role="referee", expected_version=_v(table)).is_locked
