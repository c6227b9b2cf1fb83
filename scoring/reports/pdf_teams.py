"""The team standing's section of the tournament's report (A4 portrait): a line per team, its counted entrants
one under another, the sums and the next entrant's values (docs/rules.md «Командный зачёт»).

Names come from users: every text is escaped before it goes into ``Paragraph`` markup.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Spacer

from core.pdf import CELL, H2, SMALL, WIDTH, esc, grid, paragraph, rich, word_width
from core.pdf import NARROW_HEAD as HEAD
from core.text import numbered
from engine.ranking.standings import plain_number

from .team_data import entrant_text, rank_text, removed_text


def _fmt(x) -> str:
    x = plain_number(x)
    return "—" if x is None else str(x)


def legend(data) -> str:
    return _("%(mode)s. %(best)s (по очкам матча, затем по разности). При равной сумме очков матча: очки матча "
             "следующего, %(next)s-го участника, затем сумма разностей, затем разность следующего. Снявшиеся и снятые "
             "с турнира участники не в зачёте; команды неполного состава — после полных.") % {
        "mode": data.mode_label, "best": data.best_text(), "next": data.best + 1}


def team_flowables(data) -> list:
    """The section: heading, legend and the table (or a line saying there are no teams yet)."""
    story = [paragraph(_("Командный зачёт"), H2), paragraph(legend(data), SMALL), Spacer(1, 4)]
    if not data.teams:
        return story + [paragraph(_("Команд ещё нет: ни у одного участника не указана команда."), SMALL)]
    head = [_("Место"), _("Команда"), _("В зачёте: очки матча / разность"), _("Очки матча"), _("След. очки"),
            _("Разн."), _("След. разн.")]
    rows = [[paragraph(h, HEAD) for h in head]]
    for t in data.teams:
        name = t.name + ("" if t.complete else " (" + _("неполный состав") + ")")
        extra = [removed_text(data, r) for r in t.removed]
        rows.append([paragraph(rank_text(t)), paragraph(name), rich(
            "<br/>".join([esc(entrant_text(r)) for r in t.counted]
                         + [f'<font color="#555555">{esc(x)}</font>' for x in extra]), CELL),
            paragraph(_fmt(t.match_points)), paragraph(_fmt(t.next_match_points)), paragraph(_fmt(t.difference)),
            paragraph(_fmt(t.next_difference))])
    # each column at least as wide as its longest heading word (no word broken); the entrants take the rest
    fixed = [None if w is None else word_width([h], HEAD, low=w) for w, h in zip([24, 100, None, 34, 34, 30, 34], head)]
    fixed[2] = WIDTH - sum(w for w in fixed if w)
    story.append(grid(rows, fixed))
    if data.unassigned:
        story += [Spacer(1, 4), paragraph(_("Без команды (в командном зачёте не участвуют): %(list)s.") % {
            "list": ", ".join(numbered(r.pair.number) for r in data.unassigned)}, SMALL)]
    return story
