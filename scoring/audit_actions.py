"""The audit actions of the protocols (deals, remarks, no-shows, signatures, PIN codes): each code with its label, and with the sentence the journal tells it by
(a pure function of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``). Registered in
``audit.actions`` when the app is ready; ``audit.log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from audit.actions import as_dict, clock_left, register, says

METHOD_WORD = {
    "table_pin": gettext_lazy("ПИН-код у судьи"), "own_phone": gettext_lazy("ПИН-код со своего телефона"),
    "referee_attests": gettext_lazy("заверил бумажный бланк"),
}


RESULT_WORD = {
    "domino": gettext_noop("домино"), "block": gettext_noop("рыба"), "wrong_pass": gettext_noop("ложный пас"),
}


def _score(totals) -> str:
    totals = as_dict(totals)
    if "A" not in totals or "B" not in totals:
        return ""
    return f"{totals['A']}:{totals['B']}"


def _deal(deal) -> str:
    deal = as_dict(deal)
    text = _(RESULT_WORD.get(deal.get("result"), deal.get("result") or ""))
    who = deal.get("out") or deal.get("offender")
    hands = as_dict(deal.get("hands"))
    parts = [f"{text} {who or ''}".strip()] if text else []
    for seat in ("A1", "B1", "A2", "B2"):
        if seat in hands:
            hand = hands[seat]
            parts.append(f"{seat} {' '.join(hand) if isinstance(hand, list) else hand}")
    return ", ".join(parts)


@says("protocol.deal.recorded", gettext_lazy("Раздача внесена"))
def _protocol_deal_recorded(a, b, note, entry):
    deal = as_dict(a.get("deal"))
    return _("раздача %(n)s внесена (%(deal)s), счёт стал %(score)s") % {
        "n": deal.get("n", "?"), "deal": _deal(deal), "score": _score(a.get("totals"))}


@says("protocol.deal.corrected", gettext_lazy("Раздача исправлена"))
def _protocol_deal_corrected(a, b, note, entry):
    deal = as_dict(a.get("deal"))
    return _("раздача %(n)s исправлена: было %(old)s (%(was)s) → стало %(new)s (%(now)s)") % {
        "n": deal.get("n", "?"), "was": _deal(b.get("deal")), "now": _deal(deal),
        "old": _score(b.get("totals")), "new": _score(a.get("totals"))}


@says("protocol.deal.confirmed", gettext_lazy("Раздача подтверждена"))
def _protocol_deal_confirmed(a, b, note, entry):
    return _("подтвердил раздачу %(n)s") % {"n": a.get("deal", "?")}


@says("protocol.remark.given", gettext_lazy("Замечание"))
def _protocol_remark_given(a, b, note, entry):
    remark = as_dict(a.get("remark"))
    return _("замечание игроку %(seat)s в раздаче %(n)s (%(step)s-е замечание пары): %(effect)s; "
             "счёт %(score)s") % {
        "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "step": a.get("step", "?"),
        "effect": note, "score": _score(a.get("totals"))}


@says("protocol.sanction.given", gettext_lazy("Санкция"))
def _protocol_sanction_given(a, b, note, entry):
    sanction = as_dict(a.get("sanction"))
    return _("санкция игроку %(seat)s в раздаче %(n)s: %(effect)s; счёт %(score)s") % {
        "seat": sanction.get("player", "?"), "n": sanction.get("hand", "?"), "effect": note,
        "score": _score(a.get("totals"))}


@says("protocol.sanction.withdrawn", gettext_lazy("Санкция снята"))
def _protocol_sanction_withdrawn(a, b, note, entry):
    sanction = as_dict(b.get("sanction"))
    return _("снял санкцию игроку %(seat)s (раздача %(n)s): %(reason)s; счёт %(old)s → %(new)s") % {
        "seat": sanction.get("player", "?"), "n": sanction.get("hand", "?"), "reason": note,
        "old": _score(b.get("totals")), "new": _score(a.get("totals"))}


@says("protocol.counters.set", gettext_lazy("Счётчики акта"))
def _protocol_counters_set(a, b, note, entry):
    def line(indicators):
        indicators = as_dict(indicators)
        return "; ".join(f"{side}: {as_dict(indicators.get(side)).get('chancleta', 0)} / "
                         f"{as_dict(indicators.get(side)).get('zapato', 0)}" for side in ("A", "B"))
    return _("счётчики акта (шлёпанец / башмак): %(old)s → %(new)s") % {
        "old": line(b.get("indicators")), "new": line(a.get("indicators"))}


@says("pair.black_card", gettext_lazy("Пара снята чёрной карточкой"))
def _pair_black_card(a, b, note, entry):
    return _("пара №%(n)s снята с турнира: чёрная карточка") % {"n": a.get("pair", "?")}


@says("protocol.remark.withdrawn", gettext_lazy("Замечание снято"))
def _protocol_remark_withdrawn(a, b, note, entry):
    remark = as_dict(b.get("remark"))
    return _("снял замечание игроку %(seat)s (раздача %(n)s): %(reason)s; счёт %(old)s → %(new)s") % {
        "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "reason": note,
        "old": _score(b.get("totals")), "new": _score(a.get("totals"))}


@says("protocol.no_show", gettext_lazy("Неявка"))
def _protocol_no_show(a, b, note, entry):
    return _("отметил неявку пары %(side)s, счёт %(score)s") % {
        "side": a.get("no_show", "?"), "score": _score(a.get("totals"))}


@says("protocol.deal.deleted", gettext_lazy("Раздача удалена"))
def _protocol_deal_deleted(a, b, note, entry):
    deal = as_dict(b.get("deal"))
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
        text += "; " + _("по часам тура %(t)s") % {"t": clock_left(a["clock_remaining"])}
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


register("protocol.imported", gettext_lazy("Протокол загружен из файла"))


register("protocol.cleared", gettext_lazy("Протокол очищен"))


register("protocol.rescored", gettext_lazy("Итог пересчитан"))


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


register("players.pins_issued", gettext_lazy("Выданы ПИН-коды"))


register("protocol.pin_reset", gettext_lazy("Попытки ПИН-кода разрешены снова"))
