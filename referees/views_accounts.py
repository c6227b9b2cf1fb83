"""The signing page of a tournament: how players sign, their PINs and their accounts.

Thin views: check that the user organizes the tournament, call one service of
``accounts`` (the PINs and the signing method: ``views_signing``), render.
Service errors land next to the field they name. The passwords of the players'
accounts are shown once, on a printable page that browsers are told not to
keep. The officials have their own page (``tournaments:officials``).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from access import account_selectors as selectors
from access import accounts
from access.pages import organizer_page
from core.errors import DomainError, NotAllowed
from core.pages import forbidden, post_only
from core.paging import clean_query, page_of, paginate
from core.public import public_url
from tournaments.models import Tournament

from .forms import PlayerAccountForm, SigningForm

# The organizer's pages here; anyone else gets the refusal page with its reason.
organized = organizer_page(message=gettext_lazy("Подписи и учётные записи игроков ведёт организатор турнира."),
                           refusal=forbidden)


def signing_url(tournament, anchor="", page=None):
    return (reverse("referees:signing", args=[tournament.slug]) + (f"?page={page}" if page and page > 1 else "")
            + (f"#{anchor}" if anchor else ""))


def _player_form(player, tournament, data=None):
    return PlayerAccountForm(data, initial={"username": accounts.player_username(tournament, player)},
                             auto_id=f"id_player{player.pk}_%s")


PLAYERS_PER_PAGE = 100


def render_page(request, tournament, *, status=200, player_form=None, player_id=None):
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
    return render(request, "referees/signing.html", {
        "tournament": tournament, "players": players, "page": page, "query": query,
        "players_total": counts["total"], "with_account": counts["with_account"],
        "signing_form": SigningForm(initial={"signing_method": tournament.signing_method,
                                             "signature_mode": tournament.signature_mode}),
    }, status=status)


@never_cache
@login_required
@organized
def signing_page(request, tournament):
    """The signing method, the PINs for all or for one player, the players' accounts."""
    return render_page(request, tournament)


def former_accounts_page(request, slug):
    """The former «accounts» address: its officials are on the officials page, the rest on the signing page."""
    get_object_or_404(Tournament, slug=slug)
    return redirect(reverse("referees:signing", args=[slug]) + (f"?{request.GET.urlencode()}" if request.GET else ""))


@login_required
@post_only
@organized
def player_account(request, tournament, player_id):
    """An account for one player, with the login and password the organizer typed."""
    form = PlayerAccountForm(request.POST, auto_id=f"id_player{player_id}_%s")
    if form.is_valid():
        try:
            player = accounts.create_player_account(request.user, tournament, player_id, **form.cleaned_data)
        except NotAllowed as exc:
            return forbidden(request, exc.message)
        except DomainError as exc:
            if exc.code == "player_not_in_tournament":
                raise Http404 from None
            if exc.code == "player_has_account":
                messages.error(request, exc.message)
                return redirect(signing_url(tournament, "players"))
            form.add_service_error(exc)
        else:
            messages.success(request, _("Игроку %(name)s создана учётная запись «%(u)s».") % {
                "name": player.name, "u": player.user.get_username()})
            page = page_of(selectors.player_ids(tournament), player.pk, PLAYERS_PER_PAGE)
            return redirect(signing_url(tournament, f"player-{player.pk}", page=page))
    return render_page(request, tournament, status=422, player_form=form, player_id=player_id)


@never_cache
@login_required
@post_only
@organized
def player_accounts(request, tournament):
    """Accounts for every player who has none; the slips with the passwords are shown this once."""
    try:
        issued = accounts.create_player_accounts(request.user, tournament)
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(signing_url(tournament, "players"))
    if not issued:
        messages.info(request, _("У всех игроков уже есть учётные записи; новых не создано."))
        return redirect(signing_url(tournament, "players"))
    login_url = public_url(reverse("login"), request)
    return render(request, "referees/account_slips.html",
                  {"tournament": tournament, "issued": issued, "login_url": login_url})
