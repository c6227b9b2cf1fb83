"""The audit log's register of actions: one entry per action code, with its label and its sentence.

The actions themselves are written in ``audit_actions`` (the protocol's, the tournament's, the clock's) and
``audit_federation`` (the players' registry, the online registration, the rating); ``log_action`` refuses
a code that is in neither.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


def _d(value) -> dict:
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class Action:
    code: str
    label: str          # a lazy translation
    sentence: Callable | None = None   # (after, before, note, entry) -> str


ACTIONS: dict[str, Action] = {}


def _register(code: str, label, sentence=None) -> None:
    if code in ACTIONS:
        raise ValueError(f"audit action {code!r} is registered twice")
    ACTIONS[code] = Action(code, label, sentence)


def says(code: str, label):
    """Register an action with the function that tells it as a sentence."""
    def register(fn):
        _register(code, label, fn)
        return fn
    return register


def label_of(code: str) -> str:
    """The action's label (the code itself for an entry written before its action was renamed)."""
    action = ACTIONS.get(code)
    return str(action.label) if action else code


def sentence(entry) -> str:
    """What happened, in one sentence (without the person)."""
    action = ACTIONS.get(entry.action)
    note = entry.note or ""
    if action and action.sentence:
        return action.sentence(_d(entry.after), _d(entry.before), note, entry)
    text = label_of(entry.action)
    return f"{text}: {note}" if note else text
