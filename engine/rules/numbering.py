"""The deals of a protocol by their numbers, which run 1, 2, 3 … (docs/rules.md §9, RULES-LATIN.md §11.2).

Every game's protocol lists its deals (the hands of the partnership game) in ``deals``; each is an object with
its number ``n``. Shared by the partie's reader (``partie``) and the games that read their own protocol.
"""
from __future__ import annotations

from .errors import ProtocolError


def deal_number(raw, index: int) -> int:
    """The number ``n`` of the ``index``-th deal of the list (0-based): a whole number ≥ 1."""
    if not isinstance(raw, dict):
        raise ProtocolError("bad_deal", f"deal #{index + 1} in the list is not an object")
    n = raw.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ProtocolError("bad_deal_number", f"deal #{index + 1} in the list has no valid number n (got {n!r})",
                            deal=n if isinstance(n, int) and not isinstance(n, bool) else None)
    return n


def deals_by_number(deals: list) -> dict:
    """The deals by their numbers, which must run 1, 2, 3… with none twice and none missing."""
    by_number = {}
    for i, raw in enumerate(deals):
        n = deal_number(raw, i)
        if n in by_number:
            raise ProtocolError("duplicate_deal", f"deal {n} has a second result", deal=n)
        by_number[n] = raw
    for expected, n in enumerate(sorted(by_number), start=1):
        if n != expected:
            raise ProtocolError("missing_deal", f"deal {expected} is missing before deal {n}", deal=n, missing=expected)
    return by_number
