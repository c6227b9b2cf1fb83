"""Login lockouts of a tournament: the list (organizer, chief referee) and «Снять блокировку».

Thin views: the permission checks and the audit are in ``access.lockouts``.
The same list is shown on the officials page (``tournaments:officials``).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from access import lockouts
from access import permissions as perms
from core.errors import DomainError, NotAllowed
from core.pages import forbidden, post_only
from tournaments.models import Tournament


def _refused(request, tournament):
    if not lockouts.may_see(request.user, tournament):
        return forbidden(request, _("Блокировки входа видят организатор и главный судья."))
    return None


@never_cache
@login_required
def lockouts_page(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    refused = _refused(request, tournament)
    if refused:
        return refused
    return render(request, "referees/lockouts.html",
                  {"tournament": tournament, "back": "lockouts", **lockouts.page_context(tournament, request.user)})


@login_required
@post_only
def lift(request, slug):
    """Lift one account's lockout (``username``) or one address's (``address``)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    refused = _refused(request, tournament)
    if refused:
        return refused
    username, address = request.POST.get("username", ""), request.POST.get("address", "")
    try:
        if address:
            lockouts.lift_address_lockout(request.user, tournament, address)
            messages.success(request, _("Блокировка адреса %(a)s снята.") % {"a": address[:64]})
        else:
            lockouts.lift_lockout(request.user, tournament, username)
            messages.success(request, _("Блокировка входа «%(u)s» снята.") % {"u": username[:150]})
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except DomainError as exc:
        messages.error(request, exc.message)
    if request.POST.get("back") == "officials" and perms.is_organizer(request.user, tournament):
        return redirect("tournaments:officials", slug=slug)
    return redirect("referees:lockouts", slug=slug)
