"""Who may send a body over the site's usual limit to an upload page (``settings.UPLOAD_PERMISSION``).

``core.middleware`` asks before a byte of the body is read: the larger limit is for a logged-in
organizer of the tournament the page belongs to.
"""
from __future__ import annotations

from access.permissions import is_organizer
from tournaments.models import Tournament


def may_upload(user, slug: str) -> bool:
    """An organizer of the tournament ``slug`` (a tournament that does not exist: no one)."""
    tournament = Tournament.objects.filter(slug=slug).only("pk").first()
    return tournament is not None and is_organizer(user, tournament)
