"""The round clock's pages: its state for the clocks' script, and the chief referee's buttons."""
from datetime import datetime, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.pages import chief_referee_page
from access.permissions import is_referee
from core.converters import parse_int
from core.pages import post_only
from tournaments.errors import TournamentError
from tournaments.models import RoundStatus, Tournament

from .. import selectors
from ..forms import ClockPauseForm, TableStartForm
from ..services import clock as services


def clock_state(request, slug, round_number):
    """The clock of a round (``?table=N``: of that table) as JSON, with the server's time: polled by every
    page that shows a clock. Never cached: the time is the point."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public and not is_referee(request.user, tournament):
        raise Http404
    rnd = get_object_or_404(tournament.rounds.select_related("tournament"), number=round_number)
    if rnd.status == RoundStatus.DRAFT:
        raise Http404
    table = parse_int(request.GET.get("table"), minimum=1)
    partie = None
    if table is not None:
        partie = rnd.parties.filter(table=table).first()
        if partie is None:
            raise Http404
    now = timezone.now()
    response = JsonResponse(selectors.clock_json(selectors.round_clock(rnd, partie, now=now),
                                                 round(now.timestamp() * 1000)))
    add_never_cache_headers(response)
    return response


def _controlled_round(tournament, round_number):
    return get_object_or_404(tournament.rounds.select_related("tournament"), number=round_number)


def _back(request, rnd):
    """Back to the page the buttons were on: the referees' overview or the round page."""
    if request.POST.get("back") == "dashboard":
        return redirect(f"{_dashboard_url(rnd)}?round={rnd.number}")
    return redirect("tournaments:pairings", slug=rnd.tournament.slug, round_number=rnd.number)


def _dashboard_url(rnd):
    return reverse("referees:dashboard", args=[rnd.tournament.slug])


CLOCK_ACTIONS = {
    "start": (services.start_round_clock, gettext_lazy("Часы тура пущены.")),
    "resume": (services.resume_round_clock, gettext_lazy("Часы тура снова идут.")),
}


@login_required
@post_only
@chief_referee_page
def clock_action_view(request, tournament, round_number, action):
    rnd = _controlled_round(tournament, round_number)
    try:
        if action == "pause":
            form = ClockPauseForm(request.POST)
            if not form.is_valid():
                messages.error(request, form.errors["reason"][0])
                return _back(request, rnd)
            services.pause_round_clock(request.user, rnd, form.cleaned_data["reason"])
            messages.success(request, _("Часы тура остановлены."))
        elif action in CLOCK_ACTIONS:
            service, success = CLOCK_ACTIONS[action]
            service(request.user, rnd)
            messages.success(request, str(success))
        else:
            raise Http404
    except TournamentError as err:
        messages.error(request, err.message)
    return _back(request, rnd)


def _moment(at):
    """Today's ``at`` in the site's time zone (yesterday's, when today's is still to come: past midnight)."""
    now = timezone.localtime()
    moment = timezone.make_aware(datetime.combine(now.date(), at))
    return moment - timedelta(days=1) if moment > now else moment


@login_required
@post_only
@chief_referee_page
def table_start_view(request, tournament, round_number):
    rnd = _controlled_round(tournament, round_number)
    form = TableStartForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        label = form.fields[field].label if field in form.fields else ""
        messages.error(request, f"{label}: {errors[0]}" if label else errors[0])
        return _back(request, rnd)
    c = form.cleaned_data
    try:
        partie = services.set_table_start(request.user, rnd, c["table"], clear=c["clear"],
                                          at=_moment(c["at"]) if c["at"] else None)
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Стол %(t)s снова идёт по часам тура.") % {"t": partie.table} if c["clear"] else
                         _("Стол %(t)s: своё время идёт с %(at)s.") % {
                             "t": partie.table, "at": timezone.localtime(partie.clock_started_at).strftime("%H:%M")})
    return _back(request, rnd)
