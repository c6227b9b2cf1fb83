"""The tournament's data as rows, once, for every tabular export (xlsx, PDF lists, the command).

Each function returns a ``Sheet``: a title, column headers with widths, and
rows of plain values (numbers stay numbers).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from core.text import numbered
from engine.ranking.standings import DISQUALIFIED, WITHDRAWN
from engine.rules import score_partie
from scoring.models import Card, RemarkReason
from tournaments.formats import EventFormat
from tournaments.games import game_of
from tournaments.models import EntrantStatus

from .game_sheets import columns as sheet_columns
from .game_sheets import marks_text
from .sheets import RESULT_TEXT, effect_text

TIEBREAK_LABELS = {
    "match_points": gettext_lazy("очки матча"),
    "difference": gettext_lazy("разность очков"),
    "points_for": gettext_lazy("набранные очки"),
    "head_to_head": gettext_lazy("личная встреча"),
    "buchholz": gettext_lazy("Бухгольц"),
    "sonneborn_berger": gettext_lazy("Зоннеборн-Бергер"),
    "deals_won": gettext_lazy("выигранные раздачи"),
    "pair_number": gettext_lazy("номер пары"),
    "goats_difference": gettext_lazy("разность козлов"),
    "games_won": gettext_lazy("выигранные игры"),
    "rating": gettext_lazy("рейтинг"),
    # Individual events (docs/rules-individual.md §7).
    "partners_score": gettext_lazy("очки партнёров (меньше — выше)"),
    "player_number": gettext_lazy("номер игрока"),
    # The partnership game (RULES-LATIN.md §8.3): its rules' own order.
    "wins": gettext_lazy("выигранные партии"),
    "efectividad": gettext_lazy("эффективность"),
    "losses": gettext_lazy("проигранные партии (меньше — выше)"),
    "points_against": gettext_lazy("пропущенные очки (меньше — выше)"),
}


def tiebreak_labels(names) -> list[str]:
    return [str(TIEBREAK_LABELS.get(n, n)) for n in names]


@dataclass
class Column:
    title: str
    width: float = 10
    number: bool = False


@dataclass
class Table:
    title: str
    columns: list
    rows: list = field(default_factory=list)
    freeze: str = "A2"


def status_text(status: str) -> str:
    """A standings row's status beside its name: only a pair that left or was removed has one."""
    if status == DISQUALIFIED:
        return str(EntrantStatus.DISQUALIFIED.label)
    if status == WITHDRAWN:
        return str(EntrantStatus.WITHDRAWN.label)
    return ""


def status_cell(status: str) -> str:
    """The workbook's status column: every pair has one, an active pair «Играет»."""
    return status_text(status) or str(EntrantStatus.ACTIVE.label)


def standings_table(standings) -> Table:
    cols = [
        Column(_("Место"), 7, True), Column(_("Пара"), 7, True), Column(_("Игроки"), 40), Column(_("Статус"), 16),
        Column(_("Партий"), 8, True), Column(_("Побед"), 8, True), Column(_("Ничьих"), 8, True),
        Column(_("Поражений"), 11, True), Column(_("Пропусков тура"), 10, True), Column(_("Очки матча"), 11, True),
        Column(_("Очки за"), 10, True), Column(_("Очки против"), 12, True), Column(_("Разность"), 10, True),
        Column(_("Выиграно раздач"), 11, True), Column(_("Бухгольц"), 10, True), Column(_("Зоннеборн-Бергер"), 12, True),
    ]
    rows = [
        [r.rank, r.pair.number, r.pair.label, status_cell(r.status), r.played, r.wins, r.draws, r.losses, r.byes,
         r.match_points, r.points_for, r.points_against, r.difference, r.deals_won, r.buchholz, r.sonneborn_berger]
        for r in standings.rows
    ]
    if standings.goats:  # the Kozel family's columns after the match points
        cols[10:10] = goats_columns(standings.rating)
        for row, r in zip(rows, standings.rows):
            row[10:10] = goats_values(r, standings.rating)
    if standings.latin:  # the partnership game: efectividad after the partidas won, deductions and card at the end
        cols[10:10] = [Column(_("Эффективность"), 13, True)]
        cols += [Column(_("Вычеты"), 9, True), Column(_("Карточка"), 11), Column(_("Шлёпанец"), 10, True),
                 Column(_("Башмак"), 9, True)]
        for row, r in zip(rows, standings.rows):
            row[10:10] = [r.efectividad]
            row += [r.sanction, Card.shown(r.card), r.chancleta, r.zapato]
    return Table(standings_title(standings), cols, rows, freeze="D2")


def latin_heads() -> list[str]:
    """The partnership game's figures in a printed standings table, after the place, the pair and its players."""
    return [_("Игр"), _("Поб."), _("Пор."), _("Эффект."), _("За"), _("Против"), _("Вычеты"), _("Карточка")]


def latin_figures(r) -> list:
    """One row's figures under ``latin_heads``: partidas, won, lost, efectividad, points, deductions, card."""
    return [r.played, r.wins, r.losses, r.efectividad, r.points_for, r.points_against, r.sanction, Card.shown(r.card)]


def standings_title(standings) -> str:
    """The standings sheet's title: «after round N» is never said of a round in play; a title holds 31 characters."""
    if standings.stage == 1:  # an event in stages: stage 1's standings, never the final places
        if standings.provisional:
            return _("1-й этап, тур %(r)s идёт (предв.)") % {"r": standings.shown_round}
        if standings.after_round is not None:
            return _("1-й этап после тура %(r)s") % {"r": standings.after_round}
        return _("Положение 1-го этапа")
    if standings.provisional:
        return _("Положение, тур %(r)s идёт (предв.)") % {"r": standings.shown_round}
    if standings.shown_round is not None:  # the latest standings too say after which round they stand
        return _("Положение после тура %(r)s") % {"r": standings.shown_round}
    return _("Положение")


def goats_columns(rating: bool) -> list:
    cols = [Column(_("Выиграно игр"), 9, True), Column(_("Козлов получено"), 10, True),
            Column(_("Козлов отдано"), 10, True), Column(_("Разность козлов"), 10, True),
            Column(_("Сухих козлов получено"), 11, True), Column(_("Сухих козлов отдано"), 11, True)]
    return cols + ([Column(_("Рейтинг"), 9, True)] if rating else [])


def goats_values(r, rating: bool) -> list:
    """A standings row's Kozel columns (``goats_columns``); no rating at all is an empty cell."""
    values = [r.games_won, r.goats_received, r.goats_given, r.goats_difference, r.dry_goats, r.dry_goats_given]
    return values + ([r.rating] if rating else [])


def players_table(standings) -> Table:
    cols = [Column(_("Место"), 7, True), Column(_("Игрок"), 28), Column(_("Клуб / город"), 20),
            Column(_("Пара"), 7, True), Column(_("Статус"), 16), Column(_("Очки матча"), 11, True),
            Column(_("Очки за"), 10, True), Column(_("Разность"), 10, True), Column(_("Выходов (домино)"), 12, True),
            Column(_("Замечаний"), 11, True), Column(_("Рейтинг игрока"), 10, True)]
    rows = [[p.rank, p.player.name, p.player.club, p.pair_row.pair.number, status_cell(p.pair_row.status),
             p.pair_row.match_points, p.pair_row.points_for, p.pair_row.difference, p.dominoes, p.remarks,
             p.player.rating]
            for p in standings.players]
    if standings.goats:  # the pair's goats (and rating): partners share them
        cols[6:6] = [Column(_("Козлов получено"), 10, True), Column(_("Разность козлов"), 10, True)] + (
            [Column(_("Рейтинг"), 9, True)] if standings.rating else [])
        for row, p in zip(rows, standings.players):
            row[6:6] = [p.pair_row.goats_received, p.pair_row.goats_difference] + (
                [p.pair_row.rating] if standings.rating else [])
    return Table(_("Игроки"), cols, rows, freeze="C2")


def pairs_table(pairs) -> Table:
    """``pairs``: dicts from ``selectors.pairs_for_sheet``."""
    cols = [Column(_("Пара"), 7, True), Column(_("Название"), 20), Column(_("Игрок 1"), 26), Column(_("Игрок 2"), 26),
            Column(_("Клуб / город"), 20), Column(_("Рейтинг"), 9, True), Column(_("Рейтинг игрока 1"), 10, True),
            Column(_("Рейтинг игрока 2"), 10, True), Column(_("Статус"), 16), Column(_("Снялась после тура"), 12, True)]
    statuses = dict(EntrantStatus.choices)
    rows = []
    for pair in pairs:
        names = [player[0] for player in pair["players"]] + ["", ""]
        ratings = [player[2] for player in pair["players"]] + [None, None]
        clubs = sorted({player[1] for player in pair["players"] if player[1]})
        rows.append([pair["number"], pair["name"], names[0], names[1], ", ".join(clubs), pair["rating"],
                     ratings[0], ratings[1], str(statuses.get(pair["status"], pair["status"])),
                     pair["withdrawn_after_round"]])
    return Table(_("Пары"), cols, rows, freeze="B2")


def pairings_table(games, pairs, *, goats: bool = False, rating: bool = False, endings: dict | None = None) -> Table:
    """``games``: every partie's cached result (``standings.Game``); ``pairs``: ``standings.PairEntry`` list.

    ``goats``: the Kozel family — each pair's goats in the partie follow its points; ``rating``: each pair's
    rating of the partie (``kozel``). ``endings``: {partie id: (no-show side, ended by time, abandoning side)}
    (``selectors.partie_endings``), for the column that says how the partie ended.
    """
    cols = [Column(_("Тур"), 6, True), Column(_("Стол"), 6, True), Column(_("Пара A"), 8, True),
            Column(_("Игроки A"), 36), Column(_("Пара B"), 8, True), Column(_("Игроки B"), 36),
            Column(_("Очки A"), 8, True), Column(_("Очки B"), 8, True), Column(_("Победитель"), 11),
            Column(_("Окончена"), 10), Column(_("Как окончена"), 18)]
    by_id = {p.id: p for p in pairs}
    endings = endings or {}
    rows = []
    for g in games:
        a = by_id[g.pair_a]
        if g.is_bye:
            rows.append([g.round, g.table, a.number, " — ".join(a.players), None, _("пропуск тура"), None, None, "A",
                         "", _("пропуск тура")])
            continue
        b = by_id[g.pair_b]
        rows.append([
            g.round, g.table, a.number, " — ".join(a.players), b.number, " — ".join(b.players),
            g.score_a if g.finished else None, g.score_b if g.finished else None,
            (g.winner or _("ничья")) if g.finished else "", _("да") if g.finished else _("нет"),
            ending_text(g, endings.get(g.partie_id)),
        ])
    if goats:
        extra = [Column(_("Козлов A"), 8, True), Column(_("Козлов B"), 8, True)]
        if rating:
            extra += [Column(_("Рейтинг A"), 9, True), Column(_("Рейтинг B"), 9, True)]
        cols[8:8] = extra
        for row, g in zip(rows, games):
            done = g.finished and not g.is_bye
            values = [g.goats_a if done else None, g.goats_b if done else None]
            if rating:
                values += [g.rating_a if done else None, g.rating_b if done else None]
            row[8:8] = values
    return Table(_("Пары по турам"), cols, rows, freeze="C2")


def ending_text(game, ending) -> str:
    """How a partie ended: played out, by time, a no-show, a pair that left or was removed; "" while in play."""
    if not game.finished:
        return ""
    no_show, by_time, abandoned = ending or ("", False, "")
    if game.disqualified:
        return _("пара %(s)s снята") % {"s": game.disqualified}
    if no_show:
        return _("неявка пары %(s)s") % {"s": no_show}
    if abandoned:
        return _("ушла пара %(s)s") % {"s": abandoned}
    if by_time:
        return _("по времени")
    return _("доиграна")


def deals_table(protocol_rows, rules, sides=None, fmt=None) -> Table:
    """One row per recorded deal of every protocol, scored by the engine with the tournament's rules.

    ``protocol_rows`` is what ``selectors.protocol_rows`` returns; ``sides`` (an individual event,
    ``selectors.side_numbers``): protocol id -> the numbers of its sides' two players, «2 + 13»; ``fmt`` (the
    event's ``format_spec``) says a side's no-show or removal in the format's words.
    """
    fmt = fmt or EventFormat()
    protocols, deals, remarks = protocol_rows
    game = game_of(rules)
    # The Kozel family names no shuffler (docs/rules-kozel.md §2.2): its third column is the lead tile instead.
    third = Column(_("Тасует"), 8) if game.names_shuffler else Column(_("Камень захода"), 9)
    cols = [Column(_("Тур"), 6, True), Column(_("Стол"), 6, True),
            Column(_("№ A1 + A2"), 10) if sides is not None else Column(_("Пара A"), 8, True),
            Column(_("№ B1 + B2"), 10) if sides is not None else Column(_("Пара B"), 8, True),
            Column(_("Раздача"), 9, True), Column(_("Заход"), 8), third,
            Column(_("Итог"), 12), Column(_("Кто"), 6), Column("A1", 6, True), Column("A2", 6, True),
            Column("B1", 6, True), Column("B2", 6, True), Column(_("Очки A"), 8, True), Column(_("Очки B"), 8, True),
            Column(_("Сумма A"), 9, True), Column(_("Сумма B"), 9, True), Column(_("Санкции"), 40)]
    game_cols = game_columns(rules)
    games = []  # the game of each row (Kozel family)
    reasons = dict(RemarkReason.choices)
    results = {k: _(v) for k, v in RESULT_TEXT.items()}
    results["points"] = _("Очки на руках")  # hand points: the referee writes each side's points
    rows = []
    for pid, rnd, table, number_a, number_b, prior_a, prior_b, no_show, first_lead, ended_by_time, abandoned \
            in protocols:
        stored = deals.get(pid, [])
        result = score_partie(
            rules, stored, remarks.get(pid, []), prior_remarks={"A": prior_a, "B": prior_b},
            no_show=no_show or None, first_lead=first_lead, ended_by_time=ended_by_time, abandoned=abandoned or None,
        )
        head = [rnd, table, *(sides[pid] if sides is not None else (number_a, number_b))]
        by_n = {d["n"]: d for d in stored}
        for d in result.deals:
            raw = by_n[d.n]
            hands = raw.get("hands") or {}
            sanctions = "; ".join(
                f"{s.seat} ({reasons.get(s.reason, s.reason)}, {numbered(s.remark_number)}): {effect_text(s.kind, s.points)}"
                for s in d.sanctions
            )
            who = raw.get("out") or raw.get("offender") or raw.get("fisher", "")  # a block: its fisher
            rows.append(head + [
                d.n, d.lead, d.shuffle if game.names_shuffler else raw.get("lead_tile", ""),
                results.get(raw["result"], raw["result"]), who,
                *(game.hand_value(hands.get(s), s, d.n) for s in ("A1", "A2", "B1", "B2")),
                d.points_a, d.points_b, d.running_a, d.running_b, sanctions,
            ] + game_values(d, raw, game_cols))
            games.append(getattr(d, "game", None))
        no_deals = game_values(None, {}, game_cols)
        if result.no_show:
            rows.append(head + [None, "", "", fmt.side_status("no_show", result.no_show), "", None, None, None, None,
                                None, None, result.totals_a, result.totals_b, ""] + no_deals)
            games.append(None)
        elif result.disqualified:
            rows.append(head + [None, "", "", fmt.side_status("disqualified", result.disqualified), "", None, None, None,
                                None, None, None, result.totals_a, result.totals_b, ""] + no_deals)
            games.append(None)
    cols += [Column(title, width, number) for title, width, number, _key in game_cols]
    if game.plays_games:  # the game of each deal, beside its number (the deals are numbered through the partie)
        cols.insert(5, Column(_("Игра"), 6, True))
        for row, game in zip(rows, games):
            row.insert(5, game)
        return Table(_("Раздачи"), cols, rows, freeze="G2")
    return Table(_("Раздачи"), cols, rows, freeze="F2")


def game_columns(rules) -> list:
    """The deals sheet's last columns in the Kozel family (what is remembered, eggs, marks) and of hand
    points (the referee's note), as the score sheet has them (``game_sheets.columns``): (title, width, number, key)."""
    return DEAL_COLUMNS[game_of(rules).code](rules)


def kozel_columns(rules) -> list:
    cols = sheet_columns(rules)
    out = []
    if cols.remembered:
        out += [(_("Запомн. A"), 9, True, "remembered_a"), (_("Запомн. B"), 9, True, "remembered_b")]
    if cols.eggs:
        out.append((_("Яйца"), 7, True, "eggs"))
    return out + [(_("Последний камень"), 10, False, "out_tile"), (_("Пометки"), 18, False, "marks")]


#: The deals sheet's own columns of each game (``tournaments.games``; a new game adds its row).
DEAL_COLUMNS = {
    "sport": lambda rules: [],
    "kozel": kozel_columns,
    "hand": lambda rules: [(_("Примечание"), 40, False, "note")],
    "latin": lambda rules: [],
}


def hands_table(partidas, rules) -> Table:
    """The partnership game's hands, one row per hand of every partida (``selectors.partidas``): who led, how it
    ended (domino or tranque, capicúa, who went out or placed the last tile), the hands that count, the pasos
    redondos, the points of the hand and the running totals, time called; a forfeit is one row."""
    cols = [Column(_("Тур"), 6, True), Column(_("Стол"), 6, True), Column(_("Пара A"), 8, True),
            Column(_("Пара B"), 8, True), Column(_("Раздача"), 9, True), Column(_("Начинал"), 9),
            Column(_("Итог"), 14), Column(_("Кто"), 6), Column("A1", 6, True), Column("A2", 6, True),
            Column("B1", 6, True), Column("B2", 6, True), Column(_("Пасы по кругу A / B"), 12),
            Column(_("Очки A"), 8, True), Column(_("Очки B"), 8, True), Column(_("Сумма A"), 9, True),
            Column(_("Сумма B"), 9, True), Column(_("Время вышло"), 10)]
    game = game_of(rules)
    rows = []
    for rnd, table, number_a, number_b, stored, scored in partidas:
        head = [rnd, table, number_a, number_b]
        if scored.no_show:
            rows.append(head + [None, "", _("неявка пары %(side)s") % {"side": scored.no_show}, "", None, None, None,
                                None, "", None, None, scored.totals_a, scored.totals_b, ""])
            continue
        for hand in scored.deals:
            row = stored.get(hand.n)
            raw = row.to_json() if row else {}
            hands = raw.get("hands") or {}
            t = hand.table
            ended = _("транке") if t.result == "block" else _("домино")
            if t.capicua:
                ended += ", " + _("капикуа")
            if t.tie:
                ended += ", " + _("поровну")
            pasos = raw.get("pasos_redondos") or {}
            rows.append(head + [
                hand.n, hand.lead, ended, t.out or t.fisher or "",
                *(game.hand_value(hands.get(s), s, hand.n) for s in ("A1", "A2", "B1", "B2")),
                f"{pasos.get('A', 0)} / {pasos.get('B', 0)}" if pasos else "",
                hand.points_a, hand.points_b, hand.running_a, hand.running_b, _("да") if hand.time_called else "",
            ])
    return Table(_("Раздачи"), cols, rows, freeze="F2")


def partida_sanctions_table(partidas) -> Table:
    """The partnership game's sanctions of every partida: the player, the hand, the points deducted, the card
    written and the card it gave after the pair's earlier ones (RULES-LATIN.md §10)."""
    cols = [Column(_("Тур"), 6, True), Column(_("Стол"), 6, True), Column(_("Пара A"), 8, True),
            Column(_("Пара B"), 8, True), Column(_("Раздача"), 9, True), Column(_("Игрок"), 8),
            Column(_("Вычет"), 8, True), Column(_("Карточка"), 11), Column(_("Карточка после лестницы"), 16),
            Column(_("Партия окончена"), 12)]
    rows = [[rnd, table, number_a, number_b, s.hand, s.player, s.points or None, Card.shown(s.card or "none"),
             Card.shown(s.given), _("да") if s.grave else ""]
            for rnd, table, number_a, number_b, _stored, scored in partidas for s in scored.sanctions]
    return Table(_("Санкции"), cols, rows, freeze="E2")


def game_values(d, raw: dict, game_cols: list) -> list:
    """One deal's values of ``game_columns`` (the engine's figures; ``d`` None: a no-show or removal row)."""
    if d is None:
        return [None if number else "" for _title, _width, number, _key in game_cols]
    values = {
        "note": lambda: raw.get("note") or "",
        "remembered_a": lambda: d.remembered.get("A", 0), "remembered_b": lambda: d.remembered.get("B", 0),
        "eggs": lambda: d.eggs, "marks": lambda: marks_text(d), "out_tile": lambda: _tiles(raw.get("out_tile")),
    }
    return [values[key]() for _title, _width, _number, key in game_cols]


def _tiles(value) -> str:
    """The last tile as recorded: one tile, or two doubles placed at once («6-6+5-5»)."""
    if isinstance(value, (list, tuple)):
        return "+".join(value)
    return value or ""


def crosstable_table(standings, cells, matrix) -> Table:
    """Round robin: the N × N grid; otherwise each pair's opponent, result and points round by round."""
    if matrix is not None:
        ordered, grid = matrix
        cols = [Column(_("Пара"), 7, True), Column(_("Игроки"), 30)] + [
            Column(str(r.pair.number), 8) for r in ordered] + [
            Column(_("Очки матча"), 10, True),
            Column(_("Разность козлов") if standings.goats else _("Разность"), 10, True), Column(_("Место"), 7, True)]
        rows = []
        for i, r in enumerate(ordered):
            line = [r.pair.number, r.pair.label]
            for j in range(len(ordered)):
                if i == j:
                    line.append("×")
                else:
                    line.append(" ".join(cell_text(c, standings.goats) for c in grid[i][j] if c.result) or "")
            line += [r.match_points, r.goats_difference if standings.goats else r.difference, r.rank]
            rows.append(line)
        return Table(_("Турнирная таблица"), cols, rows, freeze="C2")
    rounds = standings.rounds if standings.after_round is None else [
        n for n in standings.rounds if n <= standings.after_round]
    cols = [Column(_("Место"), 7, True), Column(_("Пара"), 7, True), Column(_("Игроки"), 30)]
    for n in rounds:
        cols += [Column(_("Тур %(n)s: соперник") % {"n": n}, 10, True), Column(_("итог"), 5),
                 Column(_("очки"), 8)]
    cols += [Column(_("Очки матча"), 10, True)] + (
        [Column(_("Разность козлов"), 10, True)] if standings.goats else [])
    rows = []
    for r in standings.rows:
        by_round = {c.round: c for c in cells.get(r.pair.id, [])}
        line = [r.rank, r.pair.number, r.pair.label]
        for n in rounds:
            c = by_round.get(n)
            if c is None:
                line += [None, "", ""]
            elif c.result == "bye":
                line += [None, "+", _("пропуск")]
            else:
                line += [c.opponent, c.mark, cell_text(c, standings.goats) if c.result else ""]
        line.append(r.match_points)
        if standings.goats:
            line.append(r.goats_difference)
        rows.append(line)
    return Table(_("Турнирная таблица"), cols, rows, freeze="D2")


def cell_text(cell, goats: bool) -> str:
    """A cross-table cell: the partie's points, or in the Kozel family its goats («0:1 к.», own first); «−:+» /
    «+:−» when a sanction or a no-show decided the partie against the figures (the loser's cell reads as a loss)."""
    if cell.decided_otherwise(goats):
        return cell.forfeit_text(goats)
    if goats:
        return f'{cell.goats_score} {pgettext("сокращение: козлов", "к.")}'
    return f"{cell.points_for}:{cell.points_against}"
