"""Who may run a tournament: the one check every organizer's service and page uses."""
from __future__ import annotations

from django.utils.translation import gettext as _

from .errors import NotAllowed


def can_organize(user, tournament) -> bool:
    """A user with the "organizer" role in this tournament (being staff or superuser is not enough)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    from referees.models import RoleKind, TournamentRole  # noqa: PLC0415

    return TournamentRole.objects.filter(tournament_id=tournament.pk, user=user, role=RoleKind.ORGANIZER).exists()


def require_organizer(user, tournament) -> None:
    if not can_organize(user, tournament):
        raise NotAllowed(_("Это может сделать только организатор турнира."))
