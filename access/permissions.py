"""Who may do what, per tournament.

Roles: organizer, chief referee, referee (for the whole tournament or for
given tables), player (a ``Player`` row linked to the account) and the public;
above the tournaments, the federation administrator (a member of the Django
group ``FEDERATION_ADMINS``), who keeps the players' registry: he merges and
splits its persons and edits what their pages show. He holds no role in a
tournament by that alone.
Being staff or superuser gives no role in any tournament: on a shared server
each club's organizer runs only his own events (the superuser keeps the admin
for emergencies, where protocols are read-only). No one referees his own
game: a player of a partie cannot enter, correct, confirm as referee,
countersign or reopen it, whatever referee role he holds; he still signs for
his own seat. Each question has one function; the services call them, the
pages only use them to hide buttons. The role rows are read once per user
object and tournament (``_roles``); saving or deleting a role forgets them.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import NotAllowed

from .models import ROLES_CACHE, RoleKind, TournamentRole

SEATS_OF_SIDE = {"A": ("A1", "A2"), "B": ("B1", "B2")}
FEDERATION_ADMINS = "federation_admin"  # the Django group of the federation administrators
_FEDERATION_CACHE = "_federation_admin_cache"


def _authenticated(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False) and user.is_active


def _roles(user, tournament) -> list[TournamentRole]:
    """The user's role rows in a tournament, cached on the user object for one request."""
    if not _authenticated(user):
        return []
    cache = user.__dict__.setdefault(ROLES_CACHE, {})
    if tournament.pk not in cache:
        cache[tournament.pk] = list(TournamentRole.objects.filter(tournament_id=tournament.pk, user=user))
    return cache[tournament.pk]


def is_federation_admin(user) -> bool:
    """A member of the federation administrators' group (being staff or superuser is not enough)."""
    if not _authenticated(user):
        return False
    if _FEDERATION_CACHE not in user.__dict__:
        user.__dict__[_FEDERATION_CACHE] = user.groups.filter(name=FEDERATION_ADMINS).exists()
    return user.__dict__[_FEDERATION_CACHE]


def require_federation_admin(user) -> None:
    """For the registry's merges, splits and edits: anyone else is refused with ``NotAllowed``."""
    if not is_federation_admin(user):
        raise NotAllowed(_("Это может сделать только администратор федерации."))


def is_organizer(user, tournament) -> bool:
    """A user with the "organizer" role in this tournament (being staff or superuser is not enough)."""
    if not _authenticated(user):
        return False
    return any(r.role == RoleKind.ORGANIZER for r in _roles(user, tournament))


def require_organizer(user, tournament) -> None:
    """For the organizer's services: anyone else is refused with ``NotAllowed``."""
    if not is_organizer(user, tournament):
        raise NotAllowed(_("Это может сделать только организатор турнира."))


def is_chief_referee(user, tournament) -> bool:
    """The chief referee, or anyone who may act as one (organizer)."""
    if is_organizer(user, tournament):
        return True
    return any(r.role == RoleKind.CHIEF_REFEREE for r in _roles(user, tournament))


def referee_tables(user, tournament):
    """None: every table; a set of table numbers; an empty set: no table."""
    if is_chief_referee(user, tournament):
        return None
    tables: set[int] = set()
    for role in _roles(user, tournament):
        if role.role == RoleKind.REFEREE:
            if not role.tables:
                return None
            tables.update(int(t) for t in role.tables)
    return tables


def is_referee(user, tournament) -> bool:
    """Any refereeing role in the tournament (all tables or some)."""
    tables = referee_tables(user, tournament)
    return tables is None or bool(tables)


def is_referee_for(user, partie) -> bool:
    tournament = partie.round.tournament
    tables = referee_tables(user, tournament)
    if tables is None:
        return True
    return partie.table in tables


def player_seats(user, partie) -> list[str]:
    """The seats ("A1", "B2", …) of this account at the table (usually one, none for others)."""
    if not _authenticated(user):
        return []
    seats = []
    for side in "AB":
        for seat, player in zip(SEATS_OF_SIDE[side], partie.side_players(side)):
            if player.user_id == user.pk:
                seats.append(seat)
    return seats


# --- one function per question ------------------------------------------------

def officiates(user, partie) -> bool:
    """A referee of this table who does not play in this partie (no one referees his own game)."""
    return is_referee_for(user, partie) and not player_seats(user, partie)


def can_enter(user, partie) -> bool:
    """Enter and correct deals, give remarks, record a no-show or the time-up."""
    return officiates(user, partie)


def can_confirm(user, partie) -> bool:
    """Confirm deals at all (the per-deal rule "not your own entry" is checked by the service).

    A player of the partie confirms as a player, whatever referee role he holds.
    """
    return is_referee_for(user, partie) or bool(player_seats(user, partie))


def can_sign_as_player(user, partie, seat) -> bool:
    return seat in player_seats(user, partie)


def can_countersign(user, partie) -> bool:
    return officiates(user, partie)


def can_clear_device_reports(user, partie) -> bool:
    """Clear a table's reports of entries held on devices (a closed browser's): the table's referee, the chief
    referee or the organizer, none of them playing in the partie."""
    return officiates(user, partie)


def can_reopen(user, partie) -> bool:
    return is_chief_referee(user, partie.round.tournament) and not player_seats(user, partie)


def can_read_audit(user, tournament) -> bool:
    return is_chief_referee(user, tournament)


def can_view_dashboard(user, tournament) -> bool:
    """The round overview: organizer and chief referee see every table, a referee sees his own."""
    return is_referee(user, tournament)


def can_view_protocol(user, partie) -> bool:
    """Published rounds of public tournaments are open to everyone; otherwise referees and the players."""
    tournament = partie.round.tournament
    if tournament.is_public and partie.round.status != "draft":
        return True
    return is_referee_for(user, partie) or bool(player_seats(user, partie))


def can_view_entry(user, partie) -> bool:
    """The table page: the referees enter, the players of the partie read, confirm and sign."""
    return can_enter(user, partie) or bool(player_seats(user, partie))
