"""What the players signed stays what they signed: names, pairs, round, table and slug are frozen at the first signature.

A name corrected, a player substituted or the tournament imported under a new
slug after signing is no fingerprint mismatch; a deal row or the frozen header
changed behind the services' back still is (docs/rules.en.md IV.2).

Protocols signed before headers were kept (the migrations) and transfer files (an import under a new
slug, a file written before headers were kept, a damaged header) are in test_signed_header_legacy.py.
"""
import io

import pdfplumber
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from events.documents import exports
from events.services import substitute_player
from scoring import integrity, services
from scoring.models import Deal, Protocol
from scoring.protocol_json import protocol_to_json
from scoring.reports.sheets import signed_sheet
from scoring.scores import rescore, score
from tests.factories import make_round
from tests.versions import shown_version
from tournaments.models import Entrant

from .helpers import play, sign_all
from .signed_protocols import (
    NOTE,
    a1,
    page,
    rename_a1,
    signed,  # noqa: F401  (fixture)
)
from .test_tampering import verify


def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return "\n".join(p.extract_text() or "" for p in pdf.pages)


# --- the first signature freezes the header ----------------------------------------------

def test_the_first_signature_freezes_what_the_signers_see(table):
    play(table.referee, table.partie)
    assert Protocol.objects.get(partie=table.partie).signed_header is None
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    protocol = Protocol.objects.get(partie=table.partie)
    live = protocol_to_json(protocol)
    assert protocol.signed_header == {
        "tournament": "cup", "tournament_name": table.tournament.name, "round": 2, "table": 1,
        "pairs": {"A": {"number": 3, "players": live["pairs"]["A"]["players"], "prior_remarks": 0},
                  "B": {"number": 7, "players": live["pairs"]["B"]["players"], "prior_remarks": 0}},
    }
    assert len(live["pairs"]["A"]["players"]) == 2 and a1(table).name in live["pairs"]["A"]["players"]
    entry = AuditEntry.objects.get(action="protocol.signed", partie=table.partie)  # the audit keeps what was frozen
    assert entry.after["signed_header"] == protocol.signed_header


def test_later_signatures_of_the_same_signing_vouch_for_the_same_header(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    frozen = Protocol.objects.get(partie=table.partie).signed_header
    rename_a1(table, "Переименованный Игорь")  # between two signatures
    protocol = sign_all_remaining(table)
    assert protocol.signed_header == frozen
    assert set(protocol.signatures.values_list("fingerprint", flat=True)) == {integrity.protocol_fingerprint(protocol)}
    assert verify()[0] == 0


def sign_all_remaining(table):
    for seat in ("B1", "A2", "B2"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    services.sign_protocol(table.referee, table.partie, role="referee", expected_version=shown_version(table.partie))
    return Protocol.objects.get(partie=table.partie)


# --- a name corrected after signing -----------------------------------------------------

def test_a_name_corrected_after_signing_is_no_mismatch_and_shows_as_signed(client, signed):
    table = signed
    rename_a1(table, "Исправленный Пётр")
    code, out = verify()
    assert code == 0 and "0 fingerprint mismatch(es)" in out
    html = page(client, table.partie)
    assert 'id="fingerprint-mismatch"' not in html
    # The seats show the name that was signed, with a note naming the name now.
    assert table.signed_name in html and f"{NOTE}: Исправленный Пётр" in html
    # The signed score sheet (PDF data) too: header and remarks' names as signed.
    protocol = Protocol.objects.get(partie=table.partie)
    sheet = signed_sheet(protocol, score(protocol))
    assert sheet.seats["A1"] == table.signed_name
    assert sheet.seats["B1"] == protocol.signed_header["pairs"]["B"]["players"][0]
    assert sheet.corrections == [f"A1: {NOTE}: Исправленный Пётр"]  # B1 unchanged: no note
    text = pdf_text(exports.signed_sheets_pdf(table.tournament, 2, sign=False))
    assert f"A1 {table.signed_name} B1" in text and f"A1: {NOTE}: Исправленный Пётр" in text


def test_an_unsigned_protocol_shows_the_names_now(client, table):
    play(table.referee, table.partie)
    rename_a1(table, "Исправленный Пётр")
    html = page(client, table.partie)
    assert "Исправленный Пётр" in html and NOTE not in html


def test_a_deal_row_changed_after_signing_is_still_found(client, signed):
    table = signed
    rename_a1(table, "Исправленный Пётр")  # a legitimate correction does not hide tampering
    deal = Deal.objects.get(protocol__partie=table.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))
    rescore(Protocol.objects.get(partie=table.partie), cascade=False)
    code, out = verify()
    assert code == 1 and "1 fingerprint mismatch(es)" in out and "5 signature(s)" in out
    assert 'id="fingerprint-mismatch"' in page(client, table.partie)
    assert_sheet_flags_the_mismatch(table)


WARNING = "ВНИМАНИЕ: записи протокола не совпадают с тем, что подписали игроки и судья."


def assert_sheet_flags_the_mismatch(table):
    """The signed score sheet (one protocol, the round, sport or Kozel layout alike) says the records changed
    and prints the fingerprint of the records now, not the signed one as if it held."""
    protocol = Protocol.objects.get(partie=table.partie)
    now = integrity.protocol_fingerprint(protocol)
    signed_fp = protocol.signatures.first().fingerprint
    assert now != signed_fp
    assert signed_sheet(protocol, score(protocol)).mismatch == now
    for data in (exports.protocol_pdf(protocol, sign=False), exports.signed_sheets_pdf(table.tournament, 2, sign=False)):
        text = pdf_text(data)
        assert WARNING in text and "Обратитесь к главному судье." in text
        assert "не тот, что подписан" in text and now in text and signed_fp not in text


def test_an_untouched_signed_sheet_carries_its_fingerprint_and_no_warning(signed):
    protocol = Protocol.objects.get(partie=signed.partie)
    assert signed_sheet(protocol, score(protocol)).mismatch == ""
    text = pdf_text(exports.protocol_pdf(protocol, sign=False))
    assert WARNING not in text and protocol.signatures.first().fingerprint in text


def test_the_frozen_header_changed_in_the_database_is_found(client, signed):
    table = signed
    protocol = Protocol.objects.get(partie=table.partie)
    header = protocol.signed_header
    header["pairs"]["A"]["players"][0] = "Подменённый Игрок"
    Protocol.objects.filter(pk=protocol.pk).update(signed_header=header)
    code, out = verify()
    assert code == 1 and "1 fingerprint mismatch(es)" in out
    assert 'id="fingerprint-mismatch"' in page(client, table.partie)
    assert_sheet_flags_the_mismatch(table)


@pytest.mark.parametrize("damage", [
    "не словарь", ["A1"], {"tournament": "cup"}, {"x": 1},
])
def test_a_damaged_header_is_a_mismatch_not_an_error(client, signed, damage):
    table = signed
    Protocol.objects.filter(partie=table.partie).update(signed_header=damage)
    code, out = verify()
    assert code == 1 and "1 fingerprint mismatch(es)" in out
    response = client.get(reverse("protocols:protocol", args=[table.partie.pk]))
    assert response.status_code == 200 and 'id="fingerprint-mismatch"' in response.content.decode()
    protocol = Protocol.objects.get(partie=table.partie)
    sheet = signed_sheet(protocol, score(protocol))  # the live names, no crash
    assert sheet.seats["A1"] == a1(table).name and sheet.corrections == []
    assert_sheet_flags_the_mismatch(table)


# --- a remark of an earlier round withdrawn after signing -------------------------------------

def test_an_earlier_remark_withdrawn_after_signing_is_no_mismatch_and_is_noted(client, table):
    """Pair 3 had a remark in round 1 and gets one in round 2 (its 2nd: a fine of 10 to pair 7); round 2 is
    signed; then the round-1 remark is withdrawn, so the round-2 remark is its 1st, a warning. The services
    rescore round 2: its signatures vouch for the count they saw (1), the protocol is scored with the count now
    (0), and the sheet and the public page say so. No tampering is reported anywhere."""
    from scoring.checks import check_tournament

    play(table.referee, table.earlier_partie)
    services.give_remark(table.referee, table.earlier_partie, deal=1, seat="A1", reason="talking",
                         expected_version=shown_version(table.earlier_partie))
    play(table.referee, table.partie)
    services.give_remark(table.referee, table.partie, deal=3, seat="A1", reason="talking",
                         expected_version=shown_version(table.partie))
    sign_all(table)
    signed_totals = score(Protocol.objects.get(partie=table.partie))
    remark = Protocol.objects.get(partie=table.earlier_partie).remarks.get()
    services.withdraw_remark(table.referee, table.earlier_partie, remark.pk, "дано по ошибке",
                             expected_version=shown_version(table.earlier_partie))
    protocol = Protocol.objects.get(partie=table.partie)
    assert (protocol.prior_remarks_a, protocol.signed_header["pairs"]["A"]["prior_remarks"]) == (0, 1)
    assert protocol.is_locked and protocol.signatures.count() == 5
    assert (protocol.score_a, protocol.score_b) != (signed_totals.totals_a, signed_totals.totals_b)  # rescored
    assert integrity.fingerprint_mismatches(protocol)[1] == []
    code, out = verify()
    assert code == 0 and "0 fingerprint mismatch(es)" in out
    assert not [f for f in check_tournament(table.tournament).findings if f.protocol.pk == protocol.pk]
    note = "Пара A: замечаний до партии при подписи — 1, сейчас — 0"
    html = page(client, table.partie)
    assert 'id="fingerprint-mismatch"' not in html and note in html
    sheet = signed_sheet(protocol, score(protocol))
    assert sheet.mismatch == "" and any(c.startswith(note) for c in sheet.corrections)
    text = pdf_text(exports.protocol_pdf(protocol, sign=False))
    assert note in text.replace("\n", " ") and "ВНИМАНИЕ" not in text


def test_the_frozen_count_of_earlier_remarks_changed_in_the_database_is_found(client, signed):
    protocol = Protocol.objects.get(partie=signed.partie)
    header = protocol.signed_header
    header["pairs"]["B"]["prior_remarks"] = 2
    Protocol.objects.filter(pk=protocol.pk).update(signed_header=header)
    code, out = verify()
    assert code == 1 and "1 fingerprint mismatch(es)" in out


# --- a player substituted after signing ---------------------------------------------------

def test_a_substitution_after_signing_is_no_mismatch_and_the_next_protocol_has_the_newcomer(client, signed):
    table = signed
    round3 = make_round(table.tournament, 3, [(3, 1), (7, 2), (4, 5), (6, 8)])
    pair = Entrant.objects.get(tournament=table.tournament, number=3)
    substitute_player(table.organizer, pair, 1, player={"name": "Новичков Олег", "club": "", "rating": None})
    code, out = verify()
    assert code == 0 and "0 fingerprint mismatch(es)" in out
    signed_page = page(client, table.partie)
    assert table.signed_name in signed_page and f"{NOTE}: Новичков Олег" in signed_page
    # The next protocol (not signed) is the newcomer's.
    nxt = round3.parties.get(table=1)
    play(table.referee, nxt)
    nxt_page = page(client, nxt)
    assert "Новичков Олег" in nxt_page and table.signed_name not in nxt_page and NOTE not in nxt_page
    assert "Новичков Олег" in protocol_to_json(Protocol.objects.get(partie=nxt))["pairs"]["A"]["players"]


# --- reopening, corrections ---------------------------------------------------------------

def test_reopening_and_signing_again_freezes_the_names_now(signed):
    table = signed
    rename_a1(table, "Исправленный Пётр")
    services.reopen_protocol(table.chief, table.partie, "имя исправлено, подписать заново",
                             expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).signed_header is None
    protocol = sign_all(table)
    protocol.refresh_from_db()
    assert protocol.signed_header["pairs"]["A"]["players"][0] == "Исправленный Пётр"
    assert set(protocol.signatures.values_list("fingerprint", flat=True)) == {integrity.protocol_fingerprint(protocol)}
    assert verify()[0] == 0


def test_a_correction_that_discards_signatures_discards_the_header(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).signed_header is not None
    services.correct_deal(table.referee, table.partie, {**play_deal(2), "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=shown_version(table.partie))
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.signed_header is None and not protocol.signatures.exists()


def play_deal(n):
    from .conftest import DEALS

    return dict(DEALS[n - 1])
