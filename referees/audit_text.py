"""The audit log read as sentences («Судья Петров: раздача 3, счёт был 12:0 → стал 0:25»), not raw JSON.

Pure functions over an entry's ``action``, ``before``, ``after`` and ``note``;
an action without its own sentence falls back to its label and note.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournaments.names import person_name

from .models import RoleKind

ROLE_WORD = {
    RoleKind.ORGANIZER: gettext_lazy("Организатор"),
    RoleKind.CHIEF_REFEREE: gettext_lazy("Главный судья"),
    RoleKind.REFEREE: gettext_lazy("Судья"),
}
METHOD_WORD = {
    "table_pin": gettext_lazy("ПИН-код у судьи"), "own_phone": gettext_lazy("ПИН-код со своего телефона"),
    "referee_attests": gettext_lazy("заверил бумажный бланк"),
}
RESULT_WORD = {
    "domino": gettext_noop("домино"), "block": gettext_noop("рыба"), "wrong_pass": gettext_noop("ложный пас"),
}


def _d(value) -> dict:
    return value if isinstance(value, dict) else {}


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


def who(entry, roles: dict) -> str:
    """«Судья Петров»: the role in the tournament and the person's name."""
    user = entry.user
    if user is None:
        return _("Игрок (без входа)") if entry.action.startswith("protocol.") else _("Система")
    name = person_name(user)
    role = roles.get(user.pk)
    if role is None and (user.is_superuser or user.is_staff):
        role = RoleKind.ORGANIZER
    word = ROLE_WORD.get(role)
    return f"{word} {name}" if word else name


def sentence(entry) -> str:
    """What happened, in one sentence (without the person)."""
    a, b, note = _d(entry.after), _d(entry.before), entry.note or ""
    act = entry.action
    if act == "protocol.deal.recorded":
        deal = _d(a.get("deal"))
        return _("раздача %(n)s внесена (%(deal)s), счёт стал %(score)s") % {
            "n": deal.get("n", "?"), "deal": _deal(deal), "score": _score(a.get("totals"))}
    if act == "protocol.deal.corrected":
        deal = _d(a.get("deal"))
        return _("раздача %(n)s исправлена: было %(old)s (%(was)s) → стало %(new)s (%(now)s)") % {
            "n": deal.get("n", "?"), "was": _deal(b.get("deal")), "now": _deal(deal),
            "old": _score(b.get("totals")), "new": _score(a.get("totals"))}
    if act == "protocol.deal.confirmed":
        return _("подтвердил раздачу %(n)s") % {"n": a.get("deal", "?")}
    if act == "protocol.remark.given":
        remark = _d(a.get("remark"))
        return _("замечание игроку %(seat)s в раздаче %(n)s (%(step)s-е замечание пары): %(effect)s; "
                 "счёт %(score)s") % {
            "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "step": a.get("step", "?"),
            "effect": note, "score": _score(a.get("totals"))}
    if act == "protocol.remark.withdrawn":
        remark = _d(b.get("remark"))
        return _("снял замечание игроку %(seat)s (раздача %(n)s): %(reason)s; счёт %(old)s → %(new)s") % {
            "seat": remark.get("player", "?"), "n": remark.get("deal", "?"), "reason": note,
            "old": _score(b.get("totals")), "new": _score(a.get("totals"))}
    if act == "protocol.no_show":
        return _("отметил неявку пары %(side)s, счёт %(score)s") % {
            "side": a.get("no_show", "?"), "score": _score(a.get("totals"))}
    if act == "protocol.no_show_undone":
        return _("отменил неявку пары %(side)s%(reason)s") % {
            "side": b.get("no_show", "?"), "reason": f": {note}" if note else ""}
    if act == "protocol.deal.deleted":
        deal = _d(b.get("deal"))
        return _("удалил раздачу %(n)s (%(deal)s), счёт %(old)s → %(new)s") % {
            "n": deal.get("n", "?"), "deal": _deal(deal), "old": _score(b.get("totals")),
            "new": _score(a.get("totals"))}
    if act == "protocol.abandoned":
        return _("отметил уход пары %(side)s, счёт %(score)s") % {
            "side": a.get("abandoned", "?"), "score": _score(a.get("totals"))}
    if act == "protocol.abandoned_undone":
        return _("отменил уход пары %(side)s%(reason)s") % {
            "side": b.get("abandoned", "?"), "reason": f": {note}" if note else ""}
    if act == "protocol.time_up":
        return _("отметил окончание партии по времени, счёт %(score)s") % {"score": _score(a.get("totals"))}
    if act == "protocol.first_lead":
        return _("первый заход: %(seat)s") % {"seat": a.get("first_lead", "?")}
    if act == "protocol.signed":
        seat = a.get("seat")
        how = f" ({METHOD_WORD[a['method']]})" if a.get("method") in METHOD_WORD else ""
        if a.get("role") == "referee":
            return _("подписал протокол как судья%(how)s") % {"how": how}
        return _("подпись %(seat)s — %(name)s%(how)s") % {"seat": seat or "?", "name": a.get("name", note), "how": how}
    if act == "protocol.locked":
        return _("протокол закрыт")
    if act == "protocol.reopened":
        return _("открыл протокол снова, подписи сняты: %(reason)s") % {"reason": note}
    if act == "protocol.signatures_discarded":
        names = ", ".join(s.get("name", "") for s in (entry.before or []) if isinstance(s, dict))
        return _("подписи сняты (%(names)s): %(why)s") % {"names": names, "why": note}
    if act == "protocol.pin_wrong":
        where = _(" с телефона") if a.get("channel") == "phone" else ""
        return _("неверный ПИН-код игрока %(name)s (%(seat)s)%(where)s, попытка %(n)s из 5") % {
            "name": note, "seat": a.get("seat", "?"), "n": a.get("failures", "?"), "where": where}
    if act == "protocol.pin_refused":
        if a.get("channel") == "phone":
            return _("подпись с телефона для игрока %(name)s (%(seat)s) закрыта после 5 неверных попыток; "
                     "у судьи стола он подписывает по-прежнему") % {"name": note, "seat": a.get("seat", "?")}
        return _("подпись ПИН-кодом игрока %(name)s (%(seat)s) закрыта после 5 неверных попыток") % {
            "name": note, "seat": a.get("seat", "?")}
    if act == "protocol.pin_throttled":
        if a.get("kind") == "address":
            return _("с адреса %(address)s введено %(n)s неверных ПИН-кодов: ПИН-коды с него не принимаются "
                     "%(minutes)s мин") % {"address": a.get("address", "?"), "n": a.get("failures", "?"),
                                           "minutes": a.get("minutes", "?")}
        return _("с одного телефона введено %(n)s неверных ПИН-кодов: ПИН-коды с него не принимаются "
                 "%(minutes)s мин") % {"n": a.get("failures", "?"), "minutes": a.get("minutes", "?")}
    if act == "pair.disqualified":
        return _("пара №%(n)s снята с турнира") % {"n": a.get("pair", "?")}
    if act == "pair.reinstated":
        return _("пара №%(n)s возвращена в турнир") % {"n": a.get("pair", "?")}
    from .tables import ACTION_LABELS  # noqa: PLC0415 cycle: referees.tables → referees.audit_text

    label = str(ACTION_LABELS.get(act, act))
    return f"{label}: {note}" if note else label


def roles_of(tournament) -> dict:
    """user id -> the highest role in the tournament (one query)."""
    from .models import TournamentRole  # noqa: PLC0415

    order = [RoleKind.ORGANIZER, RoleKind.CHIEF_REFEREE, RoleKind.REFEREE]
    roles = {}
    for user_id, role in TournamentRole.objects.filter(tournament=tournament).values_list("user_id", "role"):
        if role in order and (user_id not in roles or order.index(role) < order.index(roles[user_id])):
            roles[user_id] = role
    return roles
