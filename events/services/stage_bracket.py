"""The next round of a knockout bracket as pairings, shared by a pair event's stage 2 (``stages``) and a team
event's (``stage_teams``): a drawn match is refused with the caller's message, a round still waiting for an
earlier one is refused, and each pairing names its bracket round, match and seeds.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from engine.pairing import Pairing, PairingError, PairingResult
from engine.pairing.bracket import EXTRA_DEAL, next_pairings
from tournaments.models import FinalMatch


def bracket_round_pairings(bracket, number_of, drawn_message: str) -> PairingResult:
    """``bracket``'s next round; ``number_of(entrant id)`` gives the number printed; ``drawn_message`` (with
    ``%(a)s`` and ``%(b)s``, the two numbers) refuses a match that ended drawn."""
    current = bracket.next_round()
    drawn = [m for m in bracket.matches_of(current) if m.state == EXTRA_DEAL] if current else []
    if drawn:
        raise PairingError(drawn_message % {"a": number_of(drawn[0].a.entrant), "b": number_of(drawn[0].b.entrant)},
                           code="extra_deal_needed")
    try:
        number, matches = next_pairings(bracket)
    except PairingError as exc:
        if exc.code != "bracket_waiting":
            raise
        raise PairingError(_("Не решены матчи предыдущего круга сетки: дождитесь подписанных протоколов."),
                           code="bracket_waiting") from None
    pairings = []
    for m in matches:
        what = _("матч за 3-е место") if m.third_place else _("сетка, круг %(r)s, матч %(m)s") % {
            "r": number, "m": m.index + 1}
        if bracket.match_format != FinalMatch.SINGLE:
            what += _(", партия %(n)s") % {"n": len(m.games) + 1}
        a, b = number_of(m.a.entrant), number_of(m.b.entrant)
        # each number with its own seed: the sides may be written the other way round at the table
        pairings.append(Pairing(a, b, _("%(what)s: №%(a)s (посев %(sa)s) — №%(b)s (посев %(sb)s)") % {
            "what": what, "a": a, "sa": m.a.seed, "b": b, "sb": m.b.seed}))
    return PairingResult(pairings, "knockout")


__all__ = ["bracket_round_pairings"]
