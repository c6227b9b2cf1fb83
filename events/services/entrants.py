"""An entrant's rows: the pair (an individual event's one-player entrant) and its players, linked to the registry."""
from __future__ import annotations

from registry.services import choose_persons
from tournaments.models import Entrant, Player


def create_pair(user, tournament, players, *, name="", rating=None, number=None, joined_round=None,
                team_name="") -> Entrant:
    """The pair and its players, each linked to the registry's person chosen (``choose_persons``)."""
    persons = choose_persons(user, tournament, players)
    pair = Entrant.objects.create(tournament=tournament, name=name, rating=rating, number=number,
                               joined_round=joined_round, team_name=team_name)
    Player.objects.bulk_create([
        Player(pair=pair, name=p["name"], club=p["club"], rating=p["rating"], person=person)
        for p, person in zip(players, persons)
    ])
    return pair
