"""Read-only queries for the pages: exactly the rows shown, no N+1."""
from __future__ import annotations

import math
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from access.models import RoleKind, TournamentRole
from access.permissions import is_chief_referee
from core.names import fold, name_key
from engine.pairing import PairingError, whist
from engine.rules import lead_and_shuffle
from engine.rules.clock import due_warning, time_limit_seconds
from tournaments.models import EntrantStatus, PairingSystem, Partie, Player, RoundStatus, seated

from .page_parts import own_pages

SEAT_ORDER = ("A1", "B1", "A2", "B2")


def draw_pair_ids(tournament, query: str = "") -> list[int]:
    """Ids of the pairs of the draw list in number order; ``query`` (folded) finds a number, a name or a club.

    Searched in Python over two narrow queries: SQLite's LIKE folds the case of Latin letters only.
    """
    pairs = list(tournament.pairs.order_by("number", "id").values_list("id", "number", "name"))
    if not query:
        return [pair_id for pair_id, _number, _name in pairs]
    texts = {}
    for pair_id, name, club in Player.objects.filter(pair__tournament=tournament).values_list("pair_id", "name", "club"):
        texts.setdefault(pair_id, []).extend((name, club))
    q = fold(query)
    return [pair_id for pair_id, number, name in pairs
            if q == str(number) or any(q in fold(t) for t in (name, *texts.get(pair_id, ())))]


def pairs_in_order(tournament, ids) -> list:
    """The pairs with these ids (one page), with their players, in the order of ``ids``."""
    by_id = tournament.pairs.prefetch_related("players").in_bulk(list(ids))
    return [by_id[i] for i in ids if i in by_id]


def entrant_rows(tournament, ids) -> list[dict]:
    """The entrants with these ids as the draw list shows them: number, players, club, status (two queries).

    Numbered entrants by number; before the draw, by the first player's name («ё» sorts as «е»).
    """
    rows = []
    individual = tournament.format_spec.single_player_entries
    for pair in pairs_in_order(tournament, ids):
        players = sorted(pair.players.all(), key=lambda p: (p.number is None, p.number or 0, p.pk))
        label = lambda p: f"{p.number}. {p.name}" if p.number and not individual else p.name  # noqa: E731
        rows.append({
            "number": pair.number, "player1": label(players[0]) if players else "",
            "player2": label(players[1]) if len(players) > 1 else "",
            "club": ", ".join(sorted({p.club for p in players if p.club})),
            "status": pair.get_status_display(), "active": pair.status == EntrantStatus.ACTIVE,
            "sort": name_key(players[0].name if players else ""),
        })
    rows.sort(key=lambda r: (r["number"] is None, r["number"] or 0, r["sort"]))
    return rows


def visible_rounds(tournament, organizer: bool):
    rounds = tournament.rounds.order_by("number")
    return rounds if organizer else rounds.exclude(status=RoundStatus.DRAFT)


def _players_prefetch(prefix):
    return Prefetch(f"{prefix}__players", queryset=Player.objects.order_by("number", "id"))


def round_parties(rnd) -> list[Partie]:
    return list(
        rnd.parties.select_related("pair_a", "pair_b", "partner_a", "partner_b")
        .prefetch_related(_players_prefetch("pair_a"), _players_prefetch("pair_b"), _players_prefetch("partner_a"),
                          _players_prefetch("partner_b"))
        .order_by("table")
    )


def _names(pair) -> str:
    return " — ".join(p.name for p in pair.players.all()) if pair else ""


def seats_players(parties) -> bool:
    """Whether these parties (of one round) seat players, each with a partner of the round (an individual event:
    one query at most, the round's tournament)."""
    return bool(parties) and (any(p.partner_a_id for p in parties)
                              or parties[0].round.tournament.format_spec.single_player_entries)


def side_seats(partie, side: str) -> list[tuple]:
    """The seats of one side of an individual event's table: [("A1", player number, name), ("A2", …)]."""
    return [(f"{side}{k}", entrant.number, seated(entrant)[0].name if seated(entrant) else "")
            for k, entrant in enumerate(partie.side_entrants(side), start=1)]


def _individual_row(p) -> dict:
    a_seats, b_seats = side_seats(p, "A"), side_seats(p, "B")
    if p.pair_b is None:  # a sit-out: no seat
        a_seats = [("", number, name) for _seat, number, name in a_seats]
    return {  # a sit-out is no table (docs/rules-individual.md §3): its row has no table number
        "table": p.table if p.pair_b is not None else None, "a_number": p.pair_a.number,
        "b_number": p.pair_b.number if p.pair_b else None, "a_seats": a_seats, "b_seats": b_seats, "individual": True,
        "a_players": " + ".join(name for _s, _n, name in a_seats),
        "b_players": " + ".join(name for _s, _n, name in b_seats),
        "bye": p.pair_b is None, "reason": p.reason, "partie_id": p.pk,
    }


def by_table(parties) -> list[dict]:
    """A row per table (a sit-out: a row of its own). Individual events: each side's seats and player numbers."""
    rows = []
    individual = seats_players(parties)
    for p in parties:
        if individual:
            rows.append(_individual_row(p))
            continue
        rows.append({
            "table": p.table, "a_number": p.pair_a.number, "a_players": _names(p.pair_a),
            "b_number": p.pair_b.number if p.pair_b else None, "b_players": _names(p.pair_b),
            "bye": p.pair_b is None, "reason": p.reason, "partie_id": p.pk,
        })
    return rows


def seats(partie) -> dict:
    """{"A1": player, "B1": …} — player number 1 sits in seat 1 of his side."""
    out = {}
    for side in "AB":
        for k, player in enumerate(partie.side_players(side), start=1):
            out[f"{side}{k}"] = player
    return out


def _individual_by_name(p) -> list[dict]:
    """Every player of an individual event's table: his number, seat, partner and both opponents."""
    rows = []
    for side, other in (("A", "B"), ("B", "A")):
        mine, theirs = side_seats(p, side), side_seats(p, other)
        for seat, number, name in mine:
            entrant = next(e for e in p.side_entrants(side) if e.number == number)
            player = seated(entrant)[0] if seated(entrant) else None
            partner = [n for s, _num, n in mine if s != seat]
            rows.append({
                "name": name, "club": player.club if player else "", "pair": number,
                "table": None if p.pair_b is None else p.table, "seat": "" if p.pair_b is None else seat,
                "partner": partner[0] if partner else "",
                "opponents": " + ".join(n for _s, _num, n in theirs),
                "opponent_number": theirs[0][1] if theirs else None,
            })
    return rows


def by_name(parties) -> list[dict]:
    rows = []
    individual = seats_players(parties)
    for p in parties:
        if individual:
            rows.extend(_individual_by_name(p))
            continue
        seated_players = seats(p)
        for seat, player in seated_players.items():
            side = seat[0]
            opponents = p.pair_b if side == "A" else p.pair_a
            rows.append({
                "name": player.name, "club": player.club,
                "pair": (p.pair_a if side == "A" else p.pair_b).number,
                "table": None if p.pair_b is None else p.table, "seat": "" if p.pair_b is None else seat,
                "opponents": _names(opponents) if p.pair_b else "",
                "opponent_number": opponents.number if p.pair_b else None,
            })
    rows.sort(key=lambda r: name_key(r["name"]))
    return rows


def seating(parties, deals: int) -> list[dict]:
    """Every table: the four seats clockwise and the lead / shuffle of every deal (docs/rules.md §2–3)."""
    rotation = [(n, *lead_and_shuffle(n)) for n in range(1, deals + 1)]
    tables = []
    for p in parties:
        if p.pair_b is None:
            continue
        at_table = seats(p)
        numbers = {}
        if p.partner_a_id:  # an individual event: each seat's player number
            numbers = {seat: number for side in "AB" for seat, number, _name in side_seats(p, side)}
        tables.append({
            "table": p.table, "a": p.pair_a.number, "b": p.pair_b.number,
            "individual": bool(p.partner_a_id),
            "a_numbers": [numbers[s] for s in ("A1", "A2") if s in numbers],
            "b_numbers": [numbers[s] for s in ("B1", "B2") if s in numbers],
            "seats": [(s, at_table.get(s), numbers.get(s)) for s in SEAT_ORDER],
            "rotation": [(n, lead, at_table.get(lead), shuffle, at_table.get(shuffle))
                         for n, lead, shuffle in rotation],
        })
    return tables


def deals_shown(tournament) -> int:
    rules = tournament.rules()
    return rules.deals_per_partie if rules.partie_length == "deals" else 8


def schedule_summary(tournament) -> dict | None:
    """An individual round robin: the whole schedule's properties for its numbered players, and player by player
    (``lines``: ``whist.PlayerLine`` with the name and the never-met opponents' numbers), shown to the organizer
    before a round is published (docs/rules-individual.md §3); None elsewhere or without one."""
    if not tournament.format_spec.single_player_entries or tournament.pairing_system != PairingSystem.ROUND_ROBIN:
        return None
    entrants = list(tournament.pairs.filter(number__isnull=False).prefetch_related("players").order_by("number"))
    n = len(entrants)
    try:
        rounds = whist.schedule(n)
    except PairingError as err:
        return {"error": err.message}
    names = {e.number: " — ".join(p.name for p in e.players.all()) for e in entrants}  # position k: number k
    lines = [{"line": line, "name": names.get(line.player, ""),
              "never": ", ".join(str(p) for p in line.never_opponents)} for line in whist.player_lines(rounds, n)]
    return {**whist.properties(rounds, n), "lines": lines}


# --- the round clock (docs/rules.md §5.1) ---------------------------------------------

def clock_text(seconds: float) -> str:
    """«39:59», «1:05:00»; «0:00» once the time is up (whole seconds, rounded up)."""
    left = max(0, math.ceil(seconds))
    h, rest = divmod(left, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def round_clock(rnd, partie=None, *, now: datetime | None = None) -> dict | None:
    """What a clock on a page shows, from the server's clock: None while the round's clock is not started
    (or the rules have no time limit, or the round is not in play). ``partie``: that table's clock (its own
    start, when it has one). The page's script counts down from ``deadline_ms`` corrected for the device's
    offset from ``server_ms``."""
    clock = rnd.clock(partie) if rnd.status == RoundStatus.PUBLISHED else None
    if clock is None:
        return None
    at = (now or timezone.now()).timestamp()
    remaining = clock.remaining(at)
    deadline = clock.deadline(at)
    warnings = sorted(rnd.tournament.clock_warnings or [], reverse=True)
    return {
        "paused": clock.paused, "up": remaining <= 0, "remaining": math.ceil(remaining),
        "deadline_ms": None if deadline is None else round(deadline * 1000), "server_ms": round(at * 1000),
        "warnings": warnings, "warning": due_warning(remaining, warnings), "text": clock_text(remaining),
        "started_at": datetime.fromtimestamp(clock.start, tz=timezone.get_current_timezone()),
        "limit_minutes": int(clock.limit // 60), "round": rnd.number,
        "table": partie.table if partie is not None else None,
        "own_start": partie is not None and partie.clock_started_at is not None,
    }


def clock_json(clock: dict | None, now_ms: int) -> dict:
    """The clock as its script polls it."""
    if clock is None:
        return {"now": now_ms, "clock": None}
    keys = ("paused", "up", "remaining", "deadline_ms", "warning")
    return {"now": now_ms, "clock": {k: clock[k] for k in keys}}


def clock_round(tournament):
    """The round whose clock the projector shows: the latest published round with its clock started."""
    return (tournament.rounds.filter(status=RoundStatus.PUBLISHED, clock_started_at__isnull=False)
            .select_related("tournament").order_by("-number").first())


def late_tables(rnd) -> list:
    """The tables of the round that run on their own start, in table order."""
    return list(rnd.parties.filter(clock_started_at__isnull=False).order_by("table"))


def clock_context(user, rnd, *, back) -> dict:
    """The round clock and, for the organizer and the chief referee, its buttons (a round in play with a time limit)."""
    tournament = rnd.tournament
    controls = (rnd.status == RoundStatus.PUBLISHED and is_chief_referee(user, tournament)
                and time_limit_seconds(tournament.rules()) is not None)
    return {
        "clock": round_clock(rnd), "clock_controls": controls, "back": back,
        "clock_url": reverse("tournaments:clock", args=[tournament.slug, rnd.number]),
        "late_tables": late_tables(rnd) if rnd.clock_started_at else [],
    }


OWN_PAGES_MAX = 12  # the latest tournaments of an account listed on the calendar


def account_pages(user) -> list[tuple[str, str]]:
    """A logged-in account's own pages, latest tournaments first: the management page of what he organizes, the
    referees' overview where he referees, his entrant's page where he plays, then what the apps above keep
    (``page_parts.own_pages``: a captain's page)."""
    if not getattr(user, "is_authenticated", False):
        return []
    links = []
    roles = (TournamentRole.objects.filter(user=user, tournament__archived_at__isnull=True)
             .select_related("tournament").order_by("-tournament__start_date", "tournament_id")[:OWN_PAGES_MAX])
    for role in roles:
        t = role.tournament
        if role.role == RoleKind.ORGANIZER:
            links.append((_("%(t)s — управление турниром") % {"t": t.name}, reverse("tournaments:manage", args=[t.slug])))
        elif role.role in (RoleKind.CHIEF_REFEREE, RoleKind.REFEREE):
            links.append((_("%(t)s — судейство") % {"t": t.name}, reverse("referees:dashboard", args=[t.slug])))
    players = (Player.objects.filter(user=user, pair__number__isnull=False, pair__tournament__archived_at__isnull=True)
               .select_related("pair__tournament").order_by("-pair__tournament__start_date")[:OWN_PAGES_MAX])
    for player in players:
        t = player.pair.tournament
        fmt = t.format_spec
        links.append((_("%(t)s — %(who)s") % {"t": t.name, "who": fmt.numbered(player.pair.number)},
                      reverse(fmt.entry_view, args=[t.slug, player.pair.number])))
    return links + own_pages(user)
