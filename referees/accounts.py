"""Accounts of a tournament: the organizer creates referees, chief referees and players.

Services, the only writers (docs/architecture.md): each takes the acting
``user``, checks that he organizes the tournament, works inside one transaction
(the tournament row is locked, so two organizers or a double click cannot
create the same account twice), raises a ``ServiceError`` with a machine ``code`` (``field`` names the
form field at fault) and writes an audit entry. Passwords never reach the
audit log.
"""
from __future__ import annotations

import secrets
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.errors import InvalidInput, NotAllowed
from tournaments.models import Player, Tournament
from tournaments.names import name_key

from . import permissions as perms
from .models import RoleKind, TournamentRole, log_action

OFFICIAL_ROLES = (RoleKind.REFEREE, RoleKind.CHIEF_REFEREE)
# Digits and lowercase letters a person cannot misread on a printed slip (no 0/o, 1/l/i).
PASSWORD_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
MAX_TABLE = 1000


class IssuedAccount(NamedTuple):
    """One account made by ``create_player_accounts``; the password exists only here, once."""

    name: str
    username: str
    password: str  # empty for an account from an earlier event, linked: its password is the player's own

    @property
    def existing(self) -> bool:
        return not self.password


# --- checks ----------------------------------------------------------------------

def _require_organizer(user, tournament) -> None:
    if not perms.is_organizer(user, tournament):
        raise NotAllowed(_("Учётными записями турнира управляет только его организатор."))


def _locked(tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def clean_username(username) -> str:
    User = get_user_model()
    username = User.normalize_username(str(username or "").strip())
    if not username:
        raise InvalidInput(_("Укажите имя пользователя."), code="username_required", field="username")
    max_length = User._meta.get_field(User.USERNAME_FIELD).max_length
    if len(username) > max_length:
        raise InvalidInput(_("Имя пользователя длиннее %(n)s знаков.") % {"n": max_length},
                           code="username_invalid", field="username")
    try:
        User.username_validator(username)
    except ValidationError:
        raise InvalidInput(_("Имя пользователя может состоять только из букв, цифр и знаков @ . + - _ "
                             "(без пробелов)."), code="username_invalid", field="username") from None
    return username


def _username_taken(username) -> bool:
    User = get_user_model()
    return User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": username}).exists()


def _taken_error(username) -> InvalidInput:
    return InvalidInput(
        _("Имя пользователя «%(u)s» уже занято. Выберите другое: существующая учётная запись "
          "к турниру не привязывается.") % {"u": username},
        code="username_taken", field="username",
    )


def _check_password(password, candidate) -> None:
    if not password:
        raise InvalidInput(_("Укажите пароль."), code="password_required", field="password")
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise InvalidInput(" ".join(exc.messages), code="weak_password", field="password") from None


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


def split_name(full_name) -> tuple[str, str]:
    """("first name", "last name") from "Фамилия Имя [Отчество]", as names are written in the pair lists."""
    parts = " ".join(str(full_name or "").split()).split(" ", 1)
    last = parts[0][:150]
    first = parts[1][:150] if len(parts) > 1 else ""
    return first, last


def _create_user(username, password, *, first_name, last_name):
    """A new account; a name taken in the meantime (another request) is refused, never reused."""
    User = get_user_model()
    if _username_taken(username):
        raise _taken_error(username)
    try:
        with transaction.atomic():
            return User.objects.create_user(username, password=password, first_name=first_name,
                                            last_name=last_name)
    except IntegrityError:
        raise _taken_error(username) from None


def role_snapshot(role: TournamentRole) -> dict:
    return {"role_id": role.pk, "user_id": role.user_id, "username": role.user.get_username(),
            "full_name": role.user.get_full_name(), "role": role.role, "tables": list(role.tables or [])}


def _role_in(tournament, role_id) -> TournamentRole:
    try:
        return (TournamentRole.objects.select_for_update().select_related("user")
                .get(pk=role_id, tournament_id=tournament.pk))
    except (TournamentRole.DoesNotExist, ValueError, TypeError):
        raise InvalidInput(_("В этом турнире такой роли нет."), code="role_not_found") from None


# --- officials -------------------------------------------------------------------

def create_official(user, tournament, *, username, full_name, password, role, tables=None) -> TournamentRole:
    """A new account for a referee (of some tables or the whole tournament) or the chief referee."""
    _require_organizer(user, tournament)
    if role not in OFFICIAL_ROLES:
        raise InvalidInput(_("Выберите роль: судья или главный судья."), code="role_invalid", field="role")
    role = RoleKind(role)
    username = clean_username(username)
    full_name = " ".join(str(full_name or "").split())
    if not full_name:
        raise InvalidInput(_("Укажите фамилию и имя."), code="name_required", field="full_name")
    tables = clean_tables(tables, role)
    first, last = split_name(full_name)
    _check_password(password, get_user_model()(username=username, first_name=first, last_name=last))
    with transaction.atomic():
        tournament = _locked(tournament)
        account = _create_user(username, password, first_name=first, last_name=last)
        official = TournamentRole.objects.create(tournament=tournament, user=account, role=role, tables=tables)
        log_action(tournament, "account.created", user=user, after=role_snapshot(official))
    return official


def set_official_tables(user, tournament, role_id, tables) -> TournamentRole:
    """The tables a referee serves (an empty list: every table of the tournament)."""
    _require_organizer(user, tournament)
    with transaction.atomic():
        tournament = _locked(tournament)
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
    _require_organizer(user, tournament)
    with transaction.atomic():
        tournament = _locked(tournament)
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


def _may_reset(user, account) -> bool:
    """Only an account that serves nothing but tournaments this organizer organizes, and is no staff."""
    if account.is_staff or account.is_superuser or account.pk == user.pk:
        return False
    other_roles = TournamentRole.objects.filter(user=account).exclude(role=RoleKind.PLAYER)
    tournaments = {r.tournament_id: r for r in other_roles.select_related("tournament")}
    if any(r.role == RoleKind.ORGANIZER for r in tournaments.values()):
        return False
    return all(perms.is_organizer(user, r.tournament) for r in tournaments.values())


def reset_official_password(user, tournament, role_id) -> ResetPassword:
    """A new random password for a referee or chief referee of the tournament (shown once, never audited).

    Refused for an account that also organizes, is staff, or serves a tournament
    this organizer does not organize: its owner answers to someone else. The
    account's login lockout, if any, is lifted.
    """
    _require_organizer(user, tournament)
    with transaction.atomic():
        tournament = _locked(tournament)
        official = _role_in(tournament, role_id)
        if official.role not in OFFICIAL_ROLES:
            raise InvalidInput(_("Сбросить пароль можно только судье или главному судье."),
                               code="reset_not_for_role")
        account = get_user_model().objects.select_for_update().get(pk=official.user_id)
        if not _may_reset(user, account):
            raise NotAllowed(_("Пароль учётной записи «%(u)s» может сбросить только администратор: она "
                               "служит и в других турнирах или имеет другие права.") % {"u": account.get_username()})
        password = _valid_random_password(10, account)
        account.set_password(password)
        account.save(update_fields=["password"])
        official.user = account
        log_action(tournament, "account.password_reset", user=user, after=role_snapshot(official))
    from axes.utils import reset as reset_lockout  # noqa: PLC0415

    reset_lockout(username=account.get_username())
    return ResetPassword(official, password)


# --- players ---------------------------------------------------------------------

def _player_in(tournament, player) -> Player:
    player_id = getattr(player, "pk", player)
    try:
        return (Player.objects.select_for_update(of=("self",)).select_related("pair")
                .get(pk=player_id, pair__tournament_id=tournament.pk))
    except (Player.DoesNotExist, ValueError, TypeError):
        raise InvalidInput(_("Этот игрок не участвует в турнире."), code="player_not_in_tournament") from None


def _link_player(user, tournament, player, username, password, *, note="") -> None:
    first, last = split_name(player.name)
    account = _create_user(username, password, first_name=first, last_name=last)
    player.user = account
    player.save(update_fields=["user"])
    role, _created = TournamentRole.objects.get_or_create(tournament=tournament, user=account, role=RoleKind.PLAYER)
    log_action(tournament, "account.created", user=user, note=note, after={
        **role_snapshot(role), "player_id": player.pk, "player": player.name,
        "pair": player.pair.number, "number": player.number,
    })


def create_player_account(user, tournament, player, *, username, password) -> Player:
    """An account for one player, linked to his seat so that he confirms and signs his own protocols."""
    _require_organizer(user, tournament)
    username = clean_username(username)
    with transaction.atomic():
        tournament = _locked(tournament)
        player = _player_in(tournament, player)
        if player.user_id is not None:
            raise InvalidInput(_("У игрока %(name)s уже есть учётная запись.") % {"name": player.name},
                               code="player_has_account")
        first, last = split_name(player.name)
        _check_password(password, get_user_model()(username=username, first_name=first, last_name=last))
        _link_player(user, tournament, player, username, password)
    return player


def random_password(length=8) -> str:
    """Letters and digits of ``PASSWORD_ALPHABET``, at least one of each (never all digits)."""
    letters = [c for c in PASSWORD_ALPHABET if not c.isdigit()]
    digits = [c for c in PASSWORD_ALPHABET if c.isdigit()]
    chars = [secrets.choice(letters), secrets.choice(digits)]
    chars += [secrets.choice(PASSWORD_ALPHABET) for _i in range(max(length, 2) - 2)]
    secrets.SystemRandom().shuffle(chars)
    return "".join(chars[:max(length, 2)])


def _valid_random_password(length, candidate) -> str:
    last_error = None
    for _attempt in range(20):
        password = random_password(length)
        try:
            _check_password(password, candidate)
        except InvalidInput as exc:
            last_error = exc
        else:
            return password
    raise InvalidInput(_("Пароль такой длины не проходит проверку: %(msg)s") % {"msg": last_error.message},
                       code="weak_password", field="password_length")


def player_username(tournament, player) -> str:
    """``<slug>-<pair number>-<player number>``; before the numbers exist, ``<slug>-p<player id>``."""
    slug = tournament.slug.lower()[:100]
    if player.pair.number and player.number:
        return f"{slug}-{player.pair.number}-{player.number}"
    return f"{slug}-p{player.pk}"


def _free_username(base) -> str:
    username, k = base, 1
    while _username_taken(username):
        k += 1
        username = f"{base}-{k}"
    return username


def create_player_accounts(user, tournament, *, password_length=8) -> list[IssuedAccount]:
    """An account for every player who has none; the passwords are returned once, to be printed.

    Running it again creates nothing for players who already have an account.
    """
    _require_organizer(user, tournament)
    if isinstance(password_length, bool) or not isinstance(password_length, int) or not 8 <= password_length <= 64:
        raise InvalidInput(_("Длина пароля — от 8 до 64 знаков."), code="password_length_invalid",
                           field="password_length")
    issued = []
    with transaction.atomic():
        tournament = _locked(tournament)
        players = (Player.objects.select_for_update(of=("self",)).select_related("pair")
                   .filter(pair__tournament=tournament, user__isnull=True)
                   .order_by("pair__number", "number", "pk"))
        known = _accounts_by_name(tournament)
        for player in players:
            account = _single_match(known, player.name)
            if account is not None:
                _link_existing(user, tournament, player, account, note=_("Учётные записи игрокам — списком"))
                issued.append(IssuedAccount(player.name, account.get_username(), ""))
                continue
            username = _free_username(player_username(tournament, player))
            first, last = split_name(player.name)
            password = _valid_random_password(password_length, get_user_model()(
                username=username, first_name=first, last_name=last))
            _link_player(user, tournament, player, username, password, note=_("Учётные записи игрокам — списком"))
            issued.append(IssuedAccount(player.name, username, password))
    return issued


# --- existing accounts: attach officials, link players -------------------------------

ATTACHABLE_ROLES = (RoleKind.ORGANIZER, RoleKind.CHIEF_REFEREE, RoleKind.REFEREE)
SEARCH_LIMIT = 20


def name_key(name) -> str:
    """A name as compared across events: case and ё/е ignored, spaces collapsed."""
    return " ".join(str(name or "").casefold().replace("ё", "е").split())


def _account_names(account_row) -> set[str]:
    _pk, username, first, last = account_row
    return {name_key(f"{last} {first}"), name_key(f"{first} {last}")} - {""}


def _accounts_by_name(tournament) -> dict:
    """name key -> ids of active accounts not yet playing in this tournament (one query)."""
    User = get_user_model()
    linked = Player.objects.filter(pair__tournament=tournament, user__isnull=False).values("user_id")
    index: dict = {}
    for row in (User.objects.filter(is_active=True).exclude(pk__in=linked)
                .values_list("pk", "username", "first_name", "last_name")):
        for key in _account_names(row):
            index.setdefault(key, set()).add(row[0])
    return index


def _single_match(index: dict, player_name):
    """The one account whose full name is the player's; None when there is none or more than one."""
    ids = index.get(name_key(player_name), set())
    if len(ids) != 1:
        return None
    account_id = next(iter(ids))
    for key in list(index):  # an account links to one player only
        index[key].discard(account_id)
    return get_user_model().objects.get(pk=account_id)


def search_accounts(query, *, limit=SEARCH_LIMIT) -> list:
    """Active accounts whose login or name contains ``query`` (case and ё/е ignored)."""
    needle = name_key(query)[:150]
    if not needle:
        return []
    User = get_user_model()
    found = []
    for row in User.objects.filter(is_active=True).order_by("last_name", "first_name", "username").values_list(
            "pk", "username", "first_name", "last_name"):
        haystack = name_key(f"{row[1]} {row[3]} {row[2]}")
        if needle in haystack:
            found.append(row[0])
            if len(found) >= limit:
                break
    accounts_ = User.objects.in_bulk(found)
    return [accounts_[pk] for pk in found]


def _active_account(account_id):
    User = get_user_model()
    try:
        return User.objects.get(pk=int(account_id), is_active=True)
    except (User.DoesNotExist, ValueError, TypeError, OverflowError):
        raise InvalidInput(_("Такой учётной записи нет."), code="account_not_found", field="account") from None


def attach_account(user, tournament, account_id, *, role, tables=None) -> TournamentRole:
    """An existing account becomes a referee (of some tables or all), chief referee or co-organizer."""
    _require_organizer(user, tournament)
    if role not in ATTACHABLE_ROLES:
        raise InvalidInput(_("Выберите роль: судья, главный судья или организатор."), code="role_invalid",
                           field="role")
    role = RoleKind(role)
    tables = clean_tables(tables, role)
    with transaction.atomic():
        tournament = _locked(tournament)
        account = _active_account(account_id)
        if TournamentRole.objects.filter(tournament=tournament, user=account, role=role).exists():
            raise InvalidInput(_("У «%(u)s» уже есть эта роль в турнире.") % {"u": account.get_username()},
                               code="role_exists", field="role")
        official = TournamentRole.objects.create(tournament=tournament, user=account, role=role, tables=tables)
        log_action(tournament, "account.attached", user=user, after=role_snapshot(official))
    return official


def _link_existing(user, tournament, player, account, *, note="") -> None:
    player.user = account
    player.save(update_fields=["user"])
    role, _created = TournamentRole.objects.get_or_create(tournament=tournament, user=account, role=RoleKind.PLAYER)
    log_action(tournament, "account.linked", user=user, note=note, after={
        **role_snapshot(role), "player_id": player.pk, "player": player.name,
        "pair": player.pair.number, "number": player.number,
    })


def link_player_account(user, tournament, player, account_id) -> Player:
    """The organizer picks the account a player already has (from an earlier event) for his seat."""
    _require_organizer(user, tournament)
    with transaction.atomic():
        tournament = _locked(tournament)
        player = _player_in(tournament, player)
        if player.user_id is not None:
            raise InvalidInput(_("У игрока %(name)s уже есть учётная запись.") % {"name": player.name},
                               code="player_has_account", field="player")
        account = _active_account(account_id)
        if Player.objects.filter(pair__tournament=tournament, user=account).exists():
            raise InvalidInput(_("Учётная запись «%(u)s» уже привязана к другому игроку этого турнира.")
                               % {"u": account.get_username()}, code="account_in_use", field="account")
        _link_existing(user, tournament, player, account)
    return player


# --- selectors (read only, for the accounts page) ----------------------------------

ROLE_ORDER = {RoleKind.ORGANIZER: 0, RoleKind.CHIEF_REFEREE: 1, RoleKind.REFEREE: 2}


def officials(tournament) -> list[TournamentRole]:
    """Organizers, chief referees and referees of the tournament, in that order."""
    roles = TournamentRole.objects.filter(tournament=tournament).exclude(role=RoleKind.PLAYER).select_related("user")
    return sorted(roles, key=lambda r: (ROLE_ORDER.get(r.role, 9), name_key(r.user.get_username())))


def players(tournament) -> list[Player]:
    return list(Player.objects.filter(pair__tournament=tournament).select_related("pair", "user")
                .order_by("pair__number", "number", "pk"))
