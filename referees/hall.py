"""The hall map: the chief referee's and the projector's view of every table of a round at once.

A published tournament's map is public (a hall screen shows it); a tap on a table opens the referee's page for
the tournament's referees, its protocol for everyone else. The tiles are a fragment that the page fetches
again every few seconds: one body per data version for all the spectators (``scoring.live``), a 304 between
changes; the referees' variant follows every change at once. The organizer sets the layout below the map.
"""
import hashlib

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access import permissions as perms
from access.pages import organizer_page
from core.converters import parse_int
from core.errors import DomainError
from core.pages import forbidden, post_only
from events import selectors as tournament_selectors
from events.services.hall import set_hall_layout
from scoring import live
from tournaments.models import Tournament

from . import hall_map, selectors
from .forms import HallLayoutForm

POLL_SECONDS = 5


def _viewer(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    referee = perms.can_view_dashboard(request.user, tournament)
    if not tournament.is_public and not referee:
        raise Http404(_("Турнир не опубликован."))
    return tournament, referee


def _context(request, tournament, referee):
    rnd, rounds = hall_map.shown_round(tournament, parse_int(request.GET.get("round"), minimum=1), referee=referee)
    tiles = hall_map.hall_tiles(rnd, referee=referee) if rnd else []
    return {"tournament": tournament, "round": rnd, "rounds": rounds, "tiles": tiles,
            "grid": hall_map.layout(tournament, tiles), "counts": hall_map.state_counts(tiles),
            "poll_seconds": POLL_SECONDS}


def _with_devices(stamp, tournament_id) -> str:
    """The data version and the devices' queues (their reports write no version: their own stamp, hashed)."""
    device_stamp = live.read_once_value(("devices", tournament_id), lambda: selectors.device_stamp(tournament_id))
    devices = hashlib.sha1(device_stamp.encode()).hexdigest()[:8]
    return f"{stamp}.{devices}"


live.STAMP_SUFFIXES["devices"] = _with_devices


def _tiles_etag(request, slug):
    """Spectators: the public version (one body for all); referees: every change at once, their own links;
    for both, a device's report on its queue too (a tile shows the entries waiting)."""
    if request.user.is_authenticated:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None and perms.can_view_dashboard(request.user, tournament):
            return live.etag(_with_devices(live.current_stamp(tournament.pk), tournament.pk), request, "referee")
    found = live.public_stamp(slug)
    if found is None:
        return None
    live.follows_public(request, slug, "devices")
    return live.etag(_with_devices(found[1], found[0]), request)


def _page_etag(request, slug):
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not (tournament.is_public or perms.can_view_dashboard(request.user, tournament)):
        return None
    return live.etag(_with_devices(live.current_stamp(tournament.pk), tournament.pk), request, per_user=True)


def _render_hall(request, slug, form=None):
    tournament, referee = _viewer(request, slug)
    organizer = perms.is_organizer(request.user, tournament)
    context = _context(request, tournament, referee)
    rnd = context["round"]
    if rnd is not None:  # the round's clock in the head: it measures the device's offset for the tiles' clocks
        context["clock"] = tournament_selectors.round_clock(rnd)
        context["clock_url"] = reverse("tournaments:clock", args=[tournament.slug, rnd.number])
    if organizer:
        context["form"] = form or HallLayoutForm(initial={"rows": tournament.hall_rows,
                                                          "columns": tournament.hall_columns})
    return render(request, "referees/hall.html", {**context, "organizer": organizer, "referee": referee},
                  status=400 if form is not None else 200)


@live.live_page(_page_etag, per_user=True)
def hall(request, slug):
    return _render_hall(request, slug)


@live.live_page(_tiles_etag, cache_body=True)
def hall_tiles(request, slug):
    tournament, referee = _viewer(request, slug)
    return render(request, "referees/_hall_tiles.html", _context(request, tournament, referee))


@post_only
@organizer_page(message=gettext_lazy("Расстановку столов в зале задаёт организатор турнира."), refusal=forbidden)
def hall_layout(request, tournament):
    """The organizer's rows × tables in a row; a refusal is shown next to its field."""
    form = HallLayoutForm(request.POST)
    if form.is_valid():
        try:
            set_hall_layout(request.user, tournament, rows=form.cleaned_data["rows"],
                            columns=form.cleaned_data["columns"])
        except DomainError as exc:
            form.add_service_error(exc, aliases={"hall_rows": "rows", "hall_columns": "columns"})
        else:
            messages.success(request, _("Расстановка столов сохранена."))
            return redirect(reverse("referees:hall", args=[tournament.slug]))
    return _render_hall(request, tournament.slug, form=form)
