"""The round overview (live table states) and the audit log pages."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from access import permissions as perms
from audit.models import AuditEntry
from core.pages import forbidden
from events.selectors import clock_context
from referees.views import get_partie
from scoring import live
from tournaments.models import Tournament

from . import selectors
from .audit_text import roles_of
from .tables import AuditTable

POLL_SECONDS = 5


def _round(tournament, request):
    rounds = list(tournament.rounds.all())
    if not rounds:
        return None, rounds
    wanted = request.GET.get("round")
    chosen = next((r for r in rounds if str(r.number) == wanted), None)
    return chosen or rounds[-1], rounds


def _overview_context(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if not perms.can_view_dashboard(request.user, tournament):
        return tournament, None
    rnd, rounds = _round(tournament, request)
    parties = selectors.round_tables(rnd, request.user) if rnd else []
    captions = tournament.format_spec.table_captions(rnd) if rnd else {}  # a team event: each table's match
    for p in parties:
        p.caption = captions.get(p.pk, "")
    return tournament, {
        "tournament": tournament, "round": rnd, "rounds": rounds, "parties": parties,
        "counts": selectors.state_counts(parties), "poll_seconds": POLL_SECONDS,
        "can_read_audit": perms.can_read_audit(request.user, tournament),
        **(clock_context(request.user, rnd, back="dashboard") if rnd else {}),
    }


def _render_overview(request, slug, template):
    tournament, ctx = _overview_context(request, slug)
    if ctx is None:
        return forbidden(request, _("Обзор тура доступен организатору и судьям турнира."))
    return render(request, template, ctx)


def _tables_etag(request, slug):
    """The overview's data version, once the user may see it (a refusal is never answered 304)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not perms.can_view_dashboard(request.user, tournament):
        return None
    return live.etag(live.current_stamp(tournament.pk), request, selectors.device_stamp(tournament.pk), per_user=True)


@login_required
@live.live_page(_tables_etag, per_user=True)
def dashboard(request, slug):
    """The whole overview page: opened again and again on the referees' phones, answered 304 until a change."""
    return _render_overview(request, slug, "referees/dashboard.html")


@login_required
@live.live_page(_tables_etag, per_user=True, cache_body=True)
def dashboard_tables(request, slug):
    """The part of the overview that htmx fetches again every few seconds."""
    return _render_overview(request, slug, "referees/_dashboard_tables.html")


def _audit_page(request, tournament, entries, title, partie=None):
    if not perms.can_read_audit(request.user, tournament):
        return forbidden(request, _("Журнал изменений читают главный судья и организатор."))
    table = AuditTable(entries.select_related("user", "partie__round"), roles=roles_of(tournament))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "referees/audit.html",
                  {"tournament": tournament, "table": table, "title": title, "partie": partie})


@login_required
def audit_tournament(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    return _audit_page(request, tournament, AuditEntry.objects.filter(tournament=tournament),
                       _("Журнал изменений турнира"))


@login_required
def audit_partie(request, partie_id):
    partie = get_partie(partie_id)
    if partie is None:
        raise Http404
    tournament = partie.round.tournament
    title = _("Журнал протокола: тур %(r)s, стол %(t)s") % {"r": partie.round.number, "t": partie.table}
    return _audit_page(request, tournament, AuditEntry.objects.filter(partie=partie), title, partie)
