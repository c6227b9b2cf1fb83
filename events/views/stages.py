"""Pages of an event in stages: the organizer's qualification page, the bracket (site, projector, PDF)."""
import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access.pages import organizer_page
from access.permissions import is_referee
from core.pages import PDF, confirm_page, confirmed, file_response, post_only
from scoring import live
from scoring.reports.group_selectors import group_size
from scoring.reports.pdf_bracket import bracket_pdf
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from ..forms_stages import ConfirmForm, FinalForm
from ..services.stages import FINAL_FIELDS, confirm_qualification, set_final, undo_qualification
from ..stage_selectors import (
    bracket_data,
    final_standings_data,
    group_setting_text,
    groups_data,
    is_knockout,
    qualification_page,
)

PROJECTOR_SECONDS = 20


def _public(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public and not is_referee(request.user, tournament):
        raise Http404(_("Турнир не опубликован."))
    return tournament


@login_required
@organizer_page
def qualification_view(request, tournament):
    """Stage 2's settings, stage 1's standings with the criterion of each place, the confirmation and its undo."""
    final_form = FinalForm(initial=_final_initial(tournament))
    confirm_form = ConfirmForm()
    return _render(request, tournament, final_form, confirm_form)


def _final_initial(tournament) -> dict:
    initial = {f: getattr(tournament, f) for f in FINAL_FIELDS}
    if tournament.final_groups:
        initial["final_size"] = None
        initial["final_group_size"] = group_size(tournament)
    return initial


def _render(request, tournament, final_form, confirm_form, tie_order=None, status=200):
    data = qualification_page(tournament, tie_order or None)
    if not confirm_form.is_bound:
        confirm_form = ConfirmForm(initial={"expected": ",".join(map(str, data.get("proposed") or []))})
    return render(request, "tournaments/qualification.html", {
        "tournament": tournament, "data": data, "final_form": final_form, "confirm_form": confirm_form,
        "group_setting": group_setting_text(tournament), "groups": groups_data(tournament),
        "has_bracket": is_knockout(tournament),
    }, status=status)


@login_required
@post_only
@organizer_page
def final_settings_view(request, tournament):
    form = FinalForm(request.POST)
    if form.is_valid():
        try:
            set_final(request.user, tournament, kind=form.cleaned_data["final_kind"],
                      size=form.cleaned_data["final_size"], carry_over=form.cleaned_data["final_carry_over"],
                      third_place=form.cleaned_data["final_third_place"],
                      match=form.cleaned_data["final_match"], groups=form.cleaned_data["final_groups"],
                      group_size=form.cleaned_data["final_group_size"],
                      group_qualifiers=form.cleaned_data["final_group_qualifiers"])
            messages.success(request, _("Второй этап сохранён."))
            return redirect("tournaments:qualification", tournament.slug)
        except TournamentError as exc:
            form.add_service_error(exc)
    return _render(request, tournament, form, ConfirmForm(), status=400)


@login_required
@post_only
@organizer_page
def confirm_view(request, tournament):
    form = ConfirmForm(request.POST)
    tie_order = None
    if form.is_valid():
        expected, tie_order = form.numbers("expected"), form.numbers("tie_order")
        if expected is False or tie_order is False:
            form.add_error("tie_order", _("Номера — целые числа через запятую."))
            tie_order = None
        else:
            if not confirmed(request):
                page = _confirm_page(request, tournament, tie_order)
                if page is not None:
                    return page
            try:
                confirm_qualification(request.user, tournament, tie_order=tie_order, expected=expected)
                messages.success(request, _("Состав второго этапа подтверждён."))
                return redirect("tournaments:qualification", tournament.slug)
            except TournamentError as exc:
                form.add_service_error(exc)
    final_form = FinalForm(initial=_final_initial(tournament))
    return _render(request, tournament, final_form, form, tie_order if form.is_valid() else None, status=400)


def _confirm_page(request, tournament, tie_order):
    """The confirmation naming the finalists in seed order and what follows; None when the page would refuse the
    confirmation anyway (the service then says why)."""
    data = qualification_page(tournament, tie_order or None)
    if data.get("error") or not data.get("proposed"):
        return None
    by_number = {p["number"]: p for p in data["places"]}
    finalists = [_("посев %(seed)s: №%(n)s %(label)s") % {"seed": k, "n": n, "label": by_number[n]["label"]}
                 for k, n in enumerate(data["proposed"], start=1) if n in by_number]
    consequences = [_("Во второй этап выходят (%(n)s):") % {"n": len(finalists)}, *finalists,
                    _("Пока второй этап не опубликован, состав можно отменить.")]
    return confirm_page(request, tournament, title=_("Подтвердить состав второго этапа?"), consequences=consequences,
                        fields=request.POST.dict(), cancel=reverse("tournaments:qualification", args=[tournament.slug]),
                        button=_("Подтвердить состав"))


@login_required
@post_only
@organizer_page
def undo_view(request, tournament):
    try:
        undo_qualification(request.user, tournament)
        messages.success(request, _("Состав второго этапа отменён."))
    except TournamentError as exc:
        messages.error(request, exc.message)
    return redirect("tournaments:qualification", tournament.slug)


def _bracket_etag(request, slug, *, per_user=False):
    """Polled like the standings: 304 until the data version the public pages follow moves."""
    return live.public_etag(request, slug, per_user=per_user)


@live.live_page(functools.partial(_bracket_etag, per_user=True), per_user=True)
def bracket_view(request, slug):
    tournament = _public(request, slug)
    data = bracket_data(tournament)
    if data is None:
        raise Http404(_("В турнире нет сетки второго этапа."))
    return render(request, "tournaments/bracket.html", {
        "tournament": tournament, "bracket": data, "places": final_standings_data(tournament)[:data["size"]],
    })


@live.live_page(_bracket_etag, cache_body=True)
def bracket_projector(request, slug):
    tournament = _public(request, slug)
    data = bracket_data(tournament)
    if data is None:
        raise Http404(_("В турнире нет сетки второго этапа."))
    template = "tournaments/bracket_board.html" if request.htmx else "tournaments/bracket_projector.html"
    return render(request, template, {"tournament": tournament, "bracket": data, "seconds": PROJECTOR_SECONDS})


def bracket_pdf_view(request, slug):
    tournament = _public(request, slug)
    data, groups = bracket_data(tournament), groups_data(tournament)
    if data is None and not groups:  # the groups print before the bracket is drawn
        raise Http404(_("В турнире нет сетки второго этапа."))
    return file_response(bracket_pdf(tournament, data, groups), f"{slug}-bracket.pdf", PDF, inline=True)
