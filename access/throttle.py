"""Throttled password checks: the login page and a player's password on the table's device.

django-axes counts every failed ``authenticate(request=…)`` per account *and*
client address (settings ``AXES_*``). After ``AXES_FAILURE_LIMIT`` wrong
passwords within ``AXES_COOLOFF_TIME`` the account is locked from that address
for ``AXES_COOLOFF_TIME`` — its owner still logs in from his own device, so
nobody can lock the organizer out by guessing her password. ``ThrottleHandler``
adds the limit of one address whatever the accounts
(``DOMINO_ADDRESS_FAILURE_LIMIT``, higher: a table's device checks four
players' passwords). During a lockout even the right password is refused. A
successful login does not clear the count; the organizer lifts a lockout
(``access.lockouts``).

* The client address (``client_ip``): the connection's, unless it comes from a
  reverse proxy the settings name (``DOMINO_TRUSTED_PROXIES`` or
  ``DOMINO_PROXY_COUNT``); only then is ``X-Forwarded-For`` read.
* A login session ends ``DOMINO_SESSION_HOURS`` after the login
  (``_session_ends_with_the_day``), however busy the phone is.

* The login page: axes' middleware replaces the answer with ``lockout_response``
  (the lockout page in the site's layout). A login has no tournament, so the
  lockout goes to the log (logger ``access.throttle``) and stays in axes'
  own ``AccessAttempt`` / ``AccessFailureLog`` tables.
* The table's device: ``player_by_password`` reports the lockout next to the
  player's password field and writes it to the tournament's audit log.
"""
from __future__ import annotations

import ipaddress
import logging
from datetime import timedelta

import ipware.ip
from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.db.models import Sum
from django.dispatch import receiver
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.log import log_action

from .errors import AccessError

log = logging.getLogger(__name__)


USERNAME_MAX = 150


class LockedOut(AccessError):
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


def address_limit() -> int:
    return int(getattr(settings, "DOMINO_ADDRESS_FAILURE_LIMIT", 20))


def recent_attempts(since=None):
    """axes' failure records still counting (newer than the cool-off; all of them without one)."""
    attempts = AccessAttempt.objects.all()
    if settings.AXES_COOLOFF_TIME is None:
        return attempts
    return attempts.filter(attempt_time__gte=since or timezone.now() - settings.AXES_COOLOFF_TIME)


def address_failures(ip_address, since=None) -> int:
    """Wrong passwords from one address within the cool-off, whatever the accounts."""
    total = recent_attempts(since).filter(ip_address=ip_address).aggregate(n=Sum("failures_since_start"))["n"]
    return total or 0


class ThrottleHandler(AxesDatabaseHandler):
    """axes' database handler (``AXES_HANDLER``) with a second limit, per client address.

    axes compares one count with one limit: the failures of the account from
    this address (``AXES_LOCKOUT_PARAMETERS``). When the address alone has
    reached ``DOMINO_ADDRESS_FAILURE_LIMIT``, the count is raised to the limit,
    so that axes locks the address for every account, checks and logs it as its own.
    """

    def get_failures(self, request, credentials=None) -> int:
        failures = super().get_failures(request, credentials)
        since = get_cool_off_threshold(request) if settings.AXES_COOLOFF_TIME is not None else None
        if address_failures(request.axes_ip_address, since) >= address_limit():
            return max(failures, get_failure_limit(request, credentials))
        return failures


def _networks(entries):
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            log.error("DOMINO_TRUSTED_PROXIES: %r is no address or network, ignored", entry)
    return networks


def _address(value):
    try:
        return ipaddress.ip_address(str(value).strip())
    except ValueError:
        return None


def _is_trusted(address, networks) -> bool:
    return address is not None and any(address.version == n.version and address in n for n in networks)


def client_ip(request):
    """The client address axes counts (``AXES_CLIENT_IP_CALLABLE``).

    Without a proxy in the settings: ``REMOTE_ADDR``, whatever ``X-Forwarded-For``
    says (any device can send one). With ``DOMINO_TRUSTED_PROXIES``: a request
    from one of them is the right-most hop of ``X-Forwarded-For`` that is no
    trusted proxy; a request from anywhere else keeps its own address. With
    ``DOMINO_PROXY_COUNT`` (alone): django-ipware takes the hop that many
    proxies from the end (the site must be reachable only through them).
    """
    remote = request.META.get("REMOTE_ADDR")
    trusted, count = settings.DOMINO_TRUSTED_PROXIES, settings.DOMINO_PROXY_COUNT
    if not trusted and count <= 0:
        return remote
    if trusted:
        networks = _networks(trusted)
        if not _is_trusted(_address(remote), networks):
            return remote
        if count <= 0:
            hops = [h for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
            for hop in reversed(hops):
                address = _address(hop)
                if address is None:
                    return remote  # written by no proxy of ours: not to be trusted
                if not _is_trusted(address, networks):
                    return str(address)
            return remote
    ip, _routable = ipware.ip.get_client_ip(
        request, proxy_order=settings.AXES_IPWARE_PROXY_ORDER, proxy_count=settings.AXES_IPWARE_PROXY_COUNT,
        request_header_order=settings.AXES_IPWARE_META_PRECEDENCE_ORDER,
        strict=False)  # a client's own (forged) hops before ours do not void the header
    return ip or remote


def lockout_response(request, original_response=None, credentials=None):
    """The lockout page (``AXES_LOCKOUT_CALLABLE``), in the site's layout, with HTTP 429."""
    return render(request, "registration/lockout.html", {"message": lockout_message()},
                  status=settings.AXES_HTTP_RESPONSE_CODE)


@receiver(user_locked_out)
def _log_lockout(sender, request=None, username=None, ip_address=None, **kwargs):
    log.warning("Password checks locked out: username=%r ip_address=%r path=%r", username, ip_address,
                getattr(request, "path", None))


@receiver(user_logged_in)
def _session_ends_with_the_day(sender, request=None, user=None, **kwargs):
    """A login lasts ``DOMINO_SESSION_HOURS`` from the moment it was made, not from the last page."""
    session = getattr(request, "session", None)
    if session is not None:
        session.set_expiry(timezone.now() + timedelta(hours=settings.DOMINO_SESSION_HOURS))


def player_by_password(request, partie, seat, password):
    """The player at ``seat`` if ``password`` is his; ``None`` if it is not (or he has no account).

    Goes through ``authenticate(request=…)``, so a wrong password counts against
    his account and the table's device. Raises ``LockedOut`` (and audits it)
    when the checks are locked; the table page then shows the message next to
    the field instead of axes' lockout page.
    """
    players = partie.side_players(seat[0])
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
