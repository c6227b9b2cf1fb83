"""What the registry's public pages show: the search over the persons and a person's tournaments.

The search is by surname: the folded name (``Person.name_key``, «ё» = «е», any case) starts with the query,
or the query is a federation ID. It finds the persons the public may know (``publicly_known``): **[толкование]**
one who played only in unpublished tournaments is not found (whoever searches: the rule is the public one), one
who has played nowhere yet is; a person's count of tournaments counts the published ones. A person's history has one line per tournament he played, public
tournaments only (**[толкование]**: an unpublished tournament stays off every public page): format,
partner(s), place, parties won and played, points difference, the pair's or player's page and the protocols
of the published rounds. The standings are read as the tournament's own page reads them
(``scoring.reports.selectors.load_standings``): three queries per tournament, two more for the page.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, Exists, OuterRef, Q

from core.names import fold
from people.models import Person, PersonMerge
from scoring.reports.selectors import load_standings
from scoring.reports.stage_selectors import final_standings, finalists, has_final
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Player, RoundStatus

from .matching import active_persons

SEARCH_MIN = 1


def search(query: str):
    """Active persons whose surname (the first word of the folded name) starts with ``query``, or the one whose
    federation ID it is; ordered by name. A queryset: the page paginates it (``with_entry_counts`` per page).

    On SQLite the prefix is also read as a range of ``name_key``, which its index serves (SQLite's LIKE does not
    use an index for non-ASCII text).
    """
    key = fold(query)[:200]
    if len(key) < SEARCH_MIN:
        return Person.objects.none()
    known = active_persons().filter(publicly_known())
    by_id = known.filter(federation_id=query.strip().upper()[:32])
    if by_id.exists():
        return by_id
    found = known.filter(name_key__startswith=key)
    if connection.vendor == "sqlite":
        found = found.filter(name_key__gte=key, name_key__lt=key + "\U0010ffff")
    return found.order_by("name_key", "id")


def publicly_known() -> Q:
    """The persons the public may know: one who played in a published tournament, or nowhere yet (a condition on
    ``Person``). One known only from unpublished tournaments would tell of them."""
    entries = Player.objects.filter(person=OuterRef("pk"))
    return ~Exists(entries) | Exists(entries.filter(pair__tournament__is_public=True))


def is_publicly_known(person: Person) -> bool:
    return Person.objects.filter(pk=person.pk).filter(publicly_known()).exists()


def with_entry_counts(persons) -> list:
    """The persons with ``entries_count``, their number of entries in published tournaments (one query)."""
    persons = list(persons)
    counts = dict(Player.objects.filter(person__in=persons, pair__tournament__is_public=True).values_list("person")
                  .annotate(n=Count("id")).values_list("person", "n"))
    for person in persons:
        person.entries_count = counts.get(person.pk, 0)
    return persons


def final_person(person: Person) -> Person:
    """The person a merged one now is (following ``merged_into``; a chain ends within the registry)."""
    seen = {person.pk}
    while person.merged_into_id is not None and person.merged_into_id not in seen:
        seen.add(person.merged_into_id)
        person = Person.objects.get(pk=person.merged_into_id)
    return person


@dataclass
class Protocol:
    round: int
    partie_id: int
    signed: bool


@dataclass(frozen=True)
class Partner:
    name: str       # as registered in that tournament
    person_id: int | None  # his registry person, when linked: his name on the page links there


@dataclass
class Entry:
    tournament: object
    format_label: str
    individual: bool
    number: int | None
    name: str                      # as registered in that tournament
    partners: list = field(default_factory=list)
    place: int | None = None
    tied: bool = False
    played: int = 0
    wins: int = 0
    difference: int = 0
    protocols: list = field(default_factory=list)
    rating_after: int | None = None  # the rating after the event, once a rating list is kept (shown when set)
    rated: object = None  # its rated parties with their figures (``rating_selectors.RatedEvent``), if any


def history(person: Person) -> list[Entry]:
    """One ``Entry`` per public tournament the person played, newest first."""
    players = list(Player.objects.filter(person=person, pair__tournament__is_public=True)
                   .select_related("pair__tournament").order_by("-pair__tournament__start_date", "-pair_id"))
    pair_ids = [p.pair_id for p in players]
    parties = (Partie.objects.filter(Q(pair_a_id__in=pair_ids) | Q(pair_b_id__in=pair_ids) | Q(partner_a_id__in=pair_ids)
                                     | Q(partner_b_id__in=pair_ids))
               .exclude(round__status=RoundStatus.DRAFT).order_by("round__number", "table")
               .values_list("id", "round__number", "pair_a_id", "pair_b_id", "partner_a_id", "partner_b_id",
                            "protocol__status"))
    protocols = {}
    for pid, number, a, b, a2, b2, status in parties:
        if b is None:
            continue  # a bye has no protocol
        for entrant in {a, b, a2, b2} & set(pair_ids):
            protocols.setdefault(entrant, []).append(Protocol(number, pid, status == ProtocolStatus.SIGNED))
    entries, partner_pairs = [], {}
    for player in players:
        tournament = player.pair.tournament
        fmt = tournament.format_spec
        entry = Entry(tournament, fmt.label, fmt.single_player_entries, player.pair.number,
                      player.name, protocols=protocols.get(player.pair_id, []))
        # every game he played, whatever the stage; his place is the event's (an event in stages: its final places)
        row = next((r for r in load_standings(tournament, stage=None).rows if r.pair.id == player.pair_id), None)
        if row is not None:
            entry.played, entry.wins, entry.difference = row.played, row.wins, row.difference
            if row.played:  # no place before his first game
                entry.place, entry.tied = _place(tournament, player.pair_id, row)
            if fmt.single_player_entries:
                partner_pairs[player.pair_id] = list(dict.fromkeys(getattr(row, "partners", [])))
        entries.append(entry)
    _partners(players, entries, partner_pairs)
    return entries


def _place(tournament, pair_id, row) -> tuple:
    """(place, tied) of an entrant: in an event in stages its final place once stage 2's entrants are confirmed,
    else its rank in the event's standings (stage 1's: the stages are not mixed)."""
    if has_final(tournament) and finalists(tournament):
        place = next((f.place for f in final_standings(tournament) if f.pair_id == pair_id), None)
        return place, False
    if not has_final(tournament):
        return row.rank, row.tied
    own = next((r for r in load_standings(tournament).rows if r.pair.id == pair_id), None)
    return (own.rank, own.tied) if own is not None else (None, False)


def _partners(players, entries, partner_pairs) -> None:
    """A pair event's partner is the other player of the pair; an individual event's, each table's partner."""
    wanted = {pid for ids in partner_pairs.values() for pid in ids} | {p.pair_id for p in players}
    names = {}
    for pair_id, name, pk, person in Player.objects.filter(pair_id__in=wanted).order_by("number", "id").values_list(
            "pair_id", "name", "pk", "person_id"):
        names.setdefault(pair_id, []).append((pk, Partner(name, person)))
    for player, entry in zip(players, entries):
        if entry.individual:
            entry.partners = [n for pid in partner_pairs.get(player.pair_id, []) for _pk, n in names.get(pid, [])]
        else:
            entry.partners = [n for pk, n in names.get(player.pair_id, []) if pk != player.pk]


def merge_side(person: Person) -> dict:
    """One person of a merge's preview: what the registry holds of him and the tournaments he played, named."""
    tournaments = sorted({p.pair.tournament.name for p in
                          Player.objects.filter(person=person).select_related("pair__tournament")})
    return {"person": person, "tournaments": tournaments}


def merges_of(person: Person) -> list[PersonMerge]:
    """The merges this person took part in (kept or absorbed), newest first, for the administrator."""
    return list(PersonMerge.objects.filter(Q(kept=person) | Q(absorbed=person))
                .select_related("kept", "absorbed", "merged_by", "undone_by"))


def unlinked_players(tournament):
    """The tournament's players not linked to the registry yet, in pair order."""
    return (Player.objects.filter(pair__tournament=tournament, person__isnull=True).select_related("pair")
            .order_by("pair__number", "pair_id", "number", "id"))
