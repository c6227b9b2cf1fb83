"""The Morskoy rules that end a game at once (RULES-KOZEL.md §4.3, §4.4).

After a deal has been scored and recorded, the game may end, in this order:

1. **finish** — the player who went out placed 0-0 last (``blank_finish_wins``:
   his pair wins the game, the other is a *bald goat*), or 6-6 last
   (``six_finish_wins``: his pair wins when the losers' counted pips reach
   25 — ``if_recordable`` the pair's pips, ``if_one_hand`` one hand, ``always``
   whatever they hold; otherwise, with ``decider`` on, the next deal is a
   decider for his pair);
2. **decider** — in a deal that is a decider for pair X: X wins the game if it
   won the deal, loses it if it lost the deal holding 25 pips or more, and the
   game goes on otherwise (X lost with less, or a tied block).

A deal is a decider for X when (a) X has points at its start and a player of X
leads it with 6-6, (b) X went out with 6-6 in the previous deal without
winning the game, (c) the previous deal was a block whose fisher is of X, X
holding fewer than 25 pips and the other pair more than 25.

Interpretations (docs/rules-kozel.md): the 25 of these rules is a number of
pips in the hands (eggs and bonuses are not pips), whatever ``open_threshold``
says; "the fisher's points" are his pair's pips; a wrong pass ends no game by
these rules and makes no decider, and a deal ended by a wrong pass is no
decider (a decider pending for it lapses); a deal that would be a decider for
both pairs is refused.
"""
from __future__ import annotations

from .config import Rules
from .errors import ProtocolError
from .kozel import KozelTable
from .seating import other_side, seats_of, side_of

MORSKOY_PIPS = 25


def finish(rules: Rules, table: KozelTable) -> tuple[str, str] | None:
    """(winner of the game, how it ended) when a 0-0 or 6-6 finish wins it, else None."""
    if table.result != "domino" or not table.out_tiles:
        return None
    side = side_of(table.out)
    if rules.blank_finish_wins and "0-0" in table.out_tiles:
        return side, "bald"
    if "6-6" in table.out_tiles and _six_wins(rules, table):
        return side, "double_six"
    return None


def _six_wins(rules: Rules, table: KozelTable) -> bool:
    mode = rules.six_finish_wins
    if mode == "always":
        return True
    loser = other_side(side_of(table.out))
    if mode == "if_recordable":
        return table.pips[loser] >= MORSKOY_PIPS
    if mode == "if_one_hand":
        return any(table.hands.get(seat, 0) >= MORSKOY_PIPS for seat in seats_of(loser))
    return False


def decider_declared(rules: Rules, table: KozelTable, lead: str | None, totals: dict) -> str | None:
    """(a): the pair that has points and leads this deal with 6-6."""
    if not rules.decider or table.lead_tile != "6-6" or lead is None:
        return None
    side = side_of(lead)
    return side if totals[side] > 0 else None


def decider_this_deal(rules: Rules, table: KozelTable, lead: str | None, totals: dict,
                      carried: str | None) -> str | None:
    """The pair for which this deal is a decider (carried from the previous deal, or declared)."""
    declared = decider_declared(rules, table, lead, totals)
    if carried and declared and carried != declared:
        raise ProtocolError("double_decider", "this deal cannot be a decider for both pairs", deal=table.n,
                            seat=lead)
    if table.result == "wrong_pass":
        return None  # a wrong pass decides no game (RULES-KOZEL.md §6): the decider lapses with it
    return carried or declared


def decider_next(rules: Rules, table: KozelTable) -> str | None:
    """(b) and (c): the pair for which the next deal will be a decider."""
    if not rules.decider:
        return None
    if table.result == "domino" and "6-6" in table.out_tiles and rules.six_finish_wins != "off":
        return side_of(table.out)
    if table.result == "block" and table.fisher and not table.tie:
        side = side_of(table.fisher)
        if table.pips[side] < MORSKOY_PIPS < table.pips[other_side(side)]:
            return side
    return None


def decide(table: KozelTable, side: str) -> tuple[str, str] | None:
    """The outcome of a decider for ``side``: (winner of the game, "decider") or None (the game goes on)."""
    if table.winner == side:
        return side, "decider"
    if table.winner == other_side(side) and (table.pips.get(side) or 0) >= MORSKOY_PIPS:
        return other_side(side), "decider"
    return None
