"""The officials of a tournament: referees, chief referees and organizers, added, changed and removed.

Services, the only writers (docs/architecture.md), as in ``accounts`` (whose shared helpers they
use): each takes the acting ``user``, checks that he organizes the tournament,
locks the tournament's row inside one transaction, raises a ``ServiceError``
with a machine ``code`` (``field`` names the form field at fault) and writes an
audit entry. Passwords never reach the audit log.
"""
from __future__ import annotations

from typing import NamedTuple

from axes.utils import reset as reset_lockout
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from access.models import RoleKind, TournamentRole
from audit.log import log_action
from core.locking import locked
from core.names import fold, name_key
from tournaments.models import Player

from .account_rights import require_wholly_his
from .accounts import (
    active_account,
    check_password,
    clean_username,
    create_user,
    locked_tournament,
    require_organizer,
    role_snapshot,
    split_name,
    valid_random_password,
)
from .errors import InvalidInput

OFFICIAL_ROLES = (RoleKind.REFEREE, RoleKind.CHIEF_REFEREE)
MAX_TABLE = 1000


def clean_tables(tables, role) -> list[int]:
    """Sorted distinct positive table numbers; only a referee has tables (empty: the whole tournament)."""
    if tables in (None, ""):
        return []
    if isinstance(tables, (str, int)) or not hasattr(tables, "__iter__"):
        raise InvalidInput(_("Столы — список номеров."), code="tables_invalid", field="tables")
    cleaned = set()
    for t in tables:
        try:
            number = int(t)
        except (TypeError, ValueError):
            number = None
        if number is None or isinstance(t, bool) or str(t).strip() != str(number) or not 1 <= number <= MAX_TABLE:
            raise InvalidInput(_("Номер стола — целое число от 1 до %(max)s, а не «%(t)s».") % {"max": MAX_TABLE,
                                                                                              "t": t},
                               code="tables_invalid", field="tables")
        cleaned.add(number)
    if cleaned and role != RoleKind.REFEREE:
        raise InvalidInput(_("Столы назначаются только судье; главный судья ведёт весь турнир."),
                           code="tables_not_for_role", field="tables")
    return sorted(cleaned)


def _role_in(tournament, role_id) -> TournamentRole:
    try:
        return (locked(TournamentRole.objects.select_related("user"))
                .get(pk=role_id, tournament_id=tournament.pk))
    except (TournamentRole.DoesNotExist, ValueError, TypeError):
        raise InvalidInput(_("В этом турнире такой роли нет."), code="role_not_found") from None


# --- officials -------------------------------------------------------------------

def create_official(user, tournament, *, username, full_name, password, role, tables=None) -> TournamentRole:
    """A new account for a referee (of some tables or the whole tournament) or the chief referee."""
    require_organizer(user, tournament)
    if role not in OFFICIAL_ROLES:
        raise InvalidInput(_("Выберите роль: судья или главный судья."), code="role_invalid", field="role")
    role = RoleKind(role)
    username = clean_username(username)
    full_name = " ".join(str(full_name or "").split())
    if not full_name:
        raise InvalidInput(_("Укажите фамилию и имя."), code="name_required", field="full_name")
    tables = clean_tables(tables, role)
    first, last = split_name(full_name)
    check_password(password, get_user_model()(username=username, first_name=first, last_name=last))
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        account = create_user(username, password, first_name=first, last_name=last)
        official = TournamentRole.objects.create(tournament=tournament, user=account, role=role, tables=tables)
        log_action(tournament, "account.created", user=user, after=role_snapshot(official))
    return official


def set_official_tables(user, tournament, role_id, tables) -> TournamentRole:
    """The tables a referee serves (an empty list: every table of the tournament)."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        official = _role_in(tournament, role_id)
        if official.role != RoleKind.REFEREE:
            raise InvalidInput(_("Столы назначаются только судье."), code="tables_not_for_role", field="tables")
        before = role_snapshot(official)
        official.tables = clean_tables(tables, official.role)
        official.save(update_fields=["tables"])
        log_action(tournament, "account.tables_changed", user=user, before=before, after=role_snapshot(official))
    return official


def remove_role(user, tournament, role_id) -> None:
    """Take a role away (the account stays: it may serve other tournaments).

    Removing a player's role also unlinks the account from his seat in this tournament.
    """
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        role = _role_in(tournament, role_id)
        if role.role == RoleKind.ORGANIZER and role.user_id == user.pk:
            raise InvalidInput(_("Нельзя снять с себя роль организатора."), code="own_organizer_role")
        before = role_snapshot(role)
        unlinked = []
        if role.role == RoleKind.PLAYER:
            players = Player.objects.filter(pair__tournament=tournament, user_id=role.user_id)
            unlinked = list(players.values_list("pk", flat=True))
            Player.objects.filter(pk__in=unlinked).update(user=None)
        role.delete()
        log_action(tournament, "account.role_removed", user=user, before=before,
                   after={"unlinked_players": unlinked} if unlinked else None)


class ResetPassword(NamedTuple):
    """A password set by ``reset_official_password``; it exists only here, once."""

    role: TournamentRole
    password: str


def reset_official_password(user, tournament, role_id) -> ResetPassword:
    """A new random password for a referee or chief referee of the tournament (shown once, never audited).

    Refused unless the account is wholly his (``account_rights.wholly_his``: it
    serves nothing but tournaments he organizes, plays and captains nowhere else,
    is in no group, not staff): its owner answers to someone else. The account's
    login lockout, if any, is lifted.
    """
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        official = _role_in(tournament, role_id)
        if official.role not in OFFICIAL_ROLES:
            raise InvalidInput(_("Сбросить пароль можно только судье или главному судье."),
                               code="reset_not_for_role")
        account = locked(get_user_model().objects.filter(pk=official.user_id)).get()
        require_wholly_his(user, account)
        password = valid_random_password(10, account)
        account.set_password(password)
        account.save(update_fields=["password"])
        official.user = account
        log_action(tournament, "account.password_reset", user=user, after=role_snapshot(official))

    reset_lockout(username=account.get_username())
    return ResetPassword(official, password)


ATTACHABLE_ROLES = (RoleKind.ORGANIZER, RoleKind.CHIEF_REFEREE, RoleKind.REFEREE)
SEARCH_LIMIT = 20


def search_accounts(query, *, limit=SEARCH_LIMIT) -> list:
    """Active accounts whose login or name contains ``query`` (case and ё/е ignored)."""
    needle = fold(query)[:150]
    if not needle:
        return []
    User = get_user_model()
    found = []
    for row in User.objects.filter(is_active=True).order_by("last_name", "first_name", "username").values_list(
            "pk", "username", "first_name", "last_name"):
        haystack = fold(f"{row[1]} {row[3]} {row[2]}")
        if needle in haystack:
            found.append(row[0])
            if len(found) >= limit:
                break
    accounts_ = User.objects.in_bulk(found)
    return [accounts_[pk] for pk in found]


def attach_account(user, tournament, account_id, *, role, tables=None) -> TournamentRole:
    """An existing account becomes a referee (of some tables or all), chief referee or co-organizer."""
    require_organizer(user, tournament)
    if role not in ATTACHABLE_ROLES:
        raise InvalidInput(_("Выберите роль: судья, главный судья или организатор."), code="role_invalid",
                           field="role")
    role = RoleKind(role)
    tables = clean_tables(tables, role)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        account = active_account(account_id)
        if TournamentRole.objects.filter(tournament=tournament, user=account, role=role).exists():
            raise InvalidInput(_("У «%(u)s» уже есть эта роль в турнире.") % {"u": account.get_username()},
                               code="role_exists", field="role")
        official = TournamentRole.objects.create(tournament=tournament, user=account, role=role, tables=tables)
        log_action(tournament, "account.attached", user=user, after=role_snapshot(official))
    return official


# --- selectors (read only, for the officials page) ---------------------------------

ROLE_ORDER = {RoleKind.ORGANIZER: 0, RoleKind.CHIEF_REFEREE: 1, RoleKind.REFEREE: 2}


def officials(tournament) -> list[TournamentRole]:
    """Organizers, chief referees and referees of the tournament, in that order."""
    roles = TournamentRole.objects.filter(tournament=tournament).exclude(role=RoleKind.PLAYER).select_related("user")
    return sorted(roles, key=lambda r: (ROLE_ORDER.get(r.role, 9), name_key(r.user.get_username())))
