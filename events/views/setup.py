"""Setting a tournament up on the site: create, edit, copy, and the printouts (the officials: ``officials``).

Thin views: check the right, call one service, show the result; the refusals
of the services land next to the field they name.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.pages import tournament_page
from access.permissions import is_organizer, is_referee
from core.pages import PDF, confirm_page, confirmed, file_response
from core.public import public_url
from events.documents import pack
from tournaments.errors import NotAllowed, SetupRejected
from tournaments.models import Round

from ..forms_rules import preset_option_choices, preset_values, rule_set_values
from ..forms_setup import CopyForm, TournamentForm, add_service_errors
from ..forms_tiebreaks import format_tiebreaks
from ..services import setup


def _form_page(request, form, tournament=None, *, title, status=200):
    return render(request, "tournaments/setup_form.html", {
        "form": form, "tournament": tournament, "title": title, "presets_json": preset_values(),
        "preset_choices_json": preset_option_choices(), "rule_sets_json": rule_set_values(),
        # each format's criteria, and the orders' texts as each preset reads them (the Kozel family: «Основной
        # порядок» is by goats): the page offers the chosen format's as soon as the format is chosen
        "tiebreak_formats_json": format_tiebreaks(),
        "rules_frozen": tournament is not None and tournament.rules_locked(),
    }, status=status)


@login_required
def create_view(request):
    if not setup.can_create(request.user):
        raise PermissionDenied(_("Создавать турниры может только пользователь с правом на это."))
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup.create_tournament(request.user, form.settings())
        except SetupRejected as err:
            add_service_errors(form, err.errors)
        else:
            messages.success(request, _("Турнир создан. Вы — его организатор."))
            return redirect("tournaments:manage", slug=tournament.slug)
    return _form_page(request, form, title=_("Новый турнир"), status=400 if request.method == "POST" else 200)


# The settings and the deletion of a tournament: its organizer's.
editable = tournament_page(setup.can_edit, message=gettext_lazy("Настройки турнира меняет только его организатор."))


@login_required
@editable
def edit_view(request, tournament):
    if request.method == "POST":
        form = TournamentForm(request.POST, tournament=tournament)  # its format decides the tie-breaks offered
    else:
        form = TournamentForm(tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup.update_tournament(request.user, tournament, form.settings())
        except NotAllowed as err:
            raise PermissionDenied(err.message) from None
        except SetupRejected as err:
            add_service_errors(form, err.errors)
        else:
            messages.success(request, _("Настройки турнира сохранены."))
            return redirect("tournaments:manage", slug=tournament.slug)
    return _form_page(request, form, tournament, title=_("Настройки турнира"),
                      status=400 if request.method == "POST" else 200)


def _may_copy(user, tournament) -> bool:
    return setup.can_create(user) and is_organizer(user, tournament)


@login_required
@tournament_page(_may_copy, message=gettext_lazy("Скопировать можно только турнир, который вы организуете."))
def copy_view(request, tournament):
    form = CopyForm(request.POST or None, initial={"name": tournament.name})
    if request.method == "POST" and form.is_valid():
        try:
            copy = setup.copy_tournament(request.user, tournament, **form.cleaned_data)
        except SetupRejected as err:
            add_service_errors(form, err.errors)
        else:
            messages.success(request, _("Турнир скопирован: регламент, показатели и судьи — без пар."))
            return redirect("tournaments:manage", slug=copy.slug)
    return render(request, "tournaments/copy.html", {"form": form, "tournament": tournament},
                  status=400 if request.method == "POST" else 200)


@login_required
@editable
def delete_view(request, tournament):
    """GET: what deleting the tournament does (or that it is archived); POST, confirmed: do it."""
    if request.method != "POST" or not confirmed(request):
        if setup.has_signed_protocols(tournament):
            lines = [_("В турнире есть подписанные протоколы: он не будет удалён, а уйдёт в архив."),
                     _("Турнир перестанет быть виден всем; пары, туры, протоколы и журнал сохранятся.")]
        else:
            lines = [_("Турнир будет удалён вместе с парами (%(p)s), турами (%(r)s) и журналом; вернуть его нельзя.")
                     % {"p": tournament.pairs.count(), "r": tournament.rounds.count()},
                     _("Запись об удалении останется в журнале сайта.")]
        return confirm_page(request, tournament, title=_("Удалить турнир «%(n)s»?") % {"n": tournament.name},
                            consequences=lines, button=_("Удалить турнир"),
                            cancel=reverse("tournaments:edit", args=[tournament.slug]))
    try:
        outcome = setup.delete_tournament(request.user, tournament)
    except SetupRejected as err:
        messages.error(request, err.message)
        return redirect("tournaments:manage", slug=tournament.slug)
    if outcome == "archived":
        messages.success(request, _("Турнир «%(n)s» в архиве: он скрыт, записи сохранены.") % {"n": tournament.name})
        return redirect("tournaments:manage", slug=tournament.slug)
    messages.success(request, _("Турнир «%(n)s» удалён.") % {"n": tournament.name})
    return redirect("tournaments:home")


# --- printouts ---------------------------------------------------------------------

MAX_ROUND = 32767  # a round number is a small integer; anything larger is no round (and no database error)
PACK = {
    "pairings-tables": (pack.pairings_by_table, "pairings-tables"),
    "pairings-names": (pack.pairings_by_name, "pairings-names"),
    "table-cards": (pack.table_cards, "table-cards"),
}


# The print pack and the final report: the organizer's and the referees'.
printable = tournament_page(is_referee, message=gettext_lazy("Печать доступна организатору и судьям турнира."))


@login_required
@printable
def print_view(request, tournament, round_number, kind):
    """One file of a round's print pack, for the organizer and the referees."""
    if kind not in PACK or round_number > MAX_ROUND:
        raise Http404
    get_object_or_404(Round, tournament=tournament, number=round_number)
    render_pdf, name = PACK[kind]
    extra = {"base_url": public_url("/", request)} if kind == "table-cards" else {}  # the cards' signing QR
    return file_response(render_pdf(tournament, round_number, **extra),
                         f"{tournament.slug}-round{round_number}-{name}.pdf", PDF, inline=True)


@login_required
@printable
def final_report_view(request, tournament):
    return file_response(pack.final_report(tournament), f"{tournament.slug}-final-report.pdf", PDF, inline=True)
