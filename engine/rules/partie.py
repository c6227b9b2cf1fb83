"""Scoring a whole partie: deals in order, remarks, partie length, extra deal, forfeits (docs/rules.md §5–§6, §9).

One pipeline for every preset: the protocol is read here (top-level fields,
deal numbers, remarks counted over the tournament); then each deal is scored
by its game's deal logic — ``deal.score_table`` for the sport presets,
``hand_points.score_points_table`` for hand points — or, for the Kozel family,
whose partie is made of games, by ``games.score_games`` (RULES-KOZEL.md §5).
The scored protocol's types and the remarks' scoring that every game shares
are in ``scored``; the per-game modules import that base, never this one.
"""
from __future__ import annotations

from .config import Rules
from .deal import score_table
from .errors import ProtocolError, RulesError
from .games import forfeit_games, score_games
from .hand_points import score_points_table
from .latin.protocol import score_latin
from .numbering import deals_by_number
from .sanctions import DealState, apply_remarks
from .scored import FORMAT, FORMAT_2, FORMATS, ScoredDeal, ScoredProtocol, outside_partie, score_remarks
from .seating import CLOCKWISE, SEATS, lead_and_shuffle, other_side, side_of


def _int_field(value, *, code, what):
    """``value`` if it is a whole number ≥ 0 (a protocol-wide field: no deal, no seat)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProtocolError(code, f"{what} must be a whole number ≥ 0, got {value!r}")
    return value


def _remarks(raw_remarks) -> list[tuple[int, str, str]]:
    if raw_remarks is None:
        return []
    if not isinstance(raw_remarks, list):
        raise ProtocolError("bad_remarks", "remarks must be a list")
    out = []
    for i, raw in enumerate(raw_remarks):
        if not isinstance(raw, dict):
            raise ProtocolError("bad_remark", f"remark #{i + 1} is not an object")
        deal = raw.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise ProtocolError("bad_remark", f"remark #{i + 1} must name a deal number ≥ 1, got {deal!r}",
                                seat=raw.get("player") if raw.get("player") in SEATS else None)
        seat = raw.get("player")
        if seat not in SEATS:
            raise ProtocolError("bad_seat", f"remark #{i + 1}: player must be a seat (A1, A2, B1, B2), got {seat!r}",
                                deal=deal)
        reason = raw.get("reason") or "other"
        if not isinstance(reason, str):
            raise ProtocolError("bad_remark", f"remark #{i + 1}: reason must be text", deal=deal, seat=seat)
        out.append((deal, seat, reason))
    # Remarks count in the order of the deals; within a deal, in the order given.
    return sorted(out, key=lambda r: r[0])


def _partie_over(rules: Rules, n: int, total_a: int, total_b: int, ended_by_time: bool, last: int):
    """After deal n: (finished, extra_deal_needed)."""
    tied = total_a == total_b
    if ended_by_time and n == last:
        reached = True
    elif rules.partie_length == "time":
        reached = False
    elif rules.partie_length == "deals":
        reached = n >= rules.deals_per_partie
    else:
        reached = max(total_a, total_b) >= rules.target_points
    if not reached:
        return False, False
    if tied and rules.extra_deal_on_tie:
        return False, True
    return True, False


def score_partie(
    rules: Rules,
    deals: list,
    remarks: list | None = None,
    *,
    prior_remarks: dict | None = None,
    no_show: str | None = None,
    first_lead: str = "A1",
    ended_by_time: bool = False,
    abandoned: str | None = None,
) -> ScoredProtocol:
    """Score the recorded deals of one partie; raise ProtocolError on anything impossible.

    The partnership game (``latin``) is not scored here: its partida needs the pairs, their cards and its
    sanctions, which only its protocol carries (``score_protocol``, ``latin.score_latin``).
    """
    if rules.family == "latin":
        raise ProtocolError("latin_needs_protocol", "a latin partida is scored from its whole protocol "
                            "(score_protocol), not from its deals alone")
    prior = _checked_arguments(rules, prior_remarks, no_show, first_lead, ended_by_time, abandoned)
    if not isinstance(deals, list):
        raise ProtocolError("bad_deals", "deals must be a list")
    remark_list = _remarks(remarks)

    out = ScoredProtocol(rules=rules, no_show=no_show, first_lead=first_lead, abandoned=abandoned)
    if no_show:
        # The pair did not come: nothing was played. A file that also lists deals or remarks
        # contradicts itself and is refused, never silently repaired.
        if deals:
            raise ProtocolError("no_show_with_deals",
                                f"no_show is {no_show!r} but the protocol lists {len(deals)} deal(s)",
                                side=no_show, count=len(deals))
        if remark_list:
            raise ProtocolError("no_show_with_remarks",
                                f"no_show is {no_show!r} but the protocol lists {len(remark_list)} remark(s)",
                                side=no_show, count=len(remark_list))
        if rules.family == "kozel":
            return forfeit_games(out, no_show)
        return _forfeit(out, no_show)

    by_number = deals_by_number(deals)
    numbers = sorted(by_number)
    counter = dict(prior)
    numbered = []  # (deal, seat, reason, n-th remark of the pair)
    for deal, seat, reason in remark_list:
        counter[side_of(seat)] += 1
        numbered.append((deal, seat, reason, counter[side_of(seat)]))

    if rules.family == "kozel":
        return score_games(out, by_number, numbers, numbered, ended_by_time=ended_by_time, abandoned=abandoned,
                           first_lead=first_lead)
    return _score_deals(out, by_number, numbers, numbered, ended_by_time=ended_by_time, first_lead=first_lead)


def _checked_arguments(rules: Rules, prior_remarks, no_show, first_lead, ended_by_time, abandoned) -> dict:
    """Refuse a partie's arguments that no protocol can have; the remarks each pair had before, per side."""
    if first_lead not in CLOCKWISE:
        raise ProtocolError("bad_seat", f"first_lead must be a seat (A1, A2, B1, B2), got {first_lead!r}")
    if no_show not in (None, "A", "B"):
        raise ProtocolError("bad_no_show", f'no_show must be null, "A" or "B", got {no_show!r}')
    if not isinstance(ended_by_time, bool):
        raise ProtocolError("bad_ended_by_time", "ended_by_time must be true or false")
    if abandoned not in (None, "A", "B") or (abandoned and rules.family != "kozel"):
        raise ProtocolError("bad_abandoned", f'abandoned must be null, or "A" or "B" in Kozel and Morskoy, '
                            f'got {abandoned!r}')
    prior = {"A": 0, "B": 0, **(prior_remarks or {})}
    for side in ("A", "B"):
        _int_field(prior[side], code="bad_prior_remarks", what=f"prior_remarks of pair {side}")
    return prior


def _score_deals(out: ScoredProtocol, by_number: dict, numbers: list, numbered: list, *, ended_by_time: bool,
                 first_lead: str) -> ScoredProtocol:
    """Score a partie of deals added up to a target (sport dominoes and the hand-points games)."""
    rules = out.rules
    table_scorer = _table_scorer(rules)
    last = numbers[-1] if numbers else 0
    total_a = total_b = 0
    finished = extra = False
    tied_at = None  # the deal after which the partie first stood at its end with equal totals
    for n in numbers:
        if finished:
            raise outside_partie(n, len(out.deals))
        table = table_scorer(rules, by_number[n], n)
        state = DealState.start(table)
        here = [(k, seat, reason) for d, seat, reason, k in numbered if d == n]
        sanctions = apply_remarks(rules, state, here)
        points_a, points_b = state.final()
        total_a += points_a
        total_b += points_b
        lead, shuffle = lead_and_shuffle(n, first_lead)
        winner = _better(rules, points_a, points_b)
        out.deals.append(ScoredDeal(
            n, lead, shuffle, table.result, points_a, points_b, winner, total_a, total_b,
            (table.points_a, table.points_b), tuple(sanctions),
        ))
        dq = next((s for s in sanctions if s.kind == "disqualification"), None)
        if dq and not out.disqualified:
            out.disqualified = dq.side
        finished, extra = _partie_over(rules, n, total_a, total_b, ended_by_time, last)
        if extra and tied_at is None:
            tied_at = n
    out.extra_played = last - tied_at if tied_at is not None else 0

    in_play_dq = score_remarks(out, numbered, last, None if finished else last + 1)
    if in_play_dq and not out.disqualified:
        out.disqualified = in_play_dq

    out.totals_a, out.totals_b = total_a, total_b
    if out.disqualified:
        return _forfeit(out, out.disqualified)
    out.finished, out.extra_deal_needed = finished, extra
    if finished and total_a != total_b:
        out.winner = _better(rules, total_a, total_b)
    return out


def _table_scorer(rules: Rules):
    """The seam between the partie and a game's deal logic."""
    if rules.family == "hand":
        return score_points_table
    return score_table


def _better(rules: Rules, a: int, b: int) -> str | None:
    """The pair ahead: more points, or fewer where points are penalties (hand points, ``higher_wins`` false)."""
    if a == b:
        return None
    return ("A" if a > b else "B") if rules.higher_wins else ("A" if a < b else "B")


def _forfeit(out: ScoredProtocol, loser: str) -> ScoredProtocol:
    """No-show or disqualification: the opponents win with the forfeit score (§5, §6)."""
    winner = other_side(loser)
    totals = {loser: 0, winner: out.rules.forfeit_score}
    out.totals_a, out.totals_b = totals["A"], totals["B"]
    out.winner = winner
    out.finished = True
    out.extra_deal_needed = False
    return out


def score_protocol(data: dict):
    """Score a protocol in the JSON interchange format of docs/rules.md §9.

    A ``latin`` protocol (RULES-LATIN.md §11) is read and scored by ``latin.score_latin``: its result is a
    ``latin.ScoredPartida``; every other preset's a ``ScoredProtocol``.
    """
    if not isinstance(data, dict):
        raise ProtocolError("bad_protocol", "a protocol is a JSON object")
    fmt = data.get("format", FORMAT)
    if fmt not in FORMATS:
        raise ProtocolError("bad_format", f"unknown format {fmt!r} (expected {FORMAT!r} or {FORMAT_2!r})")
    rules_config = data.get("rules") or {}
    if not isinstance(rules_config, dict):
        raise ProtocolError("bad_rules", "rules must be an object")
    if rules_config.get("preset") == "latin":
        partida = score_latin(data)
        partida.rules = Rules.from_config({"preset": "latin", **partida.options.to_config()})
        return partida
    try:
        rules = Rules.from_config(rules_config)
    except RulesError as exc:
        raise ProtocolError(exc.code, f"rules: {exc.message}", key=exc.key) from exc
    pairs = data.get("pairs") or {}
    if not isinstance(pairs, dict):
        raise ProtocolError("bad_pairs", "pairs must be an object with A and B")
    prior = {}
    for side in ("A", "B"):
        info = pairs.get(side) or {}
        if not isinstance(info, dict):
            raise ProtocolError("bad_pairs", f"pairs.{side} must be an object")
        prior[side] = info.get("prior_remarks", 0) if info.get("prior_remarks") is not None else 0
    return score_partie(
        rules,
        data.get("deals") if data.get("deals") is not None else [],
        data.get("remarks"),
        prior_remarks=prior,
        no_show=data.get("no_show"),
        first_lead=data.get("first_lead") or "A1",
        ended_by_time=data.get("ended_by_time", False) if data.get("ended_by_time") is not None else False,
        abandoned=data.get("abandoned"),
    )
