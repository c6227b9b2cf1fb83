"""Print the pairings of a tournament as JSON.

A pair event: [{"round", "table", "A", "B"}, …] with pair numbers (B null for a bye); a round of stage 2 of
an event in stages adds its "name" («Полуфинал», «Финал · Матч за 3-е место»). An individual event,
one round (``--round K``): {"round": K, "tables": [{"table": 1, "A": [p, q], "B": [r, s]}, …],
"sitting_out": [x, …]} with player numbers (seats A1, A2 against B1, B2); every round: a list of those. A team
event, one round: {"round": K, "matches": [{"match", "a", "b", "tables": [{"table", "A", "B"}]}]} (team and pair
numbers; b null for a bye), a round of stage 2 with its "name"; every round: a list of those.
"""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.reports.stage_selectors import stage2_round_names
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
        own_json = tournament.format_spec.part("pairings_json")  # a format whose rounds are not parties (teams)
        if own_json is not None:
            numbers = [round] if round is not None else sorted(tournament.rounds.values_list("number", flat=True))
            names = stage2_round_names(tournament)  # a round of stage 2 adds its "name"
            data = [{**own_json(tournament, n), **({"name": names[n]} if n in names else {})} for n in numbers]
            self.stdout.write(json.dumps(data[0] if round is not None else data, ensure_ascii=False))
            return
        if tournament.format_spec.single_player_entries:
            rounds = individual_rounds(parties)
            data = rounds[0] if round is not None else rounds
            self.stdout.write(json.dumps(data, ensure_ascii=False))
            return
        names = stage2_round_names(tournament)
        rows = [
            {"round": r, "table": t, "A": a, "B": b, **({"name": names[r]} if r in names else {})}
            for r, t, a, b in parties.order_by("round__number", "table").values_list(
                "round__number", "table", "pair_a__number", "pair_b__number")
        ]
        self.stdout.write(json.dumps(rows, ensure_ascii=False))


def individual_rounds(parties) -> list[dict]:
    """Every round of an individual event as {"round", "tables", "sitting_out"} (player numbers)."""
    rounds: dict[int, dict] = {}
    for r, t, a1, a2, b1, b2 in parties.order_by("round__number", "table").values_list(
            "round__number", "table", "pair_a__number", "partner_a__number", "pair_b__number",
            "partner_b__number"):
        out = rounds.setdefault(r, {"round": r, "tables": [], "sitting_out": []})
        if b1 is None:
            out["sitting_out"].append(a1)
        else:
            out["tables"].append({"table": t, "A": [a1, a2], "B": [b1, b2]})
    return list(rounds.values())
