"""The rating's ledger: which parties count, in which order, and the replay that keeps the list (docs/rules.md
Part V). The rules of one partie are ``registry.elo``; this module reads the protocols and writes
``RatingChange`` (one row per person and partie) and ``PersonRating`` (the current list).

Every write replays from a point: the changes from that partie on (in the order tournament date, tournament,
round, table) are deleted and computed again from the signed protocols, starting from each person's state
just before it. Signing the next partie is a replay of that one partie; ``rebuild`` replays from the start.
So what was computed as protocols were signed equals a rebuild. Called from the protocol writes
(``scoring.services.rows.save_protocol``: a protocol signed, reopened or changed), the registry's merges and
links and the marking of a tournament (``registry.rating_services``); always inside the caller's transaction.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.db.models.functions import Coalesce

from core.locking import locked
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Tournament

from . import elo
from .models import PersonRating, RatedTournament, RatingChange, RatingLedger

START_MIN, START_MAX = 100, 3000
CHUNK = 500


def config() -> elo.Config:
    return elo.Config(provisional_below=int(getattr(settings, "RATING_PROVISIONAL_PARTIES", 20)))


@dataclass(frozen=True, order=True)
class Point:
    """A place in the order of the rated parties: a partie, or (``partie`` 0) the start of a tournament."""

    date: datetime.date
    tournament: int
    round: int = 0
    table: int = 0
    partie: int = 0

    @property
    def key(self) -> str:
        return f"{self.date:%Y%m%d}.{self.tournament:010d}.{self.round:05d}.{self.table:06d}.{self.partie:012d}"


def point_of(partie) -> Point:
    tournament = partie.round.tournament
    return Point(tournament.start_date, tournament.pk, partie.round.number, partie.table or 0, partie.pk)


def tournament_start(tournament) -> Point:
    return Point(tournament.start_date, tournament.pk)


def _from(point: Point | None) -> Q:
    """The parties at or after ``point`` (every one for None)."""
    if point is None:
        return Q()
    d, t, r, tb = "round__tournament__start_date", "round__tournament_id", "round__number", "table0"
    same_date, same_t, same_r = Q(**{d: point.date}), Q(**{t: point.tournament}), Q(**{r: point.round})
    same_table = Q(table0=point.table)
    return (Q(**{f"{d}__gt": point.date}) | same_date & Q(**{f"{t}__gt": point.tournament})
            | same_date & same_t & Q(**{f"{r}__gt": point.round})
            | same_date & same_t & same_r & Q(**{f"{tb}__gt": point.table})
            | same_date & same_t & same_r & same_table & Q(pk__gte=point.partie))


def excluded(protocol) -> bool:
    """A signed partie that is not rated: a no-show, a departure, a disqualification, or not finished."""
    return bool(protocol.no_show or protocol.abandoned or protocol.disqualified) or not protocol.finished


def _start(player):
    rating = player.rating
    return rating if rating is not None and START_MIN <= rating <= START_MAX else None


def game_of(partie) -> elo.Game | None:
    """The partie as the rules rate it, or None when it does not count (see ``excluded``; a player not linked)."""
    protocol = partie.protocol
    if partie.pair_b_id is None or excluded(protocol):
        return None
    sides = [partie.side_players("A"), partie.side_players("B")]
    persons = [[p.person_id for p in side] for side in sides]
    if not all(persons) or None in persons[0] + persons[1]:
        return None
    if len(set(persons[0] + persons[1])) != len(persons[0]) + len(persons[1]):
        return None
    starts = {p.person_id: _start(p) for side in sides for p in side}
    return elo.Game(partie, tuple(persons[0]), tuple(persons[1]), elo.result_score(protocol.winner or None),
                    starts)


def rated_tournaments():
    """The rated tournaments in the order their parties are applied (docs/rules.md V.2): start date, then the
    tournament's number in the system (its id, the order the tournaments were created in). ``rated_parties``
    sorts the parties by the same two keys first, then round, table (none: 0) and the partie's id."""
    return Tournament.objects.filter(rated__isnull=False).order_by("start_date", "pk")


def rated_parties(point: Point | None):
    """The signed parties of rated tournaments at or after ``point``, in the rating's order."""
    return (Partie.objects.annotate(table0=Coalesce("table", 0))
            .filter(_from(point), round__tournament__rated__isnull=False, protocol__status=ProtocolStatus.SIGNED,
                    pair_b__isnull=False)
            .select_related("round__tournament", "protocol", "pair_a", "pair_b", "partner_a", "partner_b")
            .prefetch_related("pair_a__players", "pair_b__players", "partner_a__players", "partner_b__players")
            .order_by("round__tournament__start_date", "round__tournament_id", "round__number", "table0", "pk"))


def _latest(persons, before_key: str | None = None) -> dict:
    """Each person's last change (before ``before_key`` when given): person id -> RatingChange."""
    found = {}
    persons = sorted(persons)
    for i in range(0, len(persons), CHUNK):
        part = persons[i:i + CHUNK]
        rows = RatingChange.objects.filter(person_id__in=part)
        if before_key is not None:
            rows = rows.filter(order_key__lt=before_key)
        last = dict(rows.values_list("person_id").annotate(k=Max("order_key")).values_list("person_id", "k"))
        for change in RatingChange.objects.filter(person_id__in=list(last), order_key__in=set(last.values())):
            if last.get(change.person_id) == change.order_key:
                found[change.person_id] = change
    return found


def _lock() -> RatingLedger:
    RatingLedger.objects.get_or_create(pk=1)
    return locked(RatingLedger.objects.filter(pk=1)).get()


def replay_from(point: Point | None) -> int:
    """Recompute every change at or after ``point`` (None: all of them); returns how many rows were written."""
    with transaction.atomic():
        _lock()
        stale = RatingChange.objects.all() if point is None else RatingChange.objects.filter(order_key__gte=point.key)
        touched = set(stale.values_list("person_id", flat=True).distinct())
        stale.delete()
        if point is None:
            PersonRating.objects.all().delete()
        games = [g for g in (game_of(p) for p in rated_parties(point)) if g is not None]
        persons = {p for g in games for p in (*g.side_a, *g.side_b)}
        states = {pk: elo.State(c.after, c.parties) for pk, c in _latest(persons).items()}
        changes = elo.replay(states, games, config())
        RatingChange.objects.bulk_create([_row(c) for c in changes], batch_size=CHUNK)
        _refresh(touched | persons)
        return len(changes)


def _row(change: elo.Change) -> RatingChange:
    partie = change.key
    return RatingChange(person_id=change.player, partie=partie, tournament_id=partie.round.tournament_id,
                        order_key=point_of(partie).key, played_on=partie.round.tournament.start_date,
                        side=change.side, before=change.before, after=change.after, delta=change.delta,
                        expected=change.expected, score=change.score, k=change.k, parties=change.parties)


def _refresh(persons) -> None:
    """Rewrite the current list's rows of these persons from their changes."""
    persons = sorted(persons)
    latest = _latest(persons)
    for i in range(0, len(persons), CHUNK):
        PersonRating.objects.filter(person_id__in=persons[i:i + CHUNK]).delete()
    PersonRating.objects.bulk_create(
        [PersonRating(person_id=pk, rating=c.after, parties=c.parties, last_played=c.played_on)
         for pk, c in latest.items()], batch_size=CHUNK)


def rebuild() -> int:
    """Everything from the signed protocols of the rated tournaments, from the start."""
    with transaction.atomic():
        count = replay_from(None)
        RatingLedger.objects.filter(pk=1).update(rebuilt_at=datetime.datetime.now(datetime.timezone.utc))
        return count


def is_rated(tournament) -> bool:
    return RatedTournament.objects.filter(tournament_id=tournament.pk).exists()


def protocol_saved(sender=None, *, protocol, was_signed: bool, cascade: bool, **kwargs) -> None:
    """A protocol was saved (``scoring.signals.protocol_saved``, connected in ``apps``): replay from its partie when the rating may depend on it.

    It may when the protocol is or was signed, or when the change can reach later protocols (a remark: the
    ladder steps of the pairs' later parties are rescored). Costs one query for a protocol of a tournament
    that is not rated, and none for a deal entered in an open one.
    """
    if not (was_signed or protocol.status == ProtocolStatus.SIGNED or cascade):
        return
    partie = protocol.partie
    if is_rated(partie.round.tournament):
        replay_from(point_of(partie))


def tournament_moved(tournament, old_date: datetime.date) -> None:
    """A rated tournament's start date changed: its parties move in the order, so replay from the earlier date."""
    tournament = Tournament.objects.only("start_date").get(pk=tournament.pk)  # as stored (a date)
    if old_date != tournament.start_date and is_rated(tournament):
        replay_from(min(Point(old_date, tournament.pk), tournament_start(tournament)))


def persons_changed(persons) -> None:
    """The links of these persons changed (a merge, its undo, a player linked): replay from the first partie
    any of them played in a rated tournament (their changes, or their entries' tournaments)."""
    persons = [p for p in persons if p is not None]
    first = RatingChange.objects.filter(person_id__in=persons).order_by("order_key").first()
    starts = [tournament_start_from_key(first.order_key)] if first else []
    entries = (RatedTournament.objects.filter(tournament__pairs__players__person_id__in=persons)
               .values_list("tournament__start_date", "tournament_id").order_by("tournament__start_date",
                                                                                "tournament_id").first())
    if entries:
        starts.append(Point(entries[0], entries[1]))
    if starts:
        replay_from(min(starts))


def tournament_start_from_key(key: str) -> Point:
    date, tournament = key.split(".")[:2]
    return Point(datetime.datetime.strptime(date, "%Y%m%d").date(), int(tournament))


def shown(rating: Decimal) -> int:
    """The rating as the list shows it: a whole number, half up."""
    return int(rating.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def list_rows(rows) -> list[dict]:
    """The list as ``rating rebuild --json`` and the snapshots write it (``rows``: PersonRating with person)."""
    cfg = config()
    return [{"player": r.person_id, "name": r.person.name, "rating": shown(r.rating),
             "exact": str(r.rating), "parties": r.parties, "provisional": elo.provisional(r.parties, cfg),
             "last_played": r.last_played.isoformat()} for r in rows]


__all__ = ["Point", "shown", "replay_from", "rebuild", "protocol_saved", "persons_changed", "is_rated",
           "tournament_start", "tournament_moved", "config", "list_rows", "rated_parties", "rated_tournaments",
           "game_of"]
