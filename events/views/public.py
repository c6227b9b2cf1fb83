"""Public pages: anyone can read published rounds and the draw, without logging in.

The live ones (a round, a pair's page) are polled by the players' phones: each answers a repeated poll with
``304 Not Modified`` until the tournament's data version moves (``scoring.live``); the round's results,
which the round page fetches again by itself, are one body shared by every phone from the cache.
"""
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control

from access.permissions import can_view_dashboard, is_organizer, is_referee
from core.names import name_matches
from core.paging import clean_query, paginate
from engine.rules import RulesError
from scoring import live
from scoring import signing_links as signing
from scoring.models import Protocol
from tournaments.choices import ProtocolStatus
from tournaments.models import RoundStatus, SigningMethod, Tournament
from tournaments.presets import preset_label

from .. import calendar, pair_selectors, selectors, stage_selectors
from ..forms_calendar import CalendarForm
from ..page_parts import open_registration_ids
from ..selectors import clock_context
from ..services.rounds import open_tables_text
from ..tables import (
    DrawTable,
    IndividualDrawTable,
    IndividualPairingsByNameTable,
    IndividualPairingsByTableTable,
    PairingsByNameTable,
    PairingsByTableTable,
)


def tournament_shown(request, slug):
    """The tournament of a public page and whether the user organizes it (a 404 for an unpublished one, but
    for its organizer); the individual event's pages share it."""
    tournament = get_object_or_404(Tournament, slug=slug)
    organizer = is_organizer(request.user, tournament)
    if not tournament.is_public and not organizer:
        raise Http404
    return tournament, organizer


CALENDAR_PER_PAGE = 30


def home(request):
    """The calendar of tournaments (``events.calendar``): in play, upcoming, finished, with filters."""
    rows = calendar.progress_rows(calendar.public_tournaments())
    form = CalendarForm(request.GET if request.GET else None, cities=calendar.cities(rows))
    filters = form.filters()
    page = paginate(request, calendar.calendar_ids(rows, filters, timezone.localdate()), CALENDAR_PER_PAGE)
    params = request.GET.copy()
    params.pop("page", None)
    items = calendar.page_items(page.object_list)
    return render(request, "tournaments/home.html", {
        "form": form, "page": page, "items": items, "params": params.urlencode(),
        "filtered": filters != calendar.Filters(),
        "signup_open": open_registration_ids([item.tournament.pk for item in items]),  # one query for the page
        "own_pages": selectors.account_pages(request.user),  # whoever logs in finds his own pages here
    })


ENTRANTS_SHOWN = 60  # on the tournament's page; the draw page lists them all, with a search


def tournament_detail(request, slug):
    """A tournament's page: its dates, venue and city, its rules in words, its entrants, its rounds and, once a
    round is finished, its documents (the signed sheets of each finished round, the final report for its
    officials)."""
    tournament, organizer = tournament_shown(request, slug)
    fmt = tournament.format_spec
    rounds = list(selectors.visible_rounds(tournament, organizer))
    try:
        rules_text = fmt.rules_text(tournament.rules())
    except RulesError:  # stored rules the engine refuses: the preset's name alone
        rules_text = preset_label(tournament.rules_preset)
    group, group_label = calendar.state_of_tournament(tournament, timezone.localdate())
    entrants, more = fmt.public_entrants(ENTRANTS_SHOWN) or _entrant_rows(tournament)
    return render(request, "tournaments/detail.html", {
        "tournament": tournament, "rounds": rounds, "organizer": organizer, **_stages_context(tournament, rounds),
        "can_referee": _can_referee(request.user, tournament),
        "has_bracket": stage_selectors.is_knockout(tournament),
        "rules_text": rules_text, "group": group, "group_label": group_label,
        "entrants": entrants, "entrants_more": more,
        "finished_rounds": [r for r in rounds if r.status == RoundStatus.FINISHED],
        "standings_documents": fmt.standings_documents(group == "finished"),
        "can_print": is_referee(request.user, tournament),
    })


def _stages_context(tournament, rounds) -> dict:
    """An event in stages on its page: each round's title with stage 2's names («Тур 6 · Финал»), the second
    stage named beside the system, and its winner once stage 2 is over (the first of the final places)."""
    if not stage_selectors.has_final(tournament):
        return {"round_titles": [(r, stage_selectors.round_title(r, {})) for r in rounds]}
    names = stage_selectors.stage2_round_names(tournament)
    winner = None
    if rounds and stage_selectors.stage2_next(tournament) is None:
        places = stage_selectors.final_standings_data(tournament)
        winner = places[0] if places and places[0].get("place") == 1 else None
    return {"round_titles": [(r, stage_selectors.round_title(r, names)) for r in rounds],
            "stage2_text": tournament.get_final_kind_display(), "winner": winner}


def _entrant_rows(tournament) -> tuple[list, int]:
    """The registered rows the public page lists, at most ``ENTRANTS_SHOWN``, and how many more."""
    entrant_ids = selectors.draw_pair_ids(tournament)
    return selectors.entrant_rows(tournament, entrant_ids[:ENTRANTS_SHOWN]), max(len(entrant_ids) - ENTRANTS_SHOWN, 0)


DRAW_PER_PAGE = 100


def _can_referee(user, tournament) -> bool:
    return can_view_dashboard(user, tournament)


def draw_page(request, slug):
    tournament, organizer = tournament_shown(request, slug)
    query = clean_query(request.GET.get("q"))
    page = paginate(request, selectors.draw_pair_ids(tournament, query), DRAW_PER_PAGE)
    rows = selectors.entrant_rows(tournament, page.object_list)
    table = (IndividualDrawTable if tournament.format_spec.single_player_entries else DrawTable)(rows)
    return render(request, "tournaments/draw.html", {
        "tournament": tournament, "table": table, "organizer": organizer, "page": page, "query": query,
    })


def _round(request, slug, round_number):
    tournament, organizer = tournament_shown(request, slug)
    rnd = get_object_or_404(tournament.rounds, number=round_number)
    if rnd.status == RoundStatus.DRAFT and not organizer:
        raise Http404
    return tournament, rnd, organizer


ROUND_POLL_SECONDS = 15  # how often the round page fetches its results again


def public_page_etag(request, slug, *args, **kwargs):
    """A public page's ETag, for this user (his forms' token, his links); none for a signing link (``k``):
    that page is the player's own, never stored (``no-store``), and a PIN slip replaced sends no signal."""
    if "k" in request.GET:
        return None
    return live.public_etag(request, slug, per_user=True)


def _results_etag(request, slug, round_number):
    """The round's results fragment: one ETag (and one cached body) for every spectator; the organizer's
    differs (it shows the reason of a manual change)."""
    found = live.public_stamp(slug)
    if found is None:
        return None
    live.follows_public(request, slug)
    return live.etag(found[1], request, is_organizer(request.user, Tournament(pk=found[0])))


def _round_context(request, slug, round_number):
    tournament, rnd, organizer = _round(request, slug, round_number)
    parties = selectors.round_parties(rnd)
    by_name = selectors.by_name(parties)
    query = (request.GET.get("q") or "").strip()
    if query:
        by_name = [r for r in by_name if name_matches(query, r["name"])]
    rows = _with_results(rnd, selectors.by_table(parties))
    individual = tournament.format_spec.single_player_entries
    by_name_table = (IndividualPairingsByNameTable if individual else PairingsByNameTable)(by_name)
    by_name_table.tournament, by_name_table.individual = tournament, individual
    return {
        "tournament": tournament, "round": rnd, "organizer": organizer, "query": query,
        "round_title": stage_selectors.round_title(rnd), "by_name": by_name_table, "by_table": _by_table(tournament, organizer, rows),
        "byes": [r for r in rows if r["bye"]],
        "rounds": selectors.visible_rounds(tournament, organizer),
        "override_tables": open_tables_text(rnd.number - 1, rnd.override_tables or []),
        "schedule": selectors.schedule_summary(tournament) if organizer and rnd.status == "draft" else None,
        **clock_context(request.user, rnd, back="round"),
        "poll_seconds": ROUND_POLL_SECONDS,
    }


@live.live_page(public_page_etag, per_user=True)
def pairings(request, slug, round_number):
    return render(request, "tournaments/pairings.html", _round_context(request, slug, round_number))


@live.live_page(_results_etag, cache_body=True)
def round_results(request, slug, round_number):
    """The tables of the round with their scores: what the round page fetches again every few seconds."""
    tournament, rnd, organizer = _round(request, slug, round_number)
    rows = _with_results(rnd, selectors.by_table(selectors.round_parties(rnd)))
    return render(request, "tournaments/_round_results.html", {
        "tournament": tournament, "round": rnd, "by_table": _by_table(tournament, organizer, rows),
        "poll_seconds": ROUND_POLL_SECONDS})


def _by_table(tournament, organizer, rows):
    individual = tournament.format_spec.single_player_entries
    table = (IndividualPairingsByTableTable if individual else PairingsByTableTable)(
        rows, exclude=() if organizer else ("reason",))
    table.tournament, table.individual = tournament, individual
    table.show_reason = organizer  # the reason of a manual change is internal
    return table


def _with_results(rnd, rows):
    """Each table's score once entered, and whether its protocol is signed (one query)."""
    results = {
        pid: (a, b, status, goats) for pid, a, b, status, *goats in Protocol.objects.filter(partie__round=rnd)
        .exclude(status=ProtocolStatus.NOT_STARTED)
        .values_list("partie_id", "score_a", "score_b", "status", "goats_a", "goats_b")
    }
    kozel = rnd.tournament.game.counts_goats  # the goats of the partie first (docs/rules-kozel.md §11)
    for row in rows:
        a, b, status, goats = results.get(row["partie_id"], (None, None, None, None))
        row["score"] = (a, b) if status else None
        row["signed"] = status == ProtocolStatus.SIGNED
        row["goats"] = tuple(goats) if kozel and status else None
    return rows


@live.live_page(public_page_etag, per_user=True)
def pair_page(request, slug, number):
    """A pair's own page: players, and round by round its table, opponents, seats, score and protocol."""
    tournament, organizer = tournament_shown(request, slug)
    if number > 2**31 - 1:  # larger than any stored number (and than the database's integers)
        raise Http404
    entry_view = tournament.format_spec.entry_view
    if entry_view != "tournaments:pair":  # an individual event: the player's own page (a slip's key kept)
        query = request.GET.urlencode()
        return redirect(reverse(entry_view, args=[slug, number]) + (f"?{query}" if query else ""))
    pair = get_object_or_404(tournament.pairs.prefetch_related("players"), number=number)
    players = sorted(pair.players.all(), key=lambda p: (p.number is None, p.number or 0, p.pk))
    games = pair_selectors.pair_games(tournament, pair, organizer)
    signer = signing.pair_signing(request, tournament, players, games)  # a player of the pair: his signing links
    response = render(request, "tournaments/pair.html", {
        "tournament": tournament, "pair": pair, "players": players, "organizer": organizer, "games": games,
        "signer": signer, "own_phone": tournament.signing_method == SigningMethod.OWN_PHONE,
    })
    if signer is not None:
        patch_cache_control(response, private=True, no_store=True)
    return response


def pair_search(request, slug):
    """Find one's pair by surname (the players who never log in start here)."""
    tournament, organizer = tournament_shown(request, slug)
    query = (request.GET.get("q") or "").strip()
    found = pair_selectors.find_players(tournament, query)
    return render(request, "tournaments/pair_search.html", {
        "tournament": tournament, "query": query[:100], "found": found, "searched": bool(query),
    })


def seating(request, slug, round_number):
    tournament, rnd, organizer = _round(request, slug, round_number)
    parties = selectors.round_parties(rnd)
    return render(request, "tournaments/seating.html", {
        "tournament": tournament, "round": rnd, "round_title": stage_selectors.round_title(rnd),
        "tables": selectors.seating(parties, selectors.deals_shown(tournament)),
        "byes": [p for p in parties if p.pair_b is None],
    })
