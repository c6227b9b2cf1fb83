"""The captains' pages of a team event: the organizer gives a team's captain an account (or takes it, or sets
it a new password) on the teams page; the captain, logged in, enters his own team's line-up for the round to
come and reads the locked ones. The rules are the services' (``captains``, ``services.set_lineup``)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from core.errors import DomainError
from core.pages import forbidden, post_only
from core.public import public_url
from tournaments.models import Tournament

from .captains import captain_team, create_captain, remove_captain, reset_captain_password
from .forms import CaptainForm, LineUpForm
from .pages import next_round_number, render_manage, team_event, team_of, team_organizer_page
from .selectors import team_page
from .services import set_lineup


def _captain_page(request, tournament, team, *, form=None, status=200):
    number = next_round_number(tournament)
    page = team_page(team, reveal=True)
    members = [m.pair for m in page.members]
    open_ = number <= tournament.rounds_planned and not tournament.rounds.filter(number=number).exclude(
        status="draft").exists()
    current = next((pairs for n, pairs, _entered, _locked in page.lineups if n == number), None) or members
    form = form or LineUpForm(pairs=members, prefix="captain", initial={
        "round": number, **{f"table{b}": str(p.pk) for b, p in enumerate(current, start=1) if p}})
    return render(request, "teams/captain.html", {"tournament": tournament, "page": page, "form": form,
                                                  "number": number, "open": open_}, status=status)


@never_cache
@login_required
def captain_view(request, slug):
    """The captain's own page: his team's line-up for the round to come (GET shows it, POST saves it)."""
    tournament = team_event(get_object_or_404(Tournament, slug=slug))
    team = captain_team(request.user, tournament)
    if team is None:
        return forbidden(request, _("Эта страница — для капитана команды этого турнира."))
    if request.method != "POST":
        return _captain_page(request, tournament, team)
    pairs = [m.pair for m in team.members.select_related("pair").prefetch_related("pair__players")]
    form = LineUpForm(request.POST, pairs=pairs, prefix="captain")
    if form.is_valid():
        try:
            set_lineup(request.user, team, form.cleaned_data["round"], form.pair_ids())
            messages.success(request, _("Расстановка команды «%(name)s» сохранена.") % {"name": team.name})
            return redirect("teams:captain", slug)
        except DomainError as exc:
            form.add_service_error(exc, aliases={"pairs": "table1", "round": "table1"})
    return _captain_page(request, tournament, team, form=form, status=400)


@login_required
@post_only
@team_organizer_page
def captain_add_view(request, tournament, team_id):
    team = team_of(tournament, team_id)
    form = CaptainForm(request.POST, prefix=f"c{team.pk}")
    if form.is_valid():
        try:
            captain = create_captain(request.user, team, **form.cleaned_data)
            messages.success(request, _("Капитану команды «%(t)s» создана учётная запись «%(u)s».") % {
                "t": team.name, "u": captain.user.get_username()})
            return redirect(reverse("teams:manage", args=[tournament.slug]) + f"#team-{team.pk}")
        except DomainError as exc:
            form.add_service_error(exc)
    return render_manage(request, tournament, forms_of={team.pk: {"captain": form}}, status=400)


@login_required
@post_only
@team_organizer_page
def captain_remove_view(request, tournament, team_id):
    team = team_of(tournament, team_id)
    try:
        remove_captain(request.user, team)
        messages.success(request, _("Капитан команды «%(t)s» снят.") % {"t": team.name})
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("teams:manage", args=[tournament.slug]) + f"#team-{team.pk}")


@never_cache
@login_required
@post_only
@team_organizer_page
def captain_password_view(request, tournament, team_id):
    """A new password for the captain, shown this once."""
    team = team_of(tournament, team_id)
    try:
        issued = reset_captain_password(request.user, team)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(reverse("teams:manage", args=[tournament.slug]) + f"#team-{team.pk}")
    return render(request, "teams/captain_password.html", {
        "tournament": tournament, "team": team, "account": issued.captain.user, "password": issued.password,
        "login_url": public_url(reverse("login"), request) + "?next="
        + reverse("teams:captain", args=[tournament.slug])})
