"""The pages of a tournament that only its officials open: the address's ``slug`` becomes the tournament.

``@organizer_page`` (and ``@chief_referee_page``, ``tournament_page(may)`` for another question) finds the
tournament of the address's ``slug`` (404 if there is none), refuses whoever may not open the page, and
calls the view with ``tournament`` in place of ``slug``::

    @login_required
    @post_only
    @organizer_page(message=_("…"))
    def view(request, tournament, pair_id): ...

It checks no login: ``login_required`` above it sends an anonymous visitor to the login page, as before.
The refusal is the site's 403 page (``PermissionDenied``, with ``message`` as its reason), or the page
``refusal(request, message)`` returns (``core.pages.forbidden``: the referees' pages). ``kind`` checks the
tournament before the permission (the team pages' 404 for a tournament without teams).
"""
from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament

from .permissions import is_chief_referee, is_organizer


def tournament_page(may, *, message=None, refusal=None, kind=None):
    """The decorator of a page that ``may(user, tournament)`` lets the user open."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, slug, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            if kind is not None:
                tournament = kind(tournament)
            if not may(request.user, tournament):
                if refusal is not None:
                    return refusal(request, message)
                raise PermissionDenied(message) if message else PermissionDenied
            return view(request, *args, tournament=tournament, **kwargs)

        return wrapper

    return decorator


def organizer_page(view=None, /, **options):
    """The organizer's page: ``@organizer_page`` or ``@organizer_page(message=…, refusal=…, kind=…)``."""
    decorator = tournament_page(is_organizer, **options)
    return decorator if view is None else decorator(view)


def chief_referee_page(view=None, /, **options):
    """A page of the chief referee (and of the organizer, who may act as one)."""
    decorator = tournament_page(is_chief_referee, **options)
    return decorator if view is None else decorator(view)
