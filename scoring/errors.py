"""Domain errors of the protocol services: a Russian message a person can act on and a machine ``code``."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class ServiceError(Exception):
    default_code = "error"

    def __init__(self, message, code=None):
        super().__init__(message)
        self.message = str(message)
        self.code = code or self.default_code

    def __str__(self):
        return self.message


class NotAllowed(ServiceError):
    """The acting account has no right to do this."""

    default_code = "not_allowed"


class ProtocolLocked(ServiceError):
    """The protocol is signed and locked; only the chief referee can reopen it."""

    default_code = "locked"


class VersionConflict(ServiceError):
    """Someone else changed the protocol since the page was loaded; ``current`` is what it holds now."""

    default_code = "version_conflict"

    def __init__(self, message, code=None, *, version=None, current=None):
        super().__init__(message, code)
        self.version = version
        self.current = current


class InvalidInput(ServiceError):
    """Bad input, refused before anything was saved; ``deal``/``seat``/``field`` point at the fault."""

    default_code = "invalid"

    def __init__(self, message, code=None, *, deal=None, seat=None, field=None):
        super().__init__(message, code)
        self.deal = deal
        self.seat = seat
        self.field = field


class ConfirmationRequired(ServiceError):
    """The action has grave consequences (disqualification): repeat it with explicit confirmation."""

    default_code = "confirmation_required"

    def __init__(self, message, code=None, *, effect=None):
        super().__init__(message, code)
        self.effect = effect


# Russian texts for the engine's refusals (the engine speaks English and gives a code and parameters).
ENGINE_MESSAGES = {
    "bad_seat": gettext_lazy("место игрока указано неверно"),
    "bad_hands": gettext_lazy("остатки в руках не распознаны"),
    "missing_hand": gettext_lazy("не указан остаток этого игрока"),
    "empty_hand": gettext_lazy("игрок не выходил, значит у него остался хотя бы один камень: 0 очков невозможно"),
    "bad_result": gettext_lazy("выберите итог раздачи — домино, рыба или ложный пас"),
    "out_holds_tiles": gettext_lazy("этот игрок вышел, у него не может остаться камней"),
    "bad_tile": gettext_lazy("камень %(tile)s не из набора дубль-шесть"),
    "bad_count": gettext_lazy("остаток — целое число очков или список камней"),
    "count_out_of_range": gettext_lazy("%(value)s очков невозможно: в руке от 0 до 69 очков"),
    "too_many_tiles": gettext_lazy("%(value)s камней в одной руке: в руке не больше 7"),
    "duplicate_tile": gettext_lazy("камень %(tile)s указан дважды"),
    "table_over_168": gettext_lazy("на руках %(value)s очков, а во всём наборе только 168"),
    "duplicate_deal": gettext_lazy("у раздачи уже есть результат"),
    "missing_deal": gettext_lazy("пропущена раздача %(missing)s"),
    "deal_outside_partie": gettext_lazy("партия уже окончена после раздачи %(last)s"),
    "remark_outside_partie": gettext_lazy("замечание вне партии: такой раздачи нет и она не играется"),
    "deals_after_no_show": gettext_lazy("при неявке раздачи не вносятся"),
    "remarks_after_no_show": gettext_lazy("при неявке замечания не даются"),
}


def engine_message(exc) -> str:
    """The engine's ProtocolError as a Russian sentence naming the deal and the seat."""
    template = ENGINE_MESSAGES.get(getattr(exc, "code", ""))
    template = str(template) if template is not None else None
    params = {"tile": "", "value": "", "missing": "", "last": "", **(getattr(exc, "params", None) or {})}
    if template is None:
        return _("Протокол не принят: %s") % (getattr(exc, "message", None) or exc)
    text = template % params
    where = []
    if getattr(exc, "deal", None) is not None:
        where.append(_("раздача %s") % exc.deal)
    if getattr(exc, "seat", None):
        where.append(exc.seat)
    prefix = ", ".join(where)
    return (prefix[0].upper() + prefix[1:] + ": " + text) if prefix else text[0].upper() + text[1:]
