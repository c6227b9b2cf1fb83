"""Public pages of an individual event (docs/rules-individual.md): a player's own page, the player × round grid and
a round robin's schedule.

Both answer a repeated poll with 304 until the data version moves (``scoring.live``). Both read
``events.individual_selectors`` (a fixed number of queries for any number of players) and answer
404 for a pair event, whose pages are the pair page and the cross table.
"""
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from core.converters import parse_int
from core.paging import paginate
from engine.pairing import PairingError, whist
from scoring import live
from scoring import signing_links as signing
from tournaments.models import PairingSystem, SigningMethod

from .. import individual_selectors
from .public import public_page_etag, tournament_shown

GRID_PER_PAGE = 100
NUMBER_MAX = 2**31 - 1  # larger than any stored number (and than the database's integers)


def _individual(request, slug):
    tournament, organizer = tournament_shown(request, slug)
    if not tournament.format_spec.single_player_entries:  # the player's pages are an individual event's
        raise Http404
    return tournament, organizer


@live.live_page(public_page_etag, per_user=True)
def player_page(request, slug, number):
    """A player's page: round by round his table, seat, partner, opponents, his side's result and the protocol."""
    tournament, organizer = _individual(request, slug)
    if number > NUMBER_MAX:
        raise Http404
    entrant = get_object_or_404(tournament.pairs.prefetch_related("players"), number=number)
    players = list(entrant.players.all())
    if not players:
        raise Http404
    rounds = individual_selectors.player_rounds(tournament, entrant, organizer)
    signer = signing.pair_signing(request, tournament, players, rounds)  # the player himself: his signing links
    rules = tournament.rules()
    response = render(request, "tournaments/player.html", {
        "tournament": tournament, "entrant": entrant, "player": players[0], "organizer": organizer,
        "rounds": rounds, "signer": signer, "own_phone": tournament.signing_method == SigningMethod.OWN_PHONE,
        "match_points": sum(individual_selectors.match_points(rules, c) for c in rounds),
        "has_schedule": tournament.pairing_system == PairingSystem.ROUND_ROBIN,
    })
    if signer is not None:
        patch_cache_control(response, private=True, no_store=True)
    return response


@live.live_page(public_page_etag, per_user=True)
def grid_page(request, slug):
    """The player × round grid of an individual event (instead of the cross table), a page of players at a time."""
    tournament, organizer = _individual(request, slug)
    page = paginate(request, individual_selectors.entrant_ids_in_order(tournament), GRID_PER_PAGE)
    data = individual_selectors.grid(tournament, organizer, list(page.object_list))
    return render(request, "tournaments/grid.html", {"tournament": tournament, "grid": data, "page": page})


@live.live_page(public_page_etag, per_user=True)
def schedule_page(request, slug):
    """A round robin's schedule for everyone (docs/rules-individual.md §3): the published rounds' tables and
    sit-outs — what the round pages show, never a draft —, the rounds after them as the schedule plans them, and
    with ``?player=N`` that player's rounds."""
    tournament, _organizer = _individual(request, slug)
    if tournament.pairing_system != PairingSystem.ROUND_ROBIN:
        raise Http404
    rounds = individual_selectors.schedule_rounds(tournament)
    last_published = max((r.number for r in rounds), default=0)
    ahead = individual_selectors.planned_rounds(tournament, last_published)
    numbers = individual_selectors.numbered(tournament)
    try:
        planned = whist.rounds_needed(len(numbers))
    except PairingError:
        planned = None
    raw = (request.GET.get("player") or "").strip()
    number, error, mine = None, "", []
    if raw:
        number = parse_int(raw, minimum=1)
        if number is None or number not in numbers:
            error = _("Игрока с номером «%(n)s» в турнире нет: введите номер от 1 до %(max)s.") % {
                "n": raw[:12], "max": max(numbers, default=1)}
            number = None
        else:
            mine = individual_selectors.player_schedule(rounds + ahead, number)
    return render(request, "tournaments/schedule.html", {
        "tournament": tournament, "rounds": rounds, "ahead": ahead, "all_rounds": rounds + ahead,
        "last_published": last_published, "planned": planned, "player": number, "raw": raw[:12],
        "error": error, "mine": mine, "player_name": numbers.get(number, ""),
    })
