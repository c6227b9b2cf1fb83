"""The match sheet of a team match (A4 portrait): the match's tables with their pairs, scores and table points,
each table's protocol (a QR code of its public page, the address as a link, and once it is signed the
fingerprint its signatures vouch for, as the protocol's own sheet prints it), the match's result, and the lines
for the signatures of both captains and the referee.

Names come from users: every text is escaped (``core.pdf.paragraph``) before it goes into ``Paragraph`` markup.
"""
from __future__ import annotations

from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from reportlab.platypus import Spacer, Table, TableStyle

from core.pdf import BIG_BOLD, CELL, H1, HEAD, QR, SMALL, WIDTH, build, esc, grid, paragraph, rich
from core.text import numbered
from scoring.reports.sheets import protocol_url
from tournaments.models import seated

from .selectors import plain


def _pair(pair) -> str:
    if pair is None:
        return _("пропуск")
    return f"{numbered(pair.number)} " + " — ".join(p.name for p in seated(pair))


QR_SIZE = 46  # pt: a phone reads it from the printed sheet
PROTOCOL_W = 150  # pt: the column of a table's protocol


def _protocol_cell(partie, fingerprint: str, base_url: str) -> list:
    """A table's protocol: its QR code and address (a link), and its fingerprint once signed."""
    url = protocol_url(partie.pk, base_url)
    said = (_("Подписан, отпечаток (SHA-256): %(f)s") % {"f": fingerprint} if fingerprint
            else _("Ещё не подписан"))
    link = rich(f'<link href="{esc(url)}">{esc(url)}</link>', CELL)
    return [QR(url, QR_SIZE), link, paragraph(said, CELL)]


def match_sheet_pdf(tournament, rnd, view, *, base_url: str = "") -> bytes:
    """``view``: a ``selectors.MatchView`` (the match, its tables and protocols, its result so far); ``base_url``:
    the site's address the QR codes lead to (``settings.SITE_URL`` when set)."""
    m = view.match
    a = f"{numbered(m.team_a.number)} {m.team_a.name}"
    b = f"{numbered(m.team_b.number)} {m.team_b.name}" if m.team_b else _("без соперника")
    title = _("Протокол матча команд")
    story = [paragraph(title, H1),
             paragraph(_("%(t)s · тур %(r)s · матч %(m)s") % {"t": tournament.name, "r": rnd.number, "m": m.number}, SMALL),
             paragraph(" · ".join(x for x in (date_format(tournament.start_date, _("j E Y")), tournament.venue,
                                             tournament.city) if x), SMALL),
             Spacer(1, 6), paragraph(capfirst(f"{a} — {b}"), BIG_BOLD), Spacer(1, 8)]
    head = [_("Стол"), _("Пара команды A"), _("Пара команды B"), _("Счёт"), _("Очки столов"), _("Протокол стола")]
    rows = [[paragraph(h, HEAD) for h in head]]
    results = {t.board: t for t in view.result_tables} if getattr(view, "result_tables", None) else {}
    for t, partie, protocol, _status, fingerprint in view.tables:
        score = f"{protocol.score_a} : {protocol.score_b}" if protocol and protocol.finished else "____ : ____"
        table = results.get(t.board)
        points = f"{plain(table.mp_a)} : {plain(table.mp_b)}" if table and table.finished else "____ : ____"
        rows.append([paragraph(partie.table), paragraph(_pair(partie.pair_a)), paragraph(_pair(partie.pair_b)),
                     paragraph(score), paragraph(points),
                     _protocol_cell(partie, fingerprint, base_url) if partie.pair_b_id else paragraph("—")])
    side = (WIDTH - 34 - 110 - PROTOCOL_W) / 2
    story.append(grid(rows, [34, side, side, 55, 55, PROTOCOL_W]))
    story.append(Spacer(1, 10))
    r = view.result
    if r is not None and r.complete:
        story.append(paragraph(_("Итог матча: очки столов %(ta)s : %(tb)s, выиграно столов %(wa)s : %(wb)s, разность "
                          "очков команды A %(d)s; командные очки %(pa)s : %(pb)s.") % {
            "ta": plain(r.table_points_a), "tb": plain(r.table_points_b), "wa": r.tables_won_a, "wb": r.tables_won_b,
            "d": f"{r.difference_a:+d}", "pa": r.team_points_a, "pb": r.team_points_b}, BIG_BOLD))
    else:
        story.append(paragraph(_("Итог матча: очки столов ____ : ____, командные очки ____ : ____."), BIG_BOLD))
    story.append(Spacer(1, 28))
    signatures = [[paragraph(_("Капитан команды A (%(t)s)") % {"t": a}, SMALL), paragraph("_" * 34, SMALL)],
                  [paragraph(_("Капитан команды B (%(t)s)") % {"t": b}, SMALL), paragraph("_" * 34, SMALL)],
                  [paragraph(_("Судья матча"), SMALL), paragraph("_" * 34, SMALL)]]
    sign = Table(signatures, colWidths=[WIDTH * 0.55, WIDTH * 0.45], rowHeights=[32, 32, 32])
    sign.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    story.append(sign)
    return build(story, f"{title} — {tournament.name}")
