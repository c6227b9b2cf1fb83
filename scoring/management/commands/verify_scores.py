"""Recompute every protocol with the engine and compare with the cached result; check every signature.

    python manage.py verify_scores [SLUG] [--fix]

Prints one line per protocol whose cache differs, one per protocol whose
content no longer matches the fingerprint its signatures vouch for (rows
changed behind the services' back), and one per protocol with a signature that
has no valid seal of the tournament's key (``scoring.seals``: a forged row or a
recomputed fingerprint). Exits 1 when any cache differs and was not fixed, or
when any fingerprint or seal fails (``--fix`` cannot fix those: the chief
referee reopens the protocol and the table signs it again).

The Kozel family's games, goats and rating are part of the cache: protocols of
Kozel and Morskoy recorded before those fields existed show as differing, and
``verify_scores --fix`` fills them in (docs/rules-kozel.md §11).
"""
import sys

from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.checks import check_tournament
from scoring.models import Protocol
from scoring.scores import rescore
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Recompute every protocol's points with the engine and report any difference from the cache."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="only this tournament")
        parser.add_argument("--fix", action="store_true", help="rewrite the cache where it differs")

    def handle(self, *args, slug=None, fix=False, **options):
        tournaments = Tournament.objects.order_by("pk")
        if slug:
            tournaments = tournaments.filter(slug=slug)
        checked = drift = tampered = forged = 0
        for tournament in tournaments.iterator():
            report = check_tournament(tournament)  # the check page's own code, a few queries per round
            checked += report.checked
            for finding in report.findings:
                partie = finding.protocol.partie
                self.stdout.write(f"{tournament.slug} round {partie.round.number} table {partie.table}: "
                                  f"{finding.detail}")
                if finding.kind == "fingerprint":
                    tampered += 1
                    continue
                if finding.kind == "seal":
                    forged += 1
                    continue
                drift += 1
                if fix and finding.kind != "refused":
                    with transaction.atomic():
                        rescore(Protocol.objects.select_for_update().get(pk=finding.protocol.pk), cascade=False)
        self.stdout.write(f"{checked} protocol(s) checked, {drift} differ, {tampered} fingerprint mismatch(es), "
                          f"{forged} without a valid seal")
        if (drift and not fix) or tampered or forged:
            sys.exit(1)
