"""Read-only queries of the accounts page: the players of one page, found by name, login or pair number."""
from __future__ import annotations

from django.db.models import Count, Q

from core.names import fold
from tournaments.models import Player


def player_ids(tournament, query: str = "") -> list[int]:
    """Ids of the tournament's players in pair and seat order; ``query`` (folded) finds a name, login or pair number.

    Searched in Python over one narrow query: SQLite's LIKE folds the case of Latin letters only.
    """
    rows = (Player.objects.filter(pair__tournament=tournament).order_by("pair__number", "number", "pk")
            .values_list("pk", "name", "pair__number", "user__username"))
    if not query:
        return [pk for pk, *_rest in rows]
    q = fold(query)
    return [pk for pk, name, number, username in rows
            if q == str(number) or q in fold(name) or (username and q in fold(username))]


def players_in_order(ids) -> list[Player]:
    """The players with these ids (one page), with pair and account, in the order of ``ids``."""
    by_id = Player.objects.select_related("pair", "user").in_bulk(list(ids))
    return [by_id[i] for i in ids if i in by_id]


def player_counts(tournament) -> dict:
    return Player.objects.filter(pair__tournament=tournament).aggregate(
        total=Count("pk"), with_account=Count("pk", filter=Q(user__isnull=False)))
