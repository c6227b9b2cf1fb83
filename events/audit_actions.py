"""The audit actions of the tournament, its entrants, draw, rounds, stages and clock: each code with its label, and with the sentence the journal tells it by
(a pure function of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``). Registered in
``audit.actions`` when the app is ready; ``audit.log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.actions import clock_left, clock_time, register, says
from core.text import numbered


@says("pair.reinstated", gettext_lazy("Пара возвращена в турнир"))
def _pair_reinstated(a, b, note, entry):
    return _("пара №%(n)s возвращена в турнир") % {"n": a.get("pair", "?")}


@says("pair.disqualified", gettext_lazy("Пара снята с турнира"))
def _pair_disqualified(a, b, note, entry):
    return _("пара №%(n)s снята с турнира") % {"n": a.get("pair", "?")}


register("pair.registered", gettext_lazy("Пара зарегистрирована"))


register("pair.withdrawn", gettext_lazy("Пара снялась"))


register("pair.withdrawal_undone", gettext_lazy("Снятие пары отменено"))


register("pairs.imported", gettext_lazy("Пары загружены из файла"))


register("draw.run", gettext_lazy("Жеребьёвка проведена"))


register("draw.manual_number", gettext_lazy("Номер пары назначен вручную"))


register("draw.closed", gettext_lazy("Жеребьёвка закрыта"))


register("round.paired", gettext_lazy("Пары тура составлены"))


register("round.swapped", gettext_lazy("Пары переставлены"))


register("round.published", gettext_lazy("Тур опубликован"))


register("round.finished", gettext_lazy("Тур завершён"))


register("round.discarded", gettext_lazy("Черновик тура удалён"))


register("round.reopened", gettext_lazy("Тур снова идёт: открыт его протокол"))


register("tournament.rules_changed", gettext_lazy("Регламент изменён"))


register("stage.final_set", gettext_lazy("Второй этап турнира выбран"))


register("stage.qualification_undone", gettext_lazy("Состав второго этапа отменён"))


@says("stage.qualified", gettext_lazy("Состав второго этапа подтверждён"))
def _stage_qualified(a, b, note, entry):
    finalists = [f for f in (a.get("finalists") or []) if isinstance(f, dict)]
    return _("подтвердил выход во второй этап: %(list)s") % {
        "list": ", ".join(f"{f.get('seed')}. {numbered(f.get('pair'))}" for f in finalists)}


@says("stage.walkover", gettext_lazy("Матч сетки отдан без игры"))
def _stage_walkover(a, b, note, entry):
    if a.get("opponent"):
        return _("№%(n)s снялся: матч сетки (%(r)s) выигрывает без игры №%(o)s") % {
            "n": a.get("pair", "?"), "r": a.get("round", "?"), "o": a.get("opponent")}
    return _("№%(n)s снялся: его матч сетки (%(r)s) выигрывает без игры соперник") % {
        "n": a.get("pair", "?"), "r": a.get("round", "?")}


register("round.paired_early", gettext_lazy("Тур составлен до подписания всех протоколов"))


register("pair.edited", gettext_lazy("Данные пары изменены"))


register("pair.player_substituted", gettext_lazy("Замена игрока"))


register("pair.deleted", gettext_lazy("Пара удалена"))


register("pair.registered_late", gettext_lazy("Пара зарегистрирована после начала турнира"))


register("tournament.created", gettext_lazy("Турнир создан"))


register("tournament.updated", gettext_lazy("Настройки турнира изменены"))


register("tournament.copied", gettext_lazy("Турнир создан копией другого"))


register("tournament.archived", gettext_lazy("Турнир отправлен в архив"))


register("tournament.signing_changed", gettext_lazy("Изменён способ подписи"))


register("tournament.hall_layout", gettext_lazy("Изменена расстановка столов в зале"))


register("tournament.imported", gettext_lazy("Турнир загружен из файла переноса"))


@says("round.clock_started", gettext_lazy("Часы тура пущены"))
def _round_clock_started(a, b, note, entry):
    return _("пустил часы тура %(n)s в %(t)s, лимит %(m)s мин") % {
        "n": a.get("round", "?"), "t": clock_time(a.get("started_at")), "m": a.get("limit_minutes", "?")}


@says("round.clock_paused", gettext_lazy("Часы тура остановлены"))
def _round_clock_paused(a, b, note, entry):
    text = _("остановил часы тура %(n)s в %(t)s") % {"n": a.get("round", "?"), "t": clock_time(a.get("paused_at"))}
    if isinstance(a.get("remaining"), int):
        text += f", {clock_left(a['remaining'])}"
    return f"{text}: {note}" if note else text


@says("round.clock_resumed", gettext_lazy("Часы тура пущены после паузы"))
def _round_clock_resumed(a, b, note, entry):
    return _("пустил часы тура %(n)s после паузы в %(t)s (пауза %(s)s с)") % {
        "n": a.get("round", "?"), "t": clock_time(a.get("resumed_at")), "s": a.get("paused_seconds", "?")}


@says("partie.clock_started", gettext_lazy("Свой старт стола"))
def _partie_clock_started(a, b, note, entry):
    if a.get("started_at") is None:
        return _("стол %(t)s снова идёт по часам тура") % {"t": a.get("table", "?")}
    return _("стол %(t)s начал позже: его время идёт с %(at)s") % {
        "t": a.get("table", "?"), "at": clock_time(a.get("started_at"))}
