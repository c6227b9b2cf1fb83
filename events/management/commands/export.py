"""Write a tournament's files: ``manage.py export SLUG --xlsx FILE --pdf-protocols FILE …``."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.documents import exports
from tournaments.models import Round, Tournament


class Command(BaseCommand):
    help = "Export the workbook, the signed score sheets (PAdES-signed PDF), blank sheets, standings and pairings."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--xlsx", help="the whole tournament as an Excel workbook")
        parser.add_argument("--pdf-protocols", help="signed score sheets (of --round, or of every round)")
        parser.add_argument("--pdf-blank", help="blank score sheets of --round")
        parser.add_argument("--pdf-standings", help="standings (as after --round when given)")
        parser.add_argument("--pdf-pairings", help="pairings of --round")
        parser.add_argument("--round", type=int, default=None)
        parser.add_argument("--base-url", default="", help="site address for the QR codes, e.g. https://domino.example")
        parser.add_argument("--no-sign", action="store_true", help="do not sign the score sheets digitally")

    def handle(self, slug, **o):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with slug {slug!r}") from None
        number = o["round"]
        if number is not None and not Round.objects.filter(tournament=tournament, number=number).exists():
            raise CommandError(f"{slug} has no round {number}")
        jobs = []
        if o["xlsx"]:
            jobs.append((o["xlsx"], lambda: exports.workbook(tournament)))
        if o["pdf_protocols"]:
            jobs.append((o["pdf_protocols"], lambda: exports.signed_sheets_pdf(
                tournament, number, base_url=o["base_url"], sign=not o["no_sign"])))
        if o["pdf_blank"]:
            if number is None:
                raise CommandError("--pdf-blank needs --round")
            jobs.append((o["pdf_blank"], lambda: exports.blank_sheets_pdf(tournament, number, base_url=o["base_url"])))
        if o["pdf_standings"]:
            jobs.append((o["pdf_standings"], lambda: exports.standings_pdf(tournament, number)))
        if o["pdf_pairings"]:
            if number is None:
                raise CommandError("--pdf-pairings needs --round")
            jobs.append((o["pdf_pairings"], lambda: exports.pairings_pdf(tournament, number)))
        if not jobs:
            raise CommandError("nothing to export: give --xlsx, --pdf-protocols, --pdf-blank, --pdf-standings or --pdf-pairings")
        for path, make in jobs:
            data = make()
            Path(path).write_bytes(data)
            self.stdout.write(f"{path}: {len(data)} bytes")
