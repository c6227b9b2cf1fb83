"""A late correction of an event in stages (docs/rules.md «Этапы»): checked inside the writing transaction,
after the protocol is rescored, so that a refusal leaves nothing written.

* Once a round of stage 2 is published its finalists are fixed: a change to a stage-1 protocol after which
  stage 1's best N are no longer the confirmed finalists is refused, naming who would go out and who in.
  A change that leaves the same finalists (a deal corrected, a remark given) is accepted; the seeds stay as
  confirmed **[толкование]**.
* In a knockout, a change to a partie whose winner is already in a later round's pairing is refused when
  it changes that winner.
* Groups then a bracket: once a bracket round is published, a change to a group partie is refused when the
  published bracket no longer follows from the groups (someone else would go on, or another seeding); a
  change inside the bracket is checked as in a knockout. While the bracket's first round is a draft, such a
  change is refused until the draft is deleted (it was paired from the old group places).
* A team event (docs/rules.md I.9.5) is checked the same way with its teams: stage 1's best N teams, and in
  a knockout the team matches of the later rounds.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.text import numbered
from engine.ranking.qualification import QualificationError
from scoring.reports.group_selectors import group_round_numbers, is_groups
from scoring.reports.stage_selectors import has_final, load_bracket, stage2_of
from tournaments.models import FinalKind, Round, RoundStatus

from ..errors import ServiceError


class StageFixed(ServiceError):
    default_code = "stage_fixed"


def _pairs_text(numbers) -> str:
    return ", ".join(numbered(n) for n in sorted(numbers))


def refuse_stage_change(partie) -> None:
    """Raise ``StageFixed`` when the protocol just rescored changes what stage 2 is built on."""
    rnd = partie.round
    tournament = rnd.tournament
    if not has_final(tournament):
        return
    later = Round.objects.filter(tournament=tournament, stage=2).exclude(status=RoundStatus.DRAFT)
    if rnd.stage == 1:
        if not later.exists():
            return
        _refuse_other_finalists(tournament)
    elif is_groups(tournament):
        in_groups = group_round_numbers(tournament)
        bracket_rounds = later.exclude(number__in=in_groups)
        if rnd.number in in_groups:
            _refuse_other_winner(tournament, bracket_rounds, GROUPS_FIXED)
            drafts = Round.objects.filter(tournament=tournament, stage=2, status=RoundStatus.DRAFT)
            _refuse_other_winner(tournament, drafts.exclude(number__in=in_groups), GROUPS_DRAFT)
        else:
            _refuse_other_winner(tournament, bracket_rounds.filter(number__gt=rnd.number))
    elif tournament.final_kind == FinalKind.KNOCKOUT:
        _refuse_other_winner(tournament, later.filter(number__gt=rnd.number))


def _refuse_other_finalists(tournament) -> None:
    stage2 = stage2_of(tournament)
    qualified = stage2.finalists(tournament)
    if not qualified:
        return
    stored = {stage2.finalist_number(q) for q in qualified}
    try:
        result = stage2.preview_qualification(tournament)
    except QualificationError:  # fewer than N entrants left active
        result = None
    numbers = [p.row.pair.number for p in result.places] if result else []
    if result and result.tied_at_cut:  # a tie at the cut: any order of the tied group the organizer gave stands
        first = numbers.index(result.tied_at_cut[0])
        above = set(numbers[:first])
        if above <= stored <= above | set(result.tied_at_cut):
            return
        now = above | set(result.tied_at_cut)
    else:
        now = set(numbers[:len(qualified)])
    if now == stored:
        return
    raise StageFixed(str(stage2.finalists_fixed) % {"out": _pairs_text(stored - now) or "—",
                                                     "in": _pairs_text(now - stored) or "—"},
                     code="finalists_fixed")


WINNER_FIXED, GROUPS_FIXED, GROUPS_DRAFT = "bracket_fixed", "groups_fixed", "bracket_draft"


def _refuse_other_winner(tournament, later, code=WINNER_FIXED) -> None:
    """A published bracket round of ``later`` holds a partie of two entrants that no longer meet in the
    bracket (the winner it was paired with changed, or the groups now send others or seed them otherwise),
    or a match now has parties after its decision."""
    if not later.exists():
        return
    bracket = load_bracket(tournament)
    matches = [m for number in range(1, bracket.round_count + 1) for m in bracket.matches_of(number)] \
        if bracket is not None else []
    expected = {frozenset((m.a.entrant, m.b.entrant)) for m in matches if m.a is not None and m.b is not None}
    for round_ in later.order_by("number"):
        pairs = stage2_of(tournament).round_sides(round_)  # a team event's: team matches
        if any(frozenset(p) not in expected for p in pairs) or any(m.surplus for m in matches):
            if code == GROUPS_DRAFT:
                raise StageFixed(
                    _("Исправление не принято: оно меняет, кто выходит из подгрупп в сетку или с каким посевом, "
                      "а черновик тура сетки (тур %(n)s) составлен по прежним местам. Удалите черновик, "
                      "исправьте протокол и составьте тур заново.") % {"n": round_.number}, code=code)
            if code == GROUPS_FIXED:
                raise StageFixed(
                    _("Исправление не принято: оно изменило бы, кто выходит из подгрупп в сетку или с каким "
                      "посевом, а сетка (тур %(n)s) уже опубликована. Главный судья решает такой случай "
                      "отдельно, по положению.") % {"n": round_.number}, code=code)
            raise StageFixed(
                _("Исправление не принято: оно меняет победителя матча сетки, а следующий круг "
                  "(тур %(n)s) уже составлен с ним.") % {"n": round_.number}, code=code)


__all__ = ["StageFixed", "refuse_stage_change"]
