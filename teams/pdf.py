"""The match sheet of a team match (A4 portrait): the match's tables with their pairs, scores and table points,
the match's result, and the lines for the signatures of both captains and the referee.

Names come from users: every text is escaped (``pdf_pack._p``) before it goes into ``Paragraph`` markup.
"""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.platypus import Spacer, Table, TableStyle

from scoring.reports.pdf_pack import BIG_BOLD, H1, HEAD, SMALL, _doc, _grid, _p
from scoring.reports.pdf_page import WIDTH, register_fonts
from tournaments.models import seated

from .selectors import plain


def _pair(pair) -> str:
    if pair is None:
        return _("пропуск")
    return f"№{pair.number} " + " — ".join(p.name for p in seated(pair))


def match_sheet_pdf(tournament, rnd, view) -> bytes:
    """``view``: a ``selectors.MatchView`` (the match, its tables and protocols, its result so far)."""
    register_fonts()
    m = view.match
    a = f"№{m.team_a.number} {m.team_a.name}"
    b = f"№{m.team_b.number} {m.team_b.name}" if m.team_b else _("без соперника")
    title = _("Протокол матча команд")
    story = [_p(title, H1),
             _p(_("%(t)s · тур %(r)s · матч %(m)s") % {"t": tournament.name, "r": rnd.number, "m": m.number}, SMALL),
             Spacer(1, 6), _p(f"{a} — {b}", BIG_BOLD), Spacer(1, 8)]
    head = [_("Стол"), _("Пара команды A"), _("Пара команды B"), _("Счёт"), _("Очки столов")]
    rows = [[_p(h, HEAD) for h in head]]
    results = {t.board: t for t in view.result_tables} if getattr(view, "result_tables", None) else {}
    for t, partie, protocol, _status in view.tables:
        score = f"{protocol.score_a} : {protocol.score_b}" if protocol and protocol.finished else "____ : ____"
        table = results.get(t.board)
        points = f"{plain(table.mp_a)} : {plain(table.mp_b)}" if table and table.finished else "____ : ____"
        rows.append([_p(partie.table), _p(_pair(partie.pair_a)), _p(_pair(partie.pair_b)), _p(score), _p(points)])
    story.append(_grid(rows, [34, (WIDTH - 34 - 150) / 2, (WIDTH - 34 - 150) / 2, 75, 75]))
    story.append(Spacer(1, 10))
    r = view.result
    if r is not None and r.complete:
        story.append(_p(_("Итог матча: очки столов %(ta)s : %(tb)s, выиграно столов %(wa)s : %(wb)s, разность "
                          "очков %(d)s; командные очки %(pa)s : %(pb)s.") % {
            "ta": plain(r.table_points_a), "tb": plain(r.table_points_b), "wa": r.tables_won_a, "wb": r.tables_won_b,
            "d": f"{r.difference_a:+d}", "pa": r.team_points_a, "pb": r.team_points_b}, BIG_BOLD))
    else:
        story.append(_p(_("Итог матча: очки столов ____ : ____, командные очки ____ : ____."), BIG_BOLD))
    story.append(Spacer(1, 28))
    signatures = [[_p(_("Капитан команды A (%(t)s)") % {"t": a}, SMALL), _p("_" * 34, SMALL)],
                  [_p(_("Капитан команды B (%(t)s)") % {"t": b}, SMALL), _p("_" * 34, SMALL)],
                  [_p(_("Судья матча"), SMALL), _p("_" * 34, SMALL)]]
    sign = Table(signatures, colWidths=[WIDTH * 0.55, WIDTH * 0.45], rowHeights=[32, 32, 32])
    sign.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    story.append(sign)
    buf = io.BytesIO()
    _doc(buf, f"{title} — {tournament.name}").build(story)
    return buf.getvalue()
