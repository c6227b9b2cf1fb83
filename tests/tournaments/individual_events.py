"""Individual events built row by row for the page and export tests: tables of four, sit-outs, cached results;
and one played through the services (``simulated_nine``)."""
from io import StringIO

from django.core.management import call_command
from django.utils import timezone

from scoring.models import Protocol
from tests.factories import make_individual
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Round, Tournament

SIMULATED_SLUG = "sim-individual-swiss-9-4"


def simulated_nine():
    """Nine players, two Swiss rounds played and signed through the services (one player sits out a round)."""
    call_command("simulate", "--format", "individual", "--players", "9", "--rounds", "2", "--system", "swiss",
                 "--seed", "4", stdout=StringIO())
    return Tournament.objects.get(slug=SIMULATED_SLUG)


def make_individual_round(tournament, number, tables, sitting_out=(), status="published"):
    """``tables``: [((A1, A2), (B1, B2)), …] by player number; ``sitting_out``: numbers. Returns the round."""
    rnd = Round.objects.create(tournament=tournament, number=number, status=status)
    entrants = {e.number: e for e in tournament.pairs.all()}
    for table, ((a1, a2), (b1, b2)) in enumerate(tables, start=1):
        Partie.objects.create(round=rnd, table=table, pair_a=entrants[a1], partner_a=entrants[a2],
                              pair_b=entrants[b1], partner_b=entrants[b2])
    for k, n in enumerate(sitting_out, start=len(tables) + 1):
        Partie.objects.create(round=rnd, table=k, pair_a=entrants[n])
    return rnd


def set_result(rnd, table, score_a, score_b, *, signed=False, finished=True, goats=(0, 0)):
    """The cached result of a table's protocol (what the engine would have written), signed or awaiting;
    ``goats``: the Kozel family's goats of sides A and B."""
    partie = rnd.parties.get(table=table)
    winner = "" if not finished or score_a == score_b else ("A" if score_a > score_b else "B")
    status = (ProtocolStatus.SIGNED if signed else ProtocolStatus.AWAITING_SIGNATURES) if finished else (
        ProtocolStatus.IN_PLAY)
    return Protocol.objects.create(partie=partie, score_a=score_a, score_b=score_b, winner=winner, finished=finished,
                                   status=status, locked_at=timezone.now() if signed else None,
                                   goats_a=goats[0], goats_b=goats[1])


def five_players():
    """Five players, three rounds: round 1 signed, round 2 awaiting signatures, round 3 a draft.

    Round 1: table 1 — 1 + 2 against 3 + 4, won by A 101:40 (signed); 5 sits out.
    Round 2: table 1 — 1 + 3 against 5 + 2, won by B 101:30 (awaiting signatures); 4 sits out.
    Round 3 (draft): table 1 — 1 + 4 against 2 + 5; 3 sits out.
    """
    t = make_individual(5, slug="solo-five")
    t.pairs.get(number=3).players.update(name="Семёнов Пётр")
    r1 = make_individual_round(t, 1, [((1, 2), (3, 4))], [5])
    set_result(r1, 1, 101, 40, signed=True)
    r2 = make_individual_round(t, 2, [((1, 3), (5, 2))], [4])
    set_result(r2, 1, 30, 101)
    make_individual_round(t, 3, [((1, 4), (2, 5))], [3], status="draft")
    return t
