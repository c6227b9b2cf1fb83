"""The audit log's register of actions: one entry per action code, with its label and its sentence.

Each app registers its own actions in its ``audit_actions`` module, imported by the app's ``ready()``
(``scoring``: the protocols; ``tournaments``: the event, its draw, rounds and clock; ``teams``; ``access``:
the accounts; ``registry``: persons and ratings; ``signup``; ``referees``: the devices). The audit app
names none of them; ``log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from django.utils import timezone
from django.utils.translation import gettext as _


def as_dict(value) -> dict:
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class Action:
    code: str
    label: str          # a lazy translation
    sentence: Callable | None = None   # (after, before, note, entry) -> str


ACTIONS: dict[str, Action] = {}


def register(code: str, label, sentence=None) -> None:
    """Register an action code with its label (a lazy translation) and, if given, its sentence."""
    if code in ACTIONS:
        raise ValueError(f"audit action {code!r} is registered twice")
    ACTIONS[code] = Action(code, label, sentence)


def says(code: str, label):
    """Register an action with the function that tells it as a sentence."""
    def registered(fn):
        register(code, label, fn)
        return fn
    return registered


def label_of(code: str) -> str:
    """The action's label (the code itself for an entry written before its action was renamed)."""
    action = ACTIONS.get(code)
    return str(action.label) if action else code


def sentence(entry) -> str:
    """What happened, in one sentence (without the person)."""
    action = ACTIONS.get(entry.action)
    note = entry.note or ""
    if action and action.sentence:
        return action.sentence(as_dict(entry.after), as_dict(entry.before), note, entry)
    text = label_of(entry.action)
    return f"{text}: {note}" if note else text


# Words the sentences of several apps share.
def clock_time(iso) -> str:
    """The local time of an ISO moment, «14:05:09» («?» when unreadable)."""
    try:
        return timezone.localtime(datetime.fromisoformat(iso)).strftime("%H:%M:%S")
    except (TypeError, ValueError):
        return "?"


def clock_left(seconds: int) -> str:
    """«осталось 12:05» or «время вышло 1:30 назад»."""
    m, s = divmod(abs(seconds), 60)
    if seconds >= 0:
        return _("осталось %(t)s") % {"t": f"{m}:{s:02d}"}
    return _("время вышло %(t)s назад") % {"t": f"{m}:{s:02d}"}
