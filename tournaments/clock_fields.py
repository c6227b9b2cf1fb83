"""The round clock's stored values (docs/rules.md §5.1): the warnings' minutes and the pauses, checked."""
from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

CLOCK_WARNINGS_MAX = 5


def default_clock_warnings() -> list:
    return [5]


def validate_clock_warnings(value) -> None:
    """Up to five warnings, each a whole number of minutes from 1 to 600, none repeated."""
    if (not isinstance(value, list) or len(value) > CLOCK_WARNINGS_MAX or len(set(value)) != len(value)
            or any(type(m) is not int or not 1 <= m <= 600 for m in value)):
        raise ValidationError(_("Предупреждения — до пяти разных чисел минут от 1 до 600, например: 10, 5."),
                              code="clock_warnings")


def validate_clock_pauses(value) -> None:
    """[[from, to], ...] as ISO times in order, each pause ending before the next begins; only the last may be
    open (to = null: the clock stands now)."""
    message = _("Паузы часов тура — список пар времён ISO [начало, конец].")
    if not isinstance(value, list):
        raise ValidationError(message, code="clock_pauses")
    last = None
    for i, pause in enumerate(value):
        if not isinstance(pause, list) or len(pause) != 2 or (pause[1] is None and i != len(value) - 1):
            raise ValidationError(message, code="clock_pauses")
        try:
            times = [datetime.fromisoformat(t) if t is not None else None for t in pause]
        except (TypeError, ValueError):
            raise ValidationError(message, code="clock_pauses") from None
        if any(t is not None and t.tzinfo is None for t in times) or (last and times[0] < last) or (
                times[1] is not None and times[1] < times[0]):
            raise ValidationError(message, code="clock_pauses")
        last = times[1]


def epoch(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()
