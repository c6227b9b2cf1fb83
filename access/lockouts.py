"""Login lockouts of a tournament's people: who is locked, and lifting a lockout.

A lockout (``access.throttle``) is a count in axes' ``AccessAttempt`` table:
an account locked from one address (``AXES_FAILURE_LIMIT`` wrong passwords
for it from there), or an address locked for every account
(``DOMINO_ADDRESS_FAILURE_LIMIT``). A lockout of an account is lifted by
whoever the account is wholly his (``account_rights``: the organizer for the
officials, players and captains who serve only his tournaments, the chief
referee for such referees); an address, only by someone entitled to every
account it tried; anything else by the site administrator. Lifting removes the counted failures (axes' ``AccessFailureLog``,
the history, stays) in one transaction with an audit entry.
"""
from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from axes.models import AccessAttempt
from django.conf import settings
from django.db import transaction
from django.db.models import Max, Sum
from django.utils.translation import gettext as _

from access.models import RoleKind, TournamentRole
from audit.log import log_action
from core.locking import locked
from core.names import person_name
from tournaments.models import Player

from . import account_rights
from . import permissions as perms
from .errors import InvalidInput, NotAllowed
from .throttle import address_limit, recent_attempts

PLAYER = "player"
ROLE_ORDER = {RoleKind.ORGANIZER: 0, RoleKind.CHIEF_REFEREE: 1, RoleKind.REFEREE: 2, PLAYER: 3}


class Lockout(NamedTuple):
    """One account locked from one or more addresses."""

    username: str
    name: str
    role: str  # the account's highest role in the tournament, or "player"
    addresses: list[str]
    until: datetime | None  # None: until lifted (no cool-off configured)
    liftable: bool  # by the person looking


class AddressLockout(NamedTuple):
    """One address locked for every account."""

    address: str
    failures: int
    until: datetime | None


def _people(tournament) -> dict[str, tuple[str, str]]:
    """username → (highest role, name) of everyone with an account in the tournament."""
    people: dict[str, tuple[str, str]] = {}
    roles = TournamentRole.objects.filter(tournament=tournament).exclude(role=RoleKind.PLAYER).select_related("user")
    for role in roles:
        username = role.user.get_username()
        if username not in people or ROLE_ORDER[role.role] < ROLE_ORDER[people[username][0]]:
            people[username] = (role.role, person_name(role.user))
    for player in Player.objects.filter(pair__tournament=tournament, user__isnull=False).select_related("user"):
        people.setdefault(player.user.get_username(), (PLAYER, player.name))
    return people


def _until(last):
    return None if settings.AXES_COOLOFF_TIME is None else last + settings.AXES_COOLOFF_TIME


def may_see(user, tournament) -> bool:
    return perms.is_chief_referee(user, tournament)


def locked_accounts(tournament, user) -> list[Lockout]:
    """The tournament's accounts locked now, each with the addresses it is locked from."""
    people = _people(tournament)
    if not people:
        return []
    rows = (recent_attempts().filter(username__in=list(people)).values("username", "ip_address")
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=settings.AXES_FAILURE_LIMIT).order_by("username", "ip_address"))
    found: dict[str, dict] = {}
    for row in rows:
        entry = found.setdefault(row["username"], {"addresses": [], "last": row["last"]})
        entry["addresses"].append(row["ip_address"] or "—")
        entry["last"] = max(entry["last"], row["last"])
    lockouts = []
    for username, entry in found.items():
        role, name = people[username]
        lockouts.append(Lockout(username, name, role, entry["addresses"], _until(entry["last"]),
                                account_rights.may_lift_lockout(user, username)))
    return sorted(lockouts, key=lambda lo: (ROLE_ORDER[lo.role], lo.username))


def locked_addresses(tournament) -> list[AddressLockout]:
    """Addresses locked for every account, from which an account of the tournament was tried."""
    people = _people(tournament)
    tried = set(recent_attempts().filter(username__in=list(people)).values_list("ip_address", flat=True))
    rows = (recent_attempts().filter(ip_address__in=[a for a in tried if a]).values("ip_address")
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=address_limit()).order_by("ip_address"))
    return [AddressLockout(r["ip_address"], r["failures"], _until(r["last"])) for r in rows]


def page_context(tournament, user) -> dict:
    """What the lockout list (``referees/_lockouts.html``) shows to the person looking."""
    return {"lockouts": locked_accounts(tournament, user),
            "locked_addresses": locked_addresses(tournament) if perms.is_organizer(user, tournament) else []}


def lift_lockout(user, tournament, username) -> list[str]:
    """Lift the lockout of one account of the tournament, from every address; the addresses it was locked from."""
    username = str(username or "")[:150]
    people = _people(tournament)
    if username not in people:
        raise InvalidInput(_("В турнире нет учётной записи «%(u)s».") % {"u": username}, code="not_in_tournament")
    if not account_rights.may_lift_lockout(user, username):
        raise NotAllowed(_("Блокировку входа «%(u)s» снимает только администратор сайта: учётная запись служит "
                           "не только в ваших турнирах или имеет другие права.") % {"u": username})
    with transaction.atomic():
        attempts = list(locked(AccessAttempt.objects.filter(username=username)))
        counted = {a.pk for a in recent_attempts().filter(pk__in=[a.pk for a in attempts])}
        failures: dict[str, int] = {}
        for attempt in attempts:
            if attempt.pk in counted:
                address = attempt.ip_address or "—"
                failures[address] = failures.get(address, 0) + attempt.failures_since_start
        addresses = sorted(a for a, n in failures.items() if n >= settings.AXES_FAILURE_LIMIT)
        if not addresses:
            raise InvalidInput(_("Вход для «%(u)s» не заблокирован.") % {"u": username}, code="not_locked")
        AccessAttempt.objects.filter(pk__in=[a.pk for a in attempts]).delete()
        log_action(tournament, "account.unlocked", user=user, after={"username": username, "addresses": addresses},
                   note=f"{username} ({', '.join(addresses)})")
    return addresses


def lift_address_lockout(user, tournament, address) -> int:
    """Lift the lockout of one address (the organizer only); the failures it had."""
    if not perms.is_organizer(user, tournament):
        raise NotAllowed(_("Блокировку адреса снимает только организатор турнира."))
    address = str(address or "")[:64]
    if address not in {lo.address for lo in locked_addresses(tournament)}:
        raise InvalidInput(_("Адрес %(a)s не заблокирован.") % {"a": address}, code="not_locked")
    tried = recent_attempts().filter(ip_address=address).values_list("username", flat=True).distinct()
    if not account_rights.may_lift_address(user, tried):
        raise NotAllowed(_("Блокировку адреса %(a)s снимает только администратор сайта: с него пытались войти "
                           "в учётные записи, которые служат не только в ваших турнирах.") % {"a": address})
    with transaction.atomic():
        attempts = list(locked(AccessAttempt.objects.filter(ip_address=address)))
        failures = sum(a.failures_since_start for a in attempts)
        AccessAttempt.objects.filter(pk__in=[a.pk for a in attempts]).delete()
        log_action(tournament, "account.address_unlocked", user=user,
                   after={"address": address, "failures": failures}, note=address)
    return failures
