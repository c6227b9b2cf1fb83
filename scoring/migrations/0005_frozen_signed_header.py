"""The header a protocol's signers saw, kept on the protocol; protocols signed before get it from today's rows.

The fingerprint of a signature now covers the frozen header instead of the
live names and slug (scoring.integrity). A protocol signed before this
migration gets the header its fingerprint covered: the tournament's slug, the
round, the table, the pairs' numbers and players as they are stored now (in
the order the protocol JSON lists them), and no tournament name (the old
fingerprint did not cover it), so every existing fingerprint still matches.
"""
from django.db import migrations, models

BATCH = 500


def _players(players) -> list:
    return [p["name"] for p in sorted(players, key=lambda p: (p["number"] or 9, p["id"]))]


def freeze_signed_headers(apps, schema_editor):
    Protocol = apps.get_model("scoring", "Protocol")
    Player = apps.get_model("tournaments", "Player")
    ids = list(Protocol.objects.filter(signatures__isnull=False, signed_header__isnull=True)
               .values_list("pk", flat=True).distinct().order_by("pk"))
    for start in range(0, len(ids), BATCH):
        protocols = list(Protocol.objects.filter(pk__in=ids[start:start + BATCH])
                         .select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b"))
        pair_ids = {pk for p in protocols for pk in (p.partie.pair_a_id, p.partie.pair_b_id) if pk}
        players = {}
        for row in Player.objects.filter(pair_id__in=pair_ids).values("id", "pair_id", "name", "number"):
            players.setdefault(row["pair_id"], []).append(row)
        for protocol in protocols:
            partie = protocol.partie
            pair_a, pair_b = partie.pair_a, partie.pair_b
            protocol.signed_header = {
                "tournament": partie.round.tournament.slug,
                "round": partie.round.number,
                "table": partie.table,
                "pairs": {
                    "A": {"number": pair_a.number, "players": _players(players.get(pair_a.pk, []))},
                    "B": {"number": pair_b.number if pair_b else None,
                          "players": _players(players.get(pair_b.pk, [])) if pair_b else []},
                },
            }
        Protocol.objects.bulk_update(protocols, ["signed_header"])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0004_kozelui_kozel_deal_fields'),
        ('tournaments', '0003_merge_20261130_0525'),
    ]

    operations = [
        migrations.AddField(
            model_name='protocol',
            name='signed_header',
            field=models.JSONField(blank=True, null=True, verbose_name='шапка протокола при подписи'),
        ),
        migrations.RunPython(freeze_signed_headers, migrations.RunPython.noop, elidable=True),
    ]
