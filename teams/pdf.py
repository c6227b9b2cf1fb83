"""The match sheet of a team match (A4 portrait): the match's tables with their pairs, scores and table points,
the match's result, and the lines for the signatures of both captains and the referee.

Names come from users: every text is escaped (``core.pdf.paragraph``) before it goes into ``Paragraph`` markup.
"""
from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.platypus import Spacer, Table, TableStyle

from core.pdf import BIG_BOLD, H1, HEAD, SMALL, WIDTH, build, grid, paragraph
from tournaments.models import seated

from .selectors import plain


def _pair(pair) -> str:
    if pair is None:
        return _("пропуск")
    return f"№{pair.number} " + " — ".join(p.name for p in seated(pair))


def match_sheet_pdf(tournament, rnd, view) -> bytes:
    """``view``: a ``selectors.MatchView`` (the match, its tables and protocols, its result so far)."""
    m = view.match
    a = f"№{m.team_a.number} {m.team_a.name}"
    b = f"№{m.team_b.number} {m.team_b.name}" if m.team_b else _("без соперника")
    title = _("Протокол матча команд")
    story = [paragraph(title, H1),
             paragraph(_("%(t)s · тур %(r)s · матч %(m)s") % {"t": tournament.name, "r": rnd.number, "m": m.number}, SMALL),
             paragraph(" · ".join(x for x in (date_format(tournament.start_date, "j E Y"), tournament.venue,
                                             tournament.city) if x), SMALL),
             Spacer(1, 6), paragraph(f"{a} — {b}", BIG_BOLD), Spacer(1, 8)]
    head = [_("Стол"), _("Пара команды A"), _("Пара команды B"), _("Счёт"), _("Очки столов")]
    rows = [[paragraph(h, HEAD) for h in head]]
    results = {t.board: t for t in view.result_tables} if getattr(view, "result_tables", None) else {}
    for t, partie, protocol, _status in view.tables:
        score = f"{protocol.score_a} : {protocol.score_b}" if protocol and protocol.finished else "____ : ____"
        table = results.get(t.board)
        points = f"{plain(table.mp_a)} : {plain(table.mp_b)}" if table and table.finished else "____ : ____"
        rows.append([paragraph(partie.table), paragraph(_pair(partie.pair_a)), paragraph(_pair(partie.pair_b)), paragraph(score), paragraph(points)])
    story.append(grid(rows, [34, (WIDTH - 34 - 150) / 2, (WIDTH - 34 - 150) / 2, 75, 75]))
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
