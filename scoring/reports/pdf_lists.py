"""Standings and pairings as A4 PDF lists (reportlab platypus, header row repeated on every page)."""
from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Spacer, TableStyle

from core.names import pair_with_players

from .pdf_page import BOLD, FONT, MARGIN, WIDTH, metadata, register_fonts
from .stage_selectors import round_title
from .player_table import cell, pdf_figures, player_status_text
from .tabular import status_text, tiebreak_labels


def _doc(buf, title, pagesize=A4):
    return SimpleDocTemplate(buf, pagesize=pagesize, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                             bottomMargin=MARGIN, title=title, subject=title, **metadata())


def _styles():
    return (ParagraphStyle("h", fontName=BOLD, fontSize=14, leading=18),
            ParagraphStyle("s", fontName=FONT, fontSize=9, leading=12))


HEAD = ParagraphStyle("th", fontName=BOLD, fontSize=7, leading=8.5)


CELL_MAX = 400  # characters of one cell: a longer text would make a row taller than the page


def text(value, style) -> Paragraph:
    """A paragraph of plain text: reportlab parses markup in a Paragraph, so ``<img src=…/>``,
    ``<a href=…>`` or an unbalanced ``<b>`` in a name would read a file, add a link or fail."""
    value = str(value)
    if len(value) > CELL_MAX:
        value = value[:CELL_MAX - 1] + "…"
    return Paragraph(escape(value), style)


def text_lines(value, style) -> Paragraph:
    """Plain text whose lines ("\n") each start a new line of the paragraph (every line escaped)."""
    lines = str(value).split("\n")
    return Paragraph("<br/>".join(escape(line[:CELL_MAX]) for line in lines), style)


def _head(cells):
    return [text(c, HEAD) for c in cells]


def _table(data, widths, *, numeric_from=None, greyed=(), size=8):
    table = LongTable(data, colWidths=widths, repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.87, 0.9, 0.93)),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
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


def _standings_title(standings) -> str:
    title = _("Положение: %(t)s") % {"t": standings.tournament.name}
    if standings.round_label:
        title += " — " + standings.round_label
    return title


def heading_width(title: str, size: float = 7) -> float:
    """A column as wide as its longest heading word (no word is broken), at least 24 points."""
    return max(24, 10 + max(stringWidth(w, BOLD, size) for w in str(title).split()))


def text_width(value: str, style) -> float:
    """The printed width of one line of ``value`` in ``style``, with the cell's padding."""
    return stringWidth(str(value), style.fontName, style.fontSize) + 8


def standings_pdf(standings, clubs: dict | None = None, before=()) -> bytes:
    """The standings on A4; an individual event's (``clubs``: {entrant id: club}) one line per player.
    ``before``: the final places of an event in stages (``final_places.places_flowables``), printed first under
    the title «Итоговое положение»; the standings (stage 1's) follow under their own title."""
    if standings.tournament.is_individual:
        return player_standings_pdf(standings, clubs or {}, before)
    register_fonts()
    _h, small = _styles()
    title = _standings_title(standings)
    titles = [_("Место"), _("Пара"), _("Игроки"), _("Игр"), _("Поб."), _("Пор."), _("Очки матча"), _("За"),
              _("Против"), _("Разн."), _("Раздач"), _("Бухг.")]
    if standings.goats:  # Kozel and Morskoy: goats (and rating) after the match points, instead of deals won
        titles[7:7] = [_("Козлов"), _("± козлов")] + ([_("Рейтинг")] if standings.rating else [])
        titles.remove(_("Раздач"))
    data, greyed = [_head(titles)], []
    for i, r in enumerate(standings.rows, start=1):
        label = r.pair.label
        label += f" ({status_text(r.status)})" if status_text(r.status) else ""
        line = [_fmt(r.rank) or "—", _fmt(r.pair.number), text(label, small), r.played, r.wins, r.losses,
                _fmt(r.match_points), r.points_for, r.points_against, r.difference, r.deals_won, _fmt(r.buchholz)]
        if standings.goats:
            line[7:7] = [r.goats_received, r.goats_difference] + ([_fmt(r.rating)] if standings.rating else [])
            del line[-2]  # deals won
        data.append(line)
        if r.status != "active":
            greyed.append(i)
    # every column as wide as its longest header word, the players take the rest
    widths = [None if i == 2 else heading_width(t) for i, t in enumerate(titles)]
    widths[2] = WIDTH - sum(w for w in widths if w)
    return _standings_document(standings, title, _table(data, widths, numeric_from=3, greyed=greyed),
                               before=before)


def _standings_document(standings, title, table, pagesize=A4, before=()) -> bytes:
    h, small = _styles()
    buf = io.BytesIO()
    order = " → ".join(tiebreak_labels(standings.tiebreaks))
    story = [text(title, h), text(_("Порядок показателей: %(o)s") % {"o": order}, small), Spacer(1, 6), table]
    document_title = title
    if before:
        document_title = _("Итоговое положение: %(t)s") % {"t": standings.tournament.name}
        story = [text(document_title, h), *before, *story]
    _doc(buf, document_title, pagesize).build(story)
    return buf.getvalue()


def player_standings_pdf(standings, clubs: dict, before=()) -> bytes:
    """An individual event: place, player's number, name, club, then the figures of ``player_table.pdf_figures``
    (the name and the club share what the figures leave, so that names print whole)."""
    register_fonts()
    _h, small = _styles()
    fixed = [_("Место"), _("№ игрока")]
    with_club = any(clubs.get(r.pair.id) for r in standings.rows)
    # the club as wide as its longest text (up to a third of the line), the name at least its longest word
    club_w = min(WIDTH / 3, max([text_width(clubs.get(r.pair.id, ""), small) for r in standings.rows] + [60])) \
        if with_club else 0
    word_w = max([text_width(w, small) for r in standings.rows for w in r.pair.label.split()] + [60])
    names_min = max(150, word_w + club_w)
    figures, every = pdf_figures(standings, lambda c: heading_width(c.short), WIDTH - sum(map(heading_width, fixed)),
                                 names_min=names_min)
    width = WIDTH
    if not every:  # a landscape page keeps the figures that matter (the Kozel family's goats, the tie-breaks)
        width = A4[1] - 2 * MARGIN
        figures, _every = pdf_figures(standings, lambda c: heading_width(c.short),
                                      width - sum(map(heading_width, fixed)), names_min=names_min)
    titles = fixed + [_("Игрок")] + ([_("Клуб / город")] if with_club else []) + [str(c.short) for c in figures]
    data, greyed = [_head(titles)], []
    for i, r in enumerate(standings.rows, start=1):
        status = player_status_text(r.status)
        label = r.pair.label + (f" ({status})" if status else "")
        line = [_fmt(r.rank) + ("=" if r.rank and r.tied else "") or "—", _fmt(r.pair.number), text(label, small)]
        if with_club:
            line.append(text(clubs.get(r.pair.id, ""), small))
        data.append(line + [_fmt(cell(c, r)) for c in figures])
        if r.status != "active":
            greyed.append(i)
    names = [len(fixed)] + ([len(fixed) + 1] if with_club else [])
    widths = [heading_width(t) for t in titles]
    rest = width - sum(w for i, w in enumerate(widths) if i not in names)
    widths[names[0]] = rest - club_w
    if with_club:
        widths[names[1]] = club_w
    table = _table(data, widths, numeric_from=names[-1] + 1, greyed=greyed)
    return _standings_document(standings, _standings_title(standings), table,
                               pagesize=A4 if width == WIDTH else landscape(A4), before=before)


def pairings_pdf(tournament, rnd, parties) -> bytes:
    register_fonts()
    h, small = _styles()
    title = _("%(t)s — тур %(r)s: пары по столам") % {"t": tournament.name, "r": rnd.number}
    if rnd.stage == 2:  # «Тур 6 · Полуфинал»
        title = _("%(t)s — %(r)s: пары по столам") % {"t": tournament.name, "r": round_title(rnd)}
    individual = tournament.is_individual
    if individual:
        title = _("%(t)s — тур %(r)s: игроки по столам") % {"t": tournament.name, "r": rnd.number}
        data = [_head([_("Стол"), _("№ A1 + A2"), _("Игроки A (A1, A2)"), _("№ B1 + B2"), _("Игроки B (B1, B2)")])]
    else:
        data = [_head([_("Стол"), _("Пара A"), _("Игроки A (A1, A2)"), _("Пара B"), _("Игроки B (B1, B2)")])]

    def side(partie, key):  # an individual event: "3 + 7" and "A1 Name, A2 Name"
        entrants = partie.side_entrants(key)
        if not entrants:
            return "", _("пропускает тур")
        if partie.pair_b is None:
            return _fmt(entrants[0].number), " ".join(p.name for p in partie.side_players(key))
        names = [f"{key}{k} {p.name}" for k, p in enumerate(partie.side_players(key), start=1)]
        return " + ".join(_fmt(e.number) for e in entrants), "\n".join(names)

    def names(pair):
        if pair is None:
            return _("пропуск тура")
        return pair_with_players(pair.name, [p.name for p in sorted(pair.players.all(),
                                                                    key=lambda p: (p.number or 9, p.id))])

    big = ParagraphStyle("big", fontName=FONT, fontSize=10.5, leading=13)
    for partie in parties:
        table = _fmt(partie.table if partie.pair_b else "—")  # a sit-out or a bye is at no table
        if individual:
            (na, a), (nb, b) = side(partie, "A"), side(partie, "B")
            data.append([table, na, text_lines(a, big), nb, text_lines(b, big)])
            continue
        data.append([table, _fmt(partie.pair_a.number), text(names(partie.pair_a), big),
                     _fmt(partie.pair_b.number if partie.pair_b else ""), text(names(partie.pair_b), big)])
    number_w = 64 if individual else 46
    widths = [40, number_w, (WIDTH - 40 - 2 * number_w) / 2, number_w, (WIDTH - 40 - 2 * number_w) / 2]
    buf = io.BytesIO()
    _doc(buf, title).build([text(title, h), Spacer(1, 6), _table(data, widths, size=11)])
    return buf.getvalue()
