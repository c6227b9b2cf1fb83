"""The pairs' remarks of the earlier rounds, frozen in the header of every signed protocol.

A signature's fingerprint covers the count of remarks each pair brought to the
partie (scoring.integrity). Until now it was read live, so a remark of an
earlier round withdrawn after a later protocol was signed made that protocol's
signatures look tampered with. The count is now part of the frozen header. A
header written before gets the count stored on the protocol now: exactly what
its fingerprint covered, so every existing fingerprint still matches.
"""
from django.db import migrations

BATCH = 500


def freeze_prior_remarks(apps, schema_editor):
    Protocol = apps.get_model("scoring", "Protocol")
    rows = Protocol.objects.filter(signed_header__isnull=False).only("pk", "signed_header", "prior_remarks_a",
                                                                    "prior_remarks_b")
    changed = []
    for protocol in rows.iterator(chunk_size=BATCH):
        header = protocol.signed_header
        pairs = header.get("pairs") if isinstance(header, dict) else None
        if not isinstance(pairs, dict) or not all(isinstance(pairs.get(s), dict) for s in ("A", "B")):
            continue  # a damaged header stays as it is: its signatures already vouch for nothing
        for side, count in (("A", protocol.prior_remarks_a), ("B", protocol.prior_remarks_b)):
            pairs[side].setdefault("prior_remarks", count)
        changed.append(protocol)
        if len(changed) >= BATCH:
            Protocol.objects.bulk_update(changed, ["signed_header"])
            changed = []
    Protocol.objects.bulk_update(changed, ["signed_header"])


def thaw_prior_remarks(apps, schema_editor):
    Protocol = apps.get_model("scoring", "Protocol")
    changed = []
    for protocol in Protocol.objects.filter(signed_header__isnull=False).only("pk", "signed_header").iterator(
            chunk_size=BATCH):
        pairs = protocol.signed_header.get("pairs") if isinstance(protocol.signed_header, dict) else None
        if isinstance(pairs, dict):
            for side in ("A", "B"):
                if isinstance(pairs.get(side), dict):
                    pairs[side].pop("prior_remarks", None)
            changed.append(protocol)
    Protocol.objects.bulk_update(changed, ["signed_header"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0007_merge_20261130_0802"),
    ]

    operations = [
        migrations.RunPython(freeze_prior_remarks, thaw_prior_remarks, elidable=True),
    ]
