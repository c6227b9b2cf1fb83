"""Players' accounts of a tournament, and the helpers every account service shares (``officials`` too).

Services, the only writers (docs/architecture.md): each takes the acting ``user``, checks that he
organizes the tournament, works inside one transaction (the tournament row is
locked, so two organizers or a double click cannot create the same account
twice), raises a ``ServiceError`` with a machine ``code`` (``field`` names the
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

from access.models import RoleKind, TournamentRole
from audit.log import log_action
from core.locking import locked
from core.names import fold
from tournaments.models import Player, Tournament

from . import permissions as perms
from .errors import InvalidInput, NotAllowed

# Digits and lowercase letters a person cannot misread on a printed slip (no 0/o, 1/l/i).
PASSWORD_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"


class IssuedAccount(NamedTuple):
    """One account made by ``create_player_accounts``; the password exists only here, once."""

    name: str
    username: str
    password: str  # empty for an account from an earlier event, linked: its password is the player's own

    @property
    def existing(self) -> bool:
        return not self.password


# --- checks ----------------------------------------------------------------------

def require_organizer(user, tournament) -> None:
    if not perms.is_organizer(user, tournament):
        raise NotAllowed(_("Учётными записями турнира управляет только его организатор."))


def locked_tournament(tournament) -> Tournament:
    """The tournament's row, locked until the caller's transaction ends."""
    return locked(Tournament.objects.filter(pk=tournament.pk)).get()


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


def check_password(password, candidate) -> None:
    if not password:
        raise InvalidInput(_("Укажите пароль."), code="password_required", field="password")
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise InvalidInput(" ".join(exc.messages), code="weak_password", field="password") from None


def split_name(full_name) -> tuple[str, str]:
    """("first name", "last name") from "Фамилия Имя [Отчество]", as names are written in the pair lists."""
    parts = " ".join(str(full_name or "").split()).split(" ", 1)
    last = parts[0][:150]
    first = parts[1][:150] if len(parts) > 1 else ""
    return first, last


def create_user(username, password, *, first_name, last_name):
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


# --- players ---------------------------------------------------------------------

def _player_in(tournament, player) -> Player:
    player_id = getattr(player, "pk", player)
    try:
        return (locked(Player.objects.select_related("pair"), of=("self",))
                .get(pk=player_id, pair__tournament_id=tournament.pk))
    except (Player.DoesNotExist, ValueError, TypeError):
        raise InvalidInput(_("Этот игрок не участвует в турнире."), code="player_not_in_tournament") from None


def _link_player(user, tournament, player, username, password, *, note="") -> None:
    first, last = split_name(player.name)
    account = create_user(username, password, first_name=first, last_name=last)
    player.user = account
    player.save(update_fields=["user"])
    role, _created = TournamentRole.objects.get_or_create(tournament=tournament, user=account, role=RoleKind.PLAYER)
    log_action(tournament, "account.created", user=user, note=note, after={
        **role_snapshot(role), "player_id": player.pk, "player": player.name,
        "pair": player.pair.number, "number": player.number,
    })


def create_player_account(user, tournament, player, *, username, password) -> Player:
    """An account for one player, linked to his seat so that he confirms and signs his own protocols."""
    require_organizer(user, tournament)
    username = clean_username(username)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        player = _player_in(tournament, player)
        if player.user_id is not None:
            raise InvalidInput(_("У игрока %(name)s уже есть учётная запись.") % {"name": player.name},
                               code="player_has_account")
        first, last = split_name(player.name)
        check_password(password, get_user_model()(username=username, first_name=first, last_name=last))
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


def valid_random_password(length, candidate) -> str:
    last_error = None
    for _attempt in range(20):
        password = random_password(length)
        try:
            check_password(password, candidate)
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
    require_organizer(user, tournament)
    if isinstance(password_length, bool) or not isinstance(password_length, int) or not 8 <= password_length <= 64:
        raise InvalidInput(_("Длина пароля — от 8 до 64 знаков."), code="password_length_invalid",
                           field="password_length")
    issued = []
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        players = (locked(Player.objects.select_related("pair"), of=("self",))
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
            password = valid_random_password(password_length, get_user_model()(
                username=username, first_name=first, last_name=last))
            _link_player(user, tournament, player, username, password, note=_("Учётные записи игрокам — списком"))
            issued.append(IssuedAccount(player.name, username, password))
    return issued


# --- existing accounts: link players -------------------------------------------------

def _account_names(account_row) -> set[str]:
    _pk, username, first, last = account_row
    return {fold(f"{last} {first}"), fold(f"{first} {last}")} - {""}


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
    ids = index.get(fold(player_name), set())
    if len(ids) != 1:
        return None
    account_id = next(iter(ids))
    for key in list(index):  # an account links to one player only
        index[key].discard(account_id)
    return get_user_model().objects.get(pk=account_id)


def active_account(account_id):
    User = get_user_model()
    try:
        return User.objects.get(pk=int(account_id), is_active=True)
    except (User.DoesNotExist, ValueError, TypeError, OverflowError):
        raise InvalidInput(_("Такой учётной записи нет."), code="account_not_found", field="account") from None


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
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        player = _player_in(tournament, player)
        if player.user_id is not None:
            raise InvalidInput(_("У игрока %(name)s уже есть учётная запись.") % {"name": player.name},
                               code="player_has_account", field="player")
        account = active_account(account_id)
        if Player.objects.filter(pair__tournament=tournament, user=account).exists():
            raise InvalidInput(_("Учётная запись «%(u)s» уже привязана к другому игроку этого турнира.")
                               % {"u": account.get_username()}, code="account_in_use", field="account")
        _link_existing(user, tournament, player, account)
    return player


