"""An imported file's seats, for ``transfer``: the tables must be ones its tournament's format can hold.

A pair event's partie is two pairs (``partner_a`` / ``partner_b`` empty); an individual event's table is four
different players, A1 + A2 against B1 + B2, and a sit-out one player alone (docs/rules-individual.md). Each
entrant of an individual event holds one player. A file that breaks this (edited by hand, or damaged) is refused
before anything is written, with the record named, rather than shown as tables nobody sat at.
"""
from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from tournaments.formats import format_class


def check_seats(reader, head, data) -> None:
    individual = format_class(head.get("format")).partners_at_table
    for row in data.get("parties", []):
        partners = (row.get("partner_a"), row.get("partner_b"))
        if not individual:
            if any(p is not None for p in partners):
                reader.fail("parties", row, _("у парного турнира за столом не бывает партнёров A2 и B2"))
            continue
        seats = (row.get("pair_a"), partners[0], row.get("pair_b"), partners[1])
        if row.get("pair_b") is None:
            if any(p is not None for p in partners):
                reader.fail("parties", row, _("пропуск тура в личном зачёте — один игрок, без партнёров"))
        elif any(s is None for s in seats) or len(set(map(str, seats))) != 4:
            reader.fail("parties", row, _("стол личного зачёта — четыре разных игрока (A1, A2, B1, B2)"))
    if individual:
        per_entrant = Counter(str(r.get("pair")) for r in data.get("players", []))
        for row in data.get("players", []):
            if per_entrant[str(row.get("pair"))] > 1:
                reader.fail("players", row, _("в личном зачёте у участника один игрок"))
