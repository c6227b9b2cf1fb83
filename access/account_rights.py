"""Who may touch another person's account: the one rule every account service asks.

An official's power over an account ends at his own tournaments. Setting a password, lifting a login
lockout or switching an account off is allowed only for an account that is *wholly his*:

* not his own (a person changes his own password himself), not staff, not superuser, in no group
  (the federation administrators are a group);
* tied to at least one tournament, and every tie of it is to a tournament where he has power over that
  tie: an organizer over the referees, chief referees, players and captains of the tournaments he
  organizes; a chief referee over the referees of his tournament. A co-organizer's account is nobody's:
  organizers answer to the site administrator.

A tie is anything that gives the account a power or a seat: a role (``TournamentRole``), a link to a
player (``Player.user``), and whatever another app registers with ``register_ties`` (the team captains of
``teams``): this app does not import the apps above it. Anything else — an account that also serves
another organizer, plays in his tournament or keeps the registry — is left to the site administrator
(``manage.py changepassword``, the admin, docs/deploy.md).

Attaching an existing account as an official and linking an account to a player give an organizer no power
over the account itself: the account gains a role in his tournament, and the rule above still sees every
tie the account has elsewhere. The pages ask the same functions to show or hide their buttons.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from tournaments.models import Player

from .errors import NotAllowed
from .models import RoleKind, TournamentRole

CAPTAIN = "captain"
PLAYER = RoleKind.PLAYER.value


class Tie(NamedTuple):
    """One thing an account is for: ``kind`` (a ``RoleKind`` value, or ``captain``) in a tournament."""

    tournament_id: int
    kind: str


# Functions account -> ties, one per app that gives accounts powers of its own (``register_ties``).
_TIE_SOURCES: list[Callable[[object], Iterable[Tie]]] = []

# The ties each role in a tournament has power over.
POWER = {
    RoleKind.ORGANIZER.value: {RoleKind.CHIEF_REFEREE.value, RoleKind.REFEREE.value, PLAYER, CAPTAIN},
    RoleKind.CHIEF_REFEREE.value: {RoleKind.REFEREE.value},
}


def register_ties(source: Callable[[object], Iterable[Tie]]) -> Callable:
    """Add a source of ties (an app's ``ready``); returns it, to be usable as a decorator."""
    if source not in _TIE_SOURCES:
        _TIE_SOURCES.append(source)
    return source


def _own_ties(account) -> Iterable[Tie]:
    for tournament_id, role in TournamentRole.objects.filter(user=account).values_list("tournament_id", "role"):
        yield Tie(tournament_id, role)
    for tournament_id in Player.objects.filter(user=account).values_list("pair__tournament_id", flat=True):
        yield Tie(tournament_id, PLAYER)


def ties(account) -> set[Tie]:
    """Every tie of ``account``, from this app and the registered sources."""
    found = set(_own_ties(account))
    for source in _TIE_SOURCES:
        found.update(source(account))
    return found


def _privileged(account) -> bool:
    return account.is_staff or account.is_superuser or account.groups.exists()


def _powers(user, tournament_ids) -> dict[int, set[str]]:
    """tournament id -> the kinds of tie ``user`` has power over there."""
    powers: dict[int, set[str]] = {}
    for tournament_id, role in TournamentRole.objects.filter(user=user, tournament_id__in=tournament_ids,
                                                             role__in=list(POWER)).values_list("tournament_id",
                                                                                                "role"):
        powers.setdefault(tournament_id, set()).update(POWER[role])
    return powers


def wholly_his(user, account) -> bool:
    """Whether ``user`` may set the password of, lift the lockout of or switch off ``account`` (module doc)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active or account is None:
        return False
    if account.pk == user.pk or _privileged(account):
        return False
    account_ties = ties(account)
    if not account_ties:
        return False
    powers = _powers(user, {t.tournament_id for t in account_ties})
    return all(t.kind in powers.get(t.tournament_id, ()) for t in account_ties)


def require_wholly_his(user, account) -> None:
    """For the services that set a password or switch an account off: ``NotAllowed`` unless ``wholly_his``."""
    if not wholly_his(user, account):
        raise NotAllowed(_("Пароль учётной записи «%(u)s» может сбросить только администратор сайта: она служит "
                           "не только в ваших турнирах или имеет другие права.") % {"u": account.get_username()})


def account_named(username):
    """The account with this login, or None."""
    User = get_user_model()
    return User.objects.filter(**{User.USERNAME_FIELD: str(username or "")[:150]}).first()


def may_lift_lockout(user, username) -> bool:
    """A login lockout is lifted by its owner or by someone to whom the account is wholly his."""
    account = account_named(username)
    if account is None:
        return False
    return account.pk == getattr(user, "pk", None) or wholly_his(user, account)


def may_lift_address(user, usernames) -> bool:
    """An address locked for every account is lifted only by someone entitled to every account it tried
    (a login that names no account belongs to nobody and does not count)."""
    User = get_user_model()
    tried = User.objects.filter(**{f"{User.USERNAME_FIELD}__in": [str(u)[:150] for u in usernames if u]})
    return all(a.pk == getattr(user, "pk", None) or wholly_his(user, a) for a in tried)


def unused(account) -> bool:
    """No tie, no group, not staff: nothing on the site needs the account any more (it may be switched off)."""
    return not ties(account) and not _privileged(account)
