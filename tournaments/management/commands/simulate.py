"""Create a tournament and play it through the services; print a JSON summary."""
import json
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.rules import config
from tournaments.models import PairingSystem, TournamentFormat
from tournaments.simulation import parse_final, simulate


class Command(BaseCommand):
    help = "Моделирует турнир: регистрация, жеребьёвка, туры, случайные протоколы, подписи."

    def add_arguments(self, parser):
        parser.add_argument("--pairs", type=int, default=None, help="pairs of a pair event")
        parser.add_argument("--players", type=int, default=None, help="players of an individual event")
        parser.add_argument("--format", choices=TournamentFormat.values, default=TournamentFormat.PAIRS)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--system", choices=PairingSystem.values, default=PairingSystem.SWISS)
        parser.add_argument("--seed", default="1")
        parser.add_argument("--slug", default=None)
        parser.add_argument("--withdraw", type=int, default=0,
                            help="pairs withdrawn: half (rounded down) before the draw, the rest after round 1")
        parser.add_argument("--preset", choices=config.PRESETS, default="pusto-shest",
                            help="rules preset of the tournament (Kozel, Morskoy and hand points included)")
        parser.add_argument("--no-shows", type=int, default=0, dest="no_shows",
                            help="parties in which one pair does not come, spread over the rounds")
        parser.add_argument("--final", default=None,
                            help="stage 2 after the rounds: knockout:N or round-robin:N (the best N of stage 1)")
        parser.add_argument("--rated", action="store_true",
                            help="mark the tournament as rated: its signed parties move the rating list")

    def handle(self, *args, pairs=None, rounds, system, seed, slug, withdraw=0, no_shows=0, preset="pusto-shest",
               players=None, format=TournamentFormat.PAIRS, final=None, rated=False, **options):
        individual = format == TournamentFormat.INDIVIDUAL
        if individual:
            if players is None or pairs is not None:
                raise CommandError("--format individual takes --players N (not --pairs)")
            if players < 4 or rounds < 1:
                raise CommandError("--players ≥ 4 and --rounds ≥ 1")
            if players - withdraw < 4:
                raise CommandError("--withdraw must leave at least four players")
            pairs = players
        elif pairs is None or players is not None:
            raise CommandError("a pair event takes --pairs N (an individual one: --format individual --players N)")
        if pairs < 2 or rounds < 1:
            raise CommandError("--pairs ≥ 2 and --rounds ≥ 1")
        if withdraw < 0 or no_shows < 0:
            raise CommandError("--withdraw and --no-shows are 0 or more")
        if pairs - withdraw < 2:
            raise CommandError("--withdraw must leave at least two pairs")
        try:
            parse_final(final)
        except ValueError as exc:
            raise CommandError(str(exc))
        User = get_user_model()
        organizer, created = User.objects.get_or_create(username="simulator")
        if created:
            organizer.set_unusable_password()
            organizer.save()
        started = time.perf_counter()
        summary = simulate(organizer, pairs=pairs, rounds=rounds, system=system, seed=seed, slug=slug,
                           withdraw=withdraw, no_shows=no_shows, preset=preset, format=format, final=final,
                           rated=rated)
        summary["total_seconds"] = round(time.perf_counter() - started, 2)
        self.stdout.write(json.dumps(summary, ensure_ascii=False))
