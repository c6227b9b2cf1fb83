"""Public standings pages and the export downloads (thin: fetch, render)."""
from __future__ import annotations

import functools

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access.permissions import is_referee
from core.converters import parse_int
from core.pages import PDF, XLSX, file_response
from core.paging import paginate, paginate_table
from core.public import public_url
from events import selectors as round_selectors
from events.documents import exports
from events.stage_selectors import final_standings_data, groups_data
from scoring import live
from scoring.models import Protocol
from scoring.reports import selectors, stage_selectors, team_data
from scoring.reports.player_table import cell, entrant_clubs, projector_figures
from scoring.reports.tabular import tiebreak_labels
from tournaments.models import Round, RoundStatus, Tournament

from .player_tables import PlayerStandingsTable
from .tables import GAME_TABLES, KozelPlayersTable, KozelStandingsTable, PlayersTable, StandingsTable

PER_PAGE = 100
PROJECTOR_ROWS = 16
PROJECTOR_SECONDS = 15
# A round-robin grid wider than this is shown round by round instead.
MATRIX_MAX_PAIRS = 24


def can_export(user, tournament) -> bool:
    """Organizer, chief referee or referee of the tournament (superusers and staff too)."""
    return is_referee(user, tournament)


def _tournament(request, slug) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public and not can_export(request.user, tournament):
        raise Http404(_("Турнир не опубликован."))
    return tournament


def _after_round(request):
    return parse_int(request.GET.get("after"), minimum=1)




def _public_etag(request, slug, *, per_user=False):
    """The data version of a published tournament (None: the view answers, e.g. 404)."""
    return live.public_etag(request, slug, per_user=per_user)


def _standings_data(tournament, after_round):
    """Standings shared by the page and the projector, computed once per data version: the version the
    public pages follow (at most one a second, ``live.public_stamp``), not each deal's, which would have
    every page of the projector compute them again."""
    found = live.public_stamp(tournament.slug) if tournament.is_public else None
    stamp = found[1] if found else live.current_stamp(tournament.pk)
    return live.computed_once(f"live:standings:{tournament.pk}:{stamp}:{after_round}",
                              lambda: selectors.load_standings(tournament, after_round))


@live.live_page(functools.partial(_public_etag, per_user=True), per_user=True)
def standings(request, slug):
    tournament = _tournament(request, slug)
    data = _standings_data(tournament, _after_round(request))
    if tournament.format_spec.single_player_entries:  # one line per player (the player's columns)
        table = PlayerStandingsTable(data.rows, standings=data, clubs=entrant_clubs(tournament))
    elif data.goats:
        table = KozelStandingsTable(data.rows, rating=data.rating)
    else:
        table = GAME_TABLES.get(tournament.game.code, StandingsTable)(data.rows)
    table.tournament = tournament  # the rows link to the pairs' pages
    paginate_table(request, table, PER_PAGE)
    return render(request, "reports/standings.html", {
        "tournament": tournament, "data": data, "table": table, "can_export": can_export(request.user, tournament),
        "tiebreaks": tiebreak_labels(data.tiebreaks),
        "teams": team_data.load_team_standings(tournament, standings=data),  # None without a team standing
        "staged": stage_selectors.has_final(tournament), "final_places": _final_places(tournament),
        "groups": groups_data(tournament),
    })


def _final_places(tournament) -> list[dict]:
    """The event's final places once stage 2's finalists are confirmed (none before: stage 1 is the table)."""
    if not stage_selectors.has_final(tournament) or not stage_selectors.finalists(tournament):
        return []
    return final_standings_data(tournament)


def players(request, slug):
    tournament = _tournament(request, slug)
    if tournament.format_spec.single_player_entries:  # its standings are the players' own: one page, not two
        after = _after_round(request)
        return redirect(reverse("reports:standings", args=[slug]) + (f"?after={after}" if after else ""))
    data = selectors.load_individual(tournament, _after_round(request))
    table = KozelPlayersTable(data.players, rating=data.rating) if data.goats else PlayersTable(data.players)
    paginate_table(request, table, PER_PAGE)
    return render(request, "reports/players.html", {"tournament": tournament, "data": data, "table": table})


@live.live_page(functools.partial(_public_etag, per_user=True), per_user=True)
def crosstable(request, slug):
    """Polled by the players' phones like the standings: 304 until the data version moves; the standings
    under it are computed once per version and shared with the standings page and the projector."""
    tournament = _tournament(request, slug)
    if tournament.format_spec.single_player_entries:  # an individual event's cross table: its player × round grid
        return redirect("tournaments:grid", slug=slug)
    data, cells, matrix = selectors.load_crosstable_from(_standings_data(tournament, _after_round(request)))
    if matrix is not None and len(matrix[0]) > MATRIX_MAX_PAIRS:
        matrix = None
    rounds = [n for n in data.rounds if data.after_round is None or n <= data.after_round]
    if matrix is None:
        page = paginate(request, data.rows, PER_PAGE)
        lines = []
        for r in page.object_list:
            by_round = {c.round: c for c in cells.get(r.pair.id, [])}
            lines.append((r, [by_round.get(n) for n in rounds]))
    else:
        page = None
        ordered, grid = matrix
        lines = [(r, grid[i]) for i, r in enumerate(ordered)]
    return render(request, "reports/crosstable.html", {
        "tournament": tournament, "data": data, "rounds": rounds, "lines": lines, "page": page,
        "matrix": matrix is not None, "columns": matrix[0] if matrix else [],
    })


@live.live_page(_public_etag, cache_body=True)
def projector(request, slug):
    """Standings for a hall screen: big type, a page of rows at a time, turning by itself."""
    tournament = _tournament(request, slug)
    data = _standings_data(tournament, _after_round(request))
    final_places = _final_places(tournament)  # stage 2 under way: the final places, not stage 1's table
    lines = final_places or data.rows
    pages = max(1, -(-len(lines) // PROJECTOR_ROWS))
    page = (parse_int(request.GET.get("page"), 1, minimum=1) - 1) % pages + 1
    shown = lines[(page - 1) * PROJECTOR_ROWS: page * PROJECTOR_ROWS]
    # an individual event's player lines add the rest of its standings' figures (docs/rules-individual.md §7)
    figures = projector_figures(data) if tournament.format_spec.single_player_entries and not final_places else []
    context = {
        "tournament": tournament, "data": data, "page": page, "pages": pages, "next_page": page % pages + 1,
        "rows": [] if final_places else [(r, [(c.css, cell(c, r)) for c in figures]) for r in shown],
        "figures": figures, "final_rows": shown if final_places else [],
        "staged": stage_selectors.has_final(tournament), "seconds": PROJECTOR_SECONDS,
        "groups": _groups_in_play(tournament),
        **_projector_clock(tournament),
    }
    template = "reports/projector_board.html" if request.htmx else "reports/projector.html"
    return render(request, template, context)


def _groups_in_play(tournament):
    """The projector shows the groups' tables while the group phase is played (then the final places)."""
    groups = groups_data(tournament)
    if groups is None or stage_selectors.load_bracket(tournament) is not None:
        return None
    return groups


def _projector_clock(tournament) -> dict:
    """The clock of the round in play, in large type above the standings (none: nothing shown)."""
    rnd = round_selectors.clock_round(tournament)
    if rnd is None:
        return {"clock": None}
    return {"clock": round_selectors.round_clock(rnd),
            "clock_url": reverse("tournaments:clock", args=[tournament.slug, rnd.number])}


def standings_xlsx(request, slug):
    tournament = _tournament(request, slug)
    return file_response(exports.standings_workbook(tournament, _after_round(request)), f"{slug}-standings.xlsx", XLSX)


def standings_pdf(request, slug):
    tournament = _tournament(request, slug)
    return file_response(exports.standings_pdf(tournament, _after_round(request)), f"{slug}-standings.pdf",
                 PDF, inline=True)


def _published_round(tournament, number) -> Round:
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if rnd.status == RoundStatus.DRAFT:
        raise Http404(_("Тур ещё не опубликован."))
    return rnd


def pairings_pdf(request, slug, number):
    tournament = _tournament(request, slug)
    _published_round(tournament, number)
    return file_response(exports.pairings_pdf(tournament, number), f"{slug}-round{number}-pairings.pdf", PDF,
                 inline=True)


def _require_export(request, tournament):
    if not can_export(request.user, tournament):
        raise PermissionDenied(_("Выгрузка доступна организатору и судьям турнира."))


def workbook(request, slug):
    """The tournament's workbook is public: it holds only what the public pages show (published rounds)."""
    tournament = _tournament(request, slug)
    return file_response(exports.workbook(tournament), f"{slug}.xlsx", XLSX)


def blank_sheets(request, slug, number):
    tournament = _tournament(request, slug)
    _require_export(request, tournament)
    get_object_or_404(Round, tournament=tournament, number=number)
    data = exports.blank_sheets_pdf(tournament, number, base_url=public_url("/", request))
    return file_response(data, f"{slug}-round{number}-blank.pdf", PDF, inline=True)


def signed_sheets(request, slug, number):
    """The signed sheets of a finished round are public; of a round in play, for the referees only."""
    tournament = _tournament(request, slug)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if rnd.status != RoundStatus.FINISHED:
        _require_export(request, tournament)
    data = exports.signed_sheets_pdf(tournament, number, base_url=public_url("/", request))
    return file_response(data, f"{slug}-round{number}-signed.pdf", PDF)


def protocol_pdf(request, slug, partie_id):
    """One protocol's sheet: public once signed; before that only for the tournament's referees."""
    tournament = _tournament(request, slug)
    protocol = get_object_or_404(Protocol, partie_id=partie_id, partie__round__tournament=tournament)
    if not protocol.is_locked:
        _require_export(request, tournament)
    data = exports.protocol_pdf(protocol, base_url=public_url("/", request))
    return file_response(data, f"{slug}-protocol-{partie_id}.pdf", PDF)
