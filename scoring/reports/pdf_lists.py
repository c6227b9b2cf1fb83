"""Standings and pairings as A4 PDF lists (reportlab platypus, header row repeated on every page)."""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Spacer, TableStyle

from .pdf import BOLD, FONT, MARGIN, WIDTH, register_fonts
from .tabular import status_text


def _doc(buf, title):
    return SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                             bottomMargin=MARGIN, title=title, author=_("Спортивное домино"))


def _styles():
    return (ParagraphStyle("h", fontName=BOLD, fontSize=14, leading=18),
            ParagraphStyle("s", fontName=FONT, fontSize=9, leading=12))


def _table(data, widths, *, numeric_from=None, greyed=()):
    table = LongTable(data, colWidths=widths, repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.87, 0.9, 0.93)),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if numeric_from is not None:
        style.append(("ALIGN", (numeric_from, 1), (-1, -1), "RIGHT"))
    for row in greyed:
        style.append(("TEXTCOLOR", (0, row), (-1, row), colors.Color(0.45, 0.45, 0.45)))
    table.setStyle(TableStyle(style))
    return table


def _fmt(x):
    if isinstance(x, float):
        return f"{x:g}"
    return "" if x is None else str(x)


def standings_pdf(standings) -> bytes:
    register_fonts()
    t = standings.tournament
    h, small = _styles()
    title = _("Положение: %(t)s") % {"t": t.name}
    if standings.shown_round:
        title += " — " + _("после тура %(r)s") % {"r": standings.shown_round}
    header = [_("Место"), _("Пара"), _("Игроки"), _("Партий"), _("Побед"), _("Пораж."), _("Очки матча"),
              _("Очки за"), _("Против"), _("Разн."), _("Раздач"), _("Бухг.")]
    data, greyed = [header], []
    for i, r in enumerate(standings.rows, start=1):
        label = r.pair.label + (f" ({status_text(r.status)})" if status_text(r.status) else "")
        data.append([_fmt(r.rank) or "—", _fmt(r.pair.number), Paragraph(label, small), r.played, r.wins, r.losses,
                     _fmt(r.match_points), r.points_for, r.points_against, r.difference, r.deals_won,
                     _fmt(r.buchholz)])
        if r.status != "active":
            greyed.append(i)
    widths = [34, 30, None, 36, 34, 36, 42, 40, 40, 36, 38, 36]
    fixed = sum(w for w in widths if w)
    widths = [w or WIDTH - fixed for w in widths]
    buf = io.BytesIO()
    order = ", ".join(standings.tiebreaks)
    _doc(buf, title).build([
        Paragraph(title, h), Paragraph(_("Порядок показателей: %(o)s") % {"o": order}, small), Spacer(1, 6),
        _table(data, widths, numeric_from=3, greyed=greyed),
    ])
    return buf.getvalue()


def pairings_pdf(tournament, rnd, parties) -> bytes:
    register_fonts()
    h, small = _styles()
    title = _("%(t)s — тур %(r)s: пары по столам") % {"t": tournament.name, "r": rnd.number}
    data = [[_("Стол"), _("Пара A"), _("Игроки A (A1, A2)"), _("Пара B"), _("Игроки B (B1, B2)")]]

    def names(pair):
        if pair is None:
            return _("пропуск тура")
        return " — ".join(p.name for p in sorted(pair.players.all(), key=lambda p: (p.number or 9, p.id)))

    for partie in parties:
        data.append([_fmt(partie.table), _fmt(partie.pair_a.number), Paragraph(names(partie.pair_a), small),
                     _fmt(partie.pair_b.number if partie.pair_b else ""), Paragraph(names(partie.pair_b), small)])
    widths = [34, 40, (WIDTH - 114) / 2, 40, (WIDTH - 114) / 2]
    buf = io.BytesIO()
    _doc(buf, title).build([Paragraph(title, h), Spacer(1, 6), _table(data, widths)])
    return buf.getvalue()
