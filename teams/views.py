"""Pages of a team event: the organizer's teams page (teams, numbers, line-ups, substitutions, the next round)
and the public pages (the team standings with the cross table, a team, the matches of a round)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access.permissions import is_organizer, is_referee
from core.converters import strict_int
from core.pages import PDF, XLSX, confirm_page, confirmed, file_response, post_only
from core.public import public_url
from events.stage_selectors import groups_data
from scoring.reports.stage_selectors import round_title
from tournaments.errors import TournamentError
from tournaments.models import Entrant, Round, Tournament

from .finals import team_final_standings, team_finalists
from .forms import LineUpForm, SettingsForm, SubstitutionForm, TeamForm
from .models import Reserve, Team, is_captain_of
from .pages import render_manage, team_event, team_of, team_organizer_page
from .pdf import match_sheet_pdf
from .report import team_standings_pdf
from .rounds import pair_team_round
from .selectors import cross_table, event_of, load_team_standings, round_matches, team_page
from .services import delete_team, number_teams, register_team, set_lineup, set_team_settings, substitute_reserve
from .workbook import team_workbook


def _public(request, slug):
    tournament = team_event(get_object_or_404(Tournament, slug=slug))
    if not tournament.is_public and not is_referee(request.user, tournament):
        raise Http404(_("Турнир не опубликован."))
    return tournament


@login_required
@team_organizer_page
def manage_view(request, tournament):
    return render_manage(request, tournament)


@login_required
@post_only
@team_organizer_page
def add_team_view(request, tournament):
    form = TeamForm(request.POST, pairs_per_team=event_of(tournament).pairs_per_team)
    if form.is_valid():
        try:
            team = register_team(request.user, tournament, name=form.cleaned_data["name"],
                                 club=form.cleaned_data["club"], pairs=form.pairs(), reserves=form.reserves())
            messages.success(request, _("Команда «%(name)s» зарегистрирована.") % {"name": team.name})
            return redirect("teams:manage", tournament.slug)
        except TournamentError as exc:
            form.add_service_error(exc, aliases={"pairs": "pair1_player1", "reserves": "reserve1_name"})
    return render_manage(request, tournament, team_form=form, status=400)


@login_required
@team_organizer_page
def delete_team_view(request, tournament, team_id):
    """A page naming what the deletion does, then the deletion."""
    team = team_of(tournament, team_id)
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        try:
            delete_team(request.user, team)
            messages.success(request, _("Команда «%(name)s» удалена.") % {"name": team.name})
        except TournamentError as exc:
            messages.error(request, exc.message)
        return redirect("teams:manage", tournament.slug)
    return confirm_page(
        request, tournament, title=_("Удалить команду «%(name)s»?") % {"name": team.name},
        consequences=[_("Команда, её пары и запасные исчезнут из турнира; вернуть их можно только новой "
                        "регистрацией."),
                      _("Если команда подала заявку онлайн, заявка станет «Отозвана», а место займёт первая "
                        "команда из листа ожидания.")],
        cancel=reverse("teams:manage", args=[tournament.slug]), button=_("Да, удалить команду"))


@login_required
@post_only
@team_organizer_page
def settings_view(request, tournament):
    form = SettingsForm(request.POST)
    if form.is_valid():
        try:
            set_team_settings(request.user, tournament, pairs_per_team=form.cleaned_data["pairs_per_team"],
                              win=form.cleaned_data["win_points"], draw=form.cleaned_data["draw_points"],
                              loss=form.cleaned_data["loss_points"], tiebreaks=form.order())
            messages.success(request, _("Настройки командного турнира сохранены."))
            return redirect("teams:manage", tournament.slug)
        except TournamentError as exc:
            form.add_service_error(exc, aliases={"tiebreaks": "tiebreak_1"})
    return render_manage(request, tournament, settings_form=form, status=400)


@login_required
@post_only
@team_organizer_page
def number_view(request, tournament):
    """Drawing the teams' numbers asks first (what follows, the seed); the manage page then lists the numbers, and
    until the first round they can be drawn again."""
    seed = " ".join(str(request.POST.get("seed", "")).split())[:64]
    if not confirmed(request):
        n = tournament.teams.count()
        consequences = [
            _("Команды получат номера 1–%(n)s по жребию, их пары — номера по порядку в команде.") % {"n": n},
            _("Зерно жеребьёвки: «%(s)s» — жеребьёвку можно повторить с тем же результатом.") % {"s": seed} if seed
            else _("Зерно жеребьёвки будет случайным; оно запишется в журнал."),
            _("Регистрация команд закончится. До составления первого тура номера можно разыграть заново.")]
        return confirm_page(request, tournament, title=_("Разыграть номера команд?"), consequences=consequences,
                            fields={"seed": seed}, cancel=reverse("teams:manage", args=[tournament.slug]),
                            button=_("Разыграть номера"))
    try:
        teams = number_teams(request.user, tournament, seed=seed or None)
        messages.success(request, _("Номера команд разыграны: %(list)s.") % {
            "list": ", ".join(f"{t.number}. {t.name}" for t in sorted(teams, key=lambda t: t.number))})
    except TournamentError as exc:
        messages.error(request, exc.message)
    return redirect("teams:manage", tournament.slug)


@login_required
@post_only
@team_organizer_page
def pair_round_view(request, tournament):
    try:
        rnd = pair_team_round(request.user, tournament)
        messages.success(request, _("Тур %(n)s составлен (черновик): проверьте матчи и опубликуйте тур.")
                         % {"n": rnd.number})
        return redirect("teams:round", tournament.slug, rnd.number)
    except TournamentError as exc:
        messages.error(request, exc.message)
    return redirect("teams:manage", tournament.slug)


@login_required
@post_only
@team_organizer_page
def lineup_view(request, tournament, team_id):
    team = team_of(tournament, team_id)
    pairs = [m.pair for m in team.members.select_related("pair").prefetch_related("pair__players")]
    form = LineUpForm(request.POST, pairs=pairs, prefix=f"t{team.pk}")
    if form.is_valid():
        try:
            set_lineup(request.user, team, form.cleaned_data["round"], form.pair_ids())
            messages.success(request, _("Расстановка команды «%(name)s» сохранена.") % {"name": team.name})
            return redirect("teams:manage", tournament.slug)
        except TournamentError as exc:
            form.add_service_error(exc, aliases={"pairs": "table1"})
    return render_manage(request, tournament, forms_of={team.pk: {"lineup": form}}, status=400)


@login_required
@post_only
@team_organizer_page
def substitution_view(request, tournament, team_id):
    team = team_of(tournament, team_id)
    form = SubstitutionForm(request.POST, prefix=f"s{team.pk}")
    if form.is_valid():
        pair = Entrant.objects.filter(pk=strict_int(form.cleaned_data["pair"]) or 0, tournament=tournament).first()
        reserve = Reserve.objects.filter(pk=strict_int(form.cleaned_data["reserve"]) or 0, team=team).first()
        try:
            substitute_reserve(request.user, team, pair, form.cleaned_data["seat"], reserve,
                               note=form.cleaned_data["note"])
            messages.success(request, _("Замена в команде «%(name)s» внесена.") % {"name": team.name})
            return redirect("teams:manage", tournament.slug)
        except TournamentError as exc:
            form.add_service_error(exc)
    return render_manage(request, tournament, forms_of={team.pk: {"substitution": form}}, status=400)


def standings_view(request, slug):
    """The team standings and the cross table of the teams (``?projector=1``: large, refreshed)."""
    tournament = _public(request, slug)
    data = load_team_standings(tournament)
    rows, cells = cross_table(tournament, data)
    grid = [{"row": r, "cells": [" / ".join(cells.get((r.team.id, o.team.id), [])) if o is not r else None
                                 for o in rows]} for r in rows]
    projector = request.GET.get("projector") == "1"  # the hall's screen: a board without the site's header
    return render(request, "teams/projector.html" if projector else "teams/standings.html", {
        "tournament": tournament, "data": data, "rows": rows, "grid": grid,
        "rounds": tournament.rounds.exclude(status="draft").order_by("number"),
        "final": team_final_standings(tournament) if team_finalists(tournament) else None,  # docs/rules.md I.9.5
        "groups": groups_data(tournament),
    })


def standings_pdf_view(request, slug):
    tournament = _public(request, slug)
    return file_response(team_standings_pdf(tournament, groups_data(tournament)), f"{tournament.slug}-teams.pdf", PDF,
                         inline=True)


def workbook_view(request, slug):
    tournament = _public(request, slug)
    return file_response(team_workbook(tournament), f"{tournament.slug}-teams.xlsx", XLSX)


def team_view(request, slug, number):
    tournament = _public(request, slug)
    team = get_object_or_404(Team, tournament=tournament, number=number)
    captain = is_captain_of(request.user, team)
    reveal = captain or is_organizer(request.user, tournament)
    return render(request, "teams/team.html", {"tournament": tournament, "page": team_page(team, reveal=reveal),
                                               "captain": captain})


def _round_of(request, slug, round_number):
    tournament = team_event(get_object_or_404(Tournament, slug=slug))
    rnd = get_object_or_404(Round, tournament=tournament, number=round_number)
    organizer = is_organizer(request.user, tournament)
    if rnd.status == "draft" and not organizer:
        raise Http404(_("Тур не опубликован или его нет."))
    if not tournament.is_public and not is_referee(request.user, tournament):
        raise Http404(_("Турнир не опубликован."))
    return tournament, rnd, organizer


def round_view(request, slug, round_number):
    tournament, rnd, organizer = _round_of(request, slug, round_number)
    return render(request, "teams/round.html", {"tournament": tournament, "round": rnd, "title": round_title(rnd),
                                                "matches": round_matches(rnd), "organizer": organizer})


def match_sheet_view(request, slug, round_number, match_number):
    """The match sheet (PDF) for the captains and the referee."""
    tournament, rnd, _organizer = _round_of(request, slug, round_number)
    view = next((v for v in round_matches(rnd) if v.match.number == match_number), None)
    if view is None:
        raise Http404(_("Такого матча в туре нет."))
    return file_response(match_sheet_pdf(tournament, rnd, view, base_url=public_url("/", request)),
                         f"{tournament.slug}-r{rnd.number}-m{match_number}.pdf", PDF, inline=True)
