"""Hand points: the referee enters each pair's points per deal (RULES-KOZEL.md §8).

For games whose points come from play (fives, threes, matadors, generals)
and cannot be computed from the hands left. A deal is
``{"n": k, "result": "points", "points": {"A": x, "B": y}, "note": "…"}``;
both numbers are whole, |x| ≤ 10 000, and not negative unless
``allow_negative``. The partie loop is the sport one (``partie``): to a
target, a number of deals, or a time limit; the pair with more points wins
(fewer with ``higher_wins`` false).

Interpretation (docs/rules-kozel.md): a note is free text of at most 200
characters, kept with the deal and not scored.
"""
from __future__ import annotations

from .config import Rules
from .deal import TableResult
from .errors import ProtocolError

MAX_POINTS = 10_000
MAX_NOTE = 200


def score_points_table(rules: Rules, raw: dict, n: int) -> TableResult:
    """Validate one hand-points deal; its points are the table result."""
    if raw.get("result") != "points":
        raise ProtocolError("bad_points_result", f'result must be "points" in hand points, got {raw.get("result")!r}',
                            deal=n)
    points = raw.get("points")
    if not isinstance(points, dict):
        raise ProtocolError("missing_points", "points must give both pairs: {\"A\": …, \"B\": …}", deal=n)
    extra = sorted(str(k) for k in points if k not in ("A", "B"))
    if extra:
        raise ProtocolError("missing_points", f"points name pairs A and B only, not {', '.join(extra)}", deal=n)
    values = {}
    for side in ("A", "B"):
        value = points.get(side)
        if value is None:
            raise ProtocolError("missing_points", f"the points of pair {side} are missing", deal=n, side=side)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError("bad_points", f"the points of pair {side} must be a whole number, got {value!r}",
                                deal=n, side=side)
        if abs(value) > MAX_POINTS:
            raise ProtocolError("points_out_of_range", f"{value} points for pair {side}: at most {MAX_POINTS} "
                                f"in a deal", deal=n, side=side, value=value)
        if value < 0 and not rules.allow_negative:
            raise ProtocolError("negative_points", f"{value} points for pair {side}: negative points are not "
                                f"allowed under these rules", deal=n, side=side, value=value)
        values[side] = value
    note = raw.get("note")
    if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE):
        raise ProtocolError("bad_note", f"a note is text of at most {MAX_NOTE} characters", deal=n)
    return TableResult(n, "points", values["A"], values["B"], {"A": None, "B": None})
