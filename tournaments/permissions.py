"""Who may run a tournament: the one check every organizer's service and page uses."""
from __future__ import annotations

from django.utils.translation import gettext as _

from .errors import NotAllowed


def can_organize(user, tournament) -> bool:
    """Superuser, staff, or a user with the "organizer" role in this tournament."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser or user.is_staff:
        return True
    from referees.models import RoleKind, TournamentRole

    return TournamentRole.objects.filter(tournament_id=tournament.pk, user=user, role=RoleKind.ORGANIZER).exists()


def require_organizer(user, tournament) -> None:
    if not can_organize(user, tournament):
        raise NotAllowed(_("Это может сделать только организатор турнира."))
