"""Recompute every protocol with the engine and compare with the cached result; check every signature.

    python manage.py verify_scores [SLUG] [--fix]

Prints one line per protocol whose cache differs, and one per protocol whose
content no longer matches the fingerprint its signatures vouch for (rows
changed behind the services' back). Exits 1 when any cache differs and was
not fixed, or when any fingerprint differs (``--fix`` cannot fix those: the
chief referee reopens the protocol and the table signs it again).

The Kozel family's games, goats and rating are part of the cache: protocols of
Kozel and Morskoy recorded before those fields existed show as differing, and
``verify_scores --fix`` fills them in (docs/rules-kozel.md §11).
"""
import sys

from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.integrity import fingerprint_mismatches
from scoring.models import Protocol
from scoring.rules import ProtocolError
from scoring.scores import GAME_CACHE_FIELDS, game_cache, prior_remarks, rescore, score


def cached(protocol) -> tuple:
    return (protocol.score_a, protocol.score_b, protocol.deals_won_a, protocol.deals_won_b, protocol.winner,
            protocol.finished, protocol.extra_deal_needed, protocol.disqualified,
            *(getattr(protocol, name) for name in GAME_CACHE_FIELDS))


def computed(result) -> tuple:
    return (result.totals_a, result.totals_b, result.deals_won_a, result.deals_won_b, result.winner or "",
            result.finished, result.extra_deal_needed, result.disqualified or "",
            *(game_cache(result)[name] for name in GAME_CACHE_FIELDS))


class Command(BaseCommand):
    help = "Recompute every protocol's points with the engine and report any difference from the cache."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="only this tournament")
        parser.add_argument("--fix", action="store_true", help="rewrite the cache where it differs")

    def handle(self, *args, slug=None, fix=False, **options):
        protocols = Protocol.objects.select_related(
            "partie__round__tournament", "partie__pair_a", "partie__pair_b"
        ).prefetch_related("signatures").order_by(
            "partie__round__tournament_id", "partie__round__number", "partie__table")
        if slug:
            protocols = protocols.filter(partie__round__tournament__slug=slug)
        checked = drift = tampered = 0
        for protocol in protocols.iterator(chunk_size=500):
            checked += 1
            partie = protocol.partie
            prior = (prior_remarks(partie.pair_a, partie.round.number), prior_remarks(partie.pair_b, partie.round.number))
            problem = None
            try:
                if prior != (protocol.prior_remarks_a, protocol.prior_remarks_b):
                    problem = f"prior remarks {prior} != cached {(protocol.prior_remarks_a, protocol.prior_remarks_b)}"
                else:
                    result = score(protocol)
                    if computed(result) != cached(protocol):
                        problem = f"engine {computed(result)} != cached {cached(protocol)}"
            except ProtocolError as exc:
                problem = f"stored rows are refused by the engine: {exc.message}"
            if problem:
                drift += 1
                self.stdout.write(f"{partie.round.tournament.slug} round {partie.round.number} "
                                  f"table {partie.table}: {problem}")
                if fix and "refused" not in problem:
                    with transaction.atomic():
                        rescore(Protocol.objects.select_for_update().get(pk=protocol.pk), cascade=False)
            current, mismatched = fingerprint_mismatches(protocol)
            if mismatched:
                tampered += 1
                who = ", ".join(f"{s.role} {s.seat}".strip() for s in mismatched)
                self.stdout.write(f"{partie.round.tournament.slug} round {partie.round.number} "
                                  f"table {partie.table}: fingerprint mismatch: content {current[:16]}, "
                                  f"signed {mismatched[0].fingerprint[:16]} ({len(mismatched)} signature(s): {who})")
        self.stdout.write(f"{checked} protocol(s) checked, {drift} differ, {tampered} fingerprint mismatch(es)")
        if (drift and not fix) or tampered:
            sys.exit(1)
