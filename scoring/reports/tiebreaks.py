"""The tie-breaks of the standings (docs/rules.md §7, RULES-KOZEL.md §5.4) — pure Python, no Django.

Tie-breaks are an ordered list of criterion names (``TIEBREAKS``); the list may
also be a single ordering name (``ORDERINGS``), resolved by ``resolve_tiebreaks``.
``rank`` orders the rows of ``standings`` by them: pairs still equal after the
last criterion share a place.
"""
from __future__ import annotations

from itertools import groupby

TIEBREAKS = (
    "match_points",
    "difference",
    "points_for",
    "head_to_head",
    "buchholz",
    "sonneborn_berger",
    "deals_won",
    "pair_number",
    "goats_difference",
    "games_won",
    "rating",
)
# docs/rules.md §7: the default precedence, and the "most points wins" ordering of seed 001.
ORDERINGS = {
    "default": ("match_points", "difference", "points_for", "head_to_head", "buchholz", "pair_number"),
    "points": ("points_for", "difference", "match_points", "head_to_head", "buchholz", "pair_number"),
    # RULES-KOZEL.md §5.4: the default of kozel and morskoy-kozel.
    "goats": ("match_points", "goats_difference", "difference", "head_to_head", "buchholz", "pair_number"),
}
# The ordering an empty list means, per family of presets (``Rules.family``).
DEFAULT_ORDERING = {"kozel": "goats"}
# Buchholz only means something when opponents depend on results (Swiss).
SWISS_ONLY = ("buchholz",)


class TiebreakError(ValueError):
    """A tournament's tie-break list cannot be used; ``code`` is machine-readable."""

    def __init__(self, message: str, code: str, name: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.name = name


def resolve_tiebreaks(names, *, swiss: bool = True, family: str = "sport") -> tuple[str, ...]:
    """The criteria to apply, from a tournament's stored list.

    An empty list means the default ordering of the preset's ``family`` (the
    Kozel family: ``goats``; every other: ``default``); a single ordering name
    (``["points"]``) expands to that ordering. Unknown or repeated names are
    refused. Buchholz is dropped from an *ordering* outside Swiss (it is kept
    when the organizer listed it explicitly).
    """
    if names is None:
        names = []
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise TiebreakError("Порядок показателей должен быть списком.", "not_a_list")
    names = list(names)
    if not names:
        names = [DEFAULT_ORDERING.get(family, "default")]
    if len(names) == 1 and names[0] in ORDERINGS:
        return tuple(n for n in ORDERINGS[names[0]] if swiss or n not in SWISS_ONLY)
    seen = set()
    for name in names:
        if name in ORDERINGS:
            raise TiebreakError(
                f"«{name}» — готовый порядок, его нельзя смешивать с отдельными показателями.", "mixed_ordering", name
            )
        if name not in TIEBREAKS:
            raise TiebreakError(f"Неизвестный показатель: «{name}».", "unknown_tiebreak", name)
        if name in seen:
            raise TiebreakError(f"Показатель «{name}» указан дважды.", "duplicate_tiebreak", name)
        seen.add(name)
    return tuple(names)


def game_match_points(scoring) -> dict:
    """Match points of a won, drawn and lost partie under ``scoring`` (a ``standings.Scoring``)."""
    return {"win": scoring.match_points_win, "draw": scoring.match_points_draw, "loss": scoring.match_points_loss}


def number_key(row):
    return -(row.pair.number if row.pair.number is not None else 10**9)


_SIMPLE_KEYS = {
    "match_points": lambda r: r.match_points,
    "difference": lambda r: r.difference,
    "points_for": lambda r: r.points_for,
    "buchholz": lambda r: r.buchholz,
    "sonneborn_berger": lambda r: r.sonneborn_berger,
    "deals_won": lambda r: r.deals_won,
    "pair_number": number_key,
    "goats_difference": lambda r: r.goats_difference,
    "games_won": lambda r: r.games_won,
    # [interpretation] a pair without a rated game counts 0 (the sum over no games).
    "rating": lambda r: r.rating or 0,
}


def head_to_head(group: list, games_by_pair: dict, scoring) -> dict | None:
    """Match points each pair of ``group`` earned against the others of the group.

    ``games_by_pair`` maps a pair id to the games it played. **[interpretation]**
    applied only when every two pairs of the group met (a complete mini-table);
    otherwise it separates nobody (returns None).
    """
    ids = {r.pair.id for r in group}
    met = set()
    points = dict.fromkeys(ids, 0)
    mp = game_match_points(scoring)
    games = {id(g): g for pid in ids for g in games_by_pair.get(pid, ())}.values()
    for g in games:
        if g.is_bye or not g.finished or g.pair_a not in ids or g.pair_b not in ids:
            continue
        met.add(frozenset((g.pair_a, g.pair_b)))
        for side, pid in (("A", g.pair_a), ("B", g.pair_b)):
            points[pid] += mp["draw" if g.winner is None else ("win" if g.winner == side else "loss")]
    if len(met) < len(ids) * (len(ids) - 1) // 2:
        return None
    return points


def rank(rows: list, tiebreaks, games_by_pair, scoring, *, first_rank) -> list:
    """``rows`` (``standings.Row``) in order, each with its ``rank`` (None when ``first_rank`` is None) and
    ``tied``: split by each criterion of ``tiebreaks`` in turn, by pair number inside a tie."""
    groups = [sorted(rows, key=number_key, reverse=True)]
    for name in tiebreaks:
        split = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if name == "head_to_head":
                h2h = head_to_head(group, games_by_pair, scoring)
                if h2h is None:
                    split.append(group)
                    continue
                for r in group:
                    r.head_to_head = h2h[r.pair.id]
                key = lambda r, h2h=h2h: h2h[r.pair.id]  # noqa: E731
            else:
                key = _SIMPLE_KEYS[name]
            ordered = sorted(group, key=key, reverse=True)  # stable: pair number inside a tie
            split.extend(list(sub) for _, sub in groupby(ordered, key=key))
        groups = split
    result = []
    position = 1
    for group in groups:
        for r in group:
            r.rank = position if first_rank is not None else None
            r.tied = len(group) > 1
            result.append(r)
        position += len(group)
    return result
