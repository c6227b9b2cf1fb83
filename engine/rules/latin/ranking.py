"""The standings of the partnership game over a tournament (RULES-LATIN.md §8.3, §11.3).

``rank(partidas)`` takes the partidas of a tournament — protocols (read by ``score_latin``) or partidas
already scored — and gives one row per pair: ``position``, ``number``, ``played``, ``won``, ``lost``,
``drawn``, ``byes``, ``points_for``, ``points_against``, ``efectividad``, ``sanction``, ``chancleta``,
``zapato``, ``card`` (the highest of its partidas), ``withdrawn``.

Order: the keys of ``ranking_order`` (``won``, ``efectividad``, ``points_for`` higher first; ``lost``,
``points_against`` lower first), then the pair number ascending; a withdrawn pair after all the others
(in the same order among themselves). Where the rule book is silent (chosen here):

* a bye and a forfeit count as partidas played;
* a partida still in progress is left out (it has no result yet);
* the partidas must share one ``ranking_order`` (a tournament has one); ``order=`` overrides it;
  no partida, no row.
"""
from __future__ import annotations

from ..errors import ProtocolError, RulesError
from .cards import highest
from .options import ranking_order
from .partida import ScoredPartida
from .protocol import score_latin

HIGHER_FIRST = ("won", "efectividad", "points_for")
SUMMED = ("won", "lost", "drawn", "bye", "points_for", "points_against", "efectividad", "sanction", "chancleta",
          "zapato")


def _scored(item, index: int) -> ScoredPartida:
    """A partida scored: as given, or read from its protocol (an error names the partida's place, 1-based)."""
    if isinstance(item, ScoredPartida):
        return item
    try:
        return score_latin(item)
    except ProtocolError as exc:
        exc.params.setdefault("protocol", index)
        raise


def _order(partidas: list, given) -> tuple:
    if given is not None:
        try:
            return ranking_order("ranking_order", given)
        except RulesError as exc:
            raise ProtocolError(exc.code, exc.message, key="ranking_order", **exc.params) from exc
    orders = {p.options.ranking_order for p in partidas}
    if len(orders) > 1:
        raise ProtocolError("mixed_ranking_order", "the partidas do not share one ranking_order: "
                            + "; ".join(sorted(", ".join(o) for o in orders)))
    return orders.pop()


def _totals(partidas: list) -> dict:
    table: dict = {}
    for partida in partidas:
        if not partida.finished:
            continue
        for row in partida.rows.values():
            entry = table.setdefault(row.number, {"number": row.number, "played": 0, "card": "none",
                                                   "withdrawn": False, **dict.fromkeys(SUMMED, 0)})
            entry["played"] += 1
            for key in SUMMED:
                entry[key] += getattr(row, key)
            entry["card"] = highest([entry["card"], row.card])
            entry["withdrawn"] = entry["withdrawn"] or row.withdrawn
    return table


def sort_key(entry: dict, order: tuple) -> tuple:
    key = [entry["withdrawn"]]
    for name in order:
        key.append(-entry[name] if name in HIGHER_FIRST else entry[name])
    key.append(entry["number"])
    return tuple(key)


def rank(partidas, *, order: list | None = None) -> list[dict]:
    """The standings rows of §11.3, in the order of §8.3 (see the module's docstring)."""
    scored = [_scored(item, i) for i, item in enumerate(partidas, start=1)]
    if not scored:
        return []
    order = _order(scored, order)
    entries = sorted(_totals(scored).values(), key=lambda e: sort_key(e, order))
    rows = []
    for position, entry in enumerate(entries, start=1):
        rows.append({"position": position, "number": entry["number"], "played": entry["played"],
                     "won": entry["won"], "lost": entry["lost"], "drawn": entry["drawn"], "byes": entry["bye"],
                     "points_for": entry["points_for"], "points_against": entry["points_against"],
                     "efectividad": entry["efectividad"], "sanction": entry["sanction"],
                     "chancleta": entry["chancleta"], "zapato": entry["zapato"], "card": entry["card"],
                     "withdrawn": entry["withdrawn"]})
    return rows
