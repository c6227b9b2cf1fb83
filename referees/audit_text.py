"""Who wrote an audit entry, by the role in the tournament («Судья Петров»).

What the entry says is told by its action (``referees.audit_actions``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.models import RoleKind, TournamentRole
from core.names import person_name

ROLE_WORD = {
    RoleKind.ORGANIZER: gettext_lazy("Организатор"),
    RoleKind.CHIEF_REFEREE: gettext_lazy("Главный судья"),
    RoleKind.REFEREE: gettext_lazy("Судья"),
}


def who(entry, roles: dict) -> str:
    """«Судья Петров»: the role in the tournament and the person's name."""
    user = entry.user
    if user is None:
        return _("Игрок (без входа)") if entry.action.startswith("protocol.") else _("Система")
    name = person_name(user)
    role = roles.get(user.pk)
    if role is None and (user.is_superuser or user.is_staff):
        role = RoleKind.ORGANIZER
    word = ROLE_WORD.get(role)
    return f"{word} {name}" if word else name


def roles_of(tournament) -> dict:
    """user id -> the highest role in the tournament (one query)."""
    order = [RoleKind.ORGANIZER, RoleKind.CHIEF_REFEREE, RoleKind.REFEREE]
    roles = {}
    for user_id, role in TournamentRole.objects.filter(tournament=tournament).values_list("user_id", "role"):
        if role in order and (user_id not in roles or order.index(role) < order.index(roles[user_id])):
            roles[user_id] = role
    return roles
