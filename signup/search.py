"""The organizer's search in the list of entries: by a player's (or a reserve's) name, club or city, and a team's
name or club / region; every word of the query must be found (as ``core.names.fold`` compares: any case, «ё» =
«е»), in any order. No query finds everything."""
from __future__ import annotations

from core.names import fold

from .models import Entry

SEARCHED = ("name", "club", "city")


def _text(entry: Entry) -> str:
    people = [*(entry.players or []), *(entry.reserves or [])]
    parts = [str(p.get(f) or "") for p in people for f in SEARCHED] + [entry.team_name, entry.team_club]
    return fold(" ".join(parts))


def matches(entry: Entry, query: str) -> bool:
    text = _text(entry)
    return all(word in text for word in fold(query).split())


def found(groups: list[tuple[str, str, list[Entry]]], query: str) -> list[tuple[str, str, list[Entry]]]:
    """The organizer's list (``selectors.organizer_entries``) kept to the entries the query finds."""
    if not fold(query):
        return groups
    kept = [(status, label, [e for e in entries if matches(e, query)]) for status, label, entries in groups]
    return [group for group in kept if group[2]]
