"""The tournament's report on A4: standings with the columns of the standings page, the cross table, the
sanctions of every pair, the protocols' check and the signature lines of the chief referee and the secretary.

It is the *final* report only once the last planned round is finished; before that its title and heading say
after which round of how many it stands («после тура 2 из 5»), or that the round is still in play.
Names come from users: every text that goes into ``Paragraph`` markup is escaped (``core.pdf.paragraph``).
"""
from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.platypus import PageBreak, Spacer

from core.pdf import (
    BIG_CELL,
    CELL,
    H1,
    H2,
    HEAD,
    NARROW_HEAD,
    SMALL,
    WIDTH,
    build,
    grid,
    paragraph,
    register_fonts,
    text_width,
    word_width,
)
from core.text import numbered

from .pdf_grid import grid_flowables
from .pdf_groups import group_flowables
from .pdf_pack import subtitle
from .pdf_teams import team_flowables
from .player_table import cell, pdf_figures, player_status_text
from .tabular import cell_text, latin_figures, latin_heads, status_text, tiebreak_labels

# Tie-break columns besides the report's own ones: (criterion, heading, value, width). Each is printed when the
# tournament's tie-breaks use it or the standings page always shows it (``PAGE_SHOWS``).
TIEBREAK_COLUMNS = (
    ("games_won", gettext_noop("Выигр. игр"), lambda r: r.games_won, 34),
    ("deals_won", gettext_noop("Раздач"), lambda r: r.deals_won, 36),
    ("buchholz", gettext_noop("Бухг."), lambda r: r.buchholz, 30),
    ("sonneborn_berger", gettext_noop("З.-Б."), lambda r: r.sonneborn_berger, 30),
)
PAGE_SHOWS = {"sport": {"deals_won", "buchholz"}, "goats": {"games_won", "buchholz"}}


def _fmt(x):
    if isinstance(x, float):
        return f"{x:g}"
    return "" if x is None else str(x)


def stage(tournament, standings) -> tuple[bool, str]:
    """(final, words): final once the last planned round is finished; else «после тура 2 из 5» or «тур 3 из 5
    идёт (предварительно)»."""
    shown, planned = standings.shown_round, tournament.rounds_planned or len(standings.rounds)
    if shown is not None and shown >= planned and not standings.provisional:
        return True, ""
    if shown is None:
        return False, _("туры ещё не сыграны")
    if standings.provisional:
        return False, _("тур %(r)s из %(n)s идёт (предварительно)") % {"r": shown, "n": planned}
    return False, _("после тура %(r)s из %(n)s") % {"r": shown, "n": planned}


def _rank(r) -> str:
    return (_fmt(r.rank) + ("=" if r.tied else "")) if r.rank else "—"


def _latin_standings_table(standings):
    """The partnership game's: partidas won, efectividad and points, the deductions and the card."""
    data = [[paragraph(h, NARROW_HEAD) for h in [_("Место"), _("Пара"), _("Игроки"), *latin_heads()]]]
    for r in standings.rows:
        label = r.pair.label + (f" ({status_text(r.status)})" if status_text(r.status) else "")
        data.append([paragraph(_rank(r)), paragraph(_fmt(r.pair.number)), paragraph(label),
                     *(paragraph(_fmt(v)) for v in latin_figures(r))])
    titles = [h.text for h in data[0]]
    fixed = [None if i == 2 else word_width([t], low=22) for i, t in enumerate(titles)]
    fixed[2] = WIDTH - sum(w for w in fixed if w)
    return grid(data, fixed)


def _standings_table(standings):
    if standings.latin:
        return _latin_standings_table(standings)
    head = [_("Место"), _("Пара"), _("Игроки"), _("Игр"), _("Очки матча"), _("Поб."), _("Пор."), _("За"),
            _("Против"), _("Разн.")]
    data = [[paragraph(h, NARROW_HEAD) for h in head]]
    for r in standings.rows:
        label = r.pair.label
        label += f" ({status_text(r.status)})" if status_text(r.status) else ""
        data.append([paragraph(_rank(r)), paragraph(_fmt(r.pair.number)), paragraph(label), paragraph(r.played), paragraph(_fmt(r.match_points)),
                     paragraph(r.wins), paragraph(r.losses), paragraph(r.points_for), paragraph(r.points_against), paragraph(r.difference)])
    fixed = [24, 24, None, 20, 30, 22, 22, 24, 30, 26]
    if standings.goats:  # Kozel and Morskoy: goats (and rating) after the match points
        extra = [_("Козлов"), _("± козлов")] + ([_("Рейтинг")] if standings.rating else [])
        data[0][5:5] = [paragraph(h, NARROW_HEAD) for h in extra]
        for line, r in zip(data[1:], standings.rows):
            line[5:5] = [paragraph(r.goats_received), paragraph(r.goats_difference)] + (
                [paragraph(_fmt(r.rating))] if standings.rating else [])
        fixed[5:5] = [30, 30] + ([34] if standings.rating else [])
    shown = PAGE_SHOWS["goats" if standings.goats else "sport"]
    for key, heading, value, width in TIEBREAK_COLUMNS:
        if key in standings.tiebreaks or key in shown:
            data[0].append(paragraph(_(heading), NARROW_HEAD))
            for line, r in zip(data[1:], standings.rows):
                line.append(paragraph(_fmt(value(r))))
            fixed.append(width)
    # each column at least as wide as its longest heading word, so that no word is broken; the players take the rest
    titles = [h.text for h in data[0]]
    fixed = [None if i == 2 else word_width([t], low=w) for i, (w, t) in enumerate(zip(fixed, titles))]
    fixed[2] = WIDTH - sum(w for w in fixed if w)
    return grid(data, fixed)


def _heading_width(title) -> float:
    return word_width([title], low=22)


def _player_standings_table(standings, clubs):
    """An individual event: place, player's number, name, club and the figures ``player_table.pdf_figures`` keeps
    on a portrait page (the name keeps its longest word whole)."""
    fixed = [_("Место"), _("№ игрока")]
    with_club = any(clubs.get(r.pair.id) for r in standings.rows)
    club_w = min(WIDTH / 4, max([text_width(clubs.get(r.pair.id, ""), CELL) for r in standings.rows] + [50])) \
        if with_club else 0
    word_w = word_width([r.pair.label for r in standings.rows], CELL, pad=8, low=60)
    figures, _every = pdf_figures(standings, lambda c: _heading_width(c.short),
                                  WIDTH - sum(map(_heading_width, fixed)), names_min=max(150, word_w + club_w))
    head = fixed + [_("Игрок")] + ([_("Клуб / город")] if with_club else []) + [str(c.short) for c in figures]
    data = [[paragraph(h, NARROW_HEAD) for h in head]]
    for r in standings.rows:
        status = player_status_text(r.status)
        line = [paragraph(_rank(r)), paragraph(_fmt(r.pair.number)), paragraph(r.pair.label + (f" ({status})" if status else ""))]
        if with_club:
            line.append(paragraph(clubs.get(r.pair.id, "")))
        data.append(line + [paragraph(_fmt(cell(c, r))) for c in figures])
    widths = [_heading_width(h) for h in head]
    names = len(fixed)
    widths[names] = 0
    if with_club:
        widths[names + 1] = club_w
    widths[names] = WIDTH - sum(widths)
    return grid(data, widths)


def _cross_table(standings, cells, rounds):
    """The cell as the cross-table page writes it: the opponent, then the mark («9+»), then the score."""
    head = [_("Место"), _("Пара")] + [_("Тур %(n)s") % {"n": n} for n in rounds]
    data = [[paragraph(h, HEAD) for h in head]]
    for r in standings.rows:
        by_round = {c.round: c for c in cells.get(r.pair.id, [])}
        line = [paragraph(_rank(r)), paragraph(_fmt(r.pair.number))]
        for n in rounds:
            cell = by_round.get(n)
            if cell is None:
                line.append(paragraph(""))
            elif cell.opponent is None:
                line.append(paragraph("+ " + _("пропуск")))
            elif not cell.result:
                line.append(paragraph(f"{cell.opponent} —"))
            else:
                line.append(paragraph(f"{cell.opponent}{cell.mark} {cell_text(cell, standings.goats)}"))
        data.append(line)
    first = [40, 36]
    rest = (WIDTH - sum(first)) / max(1, len(rounds))
    return grid(data, first + [rest] * len(rounds))


def _sanctions_table(sanctions, *, individual=False):
    head = [_("№ игрока") if individual else _("Пара"), _("Тур"), _("Стол"), _("Раздача"), _("Игрок"), _("Причина"), _("№"), _("Последствие")]
    data = [[paragraph(h, HEAD) for h in head]]
    for s in sanctions:
        data.append([paragraph(numbered(s["pair"])), paragraph(s["round"]), paragraph(s["table"]), paragraph(s["deal"]),
                     paragraph(f"{s['seat']} {s['name']}"), paragraph(s["reason"]), paragraph(s["number"]), paragraph(s["effect"])])
    numbers = word_width([numbered(s["pair"]) for s in sanctions], CELL)  # «no. 120» on one line
    widths = [max(36, word_width([head[0]], HEAD), numbers), max(30, word_width([head[1]], HEAD)), 34, 52, None, 90, 22,
              120]  # «№ игрока», «Round»: no word cut
    widths[4] = WIDTH - sum(w for w in widths if w)
    return grid(data, widths)


def _cross_part(standings, cells, rounds) -> list:
    return [
        paragraph(_("Турнирная таблица"), H2),
        paragraph((_("В клетке: номер соперника, + победа, = ничья, − поражение; козлы партии: свои : соперника.")
            if standings.goats else _("В клетке: номер соперника, + победа, = ничья, − поражение; счёт партии."))
           + " " + _("«−:+» — партия проиграна снятием или уходом пары, хотя счёт говорит иное; «+:−» — выиграна так."),
           SMALL), Spacer(1, 4),
        _cross_table(standings, cells, rounds),
    ]


def _grid_part(grid) -> list:
    """An individual event: the player × round grid (``pdf_grid``) in place of the cross table."""
    return [
        paragraph(_("Таблица по турам"), H2),
        paragraph(_("В клетке: стол и номер партнёра («ст. 3 · с 7»), номера соперников («× 2, 9»), итог стороны игрока "
             "(+ победа, = ничья, − поражение) и счёт партии: свой : соперников.")
           + (" " + _("В «Козле» счёт — козлы партии.") if grid.goats else ""), SMALL), Spacer(1, 4),
        *grid_flowables(grid),
    ]


def final_report_pdf(tournament, standings, cells, sanctions, *, chief_referees=(), check=None, clubs=None,
                     grid=None, teams=None, team_event=(), groups=None, places=(), stage2_pending=False) -> bytes:
    """``standings``/``cells`` from ``selectors.load_crosstable``; ``sanctions`` from ``sanctions_of``;
    ``check``: the protocols' check (``scoring.checks.check_tournament``), stated above the signatures.
    An individual event (``clubs``: {entrant id: club}; ``grid``: its player × round grid,
    ``events.individual_selectors.grid``) prints a line per player and the grid instead of the cross table.
    ``teams``: the team standing (``team_data.load_team_standings``), printed after the standings.
    ``team_event``: a team event's own section (``teams.report.team_event_flowables``: the team standings, the
    matches of each round with their tables, the cross table of the teams), printed before the pairs' standings.
    ``groups``: stage 2's groups (``events.stage_selectors.groups_data``), each group's table after the
    standings (``pdf_groups.group_flowables``); None or empty: no such section. ``places``: the final places of
    an event in stages (``final_places.places_flowables``), printed first; ``stage2_pending``: its stage 2 is
    still to be played (the report is not the final one). In an event in stages ``standings`` are stage 1's
    (``selectors.event_stage``) and say so: the final places are ``places``."""
    register_fonts()
    final, words = stage(tournament, standings)
    shown = words
    if standings.stage == 1:  # an event in stages: final once stage 2 is over too; its table is stage 1's
        final = final and not stage2_pending
        words = words or _("после тура %(r)s") % {"r": standings.shown_round}
        shown = _("второй этап впереди") if stage2_pending else words
        heading = _("Положение первого этапа: %(stage)s") % {"stage": words}
    else:
        heading = _("Итоговое положение") if final else _("Положение: %(stage)s") % {"stage": words}
    title = (_("%(t)s: итоговый отчёт") % {"t": tournament.name} if final
             else _("%(t)s: отчёт, %(stage)s") % {"t": tournament.name, "stage": shown})
    if team_event:
        heading = _("Положение пар командного турнира") + (f": {words}" if not final else "")
    rounds = list(standings.rounds)
    order = " → ".join(tiebreak_labels(standings.tiebreaks))
    if tournament.format_spec.single_player_entries:
        story = [
            paragraph(title, H1), paragraph(subtitle(tournament), SMALL), *places,
            paragraph(_("Игроков: %(p)s · туров: %(r)s · порядок показателей: %(o)s") % {
                "p": len(standings.rows), "r": len(rounds), "o": order}, SMALL),
            paragraph(heading, H2), _player_standings_table(standings, clubs or {}),
            *(team_flowables(teams) if teams is not None else ()), *(group_flowables(groups, WIDTH) if groups else ()),
            PageBreak(), *_grid_part(grid),
            paragraph(_("Замечания и санкции"), H2),
        ]
    else:
        counts = paragraph(_("Пар: %(p)s · туров: %(r)s · порядок показателей: %(o)s") % {
            "p": len(standings.rows), "r": len(rounds), "o": order}, SMALL)
        head = [paragraph(heading, H2), counts] if team_event else [counts, paragraph(heading, H2)]
        story = [
            paragraph(title, H1), paragraph(subtitle(tournament), SMALL), *places, *team_event, *head, _standings_table(standings),
            *(team_flowables(teams) if teams is not None else ()), *(group_flowables(groups, WIDTH) if groups else ()),
            PageBreak(), *_cross_part(standings, cells, rounds),
            paragraph(_("Замечания и санкции"), H2),
        ]
    if sanctions:
        story.append(_sanctions_table(sanctions, individual=tournament.format_spec.single_player_entries))
    else:
        story.append(paragraph(_("Замечаний не было."), SMALL))
    if check is not None:
        story += [paragraph(_("Проверка протоколов"), H2), paragraph(_check_text(check), SMALL)]
    story += [Spacer(1, 28), paragraph(_("Главный судья: ______________________  / %(name)s /") % {
        "name": ", ".join(chief_referees) or "______________________"}, BIG_CELL),
        Spacer(1, 18), paragraph(_("Главный секретарь: ________________  / ________________ /"), BIG_CELL),
        Spacer(1, 10), paragraph(_("Дата: %(d)s") % {"d": date_format(timezone.localdate(), "SHORT_DATE_FORMAT")}, SMALL)]
    return build(story, title)


def _check_text(check) -> str:
    """One paragraph: how many protocols were rescored and checked, and those that do not agree (round/table)."""
    head = _("Протоколов пересчитано движком: %(n)s, из них подписано: %(s)s.") % {"n": check.checked, "s": check.signed}
    if not check.findings:
        return head + " " + _("Всё сходится: итоги совпадают с пересчётом, все подписи подтверждают записи.")
    where = sorted({(f.protocol.partie.round.number, f.protocol.partie.table or 0) for f in check.findings})
    listed = ", ".join(_("тур %(r)s стол %(t)s") % {"r": r, "t": t} for r, t in where[:40])
    more = " …" if len(where) > 40 else ""
    return head + " " + _("Не сходятся (см. страницу «Проверка протоколов»): %(list)s%(more)s.") % {
        "list": listed, "more": more}
