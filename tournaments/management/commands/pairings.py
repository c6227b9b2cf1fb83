"""Print the pairings of a tournament as JSON: [{"round", "table", "A", "B"}, …] (B null for a bye)."""
import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Partie, Tournament


class Command(BaseCommand):
    help = "Пары туров турнира в JSON (номера пар; B = null — пропуск тура)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--round", type=int, default=None)
        parser.add_argument("--json", action="store_true", help="JSON output (the only format)")

    def handle(self, *args, slug, round, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {slug!r}") from None
        parties = Partie.objects.filter(round__tournament=tournament)
        if round is not None:
            if not tournament.rounds.filter(number=round).exists():
                raise CommandError(f"no round {round} in {slug!r}")
            parties = parties.filter(round__number=round)
        rows = [
            {"round": r, "table": t, "A": a, "B": b}
            for r, t, a, b in parties.order_by("round__number", "table").values_list(
                "round__number", "table", "pair_a__number", "pair_b__number")
        ]
        self.stdout.write(json.dumps(rows, ensure_ascii=False))
