"""An individual event's registered players and its tables by round as workbook sheets (``tabular.Table``):
what the pair event's «Пары» and «Пары по турам» are (``tabular.pairs_table``, ``pairings_table``) for entrants
of one player whose partner changes every round (docs/rules-individual.md).

* «Участники»: a row per player — number, name, club, rating, status, the round after which he left.
* «Столы по турам»: a row per table and round — each side's two players (numbers «2 + 13» and names), the points,
  the winner, how the partie ended (a no-show names the players who did not come); a sit-out is a row of its
  own with no table and no opponents.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.text import numbered
from tournaments.models import EntrantStatus

from .tabular import Column, Table


def players_table(pairs) -> Table:
    """``pairs``: dicts from ``selectors.pairs_for_sheet`` (one player each)."""
    cols = [Column(_("№ игрока"), 9, True), Column(_("Игрок"), 30), Column(_("Клуб / город"), 20),
            Column(_("Рейтинг"), 9, True), Column(_("Статус"), 16), Column(_("Снялся после тура"), 12, True)]
    statuses = {EntrantStatus.ACTIVE: _("Играет"), EntrantStatus.WITHDRAWN: _("Снялся"),
                EntrantStatus.DISQUALIFIED: _("Снят с турнира")}
    rows = []
    for entrant in pairs:
        name, club, rating = (entrant["players"] or [("", "", None)])[0]
        rows.append([entrant["number"], name, club, rating if rating is not None else entrant["rating"],
                     str(statuses.get(entrant["status"], entrant["status"])), entrant["withdrawn_after_round"]])
    return Table(_("Участники"), cols, rows, freeze="B2")


def tables_table(games, entrants, *, goats: bool = False, endings: dict | None = None) -> Table:
    """``games``: every partie's cached result (``standings.Game`` with ``partner_a`` / ``partner_b``);
    ``entrants``: ``standings.PairEntry`` of every player; ``endings``: ``selectors.partie_endings``."""
    cols = [Column(_("Тур"), 6, True), Column(_("Стол"), 6, True), Column(_("№ A1 + A2"), 10),
            Column(_("Игроки A"), 40), Column(_("№ B1 + B2"), 10), Column(_("Игроки B"), 40),
            Column(_("Очки A"), 8, True), Column(_("Очки B"), 8, True), Column(_("Победитель"), 11),
            Column(_("Окончена"), 10), Column(_("Как окончена"), 30)]
    by_id = {e.id: e for e in entrants}
    endings = endings or {}
    rows = []
    for g in games:
        a = [by_id[i] for i in (g.pair_a, g.partner_a) if i in by_id]
        if g.is_bye:
            rows.append([g.round, None, _numbers(a), _names(a), None, _("пропуск тура"), None, None, "", "",
                         _("пропуск тура")])
            continue
        b = [by_id[i] for i in (g.pair_b, g.partner_b) if i in by_id]
        row = [g.round, g.table, _numbers(a), _names(a), _numbers(b), _names(b),
               g.score_a if g.finished else None, g.score_b if g.finished else None,
               (g.winner or _("ничья")) if g.finished else "", _("да") if g.finished else _("нет"),
               _ending(g, endings.get(g.partie_id), by_id)]
        if goats:
            row[8:8] = [g.goats_a if g.finished else None, g.goats_b if g.finished else None]
        rows.append(row)
    if goats:
        cols[8:8] = [Column(_("Козлов A"), 8, True), Column(_("Козлов B"), 8, True)]
    return Table(_("Столы по турам"), cols, rows, freeze="C2")


def _ending(game, ending, by_id) -> str:
    """How a table's partie ended, as ``tabular.ending_text`` says it of pairs, with the side's word and the
    players who did not come (docs/rules-individual.md §6)."""
    if not game.finished:
        return ""
    no_show, by_time, abandoned = ending or ("", False, "")
    if game.disqualified:
        return _("сторона %(s)s: игрок снят") % {"s": game.disqualified}
    if no_show:
        return _("неявка: %(names)s") % {"names": _names([by_id[i] for i in game.absent if i in by_id]) or no_show}
    if abandoned:
        return _("ушла сторона %(s)s") % {"s": abandoned}
    if by_time:
        return _("по времени")
    return _("доиграна")


def _numbers(entrants) -> str:
    return " + ".join(str(e.number) for e in entrants if e.number is not None)


def _names(entrants) -> str:
    return " — ".join(f"{numbered(e.number)} {e.label}" if e.number is not None else e.label for e in entrants)
