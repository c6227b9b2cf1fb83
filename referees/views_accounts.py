"""The accounts page of a tournament: the organizer adds referees and gives players their accounts.

Thin views: check that the user organizes the tournament, call one service of
``accounts``, render. Service errors land next to the field they name. The
passwords of the players' accounts are shown once, on a printable page that
browsers are told not to keep.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from config.paging import clean_query, page_of, paginate
from config.public import public_url
from scoring.errors import NotAllowed, ServiceError
from tournaments.models import Tournament

from . import accounts
from . import permissions as perms
from . import account_selectors as selectors
from .forms import OfficialForm, PlayerAccountForm, TablesForm, tables_text
from .models import RoleKind
from .views import forbidden


def _organized(request, slug):
    """The tournament, and a 403 response for anyone who does not organize it."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not perms.is_organizer(request.user, tournament):
        return tournament, forbidden(request, _("Учётные записи турнира ведёт его организатор."))
    return tournament, None


def accounts_url(tournament, anchor="", page=None):
    return (reverse("referees:accounts", args=[tournament.slug]) + (f"?page={page}" if page and page > 1 else "")
            + (f"#{anchor}" if anchor else ""))


def _tables_form(role, data=None):
    return TablesForm(data, initial={"tables": role.tables}, auto_id=f"id_role{role.pk}_%s")


def _player_form(player, tournament, data=None):
    return PlayerAccountForm(data, initial={"username": accounts.player_username(tournament, player)},
                             auto_id=f"id_player{player.pk}_%s")


PLAYERS_PER_PAGE = 100


def render_page(request, tournament, *, status=200, official_form=None, tables_form=None, role_id=None,
                player_form=None, player_id=None):
    rows = []
    for role in accounts.officials(tournament):
        rows.append({
            "role": role, "tables": tables_text(role.tables),
            "tables_form": (tables_form if role.pk == role_id else _tables_form(role))
            if role.role == RoleKind.REFEREE else None,
            "removable": not (role.role == RoleKind.ORGANIZER and role.user_id == request.user.pk),
            "resettable": role.role in accounts.OFFICIAL_ROLES,
        })
    query = clean_query(request.GET.get("q"))
    ids = selectors.player_ids(tournament, query if player_id is None else "")
    if player_id is not None:  # the form with an error is on the page that shows its player
        page = Paginator(ids, PLAYERS_PER_PAGE).get_page(page_of(ids, player_id, PLAYERS_PER_PAGE))
        query = ""
    else:
        page = paginate(request, ids, PLAYERS_PER_PAGE)
    players = [{"player": p, "form": None if p.user_id else
                (player_form if p.pk == player_id else _player_form(p, tournament))}
               for p in selectors.players_in_order(page.object_list)]
    counts = selectors.player_counts(tournament)
    return render(request, "referees/accounts.html", {
        "tournament": tournament, "officials": rows, "players": players, "page": page, "query": query,
        "players_total": counts["total"], "with_account": counts["with_account"],
        "official_form": official_form or OfficialForm(initial={"password": accounts.random_password(10)}),
        "signing_form": _signing_form(tournament),
    }, status=status)


def _signing_form(tournament):
    from .views_signing import SigningForm  # noqa: PLC0415

    return SigningForm(initial={"signing_method": tournament.signing_method,
                                "signature_mode": tournament.signature_mode})


@never_cache
@login_required
def accounts_page(request, slug):
    """GET: the page; POST: a new referee or chief referee."""
    tournament, refused = _organized(request, slug)
    if refused:
        return refused
    if request.method != "POST":
        return render_page(request, tournament)
    form = OfficialForm(request.POST)
    if form.is_valid():
        try:
            role = accounts.create_official(request.user, tournament, **form.cleaned_data)
        except NotAllowed as exc:
            return forbidden(request, exc.message)
        except ServiceError as exc:
            form.add_service_error(exc)
        else:
            messages.success(request, _("Учётная запись «%(u)s» создана: %(role)s.") % {
                "u": role.user.get_username(), "role": role.get_role_display()})
            return redirect(accounts_url(tournament, "officials"))
    return render_page(request, tournament, status=422, official_form=form)


@login_required
@require_POST
def role_action(request, slug, role_id, action):
    """Change a referee's tables or take a role away."""
    tournament, refused = _organized(request, slug)
    if refused:
        return refused
    if action not in ("tables", "remove"):
        raise Http404
    form = TablesForm(request.POST, auto_id=f"id_role{role_id}_%s") if action == "tables" else None
    if form is not None and not form.is_valid():
        return render_page(request, tournament, status=422, tables_form=form, role_id=role_id)
    try:
        if form is not None:
            accounts.set_official_tables(request.user, tournament, role_id, form.cleaned_data["tables"])
        else:
            accounts.remove_role(request.user, tournament, role_id)
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        if exc.code == "role_not_found":
            raise Http404 from None
        if form is not None:
            form.add_service_error(exc)
            return render_page(request, tournament, status=422, tables_form=form, role_id=role_id)
        messages.error(request, exc.message)
        return redirect(accounts_url(tournament, "officials"))
    messages.success(request, _("Столы судьи сохранены.") if form is not None else _("Роль снята."))
    return redirect(accounts_url(tournament, "officials"))


@login_required
@require_POST
def player_account(request, slug, player_id):
    """An account for one player, with the login and password the organizer typed."""
    tournament, refused = _organized(request, slug)
    if refused:
        return refused
    form = PlayerAccountForm(request.POST, auto_id=f"id_player{player_id}_%s")
    if form.is_valid():
        try:
            player = accounts.create_player_account(request.user, tournament, player_id, **form.cleaned_data)
        except NotAllowed as exc:
            return forbidden(request, exc.message)
        except ServiceError as exc:
            if exc.code == "player_not_in_tournament":
                raise Http404 from None
            if exc.code == "player_has_account":
                messages.error(request, exc.message)
                return redirect(accounts_url(tournament, "players"))
            form.add_service_error(exc)
        else:
            messages.success(request, _("Игроку %(name)s создана учётная запись «%(u)s».") % {
                "name": player.name, "u": player.user.get_username()})
            page = page_of(selectors.player_ids(tournament), player.pk, PLAYERS_PER_PAGE)
            return redirect(accounts_url(tournament, f"player-{player.pk}", page=page))
    return render_page(request, tournament, status=422, player_form=form, player_id=player_id)


@never_cache
@login_required
@require_POST
def player_accounts(request, slug):
    """Accounts for every player who has none; the slips with the passwords are shown this once."""
    tournament, refused = _organized(request, slug)
    if refused:
        return refused
    try:
        issued = accounts.create_player_accounts(request.user, tournament)
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect(accounts_url(tournament, "players"))
    if not issued:
        messages.info(request, _("У всех игроков уже есть учётные записи; новых не создано."))
        return redirect(accounts_url(tournament, "players"))
    login_url = public_url(reverse("login"), request)
    return render(request, "referees/account_slips.html",
                  {"tournament": tournament, "issued": issued, "login_url": login_url})


@never_cache
@login_required
@require_POST
def reset_password(request, slug, role_id):
    """A new password for a referee or chief referee, shown this once on a page browsers do not keep."""
    tournament, refused = _organized(request, slug)
    if refused:
        return refused
    try:
        reset = accounts.reset_official_password(request.user, tournament, role_id)
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        if exc.code == "role_not_found":
            raise Http404 from None
        messages.error(request, exc.message)
        return redirect(accounts_url(tournament, "officials"))
    login_url = public_url(reverse("login"), request)
    return render(request, "referees/password_reset.html",
                  {"tournament": tournament, "role": reset.role, "password": reset.password, "login_url": login_url})
