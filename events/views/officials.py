"""The officials page of a tournament: referees, chief referees and organizers in one place.

The organizer adds a new account (referee or chief referee) or an existing one
(also a co-organizer), changes a referee's tables, gives a new password, takes
a role away and lifts login lockouts. Thin views: the permission checks, the
locking and the audit are in ``access.officials`` and ``access.accounts``;
service errors land next to the field they name. The players' accounts and
PINs are on the signing page (``referees:signing``).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from access import accounts, lockouts, officials
from access.account_rights import wholly_his
from access.models import RoleKind
from access.pages import organizer_page
from core.errors import DomainError, NotAllowed
from core.pages import post_only
from core.public import public_url
from events.forms_officials import OfficialForm, TablesForm, tables_text

from ..forms_setup import AttachForm, LinkPlayerForm

# The refusal of every page here.
organized = organizer_page(message=gettext_lazy("Судей и организаторов турнира назначает его организатор."))


def officials_url(tournament, anchor="officials"):
    return reverse("tournaments:officials", args=[tournament.slug]) + (f"#{anchor}" if anchor else "")


def _tables_form(role, data=None):
    return TablesForm(data, initial={"tables": role.tables}, auto_id=f"id_role{role.pk}_%s")


def officials_page(request, tournament, *, status=200, attach_form=None, link_form=None, official_form=None,
                   tables_form=None, role_id=None):
    """The page; a form with errors (``*_form``, the tables of ``role_id``) is shown in place of its blank one."""
    rows = []
    for role in officials.officials(tournament):
        rows.append({
            "role": role, "tables": tables_text(role.tables),
            "tables_form": (tables_form if role.pk == role_id else _tables_form(role))
            if role.role == RoleKind.REFEREE else None,
            "removable": not (role.role == RoleKind.ORGANIZER and role.user_id == request.user.pk),
            "resettable": role.role in officials.OFFICIAL_ROLES and wholly_his(request.user, role.user),
        })
    query = " ".join((request.POST.get("q") or request.GET.get("q", "")).split())[:100]
    return render(request, "tournaments/officials.html", {
        "tournament": tournament, "officials": rows, "query": query,
        "found": officials.search_accounts(query) if query else [],
        "attach_form": attach_form or AttachForm(), "blank_attach_form": AttachForm(),
        "link_form": link_form or LinkPlayerForm(tournament=tournament),
        "official_form": official_form or OfficialForm(initial={"password": accounts.random_password(10)}),
        "back": "officials", **lockouts.page_context(tournament, request.user),
    }, status=status)


@never_cache
@login_required
@organized
def officials_view(request, tournament):
    """GET: the officials, their lockouts and a search of existing accounts; POST: attach one of those."""
    if request.method != "POST":
        return officials_page(request, tournament)
    form = AttachForm(request.POST)
    if form.is_valid():
        try:
            role = officials.attach_account(request.user, tournament, form.cleaned_data["account"],
                                            role=form.cleaned_data["role"], tables=form.cleaned_data["tables"])
        except DomainError as err:
            form.add_service_error(err)
        else:
            messages.success(request, _("«%(u)s» добавлен в турнир: %(role)s.") % {
                "u": role.user.get_username(), "role": role.get_role_display()})
            return redirect(officials_url(tournament))
    return officials_page(request, tournament, attach_form=form, status=400)


@login_required
@post_only
@organized
def add_official_view(request, tournament):
    """A new account for a referee or chief referee, with the login and password the organizer typed."""
    form = OfficialForm(request.POST)
    if form.is_valid():
        try:
            role = officials.create_official(request.user, tournament, **form.cleaned_data)
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from None
        except DomainError as exc:
            form.add_service_error(exc)
        else:
            messages.success(request, _("Учётная запись «%(u)s» создана: %(role)s.") % {
                "u": role.user.get_username(), "role": role.get_role_display()})
            return redirect(officials_url(tournament))
    return officials_page(request, tournament, status=422, official_form=form)


@login_required
@post_only
@organized
def role_action_view(request, tournament, role_id, action):
    """Change a referee's tables or take a role away."""
    if action not in ("tables", "remove"):
        raise Http404
    form = TablesForm(request.POST, auto_id=f"id_role{role_id}_%s") if action == "tables" else None
    if form is not None and not form.is_valid():
        return officials_page(request, tournament, status=422, tables_form=form, role_id=role_id)
    try:
        if form is not None:
            officials.set_official_tables(request.user, tournament, role_id, form.cleaned_data["tables"])
        else:
            officials.remove_role(request.user, tournament, role_id)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from None
    except DomainError as exc:
        if exc.code == "role_not_found":
            raise Http404 from None
        if form is not None:
            form.add_service_error(exc)
            return officials_page(request, tournament, status=422, tables_form=form, role_id=role_id)
        messages.error(request, exc.message)
        return redirect(officials_url(tournament))
    messages.success(request, _("Столы судьи сохранены.") if form is not None else _("Роль снята."))
    return redirect(officials_url(tournament))


@never_cache
@login_required
@post_only
@organized
def reset_password_view(request, tournament, role_id):
    """A new password for a referee or chief referee, shown this once on a page browsers do not keep."""
    try:
        reset = officials.reset_official_password(request.user, tournament, role_id)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from None
    except DomainError as exc:
        if exc.code == "role_not_found":
            raise Http404 from None
        messages.error(request, exc.message)
        return redirect(officials_url(tournament))
    login_url = public_url(reverse("login"), request)
    return render(request, "referees/password_reset.html",
                  {"tournament": tournament, "role": reset.role, "password": reset.password, "login_url": login_url})


@login_required
@post_only
@organized
def link_player_view(request, tournament):
    """An existing account (from an earlier event) for a player of this tournament."""
    form = LinkPlayerForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            player = accounts.link_player_account(request.user, tournament, form.cleaned_data["player"],
                                                  form.cleaned_data["account"])
        except DomainError as err:
            form.add_service_error(err)
        else:
            messages.success(request, _("Игрок %(name)s привязан к учётной записи «%(u)s».") % {
                "name": player.name, "u": player.user.get_username()})
            return redirect(officials_url(tournament, ""))
    return officials_page(request, tournament, link_form=form, status=400)
