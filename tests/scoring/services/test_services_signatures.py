"""Protocol services, signing a partie: signatures and their fingerprint, locking, reopening, signatures
discarded by a change (and kept by a deal saved unchanged), the confirmation of each deal.
Recording the partie is in test_services.py."""
import hashlib
import json

import pytest

from audit.models import AuditEntry
from scoring import services
from scoring.errors import InvalidInput, NotAllowed, ProtocolLocked
from scoring.integrity import protocol_fingerprint
from scoring.models import Deal, Protocol, Signature
from scoring.protocol_json import protocol_to_json
from tests.referees.conftest import DEALS
from tests.referees.helpers import play, sign_all
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus

from .helpers import actions


def test_signing_locks_and_every_signature_has_the_content_fingerprint(table):
    play(table.referee, table.partie)
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.referee, table.partie, role="referee",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "players_first"
    protocol = sign_all(table)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.locked_at is not None
    # The §9 content with the header the signers saw: the same values as the live ones, and the tournament's name.
    signed = {**protocol_to_json(protocol), "tournament_name": table.tournament.name}
    canonical = json.dumps(signed, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    assert protocol_fingerprint(protocol) == digest
    signatures = Signature.objects.filter(protocol=protocol)
    assert signatures.count() == 5
    assert set(signatures.values_list("fingerprint", flat=True)) == {digest}
    assert signatures.get(role="referee").user == table.referee
    assert signatures.get(seat="A1").name == table.partie.pair_a.players.get(number=1).name
    assert actions(table.partie)[-2:] == ["protocol.signed", "protocol.locked"]


def test_signing_before_the_end_and_twice_is_refused(table):
    play(table.referee, table.partie, DEALS[:3])
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "not_finished"
    services.record_deal(table.referee, table.partie, DEALS[3], expected_version=shown_version(table.partie))
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "already_signed"


def test_one_signature_per_pair_mode(table):
    table.tournament.signature_mode = "one_per_pair"
    table.tournament.save()
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A2"], table.partie, role="player", seat="A2",
                           expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput):
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    services.sign_protocol(table.players["B1"], table.partie, role="player", seat="B1",
                           expected_version=shown_version(table.partie))
    protocol = services.sign_protocol(table.referee, table.partie, role="referee",
                                      expected_version=shown_version(table.partie))
    assert protocol.is_locked and protocol.signatures.count() == 3


def test_locked_protocol_refuses_every_change(table):
    play(table.referee, table.partie)
    sign_all(table)
    for call in (
        lambda: services.record_deal(table.chief, table.partie, {**DEALS[0], "n": 5},
                                     expected_version=shown_version(table.partie)),
        lambda: services.correct_deal(table.chief, table.partie, DEALS[1],
                                      expected_version=shown_version(table.partie)),
        lambda: services.give_remark(table.chief, table.partie, deal=4, seat="A1", reason="time",
                                     expected_version=shown_version(table.partie)),
        lambda: services.record_no_show(table.chief, table.partie, "A", expected_version=shown_version(table.partie)),
        lambda: services.sign_protocol(table.referee2, table.partie, role="referee",
                                       expected_version=shown_version(table.partie)),
    ):
        with pytest.raises(ProtocolLocked):
            call()
    assert Protocol.objects.get(partie=table.partie).version == 9


def test_reopen_needs_a_reason_discards_signatures_and_is_logged(table):
    play(table.referee, table.partie)
    sign_all(table)
    with pytest.raises(InvalidInput) as err:
        services.reopen_protocol(table.chief, table.partie, "  ", expected_version=shown_version(table.partie))
    assert err.value.field == "reason"
    protocol = services.reopen_protocol(table.chief, table.partie, "Неверно записана раздача 2",
                                        expected_version=shown_version(table.partie))
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES and protocol.locked_at is None
    assert protocol.reopen_reason == "Неверно записана раздача 2"
    assert not protocol.signatures.exists()
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.reopened")
    assert entry.user == table.chief and entry.note == "Неверно записана раздача 2"
    assert len(entry.before["signatures"]) == 5 and entry.after["signatures"] == []
    protocol = services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                                     expected_version=shown_version(table.partie))
    assert protocol.score_a == 49
    with pytest.raises(InvalidInput) as err:
        services.reopen_protocol(table.chief, table.partie, "ещё раз", expected_version=shown_version(table.partie))
    assert err.value.code == "not_locked"


def test_change_after_some_signatures_discards_them(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=shown_version(table.partie))
    assert not Signature.objects.filter(protocol__partie=table.partie).exists()
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.signatures_discarded")
    assert entry.before[0]["seat"] == "A1"


class TestConfirmation:
    @pytest.fixture(autouse=True)
    def confirm_each_deal(self, table):
        table.tournament.confirm_each_deal = True
        table.tournament.save()

    def test_nobody_confirms_his_own_entry_nor_the_winner(self, table):
        services.record_deal(table.referee, table.partie, DEALS[0],
                             expected_version=shown_version(table.partie))  # pair A wins deal 1
        with pytest.raises(NotAllowed) as err:
            services.confirm_deal(table.referee, table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "own_entry"
        with pytest.raises(NotAllowed) as err:
            services.confirm_deal(table.players["A2"], table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "winner_confirms"
        with pytest.raises(NotAllowed):
            services.confirm_deal(table.nobody, table.partie, 1, expected_version=shown_version(table.partie))
        services.confirm_deal(table.players["B2"], table.partie, 1, expected_version=shown_version(table.partie))
        deal = Deal.objects.get(protocol__partie=table.partie, n=1)
        assert deal.confirmed_by == table.players["B2"] and deal.confirmed_at is not None
        assert "protocol.deal.confirmed" in actions(table.partie)
        with pytest.raises(InvalidInput) as err:
            services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "already_confirmed"

    def test_second_referee_confirms_and_signing_waits_for_all_confirmations(self, table):
        play(table.referee, table.partie)
        for n in (1, 2, 3):
            services.confirm_deal(table.referee2, table.partie, n, expected_version=shown_version(table.partie))
        with pytest.raises(InvalidInput) as err:
            services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                                   expected_version=shown_version(table.partie))
        assert err.value.code == "unconfirmed_deals"
        services.confirm_deal(table.players["A1"], table.partie, 4,
                              expected_version=shown_version(table.partie))  # B won deal 4: a player of A confirms
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))

    def test_correction_needs_a_new_confirmation(self, table):
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
        services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        services.correct_deal(table.referee2, table.partie, {**DEALS[0], "hands": {"A2": 14, "B1": 5, "B2": 23}},
                              expected_version=shown_version(table.partie))
        with pytest.raises(NotAllowed):
            services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        services.confirm_deal(table.referee, table.partie, 1, expected_version=shown_version(table.partie))


def test_confirmation_is_refused_when_switched_off(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
    assert err.value.code == "confirmation_disabled"


def test_a_deal_saved_again_unchanged_keeps_signatures_version_and_confirmation(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    version = shown_version(table.partie)
    for deal in DEALS:  # every result and a hand of tiles ("0-0"), as the correction form sends them back
        protocol = services.correct_deal(table.referee2, table.partie, dict(deal), expected_version=version)
        assert protocol.version == version
    assert Signature.objects.get(protocol__partie=table.partie).seat == "A1"
    assert shown_version(table.partie) == version
    assert not {"protocol.deal.corrected", "protocol.signatures_discarded"} & set(actions(table.partie))
    assert set(Deal.objects.filter(protocol__partie=table.partie).values_list("entered_by", flat=True)) == {
        table.referee.pk}
    # A real change still discards the signatures.
    services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=version)
    assert not Signature.objects.filter(protocol__partie=table.partie).exists()
