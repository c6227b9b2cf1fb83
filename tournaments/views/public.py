"""Public pages: anyone can read published rounds and the draw, without logging in."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from .. import selectors
from ..models import PairStatus, RoundStatus, Tournament
from ..names import name_key, name_matches
from ..permissions import can_organize
from ..tables import DrawTable, PairingsByNameTable, PairingsByTableTable


def _tournament(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    organizer = can_organize(request.user, tournament)
    if not tournament.is_public and not organizer:
        raise Http404
    return tournament, organizer


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


def tournament_detail(request, slug):
    tournament, organizer = _tournament(request, slug)
    rounds = selectors.visible_rounds(tournament, organizer)
    return render(request, "tournaments/detail.html", {
        "tournament": tournament, "rounds": rounds, "organizer": organizer,
        "pairs_count": tournament.pairs.filter(status=PairStatus.ACTIVE).count(),
    })


def draw_page(request, slug):
    tournament, organizer = _tournament(request, slug)
    pairs = tournament.pairs.prefetch_related("players").order_by("number", "id")
    rows = []
    for pair in pairs:
        players = sorted(pair.players.all(), key=lambda p: (p.number is None, p.number or 0, p.pk))
        label = lambda p: f"{p.number}. {p.name}" if p.number else p.name  # noqa: E731
        rows.append({
            "number": pair.number, "player1": label(players[0]) if players else "",
            "player2": label(players[1]) if len(players) > 1 else "",
            "club": ", ".join(sorted({p.club for p in players if p.club})),
            "status": pair.get_status_display(), "sort": name_key(players[0].name if players else ""),
        })
    # numbered pairs by number; before the draw, by the first player's name («ё» sorts as «е»)
    rows.sort(key=lambda r: (r["number"] is None, r["number"] or 0, r["sort"]))
    return render(request, "tournaments/draw.html", {
        "tournament": tournament, "table": DrawTable(rows), "organizer": organizer,
    })


def _round(request, slug, round_number):
    tournament, organizer = _tournament(request, slug)
    rnd = get_object_or_404(tournament.rounds, number=round_number)
    if rnd.status == RoundStatus.DRAFT and not organizer:
        raise Http404
    return tournament, rnd, organizer


def pairings(request, slug, round_number):
    tournament, rnd, organizer = _round(request, slug, round_number)
    parties = selectors.round_parties(rnd)
    by_name = selectors.by_name(parties)
    query = (request.GET.get("q") or "").strip()
    if query:
        by_name = [r for r in by_name if name_matches(query, r["name"])]
    rows = selectors.by_table(parties)
    return render(request, "tournaments/pairings.html", {
        "tournament": tournament, "round": rnd, "organizer": organizer, "query": query,
        "by_name": PairingsByNameTable(by_name), "by_table": PairingsByTableTable(rows),
        "byes": [r for r in rows if r["bye"]],
        "rounds": selectors.visible_rounds(tournament, organizer),
    })


def seating(request, slug, round_number):
    tournament, rnd, organizer = _round(request, slug, round_number)
    parties = selectors.round_parties(rnd)
    return render(request, "tournaments/seating.html", {
        "tournament": tournament, "round": rnd,
        "tables": selectors.seating(parties, selectors.deals_shown(tournament)),
        "byes": [p for p in parties if p.pair_b is None],
    })
