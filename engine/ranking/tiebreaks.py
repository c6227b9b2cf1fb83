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
# The partnership game (RULES-LATIN.md §8.3): its ranking order is an option of its rules (``ranking_order``,
# read by ``latin_criteria``), not a list the organizer picks; partidas won, efectividad and points for rank
# higher first, partidas lost and points against lower first; then the pair number.
LATIN_KEYS = {"won": "wins", "efectividad": "efectividad", "points_for": "points_for", "lost": "losses",
              "points_against": "points_against"}
LATIN_TIEBREAKS = (*LATIN_KEYS.values(), "pair_number")


def latin_criteria(ranking_order) -> tuple[str, ...]:
    """The criteria of a partnership game's ``ranking_order`` (RULES-LATIN.md §8.3), then the pair number."""
    return (*(LATIN_KEYS[key] for key in ranking_order), "pair_number")


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

# Individual events (docs/rules-individual.md §7): the player's criteria. ``buchholz`` sums both opponents of
# every partie; ``partners_score`` sums the partners' match points (fewer ranks higher); ``pair_number`` is read
# as ``player_number``. The orderings keep the pairs' names; every system keeps Buchholz and the partners' score.
INDIVIDUAL_TIEBREAKS = tuple(n for n in TIEBREAKS if n != "pair_number") + ("partners_score", "player_number")
INDIVIDUAL_ORDERINGS = {
    "default": ("match_points", "difference", "head_to_head", "buchholz", "partners_score", "points_for",
                "player_number"),
    "points": ("points_for", "difference", "match_points", "head_to_head", "buchholz", "partners_score",
               "player_number"),
    "goats": ("match_points", "goats_difference", "difference", "head_to_head", "buchholz", "partners_score",
              "player_number"),
}
INDIVIDUAL_SYNONYMS = {"pair_number": "player_number"}


def criteria(*, individual: bool = False) -> tuple[tuple[str, ...], dict]:
    """The criteria and the orderings a tournament may choose from (pairs, or an individual event)."""
    return (INDIVIDUAL_TIEBREAKS, INDIVIDUAL_ORDERINGS) if individual else (TIEBREAKS, ORDERINGS)


class TiebreakError(ValueError):
    """A tournament's tie-break list cannot be used; ``code`` is machine-readable."""

    def __init__(self, message: str, code: str, name: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.name = name


def resolve_tiebreaks(names, *, swiss: bool = True, family: str = "sport", individual: bool = False) -> tuple[str, ...]:
    """The criteria to apply, from a tournament's stored list.

    An empty list means the default ordering of the preset's ``family`` (the
    Kozel family: ``goats``; every other: ``default``); a single ordering name
    (``["points"]``) expands to that ordering. Unknown or repeated names are
    refused. Buchholz is dropped from an *ordering* outside Swiss (it is kept
    when the organizer listed it explicitly). ``individual``: the criteria and
    orderings of an individual event (``INDIVIDUAL_*``), whatever the system.
    """
    known, orderings = criteria(individual=individual)
    if names is None:
        names = []
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise TiebreakError("Порядок показателей должен быть списком.", "not_a_list")
    names = list(names)
    if not names:
        names = [DEFAULT_ORDERING.get(family, "default")]
    if len(names) == 1 and names[0] in orderings:
        return tuple(n for n in orderings[names[0]] if swiss or individual or n not in SWISS_ONLY)
    seen = set()
    resolved = []
    for name in names:
        if name in orderings:
            raise TiebreakError(
                f"«{name}» — готовый порядок, его нельзя смешивать с отдельными показателями.", "mixed_ordering", name
            )
        if individual and name in INDIVIDUAL_SYNONYMS:
            name = INDIVIDUAL_SYNONYMS[name]
        if name not in known:
            if name in INDIVIDUAL_TIEBREAKS:
                raise TiebreakError(f"Показатель «{name}» есть только в личном зачёте.", "individual_only", name)
            raise TiebreakError(f"Неизвестный показатель: «{name}».", "unknown_tiebreak", name)
        if name in seen:
            raise TiebreakError(f"Показатель «{name}» указан дважды.", "duplicate_tiebreak", name)
        seen.add(name)
        resolved.append(name)
    return tuple(resolved)


def game_match_points(scoring) -> dict:
    """Match points of a won, drawn and lost partie under ``scoring`` (a ``standings.Scoring``)."""
    return {"win": scoring.match_points_win, "draw": scoring.match_points_draw, "loss": scoring.match_points_loss}


def number_key(row):
    return -(row.pair.number if row.pair.number is not None else 10**9)


# The tie-breaks that compare one figure of each row (higher ranks first); `qualification` reads them too, to say
# which tie-break set two rows apart.
SIMPLE_KEYS = {
    "match_points": lambda r: r.match_points,
    "difference": lambda r: r.difference,
    "points_for": lambda r: r.points_for,
    "buchholz": lambda r: r.buchholz,
    "sonneborn_berger": lambda r: r.sonneborn_berger,
    "deals_won": lambda r: r.deals_won,
    "pair_number": number_key,
    "player_number": number_key,
    # [interpretation] the partners' score ranks the player who had the weaker partners higher.
    "partners_score": lambda r: -r.partners_score,
    "goats_difference": lambda r: r.goats_difference,
    "games_won": lambda r: r.games_won,
    # [interpretation] a pair without a rated game counts 0 (the sum over no games).
    "rating": lambda r: r.rating or 0,
    # The partnership game (LATIN_KEYS): fewer partidas lost and fewer points against rank higher.
    "wins": lambda r: r.wins,
    "efectividad": lambda r: r.efectividad,
    "losses": lambda r: -r.losses,
    "points_against": lambda r: -r.points_against,
}


def head_to_head(group: list) -> dict | None:
    """Match points each row of ``group`` earned against the others of the group.

    Read from each row's ``opponents`` (opponent id, match points earned), so a pair's partie against
    another pair counts once, and in an individual event each opponent of the group met in a partie counts
    (a partie against two of them counts twice). **[interpretation]** applied only when every two of the
    group met as opponents (a complete mini-table); otherwise it separates nobody (returns None).
    """
    ids = {r.pair.id for r in group}
    met = set()
    points = dict.fromkeys(ids, 0)
    for r in group:
        for opp, earned in r.opponents:
            if opp in ids:
                met.add(frozenset((r.pair.id, opp)))
                points[r.pair.id] += earned
    if len(met) < len(ids) * (len(ids) - 1) // 2:
        return None
    return points


def rank(rows: list, tiebreaks, *, first_rank) -> list:
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
                h2h = head_to_head(group)
                if h2h is None:
                    split.append(group)
                    continue
                for r in group:
                    r.head_to_head = h2h[r.pair.id]
                key = lambda r, h2h=h2h: h2h[r.pair.id]  # noqa: E731
            else:
                key = SIMPLE_KEYS[name]
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
