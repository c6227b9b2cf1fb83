"""One tournament out of an installation and into another (in the same test database, under a new slug)."""
import io
import json
import re

import pdfplumber
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.documents import exports
from events.services import transfer
from scoring import services
from scoring.integrity import fingerprint_mismatches, protocol_fingerprint
from scoring.models import Deal, Protocol, Remark, Signature
from scoring.reports import selectors
from scoring.reports.pades import ensure_signing_key
from tests.factories import make_round, make_tournament
from tests.reports.conftest import blocks, cup, play, sign  # noqa: F401  (the played tournament)
from tests.versions import shown_version
from tournaments.models import Entrant, Partie, Player, Round, Tournament

User = get_user_model()
PASSWORD = "domino-2026-x"


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def played(cup):
    """The cup with round 3 played too; table 1 of round 3 signed through the signing service."""
    r3 = cup.rounds.get(number=3)
    org = User.objects.create_user("org-cup", password=PASSWORD)
    TournamentRole.objects.create(tournament=cup, user=org, role=RoleKind.ORGANIZER)
    referee = User.objects.create_user("ref-cup", password=PASSWORD, first_name="Анна", last_name="Судейская")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE, tables=[1, 2])
    ghost = User.objects.create_user("ghost", password=PASSWORD)
    TournamentRole.objects.create(tournament=cup, user=ghost, role=RoleKind.CHIEF_REFEREE)
    partie = r3.parties.get(table=1)
    seats = {}
    for side, pair in (("A", partie.pair_a), ("B", partie.pair_b)):
        for player in pair.players.order_by("number"):
            player.user = User.objects.create_user(f"p-{side}{player.number}", password=PASSWORD)
            player.save()
            TournamentRole.objects.create(tournament=cup, user=player.user, role=RoleKind.PLAYER)
            seats[f"{side}{player.number}"] = player.user
    for deal in blocks(3, -2, 7, 1):
        services.record_deal(referee, partie, deal, expected_version=shown_version(partie))
    services.give_remark(referee, partie, deal=2, seat="B1", reason="talking", note="<b>=1+2</b>",
                         expected_version=shown_version(partie))
    for seat, user in seats.items():
        services.sign_protocol(user, partie, role="player", seat=seat, expected_version=shown_version(partie))
    services.sign_protocol(referee, partie, role="referee", expected_version=shown_version(partie))
    names = {p.number: [pl.name for pl in p.players.order_by("number")] for p in cup.pairs.all()}
    for table, margins in ((2, (5, 5, -5, 5)), (3, (-9, 0, 0, 0)), (4, (2, 2, 2, 2))):
        p = r3.parties.get(table=table)
        sign(play(r3, table, blocks(*margins), user=org), *(names[p.pair_a.number] + names[p.pair_b.number]))
    ensure_signing_key(cup)  # creates the tournament's key and certificate
    cup.refresh_from_db()
    return cup


@pytest.fixture
def other(db):
    """Another tournament already in the target installation."""
    t = make_tournament(4, slug="other")
    rnd = make_round(t, 1, [(1, 2), (3, 4)])
    play(rnd, 1, blocks(4, 4, 4, 4))
    return t


def other_state(t):
    """Every row of the other tournament, as values (ids included)."""
    return {
        "tournament": list(Tournament.objects.filter(pk=t.pk).values()),
        "pairs": list(Entrant.objects.filter(tournament=t).values()),
        "players": list(Player.objects.filter(pair__tournament=t).values()),
        "rounds": list(Round.objects.filter(tournament=t).values()),
        "parties": list(Partie.objects.filter(round__tournament=t).values()),
        "protocols": list(Protocol.objects.filter(partie__round__tournament=t).values()),
        "deals": list(Deal.objects.filter(protocol__partie__round__tournament=t).values()),
        "remarks": list(Remark.objects.filter(protocol__partie__round__tournament=t).values()),
        "signatures": list(Signature.objects.filter(protocol__partie__round__tournament=t).values()),
        "roles": list(TournamentRole.objects.filter(tournament=t).values()),
        "audit": list(AuditEntry.objects.filter(tournament=t).values()),
    }


def protocols_by_table(t):
    return {(p.partie.round.number, p.partie.table): p
            for p in Protocol.objects.filter(partie__round__tournament=t).select_related("partie__round__tournament")}


def fingerprint_as(protocol, slug):
    """The protocol's fingerprint with the tournament's slug (part of the signed content) set to ``slug``."""
    protocol.partie.round.tournament.slug = slug
    return protocol_fingerprint(protocol)


def pdf_text(data: bytes) -> str:
    """The text of a PDF; the protocol's address on a sheet names its partie's id, new in the target."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    return re.sub(r"protocols/\d+/", "protocols/ID/", text)


def test_round_trip_keeps_standings_fingerprints_and_pdfs_and_leaves_the_other_tournament(played, other, tmp_path):
    before_other = other_state(other)
    path = tmp_path / "cup.json"
    call_command("export_tournament", "cup", str(path), stdout=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "domino-tournament" and data["version"] == 1
    assert data["tournament"]["signing_key_pem"] == "" and "BEGIN CERTIFICATE" in data["tournament"]["signing_cert_pem"]
    assert "ghost" in {r["user"] for r in data["roles"]}
    User.objects.filter(username="ghost").delete()     # an account the target does not have

    out = io.StringIO()
    call_command("import_tournament", str(path), "--slug", "cup-copy", stdout=out)
    copy = Tournament.objects.get(slug="cup-copy")
    assert "skipped role: ghost (chief_referee)" in out.getvalue()

    # Standings, as JSON.
    assert [r.to_json() for r in selectors.load_standings(copy).rows] == \
        [r.to_json() for r in selectors.load_standings(played).rows]
    assert [p.to_json() for p in selectors.load_individual(copy).players] == \
        [p.to_json() for p in selectors.load_individual(played).players]
    # Every protocol: the same content fingerprint, the same signatures.
    source, target = protocols_by_table(played), protocols_by_table(copy)
    assert source.keys() == target.keys() and len(source) == 12
    for key, protocol in source.items():
        twin = target[key]
        assert twin.pk != protocol.pk
        # The header its signers saw travels with the protocol: under the new slug the fingerprint is the same.
        assert twin.signed_header == protocol.signed_header
        if protocol.signed_header is not None:
            assert protocol.signed_header["tournament"] == "cup"
            assert protocol_fingerprint(twin) == protocol_fingerprint(protocol)
        else:  # marked signed by the test setup, no header: the live slug is part of the content
            assert protocol_fingerprint(twin) != protocol_fingerprint(protocol)
            assert fingerprint_as(twin, "cup") == protocol_fingerprint(protocol)
            twin.partie.round.tournament.slug = "cup-copy"
        assert (twin.status, twin.version, twin.score_a, twin.score_b, twin.locked_at) == \
            (protocol.status, protocol.version, protocol.score_a, protocol.score_b, protocol.locked_at)
        assert [(s.role, s.seat, s.name, s.user_id, s.fingerprint, s.signed_at) for s in twin.signatures.all()] == \
            [(s.role, s.seat, s.name, s.user_id, s.fingerprint, s.signed_at) for s in protocol.signatures.all()]
        assert [(d.to_json(), d.entered_by_id, d.entered_at) for d in twin.deals.all()] == \
            [(d.to_json(), d.entered_by_id, d.entered_at) for d in protocol.deals.all()]
        assert [r.to_json() for r in twin.remarks.all()] == [r.to_json() for r in protocol.remarks.all()]
    assert target[(3, 1)].signatures.first().fingerprint == protocol_fingerprint(target[(3, 1)])
    assert fingerprint_mismatches(target[(3, 1)]) == (protocol_fingerprint(target[(3, 1)]), [])
    # PDFs: the same text (standings; score sheets, unsigned so that no time stamp differs).
    assert pdf_text(exports.standings_pdf(copy)) == pdf_text(exports.standings_pdf(played))
    assert pdf_text(exports.signed_sheets_pdf(copy, sign=False)) == pdf_text(exports.signed_sheets_pdf(played, sign=False))
    # Roles and accounts by username; the missing account is skipped, not created.
    assert sorted(TournamentRole.objects.filter(tournament=copy).values_list("user__username", "role")) == \
        sorted(TournamentRole.objects.filter(tournament=played).exclude(user__username=None)
               .values_list("user__username", "role"))
    assert not User.objects.filter(username="ghost").exists()
    assert TournamentRole.objects.get(tournament=copy, user__username="ref-cup").tables == [1, 2]
    assert sorted(Player.objects.filter(pair__tournament=copy, user__isnull=False).values_list("user__username", flat=True)) \
        == ["p-A1", "p-A2", "p-B1", "p-B2"]
    # The audit log came along, and the import itself is audited.
    copied = list(AuditEntry.objects.filter(tournament=copy).exclude(action="tournament.imported")
                  .values_list("action", "at", "partie__table"))
    assert copied == list(AuditEntry.objects.filter(tournament=played).values_list("action", "at", "partie__table"))
    entry = AuditEntry.objects.get(tournament=copy, action="tournament.imported")
    assert entry.after["source_slug"] == "cup" and entry.after["skipped_roles"] == [
        {"username": "ghost", "role": "chief_referee"}]
    assert entry.after["counts"]["deals"] == Deal.objects.filter(protocol__partie__round__tournament=played).count()
    # The certificate without the key: the copy cannot sign as the original.
    assert copy.signing_cert_pem == played.signing_cert_pem and copy.signing_key_pem == ""
    # Nothing of the other tournament (or of the source) changed.
    assert other_state(other) == before_other
    assert Tournament.objects.count() == 3


def test_round_trip_into_another_installation_is_identical(played, tmp_path):
    """Export, drop the tournament (as if the file went to another installation), import: nothing differs."""
    standings = [r.to_json() for r in selectors.load_standings(played).rows]
    fingerprints = {k: protocol_fingerprint(p) for k, p in protocols_by_table(played).items()}
    stored = {k: sorted(p.signatures.values_list("fingerprint", flat=True)) for k, p in protocols_by_table(played).items()}
    pdfs = (pdf_text(exports.standings_pdf(played)), pdf_text(exports.signed_sheets_pdf(played, sign=False)))
    path = tmp_path / "cup.json"
    transfer.export_tournament(played, path, with_key=True)
    Partie.objects.filter(round__tournament=played).delete()
    played.delete()
    copy = transfer.import_tournament(path).tournament
    assert copy.slug == "cup"
    assert [r.to_json() for r in selectors.load_standings(copy).rows] == standings
    assert {k: protocol_fingerprint(p) for k, p in protocols_by_table(copy).items()} == fingerprints
    assert {k: sorted(p.signatures.values_list("fingerprint", flat=True))
            for k, p in protocols_by_table(copy).items()} == stored
    assert fingerprints[(3, 1)] in stored[(3, 1)]  # signed through the service: its signatures still verify
    assert (pdf_text(exports.standings_pdf(copy)), pdf_text(exports.signed_sheets_pdf(copy, sign=False))) == pdfs


def test_the_key_travels_only_when_asked(played, tmp_path):
    path = tmp_path / "cup.json"
    transfer.export_tournament(played, path, with_key=True)
    copy = transfer.import_tournament(path, slug="cup-keyed").tournament
    assert copy.signing_key_pem == played.signing_key_pem and "PRIVATE KEY" in copy.signing_key_pem


def test_a_taken_slug_is_refused_and_nothing_is_written(played, tmp_path):
    path = tmp_path / "cup.json"
    transfer.export_tournament(played, path)
    counts = (Tournament.objects.count(), Entrant.objects.count(), AuditEntry.objects.count())
    with pytest.raises(CommandError, match="уже есть"):
        call_command("import_tournament", str(path), stdout=io.StringIO())
    assert (Tournament.objects.count(), Entrant.objects.count(), AuditEntry.objects.count()) == counts


def test_import_into_an_installation_without_the_accounts(played, tmp_path):
    path = tmp_path / "cup.json"
    transfer.export_tournament(played, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    for row in data["roles"]:
        row["user"] = "nobody-" + row["user"]
    for row in data["players"] + data["signatures"] + data["deals"]:
        for key in ("user", "entered_by"):
            if row.get(key):
                row[key] = "nobody-" + row[key]
    result = transfer.import_data(data, slug="cup-bare")
    assert result.counts["roles"] == 0 and len(result.skipped_roles) == len(data["roles"])
    assert "nobody-p-A1" in result.missing_accounts
    assert not Player.objects.filter(pair__tournament=result.tournament, user__isnull=False).exists()
    copy = protocols_by_table(result.tournament)[(3, 1)]
    assert copy.signatures.filter(user__isnull=True).count() == 5
    assert [s.name for s in copy.signatures.all()] == [s.name for s in protocols_by_table(played)[(3, 1)].signatures.all()]


def _exported(played, tmp_path):
    path = tmp_path / "cup.json"
    transfer.export_tournament(played, path)
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(version=2), "Версия файла 2"),
    (lambda d: d.update(format="something"), "не файл переноса"),
    (lambda d: d.update(deals="x"), "не список"),
    (lambda d: d["deals"][0].update(protocol=999999), "которой нет в файле"),
    (lambda d: d["pairs"][0].update(colour="red"), "неизвестные поля colour"),
    (lambda d: d["players"][0].update(name="Я" * 10_000), "players"),
    (lambda d: d["pairs"][0].update(rating="=1+2"), "rating"),
    (lambda d: d["pairs"][0].update(number=10 ** 30), "pairs"),
    (lambda d: d["rounds"][0].update(number="٣"), "неверного типа"),
    (lambda d: d["pairs"][1].update(number=d["pairs"][0]["number"]), "противоречат"),
    (lambda d: d["tournament"].update(is_public="yes"), "неверного типа"),
    (lambda d: d["deals"][0].update(entered_by=["x"]), r"deals\[0\]\.entered_by — значение неверного типа"),
    (lambda d: d["tournament"].update(start_date="<script>"), "start_date"),
])
def test_a_damaged_file_is_refused_with_a_message_and_leaves_nothing(played, tmp_path, damage, message):
    data = _exported(played, tmp_path)
    damage(data)
    counts = (Tournament.objects.count(), Entrant.objects.count(), Deal.objects.count(), AuditEntry.objects.count())
    with pytest.raises(transfer.TransferError, match=message):
        transfer.import_data(data, slug="cup-bad")
    assert (Tournament.objects.count(), Entrant.objects.count(), Deal.objects.count(),
            AuditEntry.objects.count()) == counts


@pytest.mark.parametrize("slug", ["", "Кубок", "a b", "x" * 81, "<b>"])
def test_a_bad_new_slug_is_refused(played, tmp_path, slug):
    data = _exported(played, tmp_path)
    with pytest.raises(transfer.TransferError, match="Краткое имя"):
        transfer.import_data(data, slug=slug)


def test_not_a_json_file(tmp_path, db):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe not json")
    with pytest.raises(CommandError, match="не файл переноса"):
        call_command("import_tournament", str(path), "--slug", "x", stdout=io.StringIO())


def test_export_of_an_unknown_tournament(db):
    with pytest.raises(CommandError, match="нет"):
        call_command("export_tournament", "no-such", "/dev/null")


def _small_file(slug="small"):
    tournament = make_tournament(2, slug=slug)
    return json.loads(json.dumps(transfer.export_data(tournament), cls=transfer._Encoder))


@pytest.mark.django_db
@pytest.mark.parametrize("damage, words", [
    (lambda d: d["players"][0].update(name="Иван\x00ов"), "«players», запись .*name: недопустимый управляющий"),
    (lambda d: d["tournament"].update(name="Кубок\x1b[2J\x07"), "«tournament», запись .*name: недопустимый управляющий"),
    (lambda d: d["players"][1].update(name="\u202eнавИ"), "name: недопустимый символ направления письма"),
    (lambda d: d["pairs"][0].update(name="Пара\x0c\x00"), "pairs"),
])
def test_an_archive_with_control_characters_in_its_text_is_refused(damage, words):
    data = _small_file()
    damage(data)
    with pytest.raises(transfer.TransferError, match=words):
        transfer.import_data(data, slug="doctored")
    assert not Tournament.objects.filter(slug="doctored").exists()


@pytest.mark.django_db
def test_an_archives_text_is_cleaned_as_the_forms_clean_it():
    data = _small_file()
    data["players"][0]["name"] = "Ива\u200bнов  Иван"
    data["tournament"]["name"] = "Кубок\u00ad города"
    imported = transfer.import_data(data, slug="cleaned").tournament
    assert imported.name == "Кубок города"
    assert Player.objects.filter(pair__tournament=imported, name="Иванов Иван").exists()
