"""The final places of a pair or individual event in stages (docs/rules.md «Этапы»: stage 2's order first, then
everyone else by stage 1) in the files: the workbook's first sheet «Итоговые места» and the final report's first
section. The places are ``stage_selectors.final_standings``, what the standings page and ``standings --final``
show; nothing here ranks an entrant. A team event prints its own (``teams.report``, ``teams.workbook``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from core.pdf import H2, HEAD, WIDTH, grid, paragraph, style
from core.text import numbered

from .stage_selectors import FinalPlace, final_standings, finalists, has_final
from .tabular import Column, Table

NOTE = style(7, leading=9)


def places_of(tournament) -> list[FinalPlace]:
    """The final places once stage 2's entrants are confirmed; [] before (stage 1's table is the standings)."""
    if tournament.format_spec.has_teams:  # a team event's places are its teams' (``teams.finals``)
        return []
    if not has_final(tournament) or not finalists(tournament):
        return []
    return final_standings(tournament)


def _stage_words(stage: int) -> str:
    return _("второму этапу") if stage == 2 else _("первому этапу")


def places_table(places) -> Table | None:
    """The workbook's sheet (None: no final places)."""
    if not places:
        return None
    cols = [Column(_("Место"), 8, True), Column(_("№"), 7, True), Column(_("Участник"), 44),
            Column(_("Место по"), 16), Column(_("Посев"), 8, True)]
    return Table(_("Итоговые места"), cols, [[p.place or "", p.number, p.label, _stage_words(p.stage),
                                               p.seed or ""] for p in places])


def places_flowables(places) -> list:
    """The final report's section, before the standings (nothing when there are no final places)."""
    if not places:
        return []
    head = [_("Место"), _("Участник"), _("Место по")]
    widths = [16 * mm, 0, 34 * mm]
    widths[1] = WIDTH - sum(widths)
    rows = [[paragraph(p.place or "—"), paragraph(f"{numbered(p.number)} {p.label}"), paragraph(_stage_words(p.stage))] for p in places]
    return [paragraph(_("Итоговые места"), H2),
            paragraph(_("Сначала места второго этапа, затем остальные участники по первому этапу."), NOTE),
            Spacer(1, 3), grid([[paragraph(h, HEAD) for h in head], *rows], widths), Spacer(1, 8)]


__all__ = ["places_flowables", "places_of", "places_table"]
