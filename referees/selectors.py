"""Read-only helpers for the referee pages: what a table page, a preview and the overview show."""
from __future__ import annotations

from django.db.models import Count, Max
from django.urls import reverse
from django.utils.translation import gettext as _

from access import permissions as perms
from engine.rules.clock import time_up_rule
from events import selectors as round_selectors
from scoring import protocol_state, services
from scoring.models import Deal, Protocol, Remark, Signature, SignatureRole
from scoring.queries import row_prefetches
from scoring.scores import refresh_prior_remarks
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie

from . import devices, game_entry
from .models import DeviceQueue

CLOCKWISE = ("A1", "B1", "A2", "B2")
TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def seat_names(partie) -> dict:
    names = {}
    for side in "AB":
        players = partie.side_players(side)
        for i, seat in enumerate((f"{side}1", f"{side}2")):
            names[seat] = players[i].name if i < len(players) else "—"
    return names


def seat_numbers(partie) -> dict:
    """{seat: player number} of an individual event's table (each seat an entrant of its own); {} for pairs."""
    if not partie.partner_a_id:
        return {}
    return {f"{side}{k}": entrant.number for side in "AB"
            for k, entrant in enumerate(partie.side_entrants(side), start=1)}


def seat_list(partie) -> list[dict]:
    names, numbers = seat_names(partie), seat_numbers(partie)
    return [{"seat": s, "name": names[s], "side": s[0], "number": numbers.get(s)} for s in CLOCKWISE]


def unwritten_protocol(partie) -> Protocol:
    """What a table shows before its first write: an empty protocol with the pairs' earlier remarks.

    Not saved (reading never writes: a page view on a full disk still answers); the first write creates
    the row (``scoring.services.ensure_protocol``). It has no rows, and its id 0 matches none: a query
    by it finds nothing, as there is nothing yet.
    """
    protocol = Protocol(partie=partie)
    refresh_prior_remarks(protocol)
    protocol.pk = 0
    protocol._prefetched_objects_cache = {
        "deals": Deal.objects.none(), "remarks": Remark.objects.none(), "signatures": Signature.objects.none()}
    return protocol


def load_protocol(partie, *, create=True) -> Protocol | None:
    """The protocol with its rows, in four queries (None if it does not exist and ``create`` is false;
    with ``create``, the unsaved empty protocol of a table not written to yet)."""
    rows = Protocol.objects.prefetch_related(*row_prefetches())
    try:
        protocol = rows.get(partie=partie)
    except Protocol.DoesNotExist:  # the table's first visit
        return unwritten_protocol(partie) if create else None
    protocol.partie = partie
    return protocol


def describe_deal(deal: dict, names: dict) -> str:
    hands = deal.get("hands") or {}
    parts = []
    for seat in CLOCKWISE:
        if seat in hands:
            hand = hands[seat]
            parts.append(f"{seat} {' '.join(hand) if isinstance(hand, list) else hand}")
    hands_text = " · ".join(parts)
    if deal["result"] == "domino":
        head = _("Домино: вышел %(seat)s") % {"seat": deal.get("out")}
    elif deal["result"] == "block":
        head = _("Рыба")
    elif deal["result"] == "points":
        head = ""  # the points and the note follow
    else:
        head = _("Ложный пас: %(seat)s") % {"seat": deal.get("offender")}
    head = "; ".join(part for part in (head, game_entry.describe_extra(deal)) if part)
    return f"{head}; {hands_text}" if hands_text else head


SANCTION_TEXT = {
    "warning": "предупреждение",
    "fine": "штраф %(points)s соперникам",
    "rescored": "раздача пересчитана как рыба: у пары %(points)s очков",
    "deal_loss": "раздача проиграна 0 : %(points)s",
    "disqualification": "снятие с турнира",
}


def sanction_text(sanction) -> str:
    return f"{sanction.seat}: " + _(SANCTION_TEXT.get(sanction.kind, sanction.kind)) % {"points": sanction.points}


def deal_rows(protocol, scored, names) -> list[dict]:
    recorded = {d.n: d for d in protocol.deals.all()}
    rows = []
    for sd in scored.deals:
        row = recorded.get(sd.n)
        rows.append({
            "n": sd.n, "lead": sd.lead, "shuffle": sd.shuffle, "points_a": sd.points_a, "points_b": sd.points_b,
            "running_a": sd.running_a, "running_b": sd.running_b, "winner": sd.winner,
            "text": describe_deal(row.to_json(), names) if row else "",
            "sanctions": [sanction_text(s) for s in sd.sanctions],
            "entered_by": row.entered_by if row else None, "confirmed_by": row.confirmed_by if row else None,
        })
    return rows


def signature_slots(partie, protocol, names=None) -> tuple[list[dict], object]:
    """Player slots that may be signed (each with its signature, its seats and whether it is required)."""
    names = names or seat_names(partie)
    signatures = list(protocol.signatures.all())
    by_seat = {s.seat: s for s in signatures if s.role == SignatureRole.PLAYER}
    required = set(protocol_state.required_player_seats(partie, protocol))
    slots = []
    for slot in protocol_state.signable_player_seats(partie, protocol):
        seats = [slot] if len(slot) == 2 else [f"{slot}1", f"{slot}2"]
        signed = next((by_seat[s] for s in seats if s in by_seat), None)
        slots.append({"slot": slot, "seats": [(s, names[s]) for s in seats], "signature": signed,
                      "required": slot in required})
    referee = next((s for s in signatures if s.role == SignatureRole.REFEREE), None)
    return slots, referee


def entry_context(partie, user, *, protocol=None) -> dict:
    protocol = protocol or load_protocol(partie)
    tournament = partie.round.tournament
    game = tournament.game
    rules, entry = game.rules, game_entry.entry_of(game)
    names = seat_names(partie)
    scored = protocol_state.engine_score(protocol_state.protocol_json(protocol))
    upcoming = entry.upcoming(rules, scored, protocol, names)
    remark_steps = {}
    for side in ("A", "B"):
        step, effect = protocol_state.next_remark_effect(partie, protocol, side, rules)
        remark_steps[side] = {"step": step, "kind": effect.kind, "text": effect.describe()}
    slots, referee_signature = signature_slots(partie, protocol, names)
    can_enter = perms.can_enter(user, partie)
    round_draft = partie.round.status == "draft"  # nothing is entered until the round is published
    rows = deal_rows(protocol, scored, names)
    if rows:
        rows[-1]["last"] = True  # the only deal that may be deleted
    rows, own = entry.page_context(partie, rules, scored, rows)
    return {
        "game_spec": game, "family": game.code, "game_templates": entry.templates,
        "partie": partie, "tournament": tournament, "protocol": protocol, "names": names,
        "seats": seat_list(partie),
        "individual": tournament.format_spec.single_player_entries,
        "scored": scored, "rows": rows, "upcoming": upcoming,
        "remarks": list(protocol.remarks.all()), "remark_steps": remark_steps,
        "slots": slots, "referee_signature": referee_signature,
        "players_signed": all(s["signature"] for s in slots if s["required"]),
        "awaiting": protocol.status == ProtocolStatus.AWAITING_SIGNATURES,
        "can_enter": can_enter and not protocol.is_locked and not round_draft,
        "round_draft": round_draft,
        "can_clear": (round_draft and not protocol.is_locked and perms.can_reopen(user, partie)
                      and bool(protocol.no_show or protocol.deals.all() or protocol.remarks.all())),
        "can_countersign": perms.can_countersign(user, partie),
        "can_reopen": perms.can_reopen(user, partie) and protocol.is_locked,
        "can_read_audit": perms.can_read_audit(user, tournament),
        "my_seats": perms.player_seats(user, partie),
        "confirming": tournament.confirm_each_deal,
        "federation": rules.preset == "federation",
        "time_section": services.has_time_limit(rules),
        "lone_double_blank": rules.lone_double_blank,
        "rules": rules,
        "tiles": TILES,
        **own,  # the game's own parts (its tile set, its state of play) over the sport game's defaults
        **table_clock(partie, protocol, rules),
    }


def table_clock(partie, protocol, rules) -> dict:
    """The table's clock while its partie is in play (none before the round's clock starts, none once the
    partie is over), and what the time rule asks at time-up (docs/rules.md §5.1)."""
    over = protocol.is_locked or protocol.finished or protocol.ended_by_time or bool(protocol.no_show)
    clock = None if over else round_selectors.round_clock(partie.round, partie)
    if clock is None:
        return {"clock": None}
    return {"clock": clock, "time_rule": time_up_rule(rules),
            "clock_url": reverse("tournaments:clock", args=[partie.round.tournament.slug, partie.round.number])
            + f"?table={partie.table}"}


def round_tables(rnd, user) -> list[Partie]:
    """The parties of a round the user may see on the overview, with their protocol state (3 queries)."""
    tables = perms.referee_tables(user, rnd.tournament)
    qs = (
        rnd.parties.select_related("pair_a", "pair_b", "partner_a", "partner_b", "protocol")
        .prefetch_related("pair_a__players", "pair_b__players", "partner_a__players", "partner_b__players")
        .order_by("table", "id")
    )
    if tables is not None:
        qs = qs.filter(table__in=tables)
    parties = list(qs)
    goats = rnd.tournament.game.counts_goats  # Kozel, Morskoy: the cell shows goats (docs/rules-kozel.md §11)
    for p in parties:
        protocol = getattr(p, "protocol", None)
        p.state = protocol.status if protocol else ProtocolStatus.NOT_STARTED
        p.state_label = ProtocolStatus(p.state).label
        p.score = (protocol.score_a, protocol.score_b) if protocol and p.state != ProtocolStatus.NOT_STARTED else None
        p.goats = (protocol.goats_a, protocol.goats_b) if goats and p.score else None
        if p.partner_a_id:  # an individual event: the four seats with player numbers (A1 + A2 against B1 + B2)
            p.seat_rows = seat_list(p)
    waiting_on_devices(parties)
    for p in parties:
        if p.waiting:  # the control that clears a closed browser's report, for whom it is allowed
            p.waiting["can_clear"] = perms.can_clear_device_reports(user, p)
    return parties


def waiting_on_devices(parties) -> None:
    """Each table's entries still held on its devices (``p.waiting``: count, last contact, a refusal), one query;
    only the reports that count now (``devices.counting``: a closed browser's stop counting)."""
    rows = {}
    for q in devices.counting(DeviceQueue.objects.filter(partie__in=[p.pk for p in parties])):
        rows.setdefault(q.partie_id, []).append(q)
    for p in parties:
        held = rows.get(p.pk, [])
        p.waiting = {"queued": sum(q.queued for q in held), "last_contact": max(q.last_contact for q in held),
                     "refused": any(q.refused for q in held), "devices": len(held)} if held else None


def device_stamp(tournament_id) -> str:
    """When a device's queue at a table of the tournament last changed, and how many reports count now (part
    of the overview's and the hall map's ETags: a report that ages out changes them too), one query."""
    found = (DeviceQueue.objects.filter(tournament_id=tournament_id)
             .aggregate(at=Max("changed_at"), counting=Count("pk", filter=devices.counts_now())))
    return f"{found['at'].isoformat()}.{found['counting']}" if found["at"] else ""


def state_counts(parties) -> dict:
    counts = {s: 0 for s in ProtocolStatus.values}
    for p in parties:
        if not p.is_bye:
            counts[p.state] += 1
    return counts
