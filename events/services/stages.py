"""Events in stages (docs/rules.md «Этапы»): the stage-2 settings, the organizer's confirmation of who
qualified (and its undo), and the pairing of stage 2's rounds.

Stage 1 is the tournament's own system over ``rounds_planned`` rounds. Stage 2 is played inside the same
tournament by the finalists (``Qualification`` rows, seed 1 first): its rounds continue the numbering with
``Round.stage = 2``. A final round robin pairs the finalists by the Berger tables in seed order; a knockout
pairs the bracket (``engine.pairing.bracket``) one round at a time, the third-place match beside the
final.

A team event (docs/rules.md I.9.5) plays stage 2 by teams: its finalists are ``teams.TeamQualification`` rows,
confirmed and paired by ``stage_teams``; a knockout's match is a team match, one per bracket match.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from engine.pairing import Pairing, PairingError, PairingResult, pair_round_robin, rounds_needed
from engine.pairing.bracket import MAX_SIZE, WAITING, WALKOVER, rounds_of
from engine.pairing.whist import MAX_PLAYERS as WHIST_MAX
from engine.pairing.whist import MIN_PLAYERS as WHIST_MIN
from scoring.reports.group_selectors import bracket_size, group_round_count, groups_complete, is_groups
from scoring.reports.stage_selectors import (
    PairStage2,
    finalists,
    has_final,
    load_bracket,
    preview_qualification,
    stage2_published,
)
from tournaments.errors import InvalidInput, RoundBlocked, TournamentError
from tournaments.models import EntrantStatus, FinalKind, FinalMatch, Qualification, Round, RoundStatus, Tournament

from .individual_rounds import final_round_count, final_round_robin_round
from .stage_bracket import bracket_round_pairings
from .stage_cut import checked_finalists
from .stage_groups import check_groups, group_pairings

FINAL_FIELDS = ("final_kind", "final_size", "final_carry_over", "final_third_place", "final_match",
                "final_groups", "final_group_qualifiers")
BRACKETS = (FinalKind.KNOCKOUT, FinalKind.GROUPS)


def _snapshot(tournament) -> dict:
    return {f: getattr(tournament, f) for f in FINAL_FIELDS}


def _confirmed(tournament) -> list:
    """The confirmed finalists: ``Qualification`` rows, or those of the format's own stage 2 (a team event's
    ``TeamQualification`` rows)."""
    return stage_services_of(tournament).finalists(tournament)


def _checked_final(tournament, stage, kind, size, carry_over, third_place, match, groups, group_size,
                   group_qualifiers) -> tuple:
    """``set_final``'s checks of the setting against the event (its format, its entrants, its rules):
    (size, carry_over, third_place, groups, group_qualifiers) as they stand, or ``InvalidInput``."""
    if kind in BRACKETS and tournament.format_spec.single_player_entries:  # docs/rules.md I.9.3 [толкование]
        raise InvalidInput(_("В личном зачёте олимпийской системы нет: за столом играют четверо, и партнёры "
                             "меняются каждый тур, поэтому матча двух участников не бывает. Выберите финал по "
                             "круговой системе: лучшие игроки сыграют по расписанию «вист»."),
                           field="final_kind", code="knockout_individual")
    if kind == FinalKind.ROUND_ROBIN and tournament.format_spec.single_player_entries and carry_over:  # docs/rules.md I.9.3
        raise InvalidInput(_("В личном зачёте партии первого этапа в финал не переносятся: за столом играли и "
                             "не финалисты, а партнёры менялись каждый тур."), field="final_carry_over",
                           code="carry_over_individual")
    if kind in BRACKETS:
        stage.check_match_format(match)  # a team event's match is one match of teams (docs/rules.md I.9.5)
    if kind == FinalKind.NONE:
        size, carry_over, third_place = None, False, False
    elif kind == FinalKind.GROUPS:
        groups, size, group_qualifiers = check_groups(groups, group_size, group_qualifiers)
        if size > stage.active_count(tournament):
            raise InvalidInput(str(stage.too_few_for_groups) % {"n": size, "a": stage.active_count(tournament)},
                               field="final_group_size")
    else:
        low = 3 if kind == FinalKind.ROUND_ROBIN else 2
        high = MAX_SIZE
        if tournament.format_spec.single_player_entries:  # a whist schedule: 4 to 64 players (docs/rules-individual.md §3)
            low, high = WHIST_MIN, WHIST_MAX
        if size is None or not low <= size <= high:
            raise InvalidInput(_("Во второй этап выходят от %(low)s до %(high)s участников.")
                               % {"low": low, "high": high}, field="final_size")
        active = stage.active_count(tournament)
        if size > active:
            raise InvalidInput(str(stage.too_few_for_final) % {"n": size, "a": active}, field="final_size")
    game = tournament.game  # a knockout needs a winner of every partie: the game says whether its rules give one
    if kind in BRACKETS and not game.decides_every_partie():
        raise InvalidInput(game.undecided_text(), field="final_kind", code="knockout_needs_extra_deal")
    if kind in BRACKETS and third_place and (groups * group_qualifiers if kind == FinalKind.GROUPS else size) < 4:
        raise InvalidInput(_("Матч за третье место нужен сетке хотя бы из четырёх участников."),
                           field="final_third_place")
    if kind in BRACKETS and match == FinalMatch.TOTAL_2 and not game.sums_two_parties:
        raise InvalidInput(_("Сумма очков двух партий считается только в спортивном домино: в семействе козла "
                             "выберите одну партию или до двух побед."), field="final_match",
                           code="total_needs_points")
    return size, carry_over, third_place, groups, group_qualifiers


def set_final(user, tournament, *, kind, size=None, carry_over=False, third_place=False,
              match=FinalMatch.SINGLE, groups=None, group_size=None, group_qualifiers=None) -> Tournament:
    """Choose stage 2 (none, a final round robin of the best N, a knockout of the best N, or ``groups``
    groups of ``group_size`` whose best ``group_qualifiers`` go to a knockout; how the bracket's matches are
    played); organizer only. Refused once the finalists are confirmed (undo the qualification first).
    """
    require_organizer(user, tournament)
    if kind not in FinalKind.values:
        raise InvalidInput(_("Выберите второй этап из списка."), field="final_kind")
    match = match or FinalMatch.SINGLE
    if match not in FinalMatch.values:
        raise InvalidInput(_("Выберите, как играется матч сетки, из списка."), field="final_match")
    try:
        size = int(size) if size not in (None, "") else None
    except (TypeError, ValueError):
        raise InvalidInput(_("Число участников второго этапа — целое число."), field="final_size") from None
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        stage = stage_services_of(tournament)
        if stage.finalists(tournament):
            raise TournamentError(_("Состав второго этапа уже подтверждён: сначала отмените его."),
                                  code="finalists_confirmed")
        before = _snapshot(tournament)
        size, carry_over, third_place, groups, group_qualifiers = _checked_final(
            tournament, stage, kind, size, carry_over, third_place, match, groups, group_size, group_qualifiers)
        tournament.final_kind, tournament.final_size = kind, size
        tournament.final_match = match if kind in BRACKETS else FinalMatch.SINGLE
        tournament.final_carry_over = bool(carry_over) and kind == FinalKind.ROUND_ROBIN
        tournament.final_third_place = bool(third_place) and kind in BRACKETS
        in_groups = kind == FinalKind.GROUPS
        tournament.final_groups = groups if in_groups else None
        tournament.final_group_qualifiers = group_qualifiers if in_groups else None
        after = _snapshot(tournament)
        if after != before:
            tournament.save(update_fields=list(FINAL_FIELDS))
            log_action(tournament, "stage.final_set", user=user, before=before, after=after)
    return tournament


def stage1_complete(tournament) -> bool:
    rounds = list(tournament.rounds.filter(stage=1).values_list("status", flat=True))
    return len(rounds) >= tournament.rounds_planned and all(s == RoundStatus.FINISHED for s in rounds)


def confirm_qualification(user, tournament, *, tie_order=None, expected=None) -> list[Qualification]:
    """Write the finalists of stage 2 from stage 1's final standings (organizer only, audited).

    ``expected``: the finalists' numbers in seed order as the page showed them — refused if the standings
    changed since. ``tie_order``: the order of a group tied across the cut (``engine.ranking.qualification``).
    """
    require_organizer(user, tournament)
    if tie_order is not None:
        try:
            tie_order = [int(n) for n in tie_order]
        except (TypeError, ValueError):
            raise InvalidInput(_("Порядок равных — номера через запятую."), field="tie_order") from None
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if not has_final(tournament):
            raise TournamentError(_("Второй этап не выбран в настройках турнира."), code="no_final")
        stage = stage_services_of(tournament)
        if stage.finalists(tournament):
            raise TournamentError(_("Состав второго этапа уже подтверждён."), code="finalists_confirmed")
        if not stage1_complete(tournament):
            raise RoundBlocked(_("Первый этап ещё не сыгран: все %(n)s туров должны быть завершены.")
                               % {"n": tournament.rounds_planned}, code="stage1_not_finished")
        return stage.confirm(user, tournament, tie_order, expected)


def _confirm_pairs(user, tournament, tie_order, expected) -> list[Qualification]:
    """The best ``final_size`` pairs of stage 1 as stage 2's entrants (inside ``confirm_qualification``'s
    transaction, after its checks)."""
    chosen = checked_finalists(
        lambda order: preview_qualification(tournament, order), tie_order, expected,
        _("Участники %(tied)s равны по всем показателям на границе выхода: укажите их порядок "
          "(по жребию или дополнительной партии, как велит положение)."))
    rows = [Qualification(tournament=tournament, stage=2, seed=p.seed, pair_id=p.row.pair.id,
                          stage1_rank=p.row.rank, decided_by=p.decided_by,
                          confirmed_by=user if getattr(user, "is_authenticated", False) else None)
            for p in chosen]
    Qualification.objects.bulk_create(rows)
    log_action(tournament, "stage.qualified", user=user, after={
        "kind": tournament.final_kind, "size": tournament.final_size, "tie_order": tie_order,
        "finalists": [{"seed": p.seed, "pair": p.row.pair.number, "rank": p.row.rank,
                       "decided_by": p.decided_by} for p in chosen]})
    return finalists(tournament)


def undo_qualification(user, tournament) -> None:
    """Forget the confirmed finalists while stage 2 has no round yet (organizer only, audited)."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        qualified = _confirmed(tournament)
        if not qualified:
            raise TournamentError(_("Состав второго этапа ещё не подтверждён."), code="no_finalists")
        if stage2_published(tournament):
            raise RoundBlocked(_("Второй этап уже опубликован: его состав не меняется."), code="stage2_published")
        if Round.objects.filter(tournament=tournament, stage=2).exists():
            raise RoundBlocked(_("Сначала удалите черновик тура второго этапа."), code="draft_exists")
        stage_services_of(tournament).undo(user, tournament, qualified)


def _undo_pairs(user, tournament, qualified) -> None:
    Qualification.objects.filter(tournament=tournament).delete()
    log_action(tournament, "stage.qualification_undone", user=user,
               before={"finalists": [{"seed": q.seed, "pair": q.pair.number} for q in qualified]})


def record_walkover(user, tournament, pair) -> None:
    """After a finalist left (inside the withdrawal's transaction): its undecided match of the bracket goes to
    the opponent without play (``engine.pairing.bracket``), written to the journal."""
    if tournament.final_kind not in BRACKETS:
        return
    stage_services_of(tournament).record_walkover(user, tournament, pair)  # a team event's: the pair's team


def _pair_walkover(user, tournament, pair) -> None:
    bracket = load_bracket(tournament)
    if bracket is None or pair.pk not in bracket.seeds:
        return
    qualified = finalists(tournament)
    for number in range(1, bracket.round_count + 1):
        for m in bracket.matches_of(number):
            sides = [s for s in (m.a, m.b) if s is not None]
            if m.state not in (WALKOVER, WAITING) or pair.pk not in [s.entrant for s in sides]:
                continue
            other = next((s.entrant for s in sides if s.entrant != pair.pk), None)
            name = "матч за 3-е место" if m.third_place else f"круг {number}, матч {m.index + 1}"
            log_action(tournament, "stage.walkover", user=user, after={
                "pair": pair.number, "round": name,
                "opponent": _number(qualified, other) if other is not None else None})
            return


def stage2_round_count(tournament, qualified) -> int:
    """The rounds of stage 2: a round robin's by its size; a knockout's at least one per bracket round (a
    match of several parties adds rounds while it is played: see ``stage2_done``)."""
    return stage_services_of(tournament).round_count(tournament, qualified)


def _pair_round_count(tournament, qualified) -> int:
    if tournament.format_spec.single_player_entries:  # a final round robin by the whist schedule (docs/rules.md I.9.3)
        return final_round_count(qualified)
    if tournament.final_kind == FinalKind.KNOCKOUT:
        return rounds_of(len(qualified))
    if is_groups(tournament):
        return group_round_count(tournament) + rounds_of(bracket_size(tournament))
    return rounds_needed(len(qualified))


def stage2_done(tournament, qualified) -> bool:
    """Every round of stage 2 is paired: a round robin's all, a knockout's until every match is decided."""
    return stage_services_of(tournament).done(tournament, qualified)


def _pair_stage2_done(tournament, qualified) -> bool:
    if tournament.final_kind == FinalKind.KNOCKOUT:
        bracket = load_bracket(tournament, qualified)
        return bracket is None or bracket.complete
    if is_groups(tournament):
        if tournament.rounds.filter(stage=2).count() < group_round_count(tournament):
            return False
        bracket = load_bracket(tournament, qualified)
        return bracket is not None and bracket.complete
    return tournament.rounds.filter(stage=2).count() >= stage2_round_count(tournament, qualified)


def next_stage(tournament, number: int) -> int:
    """The stage round ``number`` belongs to; refused when the event has no such round to pair."""
    if number <= tournament.rounds_planned:
        return 1
    if not has_final(tournament):
        raise RoundBlocked(_("Все запланированные туры (%(n)s) уже составлены.") % {"n": tournament.rounds_planned},
                           code="rounds_complete")
    qualified = _confirmed(tournament)
    if not qualified:
        raise RoundBlocked(_("Первый этап сыгран: подтвердите состав второго этапа на странице выхода в финал."),
                           code="qualification_needed")
    if stage2_done(tournament, qualified):
        raise RoundBlocked(_("Второй этап сыгран: все его туры уже составлены."), code="rounds_complete")
    return 2


def stage2_pairings(tournament) -> PairingResult:
    """The pairings of the next round of stage 2 (finalists' pair numbers): a knockout round pairs the next
    partie of every match of the current bracket round still undecided. A team event's: team numbers. An
    individual event's: the tables of four of its final round robin (``IndividualRound``)."""
    return stage_services_of(tournament).pairings(tournament)


def _pair_stage2_pairings(tournament) -> PairingResult:
    qualified = finalists(tournament)
    index = tournament.rounds.filter(stage=2).count() + 1
    if tournament.format_spec.single_player_entries:
        return final_round_robin_round(qualified, index)
    if tournament.final_kind == FinalKind.ROUND_ROBIN:
        numbers = [q.pair.number for q in qualified]
        inactive = [q.pair.number for q in qualified if q.pair.status != EntrantStatus.ACTIVE]
        result = pair_round_robin(numbers, index, inactive=inactive)
        return PairingResult([Pairing(p.a, p.b, "финал: " + p.reason) for p in result.pairings], "final-round-robin")
    if is_groups(tournament) and index <= group_round_count(tournament):
        return group_pairings(tournament, qualified, index)
    if is_groups(tournament) and not groups_complete(tournament):
        raise PairingError(_("Подгруппы ещё не доиграны: сетка составляется, когда завершены все их туры."),
                           code="groups_not_finished")
    return bracket_round_pairings(
        load_bracket(tournament, qualified), lambda pair_id: _number(qualified, pair_id),
        _("Матч сетки закончился вничью: по регламенту играется дополнительная раздача до перевеса одной из пар "
          "(пары №%(a)s и №%(b)s)."))


def _number(qualified, pair_id):
    return next(q.pair.number for q in qualified if q.pair_id == pair_id)


class PairStageServices(PairStage2):
    """The organizer's services of stage 2 played by the event's pairs (or players). A format whose stage 2
    is played by other entrants registers an object with the same methods (``register_stage_services``; the
    team event's ``teams.stage2.TeamStage2``)."""

    too_few_for_final = gettext_lazy("Во второй этап нельзя вывести %(n)s: в турнире играют %(a)s.")
    too_few_for_groups = gettext_lazy("В подгруппы нельзя вывести %(n)s: в турнире играют %(a)s.")

    def active_count(self, tournament) -> int:
        return tournament.pairs.filter(status=EntrantStatus.ACTIVE).count()

    def check_match_format(self, match) -> None:
        """Every way of playing a bracket's match suits pairs."""

    confirm = staticmethod(_confirm_pairs)
    undo = staticmethod(_undo_pairs)
    record_walkover = staticmethod(_pair_walkover)
    round_count = staticmethod(_pair_round_count)
    done = staticmethod(_pair_stage2_done)
    pairings = staticmethod(_pair_stage2_pairings)


PAIR_SERVICES = PairStageServices()
_SERVICES: dict = {}


def register_stage_services(format_code: str, services) -> None:
    """The stage-2 services of the events of one format (called from its app's ``ready()``)."""
    if format_code in _SERVICES:
        raise ValueError(f"the stage-2 services of the format {format_code!r} are registered twice")
    _SERVICES[format_code] = services


def stage_services_of(tournament):
    """Stage 2's services for this event: its format's registered object, else the pairs'."""
    return _SERVICES.get(tournament.format, PAIR_SERVICES)


__all__ = ["confirm_qualification", "next_stage", "set_final", "stage1_complete",
           "record_walkover", "stage2_done", "stage2_pairings", "stage2_round_count", "undo_qualification"]
