"""Events in stages, read from the protocols: stage 1's qualifiers, the finalists, the knockout bracket, the
final round robin's standings and the final standings of the whole event (docs/rules.md «Этапы»).

Here, beside the standings selectors, because the protocol writes ask it whether a correction of stage 1
would change who qualified (``scoring.services.stages``), and the organizer's services pair stage 2 from it.
"""
from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import FinalKind, PairStatus, Qualification, Round, RoundStatus
from tournaments.pairing.bracket import Bracket, Outcome, build_bracket, placing

from .qualification import Qualifiers, qualify
from .selectors import Standings, games_and_round_status, load_standings, pair_entries, tiebreaks_of
from .standings import compute_standings, scoring_from_rules


def has_final(tournament) -> bool:
    return tournament.final_kind != FinalKind.NONE and bool(tournament.final_size)


def stage1_standings(tournament, after_round: int | None = None) -> Standings:
    return load_standings(tournament, after_round, stage=1)


def preview_qualification(tournament, tie_order=None, standings: Standings | None = None) -> Qualifiers:
    """Stage 1's best ``final_size`` as the standings stand now (raises ``QualificationError``)."""
    standings = standings or stage1_standings(tournament)
    return qualify(standings.rows, standings.tiebreaks, tournament.final_size or 0, tie_order)


def finalists(tournament) -> list[Qualification]:
    """The confirmed finalists, seed 1 first, with their pairs (one query)."""
    return list(Qualification.objects.filter(tournament=tournament, stage=2).select_related("pair")
                .prefetch_related("pair__players").order_by("seed"))


def stage2_rounds(tournament) -> list[Round]:
    return list(Round.objects.filter(tournament=tournament, stage=2).order_by("number"))


def stage2_published(tournament) -> bool:
    """A round of stage 2 is published (or played): from then on stage 1's finalists are fixed."""
    return Round.objects.filter(tournament=tournament, stage=2).exclude(status=RoundStatus.DRAFT).exists()


def bracket_outcomes(tournament, games=None) -> dict:
    """{frozenset of the two entrants: [Outcome, …]} of the knockout's published parties, in the order played
    (two entrants meet at most once in a bracket, so the pair names the match)."""
    if games is None:
        games = games_and_round_status(tournament, stage=2)[0]
    outcomes: dict = {}
    for g in sorted(games, key=lambda g: (g.round, g.table or 0)):
        if g.pair_b is None:
            continue
        winner = None
        if g.finished and g.winner in ("A", "B"):
            winner = g.pair_a if g.winner == "A" else g.pair_b
        outcome = Outcome(winner, bool(g.finished), ((g.pair_a, g.score_a), (g.pair_b, g.score_b)), g.partie_id)
        outcomes.setdefault(frozenset((g.pair_a, g.pair_b)), []).append(outcome)
    return outcomes


def load_bracket(tournament, qualified=None) -> Bracket | None:
    """The knockout bracket of the confirmed finalists with the results so far (None: not a knockout yet); a
    finalist no longer active loses its undecided match by walkover."""
    if tournament.final_kind != FinalKind.KNOCKOUT:
        return None
    qualified = finalists(tournament) if qualified is None else qualified
    if len(qualified) < 2:
        return None
    out = {q.pair_id for q in qualified if q.pair.status != PairStatus.ACTIVE}
    return build_bracket([q.pair_id for q in qualified], bracket_outcomes(tournament),
                         third_place=tournament.final_third_place, match_format=tournament.final_match, out=out)


def load_final_round_robin(tournament, qualified=None) -> Standings:
    """The final round robin's standings: the finalists, their stage-2 parties and, when the tournament
    carries them over, their stage-1 parties against each other."""
    qualified = finalists(tournament) if qualified is None else qualified
    ids = {q.pair_id for q in qualified}
    tiebreaks, error = tiebreaks_of(tournament)
    games, statuses = games_and_round_status(tournament, stage=2)
    if tournament.final_carry_over:
        earlier = games_and_round_status(tournament, stage=1)[0]
        games = [g for g in earlier if g.pair_a in ids and g.pair_b in ids] + games
    entries = [e for e in pair_entries(tournament) if e.id in ids]
    scoring = scoring_from_rules(tournament.rules())
    rows = compute_standings(entries, games, scoring=scoring, tiebreaks=tiebreaks)
    return Standings(tournament, rows, games, sorted(statuses), None, tiebreaks, error, round_status=statuses,
                     scoring=scoring)


@dataclass(frozen=True)
class FinalPlace:
    place: int | None
    pair_id: int
    number: int | None
    label: str
    stage: int  # 2: placed by stage 2; 1: by stage 1
    seed: int | None = None


def final_standings(tournament) -> list[FinalPlace]:
    """The event's final standings: stage 2's order first (the bracket's placing, or the final round robin's
    ranking), then everyone else as stage 1 ranked them (those withdrawn last, with no place)."""
    first = stage1_standings(tournament)
    qualified = finalists(tournament)
    seed_of = {q.pair_id: q.seed for q in qualified}
    rows = {r.pair.id: r for r in first.rows}
    order: list[int] = []
    if qualified and tournament.final_kind == FinalKind.KNOCKOUT:
        order = [pid for _, pid in placing(load_bracket(tournament, qualified))]
    elif qualified:
        order = [r.pair.id for r in load_final_round_robin(tournament, qualified).rows]
    out, place = [], 1
    for pid in order:
        row = rows.get(pid)
        out.append(FinalPlace(place, pid, row.pair.number if row else None, row.pair.label if row else "", 2,
                              seed_of.get(pid)))
        place += 1
    for row in first.rows:
        if row.pair.id in seed_of:
            continue
        active = row.rank is not None
        out.append(FinalPlace(place if active else None, row.pair.id, row.pair.number, row.pair.label, 1))
        place += 1 if active else 0
    return out


__all__ = ["FinalPlace", "bracket_outcomes", "final_standings", "finalists", "has_final", "load_bracket",
           "load_final_round_robin", "preview_qualification", "stage1_standings", "stage2_published",
           "stage2_rounds"]
