"""The audit log's actions: one entry per action code, with its label and its sentence.

``log_action`` refuses a code that is not here (or in ``audit_federation``); the journal page shows each
entry by its sentence («раздача 3 исправлена: было 12:0 → стало 0:25»), and an
action without its own sentence by its label and note. The sentences are pure
functions of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``.
"""
from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from .audit_registry import ACTIONS, Action, _d, _register, label_of, says, sentence  # noqa: F401  (the register's names, as before)

METHOD_WORD = {
    "table_pin": gettext_lazy("ПИН-код у судьи"), "own_phone": gettext_lazy("ПИН-код со своего телефона"),
    "referee_attests": gettext_lazy("заверил бумажный бланк"),
}
RESULT_WORD = {
    "domino": gettext_noop("домино"), "block": gettext_noop("рыба"), "wrong_pass": gettext_noop("ложный пас"),
}


def _score(totals) -> str:
    totals = _d(totals)
    if "A" not in totals or "B" not in totals:
        return ""
    return f"{totals['A']}:{totals['B']}"


def _deal(deal) -> str:
    deal = _d(deal)
    text = _(RESULT_WORD.get(deal.get("result"), deal.get("result") or ""))
    who = deal.get("out") or deal.get("offender")
    hands = _d(deal.get("hands"))
    parts = [f"{text} {who or ''}".strip()] if text else []
    for seat in ("A1", "B1", "A2", "B2"):
        if seat in hands:
            hand = hands[seat]
            parts.append(f"{seat} {' '.join(hand) if isinstance(hand, list) else hand}")
    return ", ".join(parts)


@says("protocol.deal.recorded", gettext_lazy("Раздача внесена"))
def _protocol_deal_recorded(a, b, note, entry):
    deal = _d(a.get("deal"))
    return _("раздача %(n)s внесена (%(deal)s), счёт стал %(score)s") % {
        "n": deal.get("n", "?"), "deal": _deal(deal), "score": _score(a.get("totals"))}


@says("protocol.deal.corrected", gettext_lazy("Раздача исправлена"))
def _protocol_deal_corrected(a, b, note, entry):
    deal = _d(a.get("deal"))
    return _("раздача %(n)s исправлена: было %(old)s (%(was)s) → стало %(new)s (%(now)s)") % {
        "n": deal.get("n", "?"), "was": _deal(b.get("deal")), "now": _deal(deal),
        "old": _score(b.get("totals")), "new": _score(a.get("totals"))}


@says("protocol.deal.confirmed", gettext_lazy("Раздача подтверждена"))
def _protocol_deal_confirmed(a, b, note, entry):
    return _("подтвердил раздачу %(n)s") % {"n": a.get("deal", "?")}


@says("protocol.remark.given", gettext_lazy("Замечание"))
def _protocol_remark_given(a, b, note, entry):
    remark = _d(a.get("remark"))
    return _("замечание игроку %(seat)s в раздаче %(n)s (%(step)s-е замечание пары): %(effect)s; "
             "счёт %(score)s") % {
        "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "step": a.get("step", "?"),
        "effect": note, "score": _score(a.get("totals"))}


@says("protocol.remark.withdrawn", gettext_lazy("Замечание снято"))
def _protocol_remark_withdrawn(a, b, note, entry):
    remark = _d(b.get("remark"))
    return _("снял замечание игроку %(seat)s (раздача %(n)s): %(reason)s; счёт %(old)s → %(new)s") % {
        "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "reason": note,
        "old": _score(b.get("totals")), "new": _score(a.get("totals"))}


@says("pair.reinstated", gettext_lazy("Пара возвращена в турнир"))
def _pair_reinstated(a, b, note, entry):
    return _("пара №%(n)s возвращена в турнир") % {"n": a.get("pair", "?")}


@says("protocol.no_show", gettext_lazy("Неявка"))
def _protocol_no_show(a, b, note, entry):
    return _("отметил неявку пары %(side)s, счёт %(score)s") % {
        "side": a.get("no_show", "?"), "score": _score(a.get("totals"))}


@says("protocol.deal.deleted", gettext_lazy("Раздача удалена"))
def _protocol_deal_deleted(a, b, note, entry):
    deal = _d(b.get("deal"))
    return _("удалил раздачу %(n)s (%(deal)s), счёт %(old)s → %(new)s") % {
        "n": deal.get("n", "?"), "deal": _deal(deal), "old": _score(b.get("totals")),
        "new": _score(a.get("totals"))}


@says("protocol.abandoned", gettext_lazy("Уход пары"))
def _protocol_abandoned(a, b, note, entry):
    return _("отметил уход пары %(side)s, счёт %(score)s") % {
        "side": a.get("abandoned", "?"), "score": _score(a.get("totals"))}


@says("protocol.abandoned_undone", gettext_lazy("Уход пары отменён"))
def _protocol_abandoned_undone(a, b, note, entry):
    return _("отменил уход пары %(side)s%(reason)s") % {
        "side": b.get("abandoned", "?"), "reason": f": {note}" if note else ""}


TIME_UP_HOW_WORD = {
    "finish_deal": gettext_lazy("доиграна раздача, шедшая при сигнале"),
    "one_more_deal": gettext_lazy("сыграна ещё одна раздача"),
}


@says("protocol.time_up", gettext_lazy("Окончание по времени"))
def _protocol_time_up(a, b, note, entry):
    text = _("отметил окончание партии по времени, счёт %(score)s") % {"score": _score(a.get("totals"))}
    if a.get("how") in TIME_UP_HOW_WORD:
        text += f" ({TIME_UP_HOW_WORD[a['how']]})"
    if isinstance(a.get("clock_remaining"), int):
        text += "; " + _("по часам тура %(t)s") % {"t": _clock_left(a["clock_remaining"])}
    return text


@says("protocol.first_lead", gettext_lazy("Первый заход"))
def _protocol_first_lead(a, b, note, entry):
    return _("первый заход: %(seat)s") % {"seat": a.get("first_lead", "?")}


@says("protocol.signed", gettext_lazy("Подпись"))
def _protocol_signed(a, b, note, entry):
    seat = a.get("seat")
    how = f" ({METHOD_WORD[a['method']]})" if a.get("method") in METHOD_WORD else ""
    if a.get("role") == "referee":
        return _("подписал протокол как судья%(how)s") % {"how": how}
    return _("подпись %(seat)s — %(name)s%(how)s") % {"seat": seat or "?", "name": a.get("name", note), "how": how}


@says("protocol.locked", gettext_lazy("Протокол закрыт"))
def _protocol_locked(a, b, note, entry):
    return _("протокол закрыт")


@says("protocol.reopened", gettext_lazy("Протокол открыт снова"))
def _protocol_reopened(a, b, note, entry):
    return _("открыл протокол снова, подписи сняты: %(reason)s") % {"reason": note}


@says("protocol.signatures_discarded", gettext_lazy("Подписи сняты"))
def _protocol_signatures_discarded(a, b, note, entry):
    names = ", ".join(s.get("name", "") for s in (entry.before or []) if isinstance(s, dict))
    return _("подписи сняты (%(names)s): %(why)s") % {"names": names, "why": note}


_register("protocol.imported", gettext_lazy("Протокол загружен из файла"))
_register("protocol.cleared", gettext_lazy("Протокол очищен"))
_register("protocol.rescored", gettext_lazy("Итог пересчитан"))


@says("pair.disqualified", gettext_lazy("Пара снята с турнира"))
def _pair_disqualified(a, b, note, entry):
    return _("пара №%(n)s снята с турнира") % {"n": a.get("pair", "?")}


_register("pair.registered", gettext_lazy("Пара зарегистрирована"))
_register("pair.withdrawn", gettext_lazy("Пара снялась"))
_register("pair.withdrawal_undone", gettext_lazy("Снятие пары отменено"))
_register("pairs.imported", gettext_lazy("Пары загружены из файла"))
_register("draw.run", gettext_lazy("Жеребьёвка проведена"))
_register("draw.manual_number", gettext_lazy("Номер пары назначен вручную"))
_register("draw.closed", gettext_lazy("Жеребьёвка закрыта"))
_register("round.paired", gettext_lazy("Пары тура составлены"))
_register("round.swapped", gettext_lazy("Пары переставлены"))
_register("round.published", gettext_lazy("Тур опубликован"))
_register("round.finished", gettext_lazy("Тур завершён"))
_register("round.discarded", gettext_lazy("Черновик тура удалён"))
_register("round.reopened", gettext_lazy("Тур снова идёт: открыт его протокол"))
_register("tournament.rules_changed", gettext_lazy("Регламент изменён"))
_register("stage.final_set", gettext_lazy("Второй этап турнира выбран"))
_register("stage.qualification_undone", gettext_lazy("Состав второго этапа отменён"))


@says("stage.qualified", gettext_lazy("Состав второго этапа подтверждён"))
def _stage_qualified(a, b, note, entry):
    finalists = [f for f in (a.get("finalists") or []) if isinstance(f, dict)]
    return _("подтвердил выход во второй этап: %(list)s") % {
        "list": ", ".join(f"{f.get('seed')}. №{f.get('pair')}" for f in finalists)}


@says("stage.walkover", gettext_lazy("Матч сетки отдан без игры"))
def _stage_walkover(a, b, note, entry):
    if a.get("opponent"):
        return _("№%(n)s снялся: матч сетки (%(r)s) выигрывает без игры №%(o)s") % {
            "n": a.get("pair", "?"), "r": a.get("round", "?"), "o": a.get("opponent")}
    return _("№%(n)s снялся: его матч сетки (%(r)s) выигрывает без игры соперник") % {
        "n": a.get("pair", "?"), "r": a.get("round", "?")}


_register("round.paired_early", gettext_lazy("Тур составлен до подписания всех протоколов"))
_register("pair.edited", gettext_lazy("Данные пары изменены"))
_register("pair.player_substituted", gettext_lazy("Замена игрока"))
_register("team.settings_changed", gettext_lazy("Настройки командного турнира изменены"))
_register("team.registered", gettext_lazy("Команда зарегистрирована"))
_register("team.edited", gettext_lazy("Данные команды изменены"))
_register("team.deleted", gettext_lazy("Команда удалена"))
_register("teams.numbered", gettext_lazy("Номера команд разыграны"))
_register("team.substituted", gettext_lazy("Замена в команде: запасной вошёл в пару"))


@says("team.lineup_set", gettext_lazy("Расстановка команды на тур"))
def _team_lineup(a, b, note, entry):
    pairs = ", ".join(f"{k}: №{n}" for k, n in enumerate(a.get("pairs") or [], start=1))
    text = _("команда №%(t)s, тур %(r)s: столы %(p)s") % {"t": a.get("team", "?"), "r": a.get("round", "?"),
                                                          "p": pairs}
    return text + (" " + _("(внёс капитан команды)") if a.get("by") == "captain" else "")


@says("team.captain_added", gettext_lazy("Капитану команды дана учётная запись"))
def _team_captain_added(a, b, note, entry):
    return _("капитан команды №%(t)s «%(n)s»: учётная запись «%(u)s» (%(f)s)") % {
        "t": a.get("team", "?"), "n": a.get("team_name", ""), "u": a.get("username", "?"), "f": a.get("full_name", "")}


@says("team.captain_removed", gettext_lazy("Капитан команды снят"))
def _team_captain_removed(a, b, note, entry):
    return _("снят капитан команды №%(t)s «%(n)s» (учётная запись «%(u)s»)") % {
        "t": b.get("team", "?"), "n": b.get("team_name", ""), "u": b.get("username", "?")}


_register("team.captain_password_reset", gettext_lazy("Пароль капитана команды сброшен"))


_register("pair.deleted", gettext_lazy("Пара удалена"))
_register("pair.registered_late", gettext_lazy("Пара зарегистрирована после начала турнира"))
_register("account.created", gettext_lazy("Учётная запись создана"))
_register("account.tables_changed", gettext_lazy("Столы судьи изменены"))
_register("account.role_removed", gettext_lazy("Роль снята"))
_register("account.attached", gettext_lazy("Существующая учётная запись добавлена в турнир"))
_register("account.linked", gettext_lazy("Игрок привязан к своей учётной записи"))
_register("tournament.created", gettext_lazy("Турнир создан"))
_register("tournament.updated", gettext_lazy("Настройки турнира изменены"))
_register("tournament.copied", gettext_lazy("Турнир создан копией другого"))
_register("tournament.archived", gettext_lazy("Турнир отправлен в архив"))


@says("protocol.no_show_undone", gettext_lazy("Неявка отменена"))
def _protocol_no_show_undone(a, b, note, entry):
    return _("отменил неявку пары %(side)s%(reason)s") % {
        "side": b.get("no_show", "?"), "reason": f": {note}" if note else ""}


@says("protocol.pin_wrong", gettext_lazy("Неверный ПИН-код"))
def _protocol_pin_wrong(a, b, note, entry):
    if "seat_failures" in a:  # a phone: its own count for the player, and all phones' together
        return _("неверный ПИН-код игрока %(name)s (%(seat)s) с телефона: с этого телефона попытка %(n)s из "
                 "%(limit)s, со всех телефонов %(total)s из %(seat_limit)s") % {
            "name": note, "seat": a.get("seat", "?"), "n": a.get("failures", "?"), "limit": a.get("limit", 5),
            "total": a.get("seat_failures", "?"), "seat_limit": a.get("seat_limit", "?")}
    where = _(" с телефона") if a.get("channel") == "phone" else ""
    return _("неверный ПИН-код игрока %(name)s (%(seat)s)%(where)s, попытка %(n)s из %(limit)s") % {
        "name": note, "seat": a.get("seat", "?"), "n": a.get("failures", "?"), "where": where,
        "limit": a.get("limit", 5)}


@says("protocol.pin_refused", gettext_lazy("Подпись ПИН-кодом закрыта"))
def _protocol_pin_refused(a, b, note, entry):
    if a.get("channel") == "phone":
        return _("подпись с телефона для игрока %(name)s (%(seat)s) закрыта после %(n)s неверных попыток; "
                 "у судьи стола он подписывает по-прежнему") % {"name": note, "seat": a.get("seat", "?"),
                                                               "n": a.get("limit", 5)}
    return _("подпись ПИН-кодом игрока %(name)s (%(seat)s) закрыта после %(n)s неверных попыток") % {
        "name": note, "seat": a.get("seat", "?"), "n": a.get("limit", 5)}


@says("protocol.pin_throttled", gettext_lazy("ПИН-коды с телефона не принимаются"))
def _protocol_pin_throttled(a, b, note, entry):
    if a.get("kind") == "seat":
        return _("с одного телефона введено %(n)s неверных ПИН-кодов игрока %(name)s (%(seat)s): за него с этого "
                 "телефона в этом протоколе не подписать; со своего телефона и у судьи стола он подписывает") % {
            "n": a.get("failures", "?"), "name": note, "seat": a.get("seat", "?")}
    if a.get("kind") == "address":  # entries written while addresses were counted
        return _("с адреса %(address)s введено %(n)s неверных ПИН-кодов: ПИН-коды с него не принимаются "
                 "%(minutes)s мин") % {"address": a.get("address", "?"), "n": a.get("failures", "?"),
                                       "minutes": a.get("minutes", "?")}
    return _("с одного телефона введено %(n)s неверных ПИН-кодов: ПИН-коды с него не принимаются "
             "%(minutes)s мин") % {"n": a.get("failures", "?"), "minutes": a.get("minutes", "?")}


@says("device.reports_cleared", gettext_lazy("Убрана отметка о неотправленных записях"))
def _device_reports_cleared(a, b, note, entry):
    return _("убрал отметку стола о записях на устройствах: не отправлено %(n)s, устройств %(devices)s") % {
        "n": b.get("queued", "?"), "devices": b.get("devices", "?")}


_register("players.pins_issued", gettext_lazy("Выданы ПИН-коды"))
_register("tournament.signing_changed", gettext_lazy("Изменён способ подписи"))
_register("tournament.hall_layout", gettext_lazy("Изменена расстановка столов в зале"))
_register("protocol.pin_reset", gettext_lazy("Попытки ПИН-кода разрешены снова"))
_register("account.password_reset", gettext_lazy("Судье задан новый пароль"))
_register("account.locked_out", gettext_lazy("Проверка пароля приостановлена после неверных попыток"))
_register("account.unlocked", gettext_lazy("Блокировка входа снята"))
_register("account.address_unlocked", gettext_lazy("Блокировка адреса снята"))
_register("tournament.imported", gettext_lazy("Турнир загружен из файла переноса"))


# --- the round clock (docs/rules.md §5.1) ---------------------------------------------

def _clock_time(iso) -> str:
    try:
        return timezone.localtime(datetime.fromisoformat(iso)).strftime("%H:%M:%S")
    except (TypeError, ValueError):
        return "?"


def _clock_left(seconds: int) -> str:
    """«осталось 12:05» or «время вышло 1:30 назад»."""
    m, s = divmod(abs(seconds), 60)
    if seconds >= 0:
        return _("осталось %(t)s") % {"t": f"{m}:{s:02d}"}
    return _("время вышло %(t)s назад") % {"t": f"{m}:{s:02d}"}


@says("round.clock_started", gettext_lazy("Часы тура пущены"))
def _round_clock_started(a, b, note, entry):
    return _("пустил часы тура %(n)s в %(t)s, лимит %(m)s мин") % {
        "n": a.get("round", "?"), "t": _clock_time(a.get("started_at")), "m": a.get("limit_minutes", "?")}


@says("round.clock_paused", gettext_lazy("Часы тура остановлены"))
def _round_clock_paused(a, b, note, entry):
    text = _("остановил часы тура %(n)s в %(t)s") % {"n": a.get("round", "?"), "t": _clock_time(a.get("paused_at"))}
    if isinstance(a.get("remaining"), int):
        text += f", {_clock_left(a['remaining'])}"
    return f"{text}: {note}" if note else text


@says("round.clock_resumed", gettext_lazy("Часы тура пущены после паузы"))
def _round_clock_resumed(a, b, note, entry):
    return _("пустил часы тура %(n)s после паузы в %(t)s (пауза %(s)s с)") % {
        "n": a.get("round", "?"), "t": _clock_time(a.get("resumed_at")), "s": a.get("paused_seconds", "?")}


@says("partie.clock_started", gettext_lazy("Свой старт стола"))
def _partie_clock_started(a, b, note, entry):
    if a.get("started_at") is None:
        return _("стол %(t)s снова идёт по часам тура") % {"t": a.get("table", "?")}
    return _("стол %(t)s начал позже: его время идёт с %(at)s") % {
        "t": a.get("table", "?"), "at": _clock_time(a.get("started_at"))}


from . import audit_federation  # noqa: E402, F401  (registers the federation's actions)
