"""Throttled password checks: the login page and a player's password on the table's device.

django-axes counts every failed ``authenticate(request=…)`` per account and per
client address (settings ``AXES_*``). After ``AXES_FAILURE_LIMIT`` wrong
passwords within ``AXES_COOLOFF_TIME`` the account, and separately the
address, is locked for ``AXES_COOLOFF_TIME``; during the lockout even the
right password is refused. A successful login does not clear the count.

* The login page: axes' middleware replaces the answer with ``lockout_response``
  (the lockout page in the site's layout). A login has no tournament, so the
  lockout goes to the log (logger ``referees.throttle``) and stays in axes'
  own ``AccessAttempt`` / ``AccessFailureLog`` tables.
* The table's device: ``player_by_password`` reports the lockout next to the
  player's password field and writes it to the tournament's audit log.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import authenticate
from django.db import transaction
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import gettext as _

from axes.signals import user_locked_out
from scoring.errors import ServiceError

from . import permissions as perms
from .models import log_action

log = logging.getLogger(__name__)


USERNAME_MAX = 150


class LockedOut(ServiceError):
    """Too many wrong passwords: checks are refused for the cool-off time."""


def cooloff_minutes() -> int:
    cooloff = getattr(settings, "AXES_COOLOFF_TIME", None)
    if cooloff is None:
        return 0
    seconds = cooloff.total_seconds() if hasattr(cooloff, "total_seconds") else float(cooloff) * 3600
    return max(1, round(seconds / 60))


def lockout_message() -> str:
    minutes = cooloff_minutes()
    if not minutes:
        return _("Слишком много неверных паролей (%(limit)s): вход для этой учётной записи и с этого "
                 "устройства закрыт до снятия блокировки администратором.") % {"limit": settings.AXES_FAILURE_LIMIT}
    return _("Слишком много неверных паролей (%(limit)s): вход для этой учётной записи и с этого "
             "устройства закрыт на %(minutes)s мин. Правильный пароль сейчас тоже не подойдёт — "
             "попробуйте позже.") % {"limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}


def client_username(request, credentials=None):
    """The username axes records (``AXES_USERNAME_CALLABLE``): axes' own rule, cut to the longest possible.

    Axes keeps it in a 255-character column; a longer name (which no account
    can have) would fail to save on PostgreSQL and answer 500 instead of
    counting as a failure.
    """
    field = settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    if username is None:
        return None
    return str(username)[:USERNAME_MAX]


def lockout_response(request, original_response=None, credentials=None):
    """The lockout page (``AXES_LOCKOUT_CALLABLE``), in the site's layout, with HTTP 429."""
    return render(request, "registration/lockout.html", {"message": lockout_message()},
                  status=settings.AXES_HTTP_RESPONSE_CODE)


@receiver(user_locked_out)
def _log_lockout(sender, request=None, username=None, ip_address=None, **kwargs):
    log.warning("Password checks locked out: username=%r ip_address=%r path=%r", username, ip_address,
                getattr(request, "path", None))


def player_by_password(request, partie, seat, password):
    """The player at ``seat`` if ``password`` is his; ``None`` if it is not (or he has no account).

    Goes through ``authenticate(request=…)``, so a wrong password counts against
    his account and the table's device. Raises ``LockedOut`` (and audits it)
    when the checks are locked; the table page then shows the message next to
    the field instead of axes' lockout page.
    """
    pair = partie.pair_a if seat[0] == "A" else partie.pair_b
    players = perms.seated_players(pair) if pair else []
    index = int(seat[1]) - 1
    if index >= len(players) or players[index].user is None or not password:
        return None
    username = players[index].user.get_username()
    user = authenticate(request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        request.axes_locked_out = False  # answered on the table page, not by axes' middleware
        with transaction.atomic():
            log_action(partie.round.tournament, "account.locked_out", user=request.user, partie=partie,
                       after={"seat": seat, "username": username})
        raise LockedOut(lockout_message(), code="locked_out")
    return user if user is not None and user.pk == players[index].user_id else None
