"""The cut of stage 1 as the organizer confirms it (docs/rules.md I.9): the finalists of a qualification's
preview, refused on a tie at the cut that the organizer has not ordered, or when the standings changed since
the page showed them. One check for the pairs' and the teams' stage 2."""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.text import numbered
from engine.ranking.qualification import QualificationError
from tournaments.errors import InvalidInput


def checked_finalists(preview, tie_order, expected, tie_text: str):
    """``preview(tie_order)`` → its finalists, seed 1 first. ``tie_text`` (translated, with ``%(tied)s``) is
    the refusal of an unresolved tie; ``expected`` the finalists' numbers in seed order as the page showed."""
    try:
        result = preview(tie_order)
    except QualificationError as exc:
        raise InvalidInput(exc.message, code=exc.code, field="tie_order") from None
    if not result.resolved:
        raise InvalidInput(tie_text % {"tied": ", ".join(numbered(n) for n in result.tied_at_cut)},
                           code="tie_at_cut", field="tie_order", tied=result.tied_at_cut)
    chosen = result.finalists
    if expected is not None and [int(n) for n in expected] != [p.row.pair.number for p in chosen]:
        raise InvalidInput(_("Таблица первого этапа изменилась, пока страница была открыта: проверьте состав "
                             "ещё раз."), code="standings_changed")
    return chosen
