"""Every signature gets the tournament's seal (scoring.seals); the signatures already stored are sealed as they
are: they were trusted as stored until now. A tournament without a key gets one, as on its first signed PDF."""

from django.db import migrations, models


def seal_existing(apps, schema_editor):
    from scoring.reports.pades import _new_key_and_certificate, keep_former
    from scoring.seals import make_seal, seal_message

    Signature = apps.get_model("scoring", "Signature")
    Tournament = apps.get_model("tournaments", "Tournament")
    keys = {}
    rows = Signature.objects.filter(seal="").select_related("protocol__partie__round__tournament").order_by("pk")
    for sig in rows.iterator(chunk_size=500):
        tournament = sig.protocol.partie.round.tournament
        if tournament.pk not in keys:
            if not (tournament.signing_key_pem and tournament.signing_cert_pem):
                tournament.former_certs_pem = keep_former(tournament.former_certs_pem, tournament.signing_cert_pem)
                tournament.signing_key_pem, tournament.signing_cert_pem = _new_key_and_certificate(
                    tournament.name or tournament.slug)
                Tournament.objects.filter(pk=tournament.pk).update(
                    signing_key_pem=tournament.signing_key_pem, signing_cert_pem=tournament.signing_cert_pem,
                    former_certs_pem=tournament.former_certs_pem)
            keys[tournament.pk] = (tournament.signing_key_pem, tournament.signing_cert_pem)
        key_pem, cert_pem = keys[tournament.pk]
        seal = make_seal(key_pem, cert_pem, seal_message(sig.fingerprint, sig.role, sig.seat, sig.name, sig.method))
        Signature.objects.filter(pk=sig.pk).update(seal=seal)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0008_prior_remarks_in_signed_header'),
        ('tournaments', '0004_former_certs'),
    ]

    operations = [
        migrations.AddField(
            model_name='signature',
            name='seal',
            field=models.TextField(blank=True, verbose_name='печать турнира'),
        ),
        migrations.RunPython(seal_existing, migrations.RunPython.noop, elidable=True),
    ]
