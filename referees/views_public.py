"""The public page of one protocol (the QR codes of the printed sheets point here)."""
from django.http import Http404
from django.shortcuts import render

from access import permissions as perms
from scoring import protocol_state
from scoring.integrity import seats_as_signed, untrusted_signatures
from scoring.reports.game_sheets import games_sheet
from scoring.reports.sheets import outcome_text
from tournaments.models import Partie

from . import selectors


def protocol(request, partie_id):
    try:
        partie = protocol_state.load_partie(partie_id)
    except Partie.DoesNotExist:
        raise Http404 from None
    if partie.is_bye or not perms.can_view_protocol(request.user, partie):
        raise Http404
    protocol = selectors.load_protocol(partie, create=False)
    if protocol is None:
        ctx = {"partie": partie, "tournament": partie.round.tournament, "protocol": None,
               "seats": selectors.seat_list(partie)}
    else:
        ctx = selectors.entry_context(partie, request.user, protocol=protocol)
        ctx["fingerprint_mismatches"] = untrusted_signatures(protocol)[1]
        ctx["seats"], ctx["corrections"] = seats_as_signed(protocol, ctx["seats"])  # the names as signed
        ctx.update(game_context(partie, protocol, ctx["scored"]))
    return render(request, "scoring/protocol.html", ctx)


def game_context(partie, protocol, scored) -> dict:
    """Kozel, Morskoy and hand points: the deals by game, goats, rating and the partie's outcome (the sheet's data)."""
    fmt = partie.round.tournament.format_spec  # an individual side: «сторона A № 2 + 13»
    numbers = {side: fmt.side_numbers(partie, side) or None for side in "AB"}
    sheet = games_sheet(scored, {d.n: d for d in protocol.deals.all()}, numbers, fmt)
    if sheet is None:
        return {}
    return {"games_sheet": sheet, "outcome": outcome_text(partie, scored)}
