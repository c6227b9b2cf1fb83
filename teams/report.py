"""The team event's section of the tournament's final report (A4 portrait, docs/rules.md I.11): the team
standings, every round's matches with their tables' results, and the cross table of the teams.

Names come from users: every text goes through ``core.pdf.paragraph`` (escaped for ``Paragraph`` markup). Every
column is at least as wide as the longest word it holds, so no name or heading is cut inside a word; a
cross table of more than ``CROSS_COLUMNS`` teams is printed in blocks of that many opponents.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Spacer

from core.pdf import (
    CELL,
    H1,
    H2,
    SMALL,
    WIDTH,
    build,
    esc,
    grid,
    paragraph,
    register_fonts,
    rich,
    style,
    text_width,
    word_width,
)
from core.pdf import NARROW_HEAD as HEAD
from core.text import numbered
from scoring.reports.pdf_groups import group_flowables
from tournaments.models import seated

from .finals import final_places
from .models import MatchTable, Team
from .rules import plain
from .selectors import cross_table
from .standings import load_team_standings

TINY = style(6.5, leading=8)
CROSS_COLUMNS = 10
SUB = style(SMALL.fontSize, bold=True, leading=SMALL.leading)
ORDER_WORDS = {"match_points": gettext_noop("командные очки"), "table_points": gettext_noop("очки столов"),
               "tables_won": gettext_noop("выигранные столы"), "difference": gettext_noop("разность очков"),
               "buchholz": gettext_noop("Бухгольц"), "head_to_head": gettext_noop("личная встреча"),
               "team_number": gettext_noop("номер команды")}


def _w(texts, style, low=18.0) -> float:
    """The width that keeps the longest word of ``texts`` whole in ``style`` (with the cell's padding)."""
    return word_width(texts, style, pad=8, low=low)


def _team(team) -> str:
    return f"{numbered(team.number)} {team.name}" if team else _("без соперника")


def _pair(pair) -> str:
    if pair is None:
        return _("пропуск")
    return f"{numbered(pair.number)} " + " — ".join(p.name for p in seated(pair))


def _signed(x) -> str:
    return f"{x:+d}" if x else "0"


def _team_cell(team, club):
    """The team's number and name, its club / region under it in smaller letters (both escaped)."""
    text = esc(_team(team)) + (f'<br/><font size="6.5">{esc(club)}</font>' if club else "")
    return rich(text, CELL)


def _standings(data, clubs) -> list:
    head = [_("Место"), _("Команда, клуб / регион"), _("Матчей"), _("В–Н–П"), _("Очки"), _("Очки столов"),
            _("Столов выигр."), _("Разн."), _("Бухг.")]
    rows = [[paragraph(r.rank or "—"), _team_cell(r.team, clubs.get(r.team.id, "")), paragraph(r.played),
             paragraph(f"{r.wins}–{r.draws}–{r.losses}"), paragraph(r.match_points), paragraph(plain(r.table_points)), paragraph(r.tables_won),
             paragraph(_signed(r.difference)), paragraph(r.buchholz)] for r in data.rows]
    widths = [_w([h], HEAD, 22) for h in head]
    widths[3] = _w([head[3], *(str(line[3].text) for line in rows)], CELL, 30)
    widths[7] = _w([head[7], *(str(line[7].text) for line in rows)], CELL, 26)
    widths[1] = WIDTH - sum(widths) + widths[1]
    return [grid([[paragraph(h, HEAD) for h in head], *rows], widths)]


def _matches(tournament, data) -> list:
    tables = {}
    for t in (MatchTable.objects.filter(match__round__tournament=tournament)
              .select_related("partie__pair_a", "partie__pair_b", "partie__protocol")
              .prefetch_related("partie__pair_a__players", "partie__pair_b__players").order_by("board")):
        tables.setdefault(t.match_id, {})[t.board] = t
    story, shown_round = [], None
    head = [_("Стол"), _("Пара команды A"), _("Пара команды B"), _("Счёт"), _("Очки столов")]
    fixed = [_w([head[0]], HEAD, 26), None, None, _w([head[3], "101 : 101"], CELL, 52), _w([head[4]], HEAD, 44)]
    side = (WIDTH - fixed[0] - fixed[3] - fixed[4]) / 2
    widths = [fixed[0], side, side, fixed[3], fixed[4]]
    for m, match, result in data.matches:
        if m.round.number != shown_round:
            shown_round = m.round.number
            story += [CondPageBreak(80), paragraph(_("Тур %(n)s") % {"n": shown_round}, H2)]
        title = f"{_('Матч')} {m.number}: {_team(m.team_a)} — {_team(m.team_b)}"
        if result.complete:
            title += " · " + _("командные очки %(a)s : %(b)s") % {"a": result.team_points_a, "b": result.team_points_b}
        rows = [[paragraph(h, HEAD) for h in head]]
        for t in match.tables:
            row = tables.get(m.pk, {}).get(t.board)
            partie = row.partie if row else None
            protocol = getattr(partie, "protocol", None) if partie else None
            score = f"{protocol.score_a} : {protocol.score_b}" if protocol and protocol.finished else "—"
            points = f"{plain(t.mp_a)} : {plain(t.mp_b)}" if t.finished else "—"
            rows.append([paragraph(partie.table if partie else t.board), paragraph(_pair(partie.pair_a) if partie else ""),
                         paragraph(_pair(partie.pair_b) if partie else ""), paragraph(score), paragraph(points)])
        summary = _("Очки столов %(a)s : %(b)s, выиграно столов %(wa)s : %(wb)s, разность %(d)s.") % {
            "a": plain(result.table_points_a), "b": plain(result.table_points_b), "wa": result.tables_won_a,
            "wb": result.tables_won_b, "d": _signed(result.difference_a)} if result.complete else \
            _("Матч не окончен.")
        story.append(KeepTogether([paragraph(title, SUB), Spacer(1, 2), grid(rows, widths), paragraph(summary, TINY),
                                   Spacer(1, 6)]))
    return story or [paragraph(_("Матчей ещё не было."), SMALL)]


def _cross(tournament, data) -> list:
    rows, cells = cross_table(tournament, data)
    if not rows:
        return [paragraph(_("Команд нет."), SMALL)]
    story = [paragraph(_("В клетке: командные очки матча (очки столов); строка — команда, столбец — её соперник "
                  "(номер команды; столбцы в порядке мест, как строки)."), TINY), Spacer(1, 4)]
    names = [_team(r.team) for r in rows]
    for start in range(0, len(rows), CROSS_COLUMNS):
        block = rows[start:start + CROSS_COLUMNS]
        texts = [" ".join(cells.get((r.team.id, o.team.id), [])) for r in rows for o in block]
        cell_w = max(_w(texts, TINY, 30), _w([numbered(o.team.number) for o in block], HEAD))  # «no. 10» whole
        fixed = [_w([_("Место")], HEAD), None, _w([_("Очки")], HEAD)]
        fixed[1] = max(60.0, WIDTH - fixed[0] - fixed[2] - cell_w * len(block))
        cell_w = (WIDTH - sum(fixed)) / len(block) if len(block) else cell_w
        head = [paragraph(_("Место"), HEAD), paragraph(_("Команда"), HEAD)] + [paragraph(numbered(o.team.number), HEAD) for o in block] + \
            [paragraph(_("Очки"), HEAD)]
        lines = [head]
        for r, name in zip(rows, names):
            line = [paragraph(r.rank or "—"), paragraph(name)]
            for o in block:
                line.append(paragraph("×" if o is r else " ".join(cells.get((r.team.id, o.team.id), [])), TINY))
            lines.append(line + [paragraph(r.match_points)])
        story += [grid(lines, [fixed[0], fixed[1]] + [cell_w] * len(block) + [fixed[2]]), Spacer(1, 8)]
    return story


def _final_places(places, clubs_by_number) -> list:
    """The event's final places after stage 2 (docs/rules.md I.9.5): stage 2's order, then stage 1's."""
    head = [_("Место"), _("Команда, клуб / регион"), _("Место по")]
    stage = {2: _("второму этапу"), 1: _("первому этапу")}
    rows = []
    for p in places:
        club = clubs_by_number.get(p["team"], "")
        text = esc(f"{numbered(p['team'])} {p['name']}") + (f'<br/><font size="6.5">{esc(club)}</font>' if club else "")
        rows.append([paragraph(p["place"] or "—"), rich(text, CELL), paragraph(stage[p["stage"]])])
    phrase = max(text_width(t, CELL) for t in stage.values())  # on one line
    widths = [_w([head[0]], HEAD, 22), 0, max(phrase, _w([head[2]], HEAD, 40))]
    widths[1] = WIDTH - sum(widths)
    return [paragraph(_("Итоговые места"), H2),
            paragraph(_("Сначала места второго этапа, затем остальные команды по первому этапу."), TINY),
            Spacer(1, 3), grid([[paragraph(h, HEAD) for h in head], *rows], widths), Spacer(1, 8)]


def team_event_flowables(tournament, groups=None) -> list:
    """The section, with a page break after it (the pairs' standings follow); the final places first when
    stage 2 has its teams; ``groups`` (``events.stage_selectors.groups_data``: stage 2's groups of teams)
    after the team standings."""
    register_fonts()
    data = load_team_standings(tournament)
    teams = Team.objects.filter(tournament=tournament)
    clubs = dict(teams.values_list("id", "club"))
    order = " → ".join(_(ORDER_WORDS.get(k, k)) for k in data.order)
    places = final_places(tournament)
    head = _final_places(places, dict(teams.values_list("number", "club"))) if places else []
    return [*head, paragraph(_("Положение команд"), H2),
            paragraph(_("Команд: %(n)s · порядок показателей: %(o)s") % {"n": len(data.rows), "o": order}, TINY),
            Spacer(1, 3), *_standings(data, clubs), *(group_flowables(groups, WIDTH) if groups else ()),
            PageBreak(), paragraph(_("Матчи по турам"), H2), *_matches(tournament, data),
            CondPageBreak(160), paragraph(_("Турнирная таблица команд"), H2), *_cross(tournament, data), PageBreak()]


def team_standings_pdf(tournament, groups=None) -> bytes:
    """The public «Положение команд» (PDF): the final places when stage 2 has its teams, the team standings (with
    stage 2's groups), the matches by round and the cross table of the teams."""
    story = [paragraph(tournament.name, H1), paragraph(_("Положение команд"), SMALL), Spacer(1, 4),
             *team_event_flowables(tournament, groups)[:-1]]  # without the final report's page break
    return build(story, _("%(t)s — положение команд") % {"t": tournament.name})
