"""Events in stages, read from the protocols: stage 1's qualifiers, the finalists, the knockout bracket, the
final round robin's standings and the final standings of the whole event (docs/rules.md «Этапы»).

Here, beside the standings selectors, because the protocol writes ask it whether a correction of stage 1
would change who qualified (``scoring.services.stages``), and the organizer's services pair stage 2 from it.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.pairing.bracket import Bracket, Outcome, build_bracket, placing
from engine.ranking.qualification import Qualifiers, qualify
from engine.ranking.standings import scoring_from_rules
from tournaments.models import FinalKind, FinalMatch, Partie, Qualification, Round, RoundStatus

from .group_selectors import bracket_entrants, group_round_numbers, inactive, is_groups, load_groups, stage2_games
from .selectors import Standings, event_stage, games_and_round_status, load_standings, pair_entries, tiebreaks_of


def has_final(tournament) -> bool:
    """An event in stages (``selectors.event_stage``: its standings are stage 1's)."""
    return event_stage(tournament) is not None


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
    """The knockout bracket with the results so far (None: not a knockout yet), of the event's stage-2
    entrants (``stage2_of``)."""
    if tournament.final_kind not in (FinalKind.KNOCKOUT, FinalKind.GROUPS):
        return None
    return stage2_of(tournament).load_bracket(tournament, qualified)


def load_pair_bracket(tournament, qualified=None) -> Bracket | None:
    """The knockout bracket of pairs: of the confirmed finalists, or in groups of the best of each group once
    the group phase is over; an entrant no longer active loses its undecided match by walkover."""
    qualified = finalists(tournament) if qualified is None else qualified
    if len(qualified) < 2:
        return None
    if is_groups(tournament):
        entrants = bracket_entrants(tournament, qualified)
        if entrants is None:
            return None
        ids, games = [pid for _g, _p, pid in entrants], stage2_games(tournament)[1]
    else:
        ids, games = [q.pair_id for q in qualified], None
    return build_bracket(ids, bracket_outcomes(tournament, games), third_place=tournament.final_third_place,
                         match_format=tournament.final_match, out=inactive(qualified))


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
    # an individual event's final round robin ranks its players (docs/rules.md I.9.3)
    rows = tournament.format_spec.compute_standings(entries, games, scoring=scoring, tiebreaks=tiebreaks)
    return Standings(tournament, rows, games, sorted(statuses), None, tiebreaks, error, round_status=statuses,
                     scoring=scoring)


def round_name(matches: int) -> str:
    """«Финал», «Полуфинал», «1/4 финала»… by the number of matches of a bracket round."""
    if matches == 1:
        return _("Финал")
    if matches == 2:
        return _("Полуфинал")
    return _("1/%(n)s финала") % {"n": matches}


def stage2_round_names(tournament) -> dict[int, str]:
    """{round number: its stage-2 name} — «Полуфинал», «Финал · Матч за 3-е место», «Финал, партия 2» (a
    match of several parties), «Финал, тур 3» (a final round robin); empty for an event without stage 2."""
    rounds = stage2_rounds(tournament)
    if not rounds:
        return {}
    if tournament.final_kind not in (FinalKind.KNOCKOUT, FinalKind.GROUPS):
        return {r.number: _("Финал, тур %(k)s") % {"k": k} for k, r in enumerate(rounds, start=1)}
    names = {}
    if is_groups(tournament):
        in_groups = group_round_numbers(tournament)
        names = {n: _("Подгруппы, тур %(k)s") % {"k": k} for k, n in enumerate(in_groups, start=1)}
        rounds = [r for r in rounds if r.number not in names]
    bracket = load_bracket(tournament)
    where, pending = {}, {}  # partie id -> (bracket round name, its partie of the match); the same for a draft
    if bracket is not None:
        for number, matches in enumerate(bracket.rounds, start=1):
            for m in bracket.matches_of(number):
                name = _("Матч за 3-е место") if m.third_place else round_name(len(matches))
                for k, game in enumerate(m.games, start=1):
                    where[game.ref] = (name, k)
                if m.a is not None and m.b is not None:
                    pending[frozenset((m.a.entrant, m.b.entrant))] = (name, len(m.games) + 1)
    by_round: dict = {}
    for number, pid, a, b in stage2_of(tournament).played(rounds):
        found = where.get(pid) or pending.get(frozenset((a, b)))
        if found:
            by_round.setdefault(number, []).append(found)
    for rnd in rounds:
        found = by_round.get(rnd.number, [])
        titles = list(dict.fromkeys(name for name, _k in found)) or [_("второй этап")]
        title = " · ".join(titles)
        if found and tournament.final_match != FinalMatch.SINGLE:
            title = _("%(name)s, партия %(k)s") % {"name": title, "k": max(k for _n, k in found)}
        names[rnd.number] = title
    return names


def round_title(rnd, names: dict | None = None) -> str:
    """«Тур 6 · Полуфинал» for a round of stage 2, «Тур 3» for any other."""
    plain = _("Тур %(n)s") % {"n": rnd.number}
    if rnd.stage != 2:
        return plain
    names = stage2_round_names(rnd.tournament) if names is None else names
    return f"{plain} · {names[rnd.number]}" if rnd.number in names else plain


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
    if qualified and is_groups(tournament):
        order = _groups_order(tournament, qualified)
    elif qualified and tournament.final_kind == FinalKind.KNOCKOUT:
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


def _groups_order(tournament, qualified) -> list[int]:
    """Groups then a bracket: the bracket's placing, then the rest of the groups by their place in the group,
    equal places by stage-1 place (seed) **[толкование]**."""
    bracket = load_bracket(tournament, qualified)
    order = [pid for _, pid in placing(bracket)] if bracket is not None else []
    seed_of = {q.pair_id: q.seed for q in qualified}
    rest = [(row.rank, seed_of[row.pair.id], row.pair.id) for g in load_groups(tournament, qualified)
            for row in g.standings.rows if row.pair.id not in order]
    return order + [pid for _r, _s, pid in sorted(rest)]


__all__ = ["FinalPlace", "bracket_outcomes", "final_standings", "finalists", "has_final", "load_bracket",
           "load_final_round_robin", "preview_qualification", "round_name", "round_title", "stage1_standings",
           "stage2_published", "stage2_round_names", "stage2_rounds"]


class PairStage2:
    """Stage 2 played by the event's pairs (an individual event's: its players): its finalists are
    ``Qualification`` rows and a bracket's "partie" is a partie. A format whose stage 2 is played by other
    entrants registers its own object with the same methods (``register_stage2``; the team event's is
    ``teams.stage2.TeamStage2``, whose entrants are teams and whose bracket "partie" is a team match)."""

    # a late correction that would change the published finalists (``scoring.services.stages``)
    finalists_fixed = gettext_lazy(
        "Исправление не принято: оно изменило бы состав второго этапа, который уже опубликован "
        "(выбыли бы: %(out)s; вышли бы: %(in)s). Главный судья решает такой случай отдельно, по положению.")

    def finalists(self, tournament) -> list:
        return finalists(tournament)

    def finalist_number(self, qualified) -> int:
        return qualified.pair.number

    def load_bracket(self, tournament, qualified=None) -> Bracket | None:
        return load_pair_bracket(tournament, qualified)

    def preview_qualification(self, tournament, tie_order=None, standings=None) -> Qualifiers:
        return preview_qualification(tournament, tie_order, standings)

    def played(self, rounds) -> list[tuple]:
        """[(round number, partie id, pair A id, pair B id)] of the rounds' parties with an opponent."""
        return [(number, pid, a, b) for pid, number, a, b in Partie.objects.filter(
            round__in=rounds, pair_b__isnull=False).values_list("id", "round__number", "pair_a_id", "pair_b_id")]

    def round_sides(self, round_) -> list[tuple]:
        """[(entrant A id, entrant B id)] of one round's games with an opponent."""
        return list(round_.parties.filter(pair_b__isnull=False).values_list("pair_a_id", "pair_b_id"))


PAIRS_STAGE2 = PairStage2()
_STAGE2: dict[str, PairStage2] = {}


def register_stage2(format_code: str, stage2) -> None:
    """The stage-2 object of the events of one format (called from its app's ``ready()``)."""
    if format_code in _STAGE2:
        raise ValueError(f"stage 2 of the format {format_code!r} is registered twice")
    _STAGE2[format_code] = stage2


def stage2_of(tournament):
    """The one answer to "who plays stage 2 of this event": the format's registered object, else the pairs'."""
    return _STAGE2.get(tournament.format, PAIRS_STAGE2)

