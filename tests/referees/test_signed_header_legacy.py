"""Protocols signed before the header was frozen at the first signature: the migrations that freeze it over the
old fingerprints, transfer files written before headers were kept or under a new slug, and a damaged header in a
file refused with a message (docs/rules.en.md IV.2). The header itself is tested in test_signed_header.py.
"""
import hashlib
import importlib
import json

import pytest
from django.apps import apps as django_apps

from events.services import transfer
from scoring import integrity
from scoring.models import Protocol, Signature
from scoring.protocol_json import protocol_to_json
from tournaments.models import Entrant

from .helpers import play
from .signed_protocols import (
    NOTE,
    page,
    rename_a1,
    signed,  # noqa: F401  (fixture)
)
from .test_tampering import verify


def old_fingerprint(protocol) -> str:
    """The fingerprint as signatures carried it before headers were kept: the §9 JSON with the live rows."""
    return hashlib.sha256(integrity.canonical_json(protocol_to_json(protocol)).encode("utf-8")).hexdigest()


def exported(tournament) -> dict:
    """The transfer file's content, as read back from JSON."""
    return json.loads(json.dumps(transfer.export_data(tournament), cls=transfer._Encoder))


# --- protocols signed before headers were kept --------------------------------------------

def legacy(table):
    """The table's protocol as it stood before headers were kept: no header, old fingerprints."""
    protocol = Protocol.objects.get(partie=table.partie)
    Protocol.objects.filter(pk=protocol.pk).update(signed_header=None)
    protocol.refresh_from_db()
    old = old_fingerprint(protocol)
    Signature.objects.filter(protocol=protocol).update(fingerprint=old, seal="")  # nor seals then (scoring 0009)
    return old


def seal_as_the_migration_does():
    importlib.import_module("scoring.migrations.0009_signature_seal").seal_existing(django_apps, None)


def test_the_migration_freezes_the_header_old_fingerprints_covered(signed):
    table = signed
    old = legacy(table)
    migration = importlib.import_module("scoring.migrations.0005_frozen_signed_header")
    migration.freeze_signed_headers(django_apps, None)
    importlib.import_module("scoring.migrations.0008_prior_remarks_in_signed_header").freeze_prior_remarks(
        django_apps, None)
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.signed_header == integrity.header_from_json(protocol_to_json(protocol))  # no tournament name
    assert "tournament_name" not in protocol.signed_header
    assert integrity.protocol_fingerprint(protocol) == old
    play(table.referee, table.other_partie)  # finished, not signed: nothing to freeze
    migration.freeze_signed_headers(django_apps, None)
    assert Protocol.objects.get(partie=table.other_partie).signed_header is None
    # The rows are sealed as they stand (scoring 0009); from now on a correction is no mismatch.
    seal_as_the_migration_does()
    rename_a1(table, "Исправленный Пётр")
    assert verify()[0] == 0


def test_import_under_a_new_slug_keeps_every_signature_valid(client, signed):
    table = signed
    rename_a1(table, "Исправленный Пётр")
    data = exported(table.tournament)
    copy = transfer.import_data(data, slug="cup-2026").tournament
    code, out = verify("cup-2026")
    assert code == 0 and "0 fingerprint mismatch(es)" in out
    twin = Protocol.objects.get(partie__round__tournament=copy, partie__round__number=2, partie__table=1)
    assert twin.signed_header["tournament"] == "cup" and twin.signed_header["pairs"]["A"]["players"][0] == table.signed_name
    assert f"{NOTE}: Исправленный Пётр" in page(client, twin.partie)


def test_import_of_a_file_written_before_headers_were_kept(signed):
    table = signed
    play(table.referee, table.other_partie)  # finished, not signed
    legacy(table)
    data = exported(table.tournament)
    for row in data["protocols"]:
        del row["signed_header"]  # the field did not exist then
    for row in data["signatures"]:
        del row["seal"]  # nor seals
    result = transfer.import_data(data, slug="cup-old")
    copy = result.tournament
    twin = Protocol.objects.get(partie__round__tournament=copy, partie__round__number=2, partie__table=1)
    assert twin.signed_header["tournament"] == "cup" and "tournament_name" not in twin.signed_header
    # The fingerprints still match; the signatures of a file without seals cannot be told from forged ones.
    code, out = verify("cup-old")
    assert code == 1 and "0 differ, 0 fingerprint mismatch(es), 1 without a valid seal" in out
    assert result.unsealed == 5
    assert Protocol.objects.get(partie__round__tournament=copy, partie__round__number=2,
                                partie__table=2).signed_header is None  # unsigned


@pytest.mark.parametrize("damage", [
    lambda h: "=HYPERLINK(\"x\")",
    lambda h: {**h, "round": "٣"},
    lambda h: {**h, "table": 10 ** 30},
    lambda h: {**h, "round": True},
    lambda h: {**h, "tournament_name": "x" * 10_000},
    lambda h: {**h, "script": "<script>alert(1)</script>"},
    lambda h: {**h, "pairs": {"A": h["pairs"]["A"]}},
    lambda h: {**h, "pairs": {**h["pairs"], "B": {"number": "²", "players": []}}},
    lambda h: {**h, "pairs": {**h["pairs"], "B": {"number": 7, "players": "Иванов"}}},
    lambda h: {**h, "pairs": {**h["pairs"], "B": {"number": 7, "players": [{"name": 1}]}}},
    lambda h: {**h, "pairs": {**h["pairs"], "B": {**h["pairs"]["B"], "prior_remarks": "١"}}},
    lambda h: {**h, "pairs": {**h["pairs"], "B": {**h["pairs"]["B"], "prior_remarks": -1}}},
    lambda h: {k: v for k, v in h.items() if k != "round"},
])
def test_a_file_with_a_damaged_header_is_refused_with_a_message(signed, damage):
    table = signed
    data = exported(table.tournament)
    row = next(r for r in data["protocols"] if r["signed_header"])
    row["signed_header"] = damage(row["signed_header"])
    with pytest.raises(transfer.TransferError) as err:
        transfer.import_data(data, slug="cup-bad")
    message = str(err.value)
    assert "шапк" in message and "«protocols»" in message and len(message) < 400
    assert not Entrant.objects.filter(tournament__slug="cup-bad").exists()


@pytest.mark.django_db(transaction=True)
def test_the_migration_run_backwards_and_forwards_keeps_old_fingerprints(signed):
    """The real migration on a database holding a protocol signed the old way (not the function alone)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    table = signed
    old = legacy(table)
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0004_kozelui_kozel_deal_fields")])  # drops the column
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.signed_header["pairs"]["A"]["players"][0] == table.signed_name
    assert set(protocol.signatures.values_list("fingerprint", flat=True)) == {old}
    assert integrity.protocol_fingerprint(protocol) == old
    rename_a1(table, "Исправленный Пётр")
    assert verify()[0] == 0
