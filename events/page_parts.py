"""What the public pages of events take from the apps above it, registered here from their ``AppConfig.ready()``
so that events names none of them.

``register_open_registrations(fn)``: ``fn(tournament_ids) -> set`` of the ids among them whose online
registration takes entries now (the ``signup`` app: the calendar's «Идёт регистрация» links). Without it, no
tournament of the calendar is marked. ``register_own_pages(fn)``: an account's own pages (below).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

_open_registrations: Callable[[list], set] | None = None


def register_open_registrations(fn: Callable[[list], set]) -> Callable[[list], set]:
    """Set the function the calendar asks which tournaments take entries now (one app gives it); returns it."""
    global _open_registrations
    if _open_registrations is not None and _open_registrations is not fn:
        raise ValueError("the open registrations are already given by another function")
    _open_registrations = fn
    return fn


def open_registration_ids(tournament_ids: Iterable[int]) -> set[int]:
    """The ids among ``tournament_ids`` whose online registration takes entries now; empty without the app."""
    if _open_registrations is None:
        return set()
    return set(_open_registrations(list(tournament_ids)))


# ``register_own_pages(fn)``: ``fn(user) -> [(label, url)]``, the pages of a logged-in account that an app above
# keeps (the ``teams`` app: a captain's page). The calendar lists them with the account's roles under «Ваши
# страницы», so that whoever logs in finds his own page.
_own_pages: list[Callable] = []


def register_own_pages(fn: Callable) -> Callable:
    if fn not in _own_pages:
        _own_pages.append(fn)
    return fn


def own_pages(user) -> list[tuple[str, str]]:
    """Every registered app's pages of ``user`` (a logged-in account), in the apps' order."""
    return [link for fn in _own_pages for link in fn(user)]
