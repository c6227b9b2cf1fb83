"""Why an online entry waits for the organizer whatever the settings (docs/registration.md §3 «Чужие заявки»).

A public form takes entries from anyone, so a name proves nothing; the rules keep a stranger from locking a
player out of his own tournament, and leave every doubt to the organizer:

* **Claims a registered person.** For each person the entry names (a team's players and reserves too), the
  registry (``people.Person``, merged persons left out) is asked. The entry *proves* the person when it gives
  a federation ID and the person holding that ID has the same name (folded: case, runs of spaces and «ё» = «е»
  ignored). Otherwise it *claims* the holder of the ID it gave (another name) and every namesake who holds a
  federation ID. **[толкование]** A person without a federation ID has nothing to prove it with: his name is
  protected by the next rule only.
* **The same player as another entry** (pair and individual events). A name already in another live entry of
  the tournament (waiting for approval or for a place, or accepted: the entrant it became) does not refuse the
  later entry: it waits beside the earlier one, and the organizer keeps one of them. A name of an entrant the
  organizer registered by hand (or of one whose entry is no longer live) is refused as the organizer's own
  registration refuses it (``check_duplicates``). **[толкование]** A team event keeps refusing a team's
  duplicates (``team_entries.check_team_duplicates``).

An entry with a concern is «ждёт подтверждения» even when approval is off, and the organizer's approval of it
is refused while another live entry still names the same player. Nothing here writes.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from core.names import fold
from events.services.registration import check_duplicates, registered_names
from people.models import Person
from registry.matching import active_persons, describe

from .cleaning import entrant_player
from .models import LIVE, Entry, EntryStatus
from .team_entries import as_team, check_team_duplicates

CLAIMS, SAME_PLAYER = "claims", "same_player"


@dataclass(frozen=True)
class Concern:
    """One reason for the organizer to look: the entry's ``name`` claims ``person`` or is also in ``entry``."""

    kind: str
    name: str
    person: Person | None = None
    entry: Entry | None = None

    @property
    def person_text(self) -> str:
        return describe(self.person) if self.person is not None else ""


def named(entry_or_cleaned) -> list[dict]:
    """The persons an entry names: its players, then its reserves (a team's)."""
    if isinstance(entry_or_cleaned, Entry):
        return list(entry_or_cleaned.players or []) + list(entry_or_cleaned.reserves or [])
    return list(entry_or_cleaned.get("players") or []) + list(entry_or_cleaned.get("reserves") or [])


def _persons(people: list[dict]) -> list[Person]:
    """The registry's persons any of ``people`` may claim: by the IDs given, and the namesakes holding an ID."""
    ids = {p.get("federation_id") for p in people if p.get("federation_id")}
    keys = {fold(p.get("name"))[:200] for p in people if fold(p.get("name"))}
    if not ids and not keys:
        return []
    with_id = Q(name_key__in=keys) & Q(federation_id__isnull=False) & ~Q(federation_id="")
    return list(active_persons().filter(Q(federation_id__in=ids) | with_id).order_by("id"))


def claims(people: list[dict], persons: list[Person] | None = None) -> list[Concern]:
    """The registered persons these people claim without proving them (see the module's rules)."""
    persons = _persons(people) if persons is None else persons
    out = []
    for person in people:
        key, given = fold(person.get("name")), person.get("federation_id")
        holder = next((p for p in persons if given and p.federation_id == given), None)
        if holder is not None and fold(holder.name) == key:
            continue  # proved
        claimed = [holder] if holder is not None else []
        claimed += [p for p in persons if p.name_key == key[:200] and p.federation_id and p != holder]
        out += [Concern(CLAIMS, person.get("name", ""), person=p) for p in claimed]
    return out


def live_entries(tournament, *, exclude=None) -> list[Entry]:
    query = Entry.objects.filter(tournament=tournament, status__in=LIVE).order_by("submitted_at", "id")
    return list(query.exclude(pk=exclude.pk) if exclude is not None else query)


def same_players(people: list[dict], others: list[Entry]) -> list[Concern]:
    """The other entries that name one of ``people`` (folded names), each once per name."""
    out = []
    for person in people:
        key = fold(person.get("name"))
        out += [Concern(SAME_PLAYER, person.get("name", ""), entry=other) for other in others
                if key and any(fold(p.get("name")) == key for p in named(other))]
    return out


def refuse_registered(tournament, players: list[dict]) -> None:
    """Refuse a player already in the tournament otherwise than through a live entry (see the module's rules)."""
    live_pairs = set(Entry.objects.filter(tournament=tournament, status__in=LIVE, pair__isnull=False)
                     .values_list("pair_id", flat=True))
    known = {k: p for k, p in registered_names(tournament).items() if p.pair_id not in live_pairs}
    check_duplicates(tournament, [entrant_player(p) for p in players], known=known)


def refuse_duplicates(tournament, cleaned, *, exclude=None) -> None:
    """The refusals that stay: a team's duplicates; a pair's or a player's name held otherwise than by a live entry.
    ``cleaned``: the entry's fields, or the entry itself (``exclude``: the entry, not compared with itself)."""
    if tournament.format_spec.has_teams:
        check_team_duplicates(tournament, as_team(cleaned) if isinstance(cleaned, Entry) else cleaned,
                              exclude=exclude)
        return
    refuse_registered(tournament, named(cleaned))


def entry_status(settings, held: bool) -> str:
    """Where an entry goes that has no place yet: to the organizer (approval asked, or a concern), else the queue."""
    return EntryStatus.PENDING if settings.approval_required or held else EntryStatus.WAITING


def concerns_of(tournament, cleaned, *, exclude=None) -> list[Concern]:
    """Every concern of an entry being sent or edited (``cleaned``: its fields); ``exclude``: the entry itself."""
    people = named(cleaned)
    found = claims(people)
    if not tournament.format_spec.has_teams:
        found += same_players(people, live_entries(tournament, exclude=exclude))
    return found


def concerns_by_entry(tournament, entries: list[Entry]) -> dict[int, list[Concern]]:
    """The organizer's list: each live entry's concerns (claims: only while it waits for his decision), in two
    queries whatever the number of entries (``entries``: the tournament's, loaded)."""
    live = [e for e in entries if e.status in LIVE]
    undecided = [e for e in live if e.status == EntryStatus.PENDING]
    persons = _persons([p for e in undecided for p in named(e)])
    out = {}
    for entry in live:
        found = claims(named(entry), persons) if entry in undecided else []
        if not tournament.format_spec.has_teams:
            found += same_players(named(entry), [e for e in live if e.pk != entry.pk])
        if found:
            out[entry.pk] = found
    return out
