"""The hall map: every table of a round as a tile in the hall's layout, coloured by its state.

``tile_state`` is the one place where a tile's state is decided; whatever else a table can be in (the
round clock's time up, a device with entries waiting) is one more check there, ahead of the protocol's,
with its label in ``STATE_LABELS`` and its colour in static/referees/hall.css (``.tile.state-<name>``).
Sit-outs and byes are no table in the hall: they have no tile.

The layout is the tournament's (``hall_rows`` × ``hall_columns``, table k in the k-th place row by row,
``events.services.hall``); without one, as many tiles in a row as the screen holds. Tables numbered
beyond the layout (a round larger than the plan) follow after its last row.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Count
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine.rules.clock import Clock
from events.selectors import clock_text
from tournaments.choices import ProtocolStatus
from tournaments.models import RoundStatus

from . import devices
from .models import DeviceQueue

REOPENED = "reopened"
WAITING = "waiting"  # a device of the table holds entries not yet sent
STATE_LABELS = {
    ProtocolStatus.NOT_STARTED: _("Не начат"),
    ProtocolStatus.IN_PLAY: _("Идёт игра"),
    ProtocolStatus.AWAITING_SIGNATURES: _("Сыгран, ждёт подписей"),
    ProtocolStatus.SIGNED: _("Подписан"),
    REOPENED: _("Открыт снова (спор)"),
    WAITING: _("Записи ждут на устройстве"),
}


@dataclass
class Tile:
    table: int
    state: str
    label: str
    deals: int
    score: tuple | None
    url: str
    queued: int = 0  # entries its devices hold, not yet sent
    last_contact: datetime | None = None  # the latest report of those devices
    clock: dict | None = None  # the time left at a table still playing (``table_clock``)


PLAYING = (ProtocolStatus.NOT_STARTED, ProtocolStatus.IN_PLAY, REOPENED, WAITING)


def table_clock(base: Clock | None, partie, state) -> dict | None:
    """The clock of a table still playing: the round's, or from the table's own start; what the page's
    script (static/js/clock.js) counts down from — the deadline, not the time left at the render, since the
    tiles' body is one for every phone of a version and is served long after it was made."""
    if base is None or state not in PLAYING:
        return None
    clock = replace(base, start=partie.clock_started_at.timestamp()) if partie.clock_started_at else base
    now = timezone.now().timestamp()
    remaining, deadline = clock.remaining(now), clock.deadline(now)
    return {"paused": clock.paused, "remaining": math.ceil(remaining), "up": remaining <= 0,
            "deadline_ms": None if deadline is None else round(deadline * 1000), "text": clock_text(remaining)}


def tile_state(partie, queued=0) -> str:
    """The state of a table's tile (``partie`` with its protocol selected, or none yet; ``queued``: the
    entries its devices hold): entries waiting on a device come first, whatever the protocol says, so that
    the hall is checked before the round is closed."""
    if queued:
        return WAITING
    protocol = getattr(partie, "protocol", None)
    if protocol is None:
        return ProtocolStatus.NOT_STARTED
    if protocol.reopen_reason and protocol.status != ProtocolStatus.SIGNED:
        return REOPENED  # reopened by the chief referee and not signed again
    return protocol.status


def _held(rnd) -> dict:
    """{partie id: (entries held on its devices, their last contact)} for the round's tables (one query), from
    the reports that count now (``devices.counting``: a closed browser's stop counting)."""
    held = {}
    for partie_id, queued, contact in (devices.counting(DeviceQueue.objects.filter(partie__round=rnd))
                                       .values_list("partie_id", "queued", "last_contact")):
        before, at = held.get(partie_id, (0, contact))
        held[partie_id] = (before + queued, max(at, contact))
    return held


def hall_tiles(rnd, *, referee: bool) -> list[Tile]:
    """The round's tables in number order (three queries); a tap opens the table: the referee's page for
    a referee, the protocol for everyone else."""
    parties = (rnd.parties.filter(pair_b__isnull=False).select_related("protocol")
               .annotate(deal_count=Count("protocol__deals")).order_by("table", "id"))
    held = _held(rnd)
    base = rnd.clock() if rnd.status == RoundStatus.PUBLISHED else None
    tiles = []
    for p in parties:
        queued, contact = held.get(p.pk, (0, None))
        protocol, state = getattr(p, "protocol", None), tile_state(p, queued)
        started = protocol is not None and protocol.status != ProtocolStatus.NOT_STARTED
        tiles.append(Tile(
            table=p.table, state=state, label=STATE_LABELS[state], deals=p.deal_count,
            score=(protocol.score_a, protocol.score_b) if started else None,
            url=reverse("referees:partie" if referee else "protocols:protocol", args=[p.pk]),
            queued=queued, last_contact=contact, clock=table_clock(base, p, state)))
    return tiles


def state_counts(tiles) -> list[tuple[str, str, int]]:
    """(state, label, how many tables) for the legend, in the order of ``STATE_LABELS``."""
    counts = {}
    for t in tiles:
        counts[t.state] = counts.get(t.state, 0) + 1
    return [(state, label, counts.get(state, 0)) for state, label in STATE_LABELS.items()]


def layout(tournament, tiles) -> dict:
    """The grid: ``columns`` (None: as many as fit); ``cells``: with a layout, table k in place k (an empty
    place is None), without one the tiles in order; ``beyond``: the tables numbered past the last place."""
    rows, columns = tournament.hall_rows, tournament.hall_columns
    if not rows or not columns:
        return {"columns": None, "rows": None, "cells": tiles, "beyond": []}
    places = rows * columns
    cells = [None] * places
    for tile in tiles:
        if 1 <= tile.table <= places:
            cells[tile.table - 1] = tile
    return {"columns": columns, "rows": rows, "cells": cells,
            "beyond": [t for t in tiles if not 1 <= t.table <= places]}


def shown_round(tournament, wanted, *, referee: bool):
    """The round asked for (``?round=``), else the latest; a draft only for the referees (None: no round)."""
    rounds = tournament.rounds.all() if referee else tournament.rounds.exclude(status=RoundStatus.DRAFT)
    rounds = list(rounds.order_by("number"))
    chosen = next((r for r in rounds if r.number == wanted), None)
    return chosen or (rounds[-1] if rounds else None), rounds
