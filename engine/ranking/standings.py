"""Standings of pairs and players (docs/rules.md §7) — pure Python, no Django.

Plain data in (``PairEntry``, ``Game``, ``Scoring``), plain data out (``Row``).
The caller fetches the cached result of every partie (the ``score_*`` fields of
a protocol); nothing here runs the scoring engine.

The rows are ranked by the tie-breaks of ``tiebreaks`` (the criteria, the
orderings and the ranking by them). Pairs still equal after the last criterion
share a place; they are printed by pair number.

The partnership game (docs/rules-latin.md, RULES-LATIN.md §8.3) ranks by its own ``ranking_order``
(``tiebreaks.latin_criteria``): each side's result is its own (a sanction can make both pairs lose), and
efectividad, deductions and the highest card are summed beside the points; a bye is a partida won.

The Kozel family (docs/rules-kozel.md §11, RULES-KOZEL.md §5.4) adds games won,
goats received and given, dry goats and (``kozel``) the rating; where a pair's
own total is bad (the losers record, or hand points with ``higher_wins`` off)
its own totals are its points *against* and its opponents' its points *for*.
Its default order is ``tiebreaks.ORDERINGS["goats"]``.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from core.names import name_key, pair_with_players
from engine.rules.latin.cards import highest
from engine.rules.latin.options import percent_half_up

from .tiebreaks import LATIN_TIEBREAKS, TIEBREAKS, TiebreakError, game_match_points, rank

ACTIVE, WITHDRAWN, DISQUALIFIED = "active", "withdrawn", "disqualified"


@dataclass(frozen=True)
class Scoring:
    """Match points and the result of a bye (the rules' configurable numbers)."""

    match_points_win: float = 1
    match_points_draw: float = 0
    match_points_loss: float = 0
    bye_result: str = "win"  # "win" | "draw" | "loss"
    bye_points_for: int = 0
    bye_points_against: int = 0
    late_entry_result: str = "none"  # "none" | "loss" | "draw" | "bye": a late pair's rounds before it joined
    own_points_against: bool = False  # a pair's own total counts against it (kozel; hand points, fewer wins)
    goats: bool = False  # the Kozel family: games, goats and dry goats are shown
    rating: bool = False  # kozel: the rating column
    latin: bool = False  # the partnership game: efectividad, deductions and cards are shown
    bye_efectividad: int = 0  # the partnership game: a bye's efectividad (RULES-LATIN.md §9)

    @property
    def bye_match_points(self) -> float:
        return {"win": self.match_points_win, "draw": self.match_points_draw}.get(
            self.bye_result, self.match_points_loss
        )


@dataclass(frozen=True)
class PairEntry:
    id: int
    number: int | None
    name: str = ""
    players: tuple[str, ...] = ()
    status: str = ACTIVE
    withdrawn_after_round: int | None = None
    joined_round: int | None = None  # registered late: plays from this round on

    @property
    def label(self) -> str:
        """The players' names; a named pair shows its name and its players («Клинчане (Иванов — Петров)»)."""
        return pair_with_players(self.name, self.players)

    @property
    def sort_name(self) -> tuple:
        """The label as names sort («ё» as «е», case ignored)."""
        return name_key(self.label)


@dataclass(slots=True)  # not frozen: thousands are built per page, and a frozen __init__ is slow
class Game:
    """The cached result of one partie; ``pair_b`` is None for a bye."""

    round: int
    pair_a: int
    pair_b: int | None
    score_a: int = 0
    score_b: int = 0
    deals_won_a: int = 0
    deals_won_b: int = 0
    winner: str | None = None  # "A" | "B" | None (drawn or not finished)
    finished: bool = True
    disqualified: str | None = None  # side removed from the tournament in this partie
    partie_id: int | None = None
    table: int | None = None
    # The Kozel family (0 / None elsewhere): games won, goats received (weighted), dry goats, rating.
    games_won_a: int = 0
    games_won_b: int = 0
    goats_a: int = 0
    goats_b: int = 0
    dry_goats_a: int = 0
    dry_goats_b: int = 0
    rating_a: int | None = None
    rating_b: int | None = None
    # Individual events (standings_individual): seats A2 and B2 (``pair_a`` / ``pair_b`` hold A1 / B1; a
    # sit-out is a bye of ``pair_a`` alone) and the players absent from a published table.
    partner_a: int | None = None
    partner_b: int | None = None
    absent: tuple = ()
    # The partnership game (RULES-LATIN.md §8.1): each side's own result ("win" / "loss" / "draw": a sanction
    # can make both pairs lose), efectividad, deduction and card after the partida.
    result_a: str | None = None
    result_b: str | None = None
    efectividad_a: int = 0
    efectividad_b: int = 0
    sanction_a: int = 0
    sanction_b: int = 0
    card_a: str = "none"
    card_b: str = "none"
    indicators: dict | None = None  # the acta's counters: {"A": {"chancleta": n, "zapato": n}, "B": …}

    @property
    def is_bye(self) -> bool:
        return self.pair_b is None

    def side_of(self, pair_id: int) -> str:
        return "A" if pair_id == self.pair_a else "B"

    def opponent_of(self, pair_id: int) -> int | None:
        return self.pair_b if pair_id == self.pair_a else self.pair_a


@dataclass(slots=True)
class Row:
    pair: PairEntry
    status: str = ACTIVE
    rank: int | None = None
    tied: bool = False  # shares its place with another pair
    played: int = 0  # parties finished at a table (a bye is not a partie: ``byes``)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    match_points: float = 0
    points_for: int = 0
    points_against: int = 0
    deals_won: int = 0
    buchholz: float = 0
    sonneborn_berger: float = 0
    head_to_head: float | None = None  # only filled for pairs it was used on
    opponents: list = field(default_factory=list)  # (opponent pair id, my match points in that partie)
    # The Kozel family: games won, goats received and given (weighted), dry goats received and given.
    games_won: int = 0
    goats_received: int = 0
    goats_given: int = 0
    dry_goats: int = 0
    dry_goats_given: int = 0
    rating: int | None = None  # kozel: the sum over the pair's rated games; None when it has none
    # The partnership game: efectividad and deductions summed, the highest card of its partidas.
    efectividad: int = 0
    sanction: int = 0
    card: str = "none"
    chancleta: int = 0
    zapato: int = 0

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def goats_difference(self) -> int:
        """Goats given − goats received (RULES-KOZEL.md §5.4)."""
        return self.goats_given - self.goats_received

    @property
    def number(self):
        return self.pair.number

    def to_json(self, *, goats: bool = False, rating: bool = False, latin: bool = False) -> dict:
        """The row as JSON; ``goats`` adds the Kozel family's columns, ``rating`` the kozel rating, ``latin`` the
        partnership game's efectividad, deduction and card."""
        data = {
            "rank": self.rank,
            "pair": self.pair.number,
            "name": self.pair.label,
            "players": list(self.pair.players),
            "status": self.status,
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "match_points": plain_number(self.match_points),
            "points_for": self.points_for,
            "points_against": self.points_against,
            "difference": self.difference,
            "deals_won": self.deals_won,
            "head_to_head": plain_number(self.head_to_head),
            "buchholz": plain_number(self.buchholz),
            "sonneborn_berger": plain_number(self.sonneborn_berger),
        }
        if goats:
            data.update(games_won=self.games_won, goats_received=self.goats_received, goats_given=self.goats_given,
                        goats_difference=self.goats_difference, dry_goats=self.dry_goats,
                        dry_goats_given=self.dry_goats_given)
        if rating:
            data["rating"] = self.rating
        if latin:
            data.update(efectividad=self.efectividad, sanction=self.sanction, card=self.card,
                        chancleta=self.chancleta, zapato=self.zapato)
        return data


def plain_number(x):
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def scoring_from_rules(rules) -> Scoring:
    """Take the match-point and bye options from a ``engine.rules.Rules`` (duck-typed).

    **[interpretation]** (RULES-KOZEL.md §5.4) a pair's own total counts against it when the losers
    record (``recorder = loser`` in the Kozel family) and in hand points with ``higher_wins`` off.
    """
    family = getattr(rules, "family", "sport")
    if family == "latin":
        return latin_scoring(rules.latin)
    own_against = ((family == "kozel" and getattr(rules, "recorder", "winner") == "loser")
                   or (family == "hand" and not getattr(rules, "higher_wins", True)))
    return Scoring(
        match_points_win=getattr(rules, "match_points_win", 1),
        match_points_draw=getattr(rules, "match_points_draw", 0),
        match_points_loss=getattr(rules, "match_points_loss", 0),
        bye_result=getattr(rules, "bye_result", "win"),
        bye_points_for=getattr(rules, "bye_points_for", 0),
        bye_points_against=getattr(rules, "bye_points_against", 0),
        late_entry_result=getattr(rules, "late_entry_result", "none"),
        own_points_against=own_against,
        goats=family == "kozel",
        rating=family == "kozel" and bool(getattr(rules, "rating", False)),
    )


def latin_scoring(options) -> Scoring:
    """The partnership game (RULES-LATIN.md §8, §9): a partida won counts 1 (the ranking counts partidas won),
    a bye is won with the target's points and ``bye_efectividad_pct`` of it as efectividad."""
    target = options.target_points
    return Scoring(match_points_win=1, match_points_draw=0, match_points_loss=0, bye_result="win",
                   bye_points_for=target, bye_points_against=0, latin=True,
                   bye_efectividad=percent_half_up(target, options.bye_efectividad_pct))


def status_after(pair: PairEntry, removal_rounds, after_round: int | None) -> str:
    """A pair's status as it stood after ``after_round`` (None: now).

    A pair is disqualified from the round of the partie that removed it (``removal_rounds``: the rounds of
    such parties; or, without one, from ``withdrawn_after_round`` when given); a withdrawn pair from
    ``withdrawn_after_round``.
    """
    def reached(r):
        return after_round is None or r is None or r <= after_round

    if removal_rounds:
        return DISQUALIFIED if reached(min(removal_rounds)) else ACTIVE
    if pair.status == DISQUALIFIED and reached(pair.withdrawn_after_round):
        return DISQUALIFIED
    if pair.status == WITHDRAWN and reached(pair.withdrawn_after_round):
        return WITHDRAWN
    return ACTIVE


def compute_standings(pairs, games, *, scoring: Scoring = Scoring(), tiebreaks=("match_points",),
                      after_round: int | None = None) -> list[Row]:
    """Rank the pairs. ``tiebreaks`` is a resolved list (see ``resolve_tiebreaks``).

    Counted: finished parties and byes of rounds up to ``after_round``; for a pair registered
    late, each counted round before ``joined_round`` as ``scoring.late_entry_result``.
    Not listed at all: a pair without a number, and a pair no longer active that has no partie
    (nor bye) in any round — it left before it played anything. Pairs withdrawn or disqualified
    (as of ``after_round``) come after every active pair, ranked among themselves, with no place.
    """
    check_criteria(tiebreaks, TIEBREAKS + LATIN_TIEBREAKS)
    took_part = {pid for g in games for pid in (g.pair_a, g.pair_b) if pid is not None}
    rows = {p.id: Row(pair=p) for p in pairs if listed(p, took_part)}
    removals = defaultdict(list)  # every round is looked at: a later removal must not show early
    for g in games:
        if g.disqualified and not g.is_bye:
            removals[g.pair_a if g.disqualified == "A" else g.pair_b].append(g.round)
    for row in rows.values():
        row.status = status_after(row.pair, removals[row.pair.id], after_round)
    games = [g for g in games if after_round is None or g.round <= after_round]

    mp = game_match_points(scoring)
    count_late_entries(rows, sorted({g.round for g in games}), scoring, mp)
    for g in games:
        if g.pair_b is None:
            if g.pair_a in rows:
                count_bye(rows[g.pair_a], scoring)
            continue
        if not g.finished:
            continue
        take_side(rows.get(g.pair_a), g, "A", (g.pair_b,), scoring, mp, g.result_a)
        take_side(rows.get(g.pair_b), g, "B", (g.pair_a,), scoring, mp, g.result_b)
    return rank_rows(rows, tiebreaks, scoring)


def check_criteria(tiebreaks, known) -> None:
    """Refuse a criterion the ranking does not know (the list is resolved already: a bug, said loudly)."""
    for name in tiebreaks:
        if name not in known:
            raise TiebreakError(f"Неизвестный показатель: «{name}».", "unknown_tiebreak", name)


def take_side(row: Row | None, g: Game, side: str, opponents, scoring: Scoring, mp: dict,
              result: str | None = None) -> None:
    """``row`` takes side ``side``'s result of the finished partie ``g``: the partie played, its win, draw or
    loss (``result`` overrides it) and match points, the points (swapped when ``own_points_against``), deals
    won, the Kozel family's columns; each of ``opponents`` is recorded with the match points earned."""
    if row is None:
        return
    if side == "A":
        pf, pa, dw, won, received, given, dry, dry_given, rating = (
            g.score_a, g.score_b, g.deals_won_a, g.games_won_a, g.goats_a, g.goats_b, g.dry_goats_a, g.dry_goats_b,
            g.rating_a)
    else:
        pf, pa, dw, won, received, given, dry, dry_given, rating = (
            g.score_b, g.score_a, g.deals_won_b, g.games_won_b, g.goats_b, g.goats_a, g.dry_goats_b, g.dry_goats_a,
            g.rating_b)
    if result is None:
        result = "draw" if g.winner is None else ("win" if g.winner == side else "loss")
    points = mp[result]
    row.played += 1
    _count_result(row, result)
    row.match_points += points
    if scoring.own_points_against:
        pf, pa = pa, pf
    row.points_for += pf
    row.points_against += pa
    row.deals_won += dw
    row.opponents.extend((opp, points) for opp in opponents)
    row.games_won += won
    row.goats_received += received
    row.goats_given += given
    row.dry_goats += dry
    row.dry_goats_given += dry_given
    if rating is not None:
        row.rating = (row.rating or 0) + rating
    row.efectividad += g.efectividad_a if side == "A" else g.efectividad_b
    row.sanction += g.sanction_a if side == "A" else g.sanction_b
    row.card = highest((row.card, g.card_a if side == "A" else g.card_b))
    counters = (g.indicators or {}).get(side) or {}
    row.chancleta += counters.get("chancleta", 0)
    row.zapato += counters.get("zapato", 0)


def rank_rows(rows: dict, tiebreaks, scoring: Scoring) -> list[Row]:
    """Buchholz and Sonneborn-Berger from each row's ``opponents``, then the ranking: the active rows with
    their places, then those withdrawn or disqualified, ranked among themselves, with no place."""
    win = scoring.match_points_win or 1
    for row in rows.values():
        row.buchholz = sum(rows[o].match_points for o, _ in row.opponents if o in rows)
        row.sonneborn_berger = sum(rows[o].match_points * p / win for o, p in row.opponents if o in rows)
    in_play = [r for r in rows.values() if r.status == ACTIVE]
    removed = [r for r in rows.values() if r.status != ACTIVE]
    return rank(in_play, tiebreaks, first_rank=1) + rank(removed, tiebreaks, first_rank=None)


def listed(pair: PairEntry, took_part: set) -> bool:
    """Is the pair shown in the standings at all? (numbered, and active or with a partie played)."""
    if pair.number is None:
        return False
    return pair.status == ACTIVE or pair.id in took_part


def count_late_entries(rows: dict, rounds: list, scoring: Scoring, mp: dict) -> None:
    """The rounds a late pair missed, as the rules say (``late_entry_result``; "none" counts nothing)."""
    result = scoring.late_entry_result
    if result == "none":
        return
    for row in rows.values():
        joined = row.pair.joined_round
        if not joined:
            continue
        for _r in (r for r in rounds if r < joined):
            if result == "bye":
                count_bye(row, scoring)
            else:
                row.played += 1
                row.match_points += mp[result]
                _count_result(row, result)


def count_bye(row: Row, scoring: Scoring) -> None:
    """A bye (RULES.md: the rules' ``bye_result`` with its points) is no partie: it counts in ``byes``, match
    points and points, not in the parties played nor in their wins, draws and losses **[interpretation]**."""
    row.byes += 1
    row.match_points += scoring.bye_match_points
    row.points_for += scoring.bye_points_for
    row.points_against += scoring.bye_points_against
    row.efectividad += scoring.bye_efectividad
    if scoring.latin:  # the partnership game counts a bye as a partida won (RULES-LATIN.md §9, L11)
        row.wins += 1


def _count_result(row: Row, result: str):
    if result == "win":
        row.wins += 1
    elif result == "draw":
        row.draws += 1
    else:
        row.losses += 1
