"""The protocol as the services and the pages read it: loading, engine scoring, ladder steps, signature slots.

Read-only; the writing is in ``scoring.services``.
"""
from __future__ import annotations

from django.db.models import Prefetch, prefetch_related_objects

from engine.rules import ProtocolError, RulesError, remark_effect, score_protocol
from tournaments.models import Partie, Player, SignatureMode, SigningMethod

from .errors import InvalidInput, engine_message
from .models import SignatureRole
from .protocol_json import protocol_to_json

SEATS = ("A1", "B1", "A2", "B2")


def load_partie(partie) -> Partie:
    """The partie with everything the permission checks and the engine need, in a few queries."""
    if isinstance(partie, Partie) and getattr(partie, "_loaded_for_entry", False):
        return partie  # loaded by this function for this request already (the page, then its service)
    pk = partie.pk if isinstance(partie, Partie) else int(partie)
    loaded = Partie.objects.select_related("round__tournament", "pair_a", "pair_b").get(pk=pk)
    # The players of both pairs in one query (a prefetch per pair would take two). Within a pair the players'
    # own order (``Player.Meta.ordering`` begins with the pair, which would join the pairs and the tournament).
    prefetch_related_objects([pair for pair in (loaded.pair_a, loaded.pair_b) if pair is not None],
                             Prefetch("players", queryset=Player.objects.order_by("number", "id")))
    loaded._loaded_for_entry = True
    return loaded


def protocol_json(protocol) -> dict:
    return protocol_to_json(protocol)


# The deal form field an engine refusal belongs to, by its code (else the seat's hand, else above the form).
ENGINE_FIELDS = {"wrong_lead": "lead", "missing_fisher": "fisher", "bad_out_tile": "out_tile",
                 "same_tile_twice": "lead_tile", "double_decider": "lead_tile", "bad_note": "note",
                 # the partnership game (RULES-LATIN.md §11.2)
                 "missing_lead": "lead", "lead_outside_winners": "lead", "missing_out": "out",
                 "capicua_needs_tiles": "out_tile", "out_tile_fits_no_end": "out_tile",
                 "ends_without_out_tile": "out_tile", "bad_ends": "end_2", "bad_pasos_redondos": "pasos_A",
                 "first_lead_not_double_six": "lead_tile", "double_six_still_held": "lead_tile",
                 "time_called_twice": "time_called", "bad_time_called": "time_called",
                 "time_called_without_limit": "time_called"}


def engine_field(exc) -> str | None:
    """The form field of an engine refusal: by code, by the field it names, or a pair's points (hand points)."""
    if exc.code in ENGINE_FIELDS:
        return ENGINE_FIELDS[exc.code]
    if exc.params.get("side") in ("A", "B") and exc.code in (
            "missing_points", "bad_points", "points_out_of_range", "negative_points"):
        return f"points_{exc.params['side']}"
    field = exc.params.get("field")
    return field if isinstance(field, str) else None


def engine_score(data: dict):
    """Score a §9 protocol dict; the engine's ProtocolError becomes InvalidInput naming deal and seat."""
    try:
        return score_protocol(data)
    except ProtocolError as exc:
        raise InvalidInput(engine_message(exc), exc.code or "invalid", deal=exc.deal, seat=exc.seat,
                           field=engine_field(exc)) from exc
    except RulesError as exc:
        raise InvalidInput(str(exc), getattr(exc, "code", None) or "rules") from exc


def with_deal(data: dict, deal: dict) -> dict:
    """A copy of the protocol dict with ``deal`` added, or replacing the deal with the same number."""
    deals = [d for d in data.get("deals", []) if d["n"] != deal["n"]] + [deal]
    return {**data, "deals": sorted(deals, key=lambda d: d["n"])}


def remark_step(protocol, side: str) -> int:
    """The ladder step the next remark of a side would be (remarks count over the whole tournament)."""
    prior = protocol.prior_remarks_a if side == "A" else protocol.prior_remarks_b
    here = sum(1 for r in protocol.remarks.all() if r.seat[0] == side)
    return prior + here + 1


def next_remark_effect(partie, protocol, side: str, rules=None):
    """``rules``: the tournament's rules when the caller has them already (a page asks for both sides)."""
    step = remark_step(protocol, side)
    return step, remark_effect(rules or partie.round.tournament.rules(), step)


def current_state(protocol) -> dict:
    """What a device that lost a race is shown: version, status and the protocol as it is now."""
    return {
        "version": protocol.version, "status": protocol.status,
        "totals": {"A": protocol.score_a, "B": protocol.score_b},
        "protocol": protocol_json(protocol),
    }


def absent_sides(protocol) -> set[str]:
    """Pairs that cannot sign: the pair that did not appear, the pair taken off the tournament, the pair that left."""
    if protocol is None:
        return set()
    return {side for side in (protocol.no_show, protocol.disqualified, getattr(protocol, "abandoned", "")) if side}


def signable_player_seats(partie, protocol=None) -> list[str]:
    """Slots a player may sign (seats, or pair letters in one-per-pair mode); none when the referee attests."""
    if partie.round.tournament.signing_method == SigningMethod.REFEREE_ATTESTS:
        return []
    slots = ["A", "B"] if partie.round.tournament.signature_mode == SignatureMode.ONE_PER_PAIR else list(SEATS)
    absent = absent_sides(protocol)
    return [slot for slot in slots if slot[0] not in absent]


def required_player_seats(partie, protocol=None) -> list[str]:
    """Who must sign: every seat, or one seat per pair (then "A"/"B" stand for the pair).

    A no-show protocol needs the referee alone (the present pair may still sign);
    a disqualification protocol needs the pair still playing; when the referee
    attests the paper sheet, no player signs here.
    """
    if protocol is not None and protocol.no_show:
        return []
    return signable_player_seats(partie, protocol)


def missing_signatures(partie, signatures, protocol=None) -> list[str]:
    """Open slots: seats (or pair letters in one-per-pair mode), then "referee"."""
    signed = {s.seat for s in signatures if s.role == SignatureRole.PLAYER}
    if partie.round.tournament.signature_mode == SignatureMode.ONE_PER_PAIR:
        signed = {seat[0] for seat in signed}
    missing = [slot for slot in required_player_seats(partie, protocol) if slot not in signed]
    if not any(s.role == SignatureRole.REFEREE for s in signatures):
        missing.append("referee")
    return missing
