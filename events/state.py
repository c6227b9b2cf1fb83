"""Where a tournament stands and what its organizer does next — a selector, computed from the data, never stored.

registration → draw done → round k in play → finished.

* **registration** — the draw of pair numbers has not been run;
* **draw done** — pairs are numbered, no round is paired yet;
* **round k in play** — round k is a draft, published, or finished with more rounds planned; a finished
  round whose protocol the chief referee reopens is published (in play) again until it is finished anew;
* **finished** — the planned number of rounds is reached and every round is finished.
  To finish early, the organizer lowers "rounds planned" to the rounds played
  (the settings refuse a number below the rounds already paired).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import RoundStatus

from .services import unsigned_tables
from .stage_selectors import CONFIRM_STAGE2, PAIR_STAGE2, stage2_next, stage2_round_names

REGISTRATION, DRAW_DONE, ROUND_IN_PLAY, FINISHED = "registration", "draw_done", "round_in_play", "finished"
STEPS = (REGISTRATION, DRAW_DONE, ROUND_IN_PLAY, FINISHED)


@dataclass(frozen=True)
class Action:
    label: str
    url: str
    method: str = "post"  # "post": a form with the CSRF token; "get": a link


@dataclass(frozen=True)
class TournamentState:
    code: str
    label: str
    round: int | None = None
    round_status: str = ""
    action: Action | None = None
    note: str = ""
    unsigned: tuple = ()

    @property
    def step(self) -> int:
        return STEPS.index(self.code)


def _stage2_state(tournament, last) -> TournamentState | None:
    """Every round so far finished, but stage 2 of an event in stages still to come (None: nothing to come)."""
    step = stage2_next(tournament)
    slug = tournament.slug
    if step == CONFIRM_STAGE2:
        return TournamentState(ROUND_IN_PLAY, _("Первый этап завершён"), last, RoundStatus.FINISHED, Action(
            _("Составить второй этап"), reverse("tournaments:qualification", args=[slug]), "get"),
            note=_("Проверьте, кто выходит во второй этап, и подтвердите состав."))
    if step == PAIR_STAGE2:
        done = stage2_round_names(tournament).get(last, _("первый этап"))
        return TournamentState(ROUND_IN_PLAY, _("Второй этап: %(name)s завершён") % {"name": done}, last,
                               RoundStatus.FINISHED, Action(_("Составить следующий тур второго этапа"),
                                                            reverse("tournaments:pair_round", args=[slug])))
    return None


def tournament_state(tournament) -> TournamentState:
    """The state and the next sensible action (a handful of queries, whatever the number of pairs)."""
    slug = tournament.slug
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status", "pk"))
    planned = tournament.rounds_planned or 0
    if rounds and len(rounds) >= planned and all(status == RoundStatus.FINISHED for _n, status, _pk in rounds):
        staged = _stage2_state(tournament, rounds[-1][0])
        if staged is not None:
            return staged
        return TournamentState(
            FINISHED, _("Турнир завершён"), round=rounds[-1][0], round_status=RoundStatus.FINISHED,
            action=Action(_("Итоговый отчёт (PDF)"), reverse("tournaments:final_report", args=[slug]), "get"),
        )
    fmt = tournament.format_spec  # who registers, and where the draw and the rounds are made
    if not rounds and not tournament.draw_done_at:
        active = fmt.entrants_count()
        if active >= 2:
            action = Action(str(fmt.draw_action), fmt.action_url("draw"))
        else:
            action = Action(str(fmt.register_action), fmt.action_url("register"), "get")
        return TournamentState(REGISTRATION, str(fmt.registration_label), action=action,
                               note=fmt.registered_note(active))
    if not rounds:
        return TournamentState(DRAW_DONE, _("Жеребьёвка проведена"), action=Action(
            _("Составить тур %(n)s") % {"n": 1}, fmt.action_url("pair_round")))
    number, status, round_pk = rounds[-1]
    label = _("Идёт тур %(k)s из %(n)s") % {"k": number, "n": planned}
    if number > planned:  # stage 2: its rounds have names, not a count
        label = _("Второй этап: %(name)s") % {"name": stage2_round_names(tournament).get(number, number)}
    if status == RoundStatus.DRAFT:
        return TournamentState(ROUND_IN_PLAY, label, number, status, Action(
            _("Проверить и опубликовать тур %(k)s") % {"k": number},
            reverse("tournaments:pairings", args=[slug, number]), "get"),
            note=_("Тур %(k)s — черновик: игроки его ещё не видят.") % {"k": number})
    if status == RoundStatus.PUBLISHED:

        rnd = tournament.rounds.get(pk=round_pk)
        unsigned = tuple(unsigned_tables(rnd))
        if unsigned:
            return TournamentState(ROUND_IN_PLAY, label, number, status, Action(
                _("Ход тура: не подписано протоколов — %(n)s") % {"n": len(unsigned)},
                reverse("referees:dashboard", args=[slug]), "get"), unsigned=unsigned)
        return TournamentState(ROUND_IN_PLAY, label, number, status, Action(
            _("Завершить тур %(k)s") % {"k": number},
            reverse("tournaments:round_action", args=[slug, number, "finish"])),
            note=_("Все протоколы тура подписаны."))
    reopened = [(n, pk) for n, st, pk in rounds if st == RoundStatus.PUBLISHED]
    if reopened:  # a protocol of an earlier round was reopened after the last round was finished

        k, pk = reopened[0]
        unsigned = tuple(unsigned_tables(tournament.rounds.get(pk=pk)))
        label = _("Тур %(k)s снова идёт: открыт его протокол") % {"k": k}
        if unsigned:
            return TournamentState(ROUND_IN_PLAY, label, k, RoundStatus.PUBLISHED, Action(
                _("Ход тура: не подписано протоколов — %(n)s") % {"n": len(unsigned)},
                reverse("referees:dashboard", args=[slug]), "get"), unsigned=unsigned,
                note=_("Положение предварительное; следующий тур составляется только досрочно, с причиной."))
        return TournamentState(ROUND_IN_PLAY, label, k, RoundStatus.PUBLISHED, Action(
            _("Завершить тур %(k)s") % {"k": k}, reverse("tournaments:round_action", args=[slug, k, "finish"])),
            note=_("Все протоколы тура подписаны."))
    return TournamentState(ROUND_IN_PLAY, _("Тур %(k)s из %(n)s завершён") % {"k": number, "n": planned},
                           number, status, Action(_("Составить тур %(n)s") % {"n": number + 1},
                                                  fmt.action_url("pair_round")))


def state_steps() -> list[tuple[str, str]]:
    """The four steps with their names, for the strip at the top of the management page."""
    return [(REGISTRATION, _("Регистрация")), (DRAW_DONE, _("Жеребьёвка")), (ROUND_IN_PLAY, _("Туры")),
            (FINISHED, _("Итоги"))]
