"""Create a tournament and play it through the services; print a JSON summary."""
import json
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from events.simulation import parse_final, simulate
from tournaments.choices import DEFAULT_FORMAT, FORMAT_CHOICES
from tournaments.formats import format_class, part_of
from tournaments.models import FinalMatch, PairingSystem
from tournaments.presets import site_presets


class Command(BaseCommand):
    help = "Моделирует турнир: регистрация, жеребьёвка, туры, случайные протоколы, подписи."

    def add_arguments(self, parser):
        parser.add_argument("--pairs", type=int, default=None, help="pairs of a pair event")
        parser.add_argument("--players", type=int, default=None, help="players of an individual event")
        parser.add_argument("--format", choices=[code for code, _label in FORMAT_CHOICES], default=DEFAULT_FORMAT)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--system", choices=PairingSystem.values, default=PairingSystem.SWISS)
        parser.add_argument("--seed", default="1")
        parser.add_argument("--slug", default=None)
        parser.add_argument("--withdraw", type=int, default=0,
                            help="pairs withdrawn: half (rounded down) before the draw, the rest after round 1")
        parser.add_argument("--preset", choices=site_presets(), default="pusto-shest",
                            help="rules preset of the tournament (Kozel, Morskoy and hand points included)")
        parser.add_argument("--no-shows", type=int, default=0, dest="no_shows",
                            help="parties in which one pair does not come, spread over the rounds")
        parser.add_argument("--teams", type=int, default=None, help="teams of a team event (--format teams)")
        parser.add_argument("--pairs-per-team", type=int, default=2, dest="pairs_per_team",
                            help="pairs of each team of a team event (1-4)")
        parser.add_argument("--final", default=None,
                            help="stage 2 after the rounds: knockout:N, round-robin:N (the best N of stage 1) or "
                                 "groups:GxS+knockout:N (G groups of S, the best N/G of each to a bracket)")
        parser.add_argument("--rated", action="store_true",
                            help="mark the tournament as rated: its signed parties move the rating list")
        parser.add_argument("--final-match", dest="final_match", choices=FinalMatch.values, default=FinalMatch.SINGLE,
                            help="a knockout match: one partie, best of 3, or a total over 2 parties")

    def handle(self, *args, pairs=None, rounds, system, seed, slug, withdraw=0, no_shows=0, preset="pusto-shest",
               players=None, format=DEFAULT_FORMAT, final=None, final_match=FinalMatch.SINGLE, rated=False,
               teams=None,
               pairs_per_team=2, **options):
        own = part_of(format, "simulate")  # a format whose app plays its own event (teams)
        if own is not None or teams is not None:
            if own is None or pairs or players:
                raise CommandError("a team event takes --format teams --teams N [--pairs-per-team K] "
                                   "[--final knockout:N | round-robin:N | groups:GxS+knockout:N] (no --pairs or "
                                   "--players)")
            started = time.perf_counter()
            try:
                summary = own(organizer_account(), teams=teams, pairs_per_team=pairs_per_team, rounds=rounds,
                              system=system, seed=seed, slug=slug, preset=preset, final=final, final_match=final_match)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            summary["total_seconds"] = round(time.perf_counter() - started, 2)
            self.stdout.write(json.dumps(summary, ensure_ascii=False))
            return
        individual = format_class(format).single_player_entries
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
            raise CommandError(str(exc)) from None
        organizer = organizer_account()
        started = time.perf_counter()
        summary = simulate(organizer, pairs=pairs, rounds=rounds, system=system, seed=seed, slug=slug,
                           withdraw=withdraw, no_shows=no_shows, preset=preset, format=format, final=final,
                           final_match=final_match, rated=rated)
        summary["total_seconds"] = round(time.perf_counter() - started, 2)
        self.stdout.write(json.dumps(summary, ensure_ascii=False))

def organizer_account():
    organizer, created = get_user_model().objects.get_or_create(username="simulator")
    if created:
        organizer.set_unusable_password()
        organizer.save()
    return organizer
