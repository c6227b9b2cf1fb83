"""Stage 2 of a team event (docs/rules.md I.9.5): the confirmation of the best N teams of stage 1 (and its
undo), and the pairing of stage 2's rounds by team numbers — a final round robin of the teams by the Berger
tables, a knockout bracket of teams (``engine.pairing.bracket`` with team ids as entrants), or groups of
teams whose best go to such a bracket (``teams.groups``).

Called by ``stages`` (the pair event's stage 2) for a tournament of format «teams»; the round itself is made
by ``teams.rounds.TeamPlan`` (each pairing of two teams becomes a ``TeamMatch`` at K tables).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from audit.log import log_action
from engine.pairing import Pairing, PairingError, PairingResult, pair_round_robin, rounds_needed
from engine.pairing.bracket import WAITING, WALKOVER, rounds_of
from events.services.stage_bracket import bracket_round_pairings
from events.services.stage_cut import checked_finalists
from events.services.stage_groups import groups_round
from scoring.reports.group_selectors import bracket_size, group_round_count, groups_complete
from tournaments.errors import RoundBlocked
from tournaments.models import FinalKind

from .finals import load_team_bracket, preview_team_qualification, team_finalists, teams_out
from .groups import team_groups_of
from .models import TeamPair, TeamQualification


def confirm_team_qualification(user, tournament, tie_order, expected) -> list[TeamQualification]:
    """The best ``final_size`` teams of stage 1 as stage 2's entrants (inside ``confirm_qualification``'s
    transaction, after its checks): refused on a tie at the cut without ``tie_order``, or when the
    standings changed since the page showed ``expected``."""
    chosen = checked_finalists(
        lambda order: preview_team_qualification(tournament, order), tie_order, expected,
        _("Команды %(tied)s равны по всем показателям на границе выхода: укажите их порядок "
          "(по жребию или дополнительному матчу, как велит положение)."))
    confirmed_by = user if getattr(user, "is_authenticated", False) else None
    TeamQualification.objects.bulk_create([
        TeamQualification(tournament=tournament, seed=p.seed, team_id=p.row.pair.id, stage1_rank=p.row.rank,
                          decided_by=p.decided_by, confirmed_by=confirmed_by) for p in chosen])
    log_action(tournament, "stage.qualified", user=user, after={
        "kind": tournament.final_kind, "size": tournament.final_size, "tie_order": tie_order, "teams": True,
        "finalists": [{"seed": p.seed, "pair": p.row.pair.number, "team": p.row.pair.number, "rank": p.row.rank,
                       "decided_by": p.decided_by} for p in chosen]})
    return team_finalists(tournament)


def undo_team_qualification(user, tournament, qualified) -> None:
    """Forget the confirmed teams (inside ``undo_qualification``'s transaction, after its checks)."""
    TeamQualification.objects.filter(tournament=tournament).delete()
    log_action(tournament, "stage.qualification_undone", user=user,
               before={"finalists": [{"seed": q.seed, "pair": q.team.number, "team": q.team.number}
                                     for q in qualified]})


def record_team_walkover(user, tournament, pair) -> None:
    """After a pair of a team of the bracket left (inside the withdrawal's transaction): the team's undecided
    match goes to the opponent without play (``teams.finals.load_team_bracket``), written to the journal."""
    entry = TeamPair.objects.filter(pair=pair).select_related("team").first()
    bracket = load_team_bracket(tournament) if entry is not None else None
    if bracket is None or entry.team_id not in bracket.seeds:
        return
    qualified = team_finalists(tournament)
    for number in range(1, bracket.round_count + 1):
        for m in bracket.matches_of(number):
            sides = [s.entrant for s in (m.a, m.b) if s is not None]
            if m.state not in (WALKOVER, WAITING) or entry.team_id not in sides:
                continue
            other = next((e for e in sides if e != entry.team_id), None)
            log_action(tournament, "stage.walkover", user=user, after={
                "pair": entry.team.number, "team": entry.team.number, "withdrawn_pair": pair.number,
                "round": "матч за 3-е место" if m.third_place else f"круг {number}, матч {m.index + 1}",
                "opponent": _number(qualified, other) if other is not None else None})
            return


def team_stage2_round_count(tournament, qualified) -> int:
    if tournament.final_kind == FinalKind.KNOCKOUT:
        return rounds_of(len(qualified))
    if tournament.final_kind == FinalKind.GROUPS:
        return group_round_count(tournament) + rounds_of(bracket_size(tournament))
    return rounds_needed(len(qualified))


def team_stage2_done(tournament, qualified) -> bool:
    if tournament.final_kind == FinalKind.KNOCKOUT:
        bracket = load_team_bracket(tournament, qualified)
        return bracket is None or bracket.complete
    if tournament.final_kind == FinalKind.GROUPS:
        if tournament.rounds.filter(stage=2).count() < group_round_count(tournament):
            return False
        bracket = load_team_bracket(tournament, qualified)
        return bracket is not None and bracket.complete
    return tournament.rounds.filter(stage=2).count() >= team_stage2_round_count(tournament, qualified)


def _number(qualified, team_id) -> int:
    return next(q.team.number for q in qualified if q.team_id == team_id)


def team_stage2_pairings(tournament) -> PairingResult:
    """The next round of stage 2 by team numbers: a round robin's Berger round, or the bracket's next round."""
    qualified = team_finalists(tournament)
    if not qualified:
        raise RoundBlocked(_("Первый этап сыгран: подтвердите состав второго этапа на странице выхода в финал."),
                           code="qualification_needed")
    if tournament.final_kind == FinalKind.ROUND_ROBIN:
        index = tournament.rounds.filter(stage=2).count() + 1
        out = teams_out(tournament)
        result = pair_round_robin([q.team.number for q in qualified], index,
                                  inactive=[q.team.number for q in qualified if q.team_id in out])
        return PairingResult([Pairing(p.a, p.b, "финал: " + p.reason) for p in result.pairings], "final-round-robin")
    if tournament.final_kind == FinalKind.GROUPS:
        index = tournament.rounds.filter(stage=2).count() + 1
        if index <= group_round_count(tournament):
            out = teams_out(tournament)
            groups = [[q.team.number for q in members] for members in team_groups_of(tournament, qualified)]
            return groups_round(groups, {q.team.number for q in qualified if q.team_id in out}, index)
        if not groups_complete(tournament):
            raise PairingError(_("Подгруппы ещё не доиграны: сетка составляется, когда завершены все их туры."),
                               code="groups_not_finished")
    return bracket_round_pairings(
        load_team_bracket(tournament, qualified), lambda team_id: _number(qualified, team_id),
        _("Матч сетки команд №%(a)s и №%(b)s не решён: все его столы сыграны вничью. По регламенту за столом 1 "
          "играется дополнительная раздача до перевеса одной из пар."))


__all__ = ["confirm_team_qualification", "record_team_walkover", "team_stage2_done", "team_stage2_pairings", "team_stage2_round_count",
           "undo_team_qualification"]
