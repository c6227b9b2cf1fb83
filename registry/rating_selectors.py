"""What the rating's pages show: the list with its filters, a person's rating after each event, the snapshots.

The list is ``PersonRating`` with the persons' public fields; a place is the place in the whole list (the
rating's rank, equal ratings share it), also when a filter narrows the rows. A filter's club or city is one of
those the listed persons show publicly, compared as the registry compares names («ё» = «е», any case).
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Func, Max, OuterRef, Subquery
from django.utils import timezone

from core.names import fold
from people.models import Person

from .models import PersonRating, RatingChange, RatingSnapshot
from .rating import config, shown

ACTIVE_DAYS = 365


@dataclass(frozen=True)
class Filters:
    club: str = ""
    city: str = ""
    active: bool = False


def choices(field: str) -> list[str]:
    """The clubs (or cities) the listed persons show publicly, one spelling per folded name, sorted."""
    values = (PersonRating.objects.filter(**{f"person__show_{field}": True}).exclude(**{f"person__{field}": ""})
              .values_list(f"person__{field}", flat=True).distinct())
    by_key = {}
    for value in values:
        by_key.setdefault(fold(value), value)
    return sorted(by_key.values(), key=fold)


def matching(field: str, wanted: str) -> list[str]:
    """The spellings of ``wanted`` among the choices (empty: no such club or city in the list)."""
    key = fold(wanted)
    values = (PersonRating.objects.filter(**{f"person__show_{field}": True}).exclude(**{f"person__{field}": ""})
              .values_list(f"person__{field}", flat=True).distinct())
    return sorted({v for v in values if fold(v) == key})


def rating_list(filters: Filters = Filters(), today: datetime.date | None = None):
    """The list, best first, with ``place`` (in the whole list: one more than those rated higher) and the person;
    a queryset (the page pages it; the place is computed for the rows of the page only)."""
    better = (PersonRating.objects.filter(rating__gt=OuterRef("rating")).order_by()  # no ORDER BY beside COUNT
              .values_list(Func("person_id", function="COUNT")))
    rows = (PersonRating.objects.select_related("person")
            .annotate(place=Subquery(better) + 1)
            .order_by("-rating", "person_id"))
    if filters.club:
        rows = rows.filter(person__show_club=True, person__club__in=matching("club", filters.club) or [""])
    if filters.city:
        rows = rows.filter(person__show_city=True, person__city__in=matching("city", filters.city) or [""])
    if filters.active:
        today = today or timezone.localdate()
        rows = rows.filter(last_played__gte=today - datetime.timedelta(days=ACTIVE_DAYS))
    return rows


def decorate(rows) -> list:
    """The page's rows with ``shown`` (the whole number), ``provisional``, ``club``, ``city`` and ``federation_id``
    as shown."""
    cfg, out = config(), []
    for row in rows:
        row.shown = shown(row.rating)
        row.provisional = row.parties < cfg.provisional_below
        row.club = row.person.public("club") or ""
        row.city = row.person.public("city") or ""
        row.federation_id = row.person.public("federation_id") or ""
        out.append(row)
    return out


@dataclass
class Point:
    tournament_id: int
    name: str
    date: datetime.date
    rating: int
    parties: int


def rating_points(person: Person, public_ids=None) -> list[Point]:
    """The person's rating after each rated event, in the rating's order (``public_ids``: only these events)."""
    last = dict(RatingChange.objects.filter(person=person).values_list("tournament_id")
                .annotate(k=Max("order_key")).values_list("tournament_id", "k"))
    rows = (RatingChange.objects.filter(person=person, order_key__in=set(last.values()))
            .select_related("tournament").order_by("order_key"))
    return [Point(r.tournament_id, r.tournament.name, r.played_on, shown(r.after), r.parties) for r in rows
            if last.get(r.tournament_id) == r.order_key and (public_ids is None or r.tournament_id in public_ids)]


def current(person: Person) -> dict | None:
    row = PersonRating.objects.filter(person=person).first()
    if row is None:
        return None
    return {"rating": shown(row.rating), "parties": row.parties, "last_played": row.last_played,
            "provisional": row.parties < config().provisional_below}


def snapshots():
    return RatingSnapshot.objects.only("month", "published_at").order_by("-month")


@dataclass
class RatedGame:
    """One rated partie as the person's page shows it: the sides' ratings before it (the mean of the players'),
    what was expected of his side, what it scored, his K and his change."""

    partie_id: int
    round: int
    partners: list       # [(person id, name)] of his side but himself
    opponents: list      # [(person id, name)]
    side_rating: int
    opponents_rating: int
    expected: float
    score: Decimal
    k: int
    delta: Decimal
    after: int


@dataclass
class RatedEvent:
    tournament_id: int
    games: list
    performance: int | None  # the opponents' mean side rating + 400 × (wins − losses) / games (docs/rules.md V.2)


def performance(games) -> int | None:
    """**[толкование]** The «400 rule»: the mean of the opponents' side ratings before each game, plus 400 × (wins
    − losses) / games; a draw counts neither. None without a game."""
    if not games:
        return None
    opponents = sum(Decimal(g.opponents_rating) for g in games) / len(games)
    balance = sum((1 if g.score == 1 else -1 if g.score == 0 else 0) for g in games)
    return shown(opponents + Decimal(400 * balance) / len(games))


def rated_games(person: Person, public_ids=None) -> dict[int, RatedEvent]:
    """The person's rated parties with their figures, by tournament id, in the rating's order (``public_ids``:
    only these events)."""
    own = list(RatingChange.objects.filter(person=person).select_related("partie__round").order_by("order_key"))
    if public_ids is not None:
        own = [c for c in own if c.tournament_id in public_ids]
    others = {}
    for change in (RatingChange.objects.filter(partie_id__in=[c.partie_id for c in own])
                   .exclude(person=person).select_related("person").order_by("person_id")):
        others.setdefault(change.partie_id, []).append(change)
    events: dict[int, RatedEvent] = {}
    for change in own:
        table = others.get(change.partie_id, [])
        mates = [c for c in table if c.side == change.side]
        rivals = [c for c in table if c.side != change.side]
        event = events.setdefault(change.tournament_id, RatedEvent(change.tournament_id, [], None))
        event.games.append(RatedGame(
            change.partie_id, change.partie.round.number,
            [(c.person_id, c.person.name) for c in mates], [(c.person_id, c.person.name) for c in rivals],
            shown(_mean([change.before, *(c.before for c in mates)])),
            shown(_mean([c.before for c in rivals])) if rivals else 0,
            change.expected, change.score, change.k, change.delta, shown(change.after)))
    for event in events.values():
        event.performance = performance(event.games)
    return events


def _mean(values) -> Decimal:
    return sum(values, Decimal(0)) / len(values)


def start_point(person: Person) -> tuple[datetime.date, int] | None:
    """The rating the person started from (before his first rated partie) and that partie's date."""
    first = RatingChange.objects.filter(person=person).order_by("order_key").first()
    return (first.played_on, shown(first.before)) if first is not None else None
