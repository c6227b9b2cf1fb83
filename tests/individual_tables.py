"""An individual event's round made directly in the database (setup only): tables of four and sit-outs."""
from tests.factories import make_individual
from tournaments.models import Partie, Round

# Player numbers per table: (A1, A2, B1, B2), partners A1 + A2 against B1 + B2.
TABLES = [(1, 4, 2, 3), (5, 8, 6, 7)]
SITTING_OUT = [9]


def make_individual_round(tournament, number=1, tables=TABLES, sitting_out=SITTING_OUT, status="published"):
    rnd = Round.objects.create(tournament=tournament, number=number, status=status)
    entrants = {e.number: e for e in tournament.pairs.all()}
    for table, (a1, a2, b1, b2) in enumerate(tables, start=1):
        Partie.objects.create(round=rnd, table=table, pair_a=entrants[a1], partner_a=entrants[a2],
                              pair_b=entrants[b1], partner_b=entrants[b2])
    for k, n in enumerate(sitting_out, start=len(tables) + 1):
        Partie.objects.create(round=rnd, table=k, pair_a=entrants[n])
    return rnd


def individual_event(n_players=9, *, status="published", **kwargs):
    """Nine players (numbers 1–9, names ``factories.player_name``), round 1: two tables and player 9 sitting out."""
    tournament = make_individual(n_players, **kwargs)
    return tournament, make_individual_round(tournament, status=status)


def names_by_number(tournament) -> dict:
    return {e.number: e.players.get().name for e in tournament.pairs.all()}
