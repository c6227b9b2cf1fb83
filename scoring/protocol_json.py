"""Protocols in the JSON interchange format (docs/rules.md §9): the stored protocol as a §9 dict, and the
checks a file passes before it is imported (the import itself: ``scoring.services.imports``).

Reads ``domino-protocol/1`` and ``domino-protocol/2`` (docs/rules-kozel.md, a
superset of /1); writes /1 for the sport presets, as before, and /2 for the
other presets. The database keeps every field of a deal (result, out,
offender, hands, and for the Kozel family and hand points ``lead``,
``lead_tile``, ``out_tile``, ``fisher``, ``points``, ``note``, for the
partnership game ``ends``, ``pasos_redondos``, ``time_called``) and the pair
that ``abandoned``; a deal field it does not know is refused with
``not_stored`` rather than imported in part. A partnership game's protocol
(RULES-LATIN.md §11.1) has sanctions and the pairs' prior cards instead of
remarks (``partida_protocol``).
"""
from __future__ import annotations

from engine.rules import FORMAT, FORMAT_2, ProtocolError
from engine.rules.config import SPORT_PRESETS

from .models import Protocol


def _players(partie, side: str) -> list[str]:
    """The names of a side in seat order (an individual event's side: its two players' entrants)."""
    return [p.name for p in partie.side_players(side)] if partie.side_entrants(side) else []


def protocol_to_json(protocol: Protocol) -> dict:
    """The §9 dict of a stored protocol (rules of its tournament, prior remarks or cards as cached), in the
    shape of its game (``WRITERS``)."""
    return WRITERS[protocol.partie.round.tournament.game.code](protocol)


def _head(protocol: Protocol, fmt: str, prior: str) -> dict:
    """Where and under which rules the partie was played, and its pairs with the ``prior`` field of its game
    (``prior_remarks`` or ``prior_card``, as cached: ``prior_remarks_a`` / ``prior_card_a``, …)."""
    partie = protocol.partie
    tournament = partie.round.tournament
    return {
        "format": fmt,
        "rules": tournament.rules_config(),
        "tournament": tournament.slug,
        "round": partie.round.number,
        "table": partie.table,
        "pairs": {
            "A": {"number": partie.pair_a.number, "players": _players(partie, "A"),
                  prior: getattr(protocol, f"{prior}_a")},
            "B": {"number": partie.pair_b.number if partie.pair_b else None, "players": _players(partie, "B"),
                  prior: getattr(protocol, f"{prior}_b")},
        },
    }


def deals_protocol(protocol: Protocol) -> dict:
    """The sport game, the Kozel family and hand points: deals and remarks (docs/rules.md §9, rules-kozel.md §11)."""
    fmt = FORMAT if protocol.partie.round.tournament.rules_preset in SPORT_PRESETS else FORMAT_2
    return {
        **_head(protocol, fmt, "prior_remarks"),
        "first_lead": protocol.first_lead,
        "deals": [d.to_json() for d in protocol.deals.all()],
        "remarks": [r.to_json() for r in protocol.remarks.all()],
        "no_show": protocol.no_show or None,
        "ended_by_time": protocol.ended_by_time,
        **({"abandoned": protocol.abandoned} if protocol.abandoned else {}),
    }


def partida_protocol(protocol: Protocol) -> dict:
    """The partnership game (RULES-LATIN.md §11.1): hands, sanctions, the pairs' prior cards, the acta's
    counters."""
    data = {
        **_head(protocol, FORMAT_2, "prior_card"),
        "deals": [d.to_json() for d in protocol.deals.all()],
        "sanctions": [s.to_json() for s in protocol.sanctions.all()],
        "no_show": protocol.no_show or None,
    }
    if protocol.indicators:
        data["indicators"] = protocol.indicators
    return data


#: The protocol's shape of each game (``tournaments.games``).
WRITERS = {"sport": deals_protocol, "kozel": deals_protocol, "hand": deals_protocol, "latin": partida_protocol}

STORED_DEAL_FIELDS = {"n", "result", "out", "offender", "hands", "lead", "lead_tile", "out_tile", "fisher",
                      "points", "note", "ends", "pasos_redondos", "time_called"}


def check_storable(data: dict) -> None:
    """Refuse what the database cannot keep yet, naming the deal and the field."""
    if not isinstance(data, dict):
        return  # score_protocol refuses it with its own message
    for raw in data.get("deals") or []:
        if not isinstance(raw, dict):
            continue
        extra = sorted(str(k) for k in raw if k not in STORED_DEAL_FIELDS)
        if extra:
            n = raw.get("n") if isinstance(raw.get("n"), int) and not isinstance(raw.get("n"), bool) else None
            raise ProtocolError("not_stored", f"the field {extra[0]} of a deal cannot be imported yet",
                                deal=n, field=extra[0])


def check_pairs(partie, data: dict) -> None:
    pairs = data.get("pairs") or {}
    expected = {"A": partie.pair_a.number, "B": partie.pair_b.number if partie.pair_b else None}
    for side, number in expected.items():
        given = (pairs.get(side) or {}).get("number") if isinstance(pairs.get(side), dict) else None
        if given is not None and given != number:
            raise ProtocolError(
                "pair_mismatch", f"pair {side} of this table is no. {number}, the file says no. {given}", side=side
            )


def deal_extra_fields(d: dict) -> dict:
    """The Kozel and hand-points fields of a deal already checked by the engine, as ``Deal`` keeps them."""
    extra = {name: d.get(name) or "" for name in ("lead", "lead_tile", "out_tile", "fisher", "note")}
    if isinstance(extra["out_tile"], (list, tuple)):  # two doubles placed at once: "6-6+5-5"
        extra["out_tile"] = "+".join(extra["out_tile"])
    extra["points"] = d.get("points")
    extra["ends"] = list(d["ends"]) if d.get("ends") is not None else None  # the partnership game (§5, §6)
    extra["pasos_redondos"] = d.get("pasos_redondos") or None
    extra["time_called"] = bool(d.get("time_called"))
    return extra

