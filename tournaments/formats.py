"""An event's format — pairs, individual, teams — as one object, chosen once from the tournament.

Every page, printout and message that differs by format asks this object (``format_of(tournament)``, also
``tournament.format_spec``) instead of testing ``tournament.format`` itself: the words that name the entrants
in the forms a sentence needs, the labels of their numbers, the name of a side in a protocol, the sections and
links of the public page and of the management page, the tie-break criteria a new tournament offers. A template
asks ``{{ fmt.entrants_title }}``; it never tests the format.

* ``PairsFormat`` — the entrant is a pair of two players (docs/rules.md).
* ``IndividualFormat`` — the entrant is one player (an ``Entrant`` row with one ``Player``), his partner changes every
  round (``Partie.partner_a`` / ``partner_b``, docs/rules-individual.md): a side of a table is two entrants, a
  sit-out is no table, a no-show is one player's.
* ``TeamsFormat`` — the entrant is a team of K pairs (the ``teams`` app, docs/rules.md «Командный турнир»);
  its tables are ordinary parties of pairs, so the words of a table, a protocol and the pair pages are the pair
  event's, while the public and the management pages lead with the teams.

Words come in two sets: ``entrant*`` is who the event ranks (pair, player, team); ``entry*`` is a registered
``Entrant`` row as the pair pages list it (pair, player, and in a team event a team's pair).

What a higher app knows of its format is registered here, never imported: the ``teams`` app calls
``register_parts("teams", …)`` in its ``AppConfig.ready()`` (its count of teams, match points, links, the
captions of its tables, its management section), so this module — on the models' floor — names no app above it.
A new format is one more class here, one more ``TournamentFormat`` choice, and the parts its own app registers.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from core.text import numbered
from engine.ranking.standings import compute_standings
from engine.ranking.standings_individual import compute_individual_standings
from engine.ranking.tiebreaks import criteria

from .choices import TournamentFormat
from .rules_text import describe_rules

_parts: dict[str, dict[str, object]] = {}
ROUND_ROBIN = "round-robin"  # models.PairingSystem.ROUND_ROBIN (the models import this module)


def register_parts(code: str, **parts) -> None:
    """What an app adds to a format (called from its ``AppConfig.ready()``). Known parts:

    ``count(tournament) -> int`` and ``count_annotation`` (an ORM expression on ``Tournament``): the entrants;
    ``match_points(tournament) -> (win, draw, loss)``; ``public_links(tournament) -> [Link]``;
    ``entrant_rows(tournament, limit) -> (rows, more)`` (rows as ``selectors.entrant_rows`` gives them);
    ``table_captions(round) -> {partie id: caption}`` and ``table_caption(partie)``; ``manage_links_template`` and ``manage_template`` (the
    management page's sections); ``round_view`` (the URL name of a round's page); ``actions`` ({step: URL
    name}: "register", "draw", "pair_round"); ``pairings_json(tournament, round number) -> dict`` (the
    ``pairings`` command's round); ``simulate(organizer, **options) -> dict`` (the ``simulate`` command's
    event of this format; raises ``ValueError`` on options it does not take); ``report_section(tournament,
    groups) -> [flowables]`` (the final report's section of a format whose entrants are not pairs); ``write_standings(command, tournament,
    after_round, as_json, stage, final)`` (the ``standings`` command's table of such an event).
    """
    _parts.setdefault(code, {}).update(parts)


def part_of(code: str, name: str, default=None):
    """What the app of the format ``code`` registered under ``name`` (``register_parts``), else ``default``."""
    return _parts.get(code, {}).get(name, default)


@dataclass(frozen=True)
class Link:
    label: str
    url: str
    id: str = ""


class EventFormat:
    """The pair event; the other formats override what differs. Bound to one tournament (may be None)."""

    code = TournamentFormat.PAIRS

    # Who the event ranks.
    entrant = gettext_lazy("пара")
    entrant_title = gettext_lazy("Пара")
    entrants = gettext_lazy("пары")
    entrants_title = gettext_lazy("Пары")
    entrant_genitive = pgettext_lazy("родительный падеж", "пары")
    number_label = gettext_lazy("№ пары")
    standing_label = gettext_lazy("парный зачёт")
    standings_title = gettext_lazy("Положение пар")
    no_standings = gettext_lazy("Пар ещё нет.")
    standings_legend = gettext_lazy("«=» — пары делят место; снятые с турнира пары — в конце.")
    # the standings' own figures explained (an individual event's Buchholz and partners' score), or nothing
    figures_legend = ""
    goats_legend = gettext_lazy("«Козлов» — козлы, полученные парой (сухой козёл считается по регламенту); "
                                "«± козлов» — отданные соперникам минус полученные.")
    rating_legend = gettext_lazy("Рейтинг — сумма по играм пары; пусто, если рейтинга не было.")
    projector_columns = (gettext_lazy("Пара"), gettext_lazy("Игроки"))

    # A registered row (``Entrant``) as the pair pages list it.
    entry = gettext_lazy("пара")
    entry_title = gettext_lazy("Пара")
    entries_title = gettext_lazy("Пары")
    entries_lower = gettext_lazy("пары")
    entry_names_column = gettext_lazy("Игроки")
    entry_number_column = gettext_lazy("Пара")
    no_entries = gettext_lazy("Пар пока нет.")
    all_entries = gettext_lazy("Все пары")
    entry_edit_title = gettext_lazy("Исправить данные пары")
    entry_edit_note = gettext_lazy("Исправление написания имени, клуба, города, рейтинга. Учётные записи игроков "
                                   "остаются за ними.")
    entry_substitute_note = gettext_lazy("Другой человек занимает место игрока пары; номер и результаты пары "
                                         "сохраняются, учётная запись ушедшего игрока отвязывается. Замена "
                                         "записывается в журнал.")
    entries_closed_note = gettext_lazy("Жеребьёвка закрыта: пары больше не удаляют, а снимают с турнира (их "
                                       "результаты остаются).")
    late_title = gettext_lazy("Поздняя регистрация пары")
    late_help = gettext_lazy("Пара получит следующий свободный номер и будет играть со следующего тура. Пропущенные "
                             "туры засчитываются так, как сказано в регламенте турнира (по умолчанию — без очков).")
    register_title = gettext_lazy("Регистрация пары")
    import_title = gettext_lazy("Загрузка пар")
    import_heading = gettext_lazy("загрузка пар из файла")
    import_help = gettext_lazy("Заполните шаблон: одна строка — одна пара. Если хоть одна строка с ошибкой, не "
                               "сохраняется ничего.")
    import_link = gettext_lazy("Загрузить пары из Excel / CSV")
    entries_link = gettext_lazy("Пары: изменить, заменить игрока, удалить, поздняя регистрация")
    print_tables = gettext_lazy("пары по столам")
    search_title = gettext_lazy("Найти свою пару")
    search_label = gettext_lazy("Найдите свою пару по фамилии")
    entry_view = "tournaments:pair"
    own_page_link = gettext_lazy("Страница моей пары")
    draw_link = gettext_lazy("Жеребьёвка: номера пар")
    draw_placeholder = gettext_lazy("Фамилия, клуб, № пары")
    draw_search_label = gettext_lazy("Фамилия, клуб или № пары")
    swap_first = gettext_lazy("Пара №")
    swap_second = gettext_lazy("поменять местами с парой №")
    swap_help = ""
    round_entries_link = gettext_lazy("Пары тура")
    seating_help = gettext_lazy("Места по часовой стрелке: A1, B1, A2, B2; A — пара с меньшим номером. Заход "
                                "переходит по часовой стрелке, тасует игрок слева от заходящего.")
    slip_note = gettext_lazy("Код — страница вашей пары: столы, соперники, протоколы.")
    slip_note_phone = gettext_lazy("Код — страница вашей пары: столы, соперники, протоколы и подпись протокола со "
                                   "своего телефона. Не отдавайте листок другим.")
    pins_help = gettext_lazy("ПИН-код (5 цифр) позволяет игроку подписать протокол без учётной записи: на "
                             "устройстве судьи или на своём телефоне. На листке — ПИН-код и QR-код страницы пары.")
    player_search_placeholder = gettext_lazy("Фамилия, логин, № пары")
    player_search_label = gettext_lazy("Фамилия, логин или № пары")

    # Templates of the sections that differ.
    manage_links_template = "tournaments/_manage_links.html"
    manage_template = "tournaments/_manage_entries.html"
    round_view = "tournaments:pairings"
    players_per_entrant = 2  # the players a registered row seats
    online_registration = True  # players may register online (``signup``)
    partners_at_table = False  # a table seats two entrants, or four players each with a partner of the round

    def __init__(self, tournament=None):
        self.tournament = tournament

    def __repr__(self):
        return f"<{type(self).__name__} {self.code}>"

    def part(self, name, default=None):
        """What the format's app registered under ``name`` (``register_parts``), else ``default``."""
        return part_of(self.code, name, default)

    # --- counts and the event's facts ---------------------------------------------------------------

    @property
    def label(self) -> str:
        return TournamentFormat(self.code).label

    def entrants_count(self) -> int:
        """The active entrants (the calendar annotates ``entrants``; otherwise one query)."""
        known = getattr(self.tournament, "entrants", None)
        if known is not None:
            return known
        return self.tournament.pairs.filter(status="active").count()

    def count_text(self, n: int) -> str:
        return ngettext("%(n)s пара", "%(n)s пар", n) % {"n": n}

    @property
    def entrants_text(self) -> str:
        """«12 пар», «9 игроков», «команд: 4»: the count of the active entrants."""
        return self.count_text(self.entrants_count())

    @property
    def facts(self) -> str:
        """The public page's «Система» line: the pairing system, the rounds, the format, the entrants."""
        t = self.tournament
        rounds = ngettext("%(n)s тур", "%(n)s туров", t.rounds_planned) % {"n": t.rounds_planned}
        return " · ".join([str(t.get_pairing_system_display()), rounds, str(self.standing_label), self.entrants_text])

    def match_points_text(self) -> str | None:
        """The event's own sentence on its match points, when it is not the rules' one."""
        return None

    def rules_text(self, rules) -> str:
        """The rules in words (``rules_text.describe_rules``) with the event's match points."""
        return describe_rules(rules, points_text=self.match_points_text())

    # --- words of a sentence ---------------------------------------------------------------------

    def numbered(self, number) -> str:
        """«Пара №4» / «Участник №4» / «Пара №4» — a registered row by its number (none: the bare word)."""
        if not number:
            return str(self.entry_title)
        return _("Пара №%(n)s") % {"n": number}

    def entry_in_sentence(self, number, names: str) -> str:
        """A registered row in a sentence: «пара №4 (Иванов — Петров)», «пара Иванов — Петров» (no number yet)."""
        if number:
            return _("пара №%(n)s (%(names)s)") % {"n": number, "names": names}
        return _("пара %(names)s") % {"names": names}

    def no_seat_text(self, seat: int) -> str:
        """A substitution names a seat the registered row does not have."""
        return _("В паре нет игрока %(k)s.") % {"k": seat}

    def status_text(self, status: str) -> str:
        """A withdrawn or disqualified entrant as a standings row says it («снята», «снялась»)."""
        return {"disqualified": _("снята"), "withdrawn": _("снялась")}.get(status, "")

    def sitout_line(self, number, names="") -> str:
        """A list's line of an entrant that sits out the round (``names`` empty: the number alone)."""
        return f"{_('Пара')} {number}: {names}" if names else f"{_('Пара')} {number}"

    def draw_count(self, n: int, query: bool) -> str:
        if query:
            return ngettext("Найдена %(n)s пара.", "Найдено пар: %(n)s.", n) % {"n": n}
        return ngettext("%(n)s пара.", "Пар: %(n)s.", n) % {"n": n}

    def side_label(self, side: str, numbers: str = "") -> str:
        """A side of a table in a protocol: «пара A № 4»; without ``numbers``: «пара A»."""
        if not numbers:
            return _("пара %(side)s") % {"side": side}
        return _("пара %(side)s № %(n)s") % {"side": side, "n": numbers}

    def side_numbers(self, partie, side: str) -> str:
        """«4»; an individual event's side: its two players' numbers, «2 + 13»."""
        return " + ".join(str(e.number) for e in partie.side_entrants(side))

    def side_title(self, partie, side: str) -> str:
        """A side as the referee's scoreboard heads it: «Пара A №4»."""
        entrant = partie.pair_a if side == "A" else partie.pair_b
        return f"{_('Пара A') if side == 'A' else _('Пара B')} {numbered(entrant.number)}"

    def table_links(self, partie) -> list[Link]:
        """The entrants of a table, each a link to its page: «пара №4» (an individual event: «игрок №2», each
        player of both sides)."""
        slug = self.tournament.slug
        return [Link(f"{self.entry} {numbered(e.number)}", reverse(self.entry_view, args=[slug, e.number]))
                for side in ("A", "B") for e in partie.side_entrants(side)]

    # --- the protocol's sheet (scoring.reports.sheets, pdf, pdf_games) --------------------------------

    remark_number_column = gettext_lazy("№ пары")

    def result_line(self, a, b, sa, sb) -> str:
        return _("Итог партии: пара A № %(a)s — %(sa)s : %(sb)s — пара B № %(b)s") % {"a": a, "b": b, "sa": sa,
                                                                                      "sb": sb}

    def blank_result_line(self, a, b) -> str:
        return _("Итог партии: пара A № %(a)s  ______ : ______  пара B № %(b)s      Победитель: пара ____") % {
            "a": a, "b": b}

    def goats_result_line(self, a, b, ga, gb) -> str:
        return _("Итог партии: пара A № %(a)s — козлов %(ga)s : %(gb)s — пара B № %(b)s") % {
            "a": a, "b": b, "ga": ga, "gb": gb}

    def blank_goats_line(self, a, b) -> str:
        return _("Козлов: пара A № %(a)s  ______ : ______  пара B № %(b)s      Победитель: пара ____") % {
            "a": a, "b": b}

    def continued_line(self, a, b) -> str:
        return _("Протокол партии, продолжение: пара A № %(a)s — пара B № %(b)s") % {"a": a, "b": b}

    def goats_total_line(self, a, b, ga, gb) -> str:
        return _("Козлов за партию: пара A № %(a)s — %(ga)s, пара B № %(b)s — %(gb)s") % {
            "a": a, "b": b, "ga": ga, "gb": gb}

    def rating_line(self, a, b) -> str:
        """The Kozel partie's rating of each side (blank: «______»)."""
        return _("Рейтинг за партию — пара A: %(a)s, пара B: %(b)s") % {"a": a, "b": b}

    def blank_game_line(self, n) -> str:
        return _("Итог игры %(n)s: ______ : ______ · козёл — пара ______") % {"n": n}

    def outcome(self, result, numbers: dict, absent: str = "") -> str:
        """The partie's outcome under a signed sheet; ``numbers``: side -> «4» (or «2 + 13»), ``absent``: the
        players who did not come, by seat (an individual event's no-show)."""
        if result.no_show:
            return _("Неявка пары %(side)s № %(n)s: победа пары %(w)s № %(wn)s по неявке") % {
                "side": result.no_show, "n": numbers[result.no_show], "w": result.winner,
                "wn": numbers.get(result.winner)}
        if result.disqualified:
            return _("Пара %(side)s № %(n)s снята с турнира: победа пары %(w)s № %(wn)s") % {
                "side": result.disqualified, "n": numbers[result.disqualified], "w": result.winner,
                "wn": numbers.get(result.winner)}
        if result.winner:
            return _("Победила пара %(w)s № %(wn)s") % {"w": result.winner, "wn": numbers[result.winner]}
        return ""

    def side_names(self, partie, side: str) -> str:
        """The side as a confirmation names it: «пара №2»; an individual event: «№2 Иванов + №13 Петров»."""
        entrant = partie.pair_a if side == "A" else partie.pair_b
        return _("пара №%(n)s") % {"n": entrant.number}

    # --- the organizer's messages about a registered row -----------------------------------------------

    single_player_entries = False  # an entry is one player (his pages, forms and tables are the player's)
    has_teams = False  # the event's entrants are teams (the teams' pages exist)
    entry_saved = gettext_lazy("Пара изменена.")
    entry_deleted = gettext_lazy("Пара удалена.")
    delete_title = gettext_lazy("Удалить пару?")
    delete_button = gettext_lazy("Удалить пару")
    withdraw_title = gettext_lazy("Снять пару с турнира?")
    withdraw_button = gettext_lazy("Снять пару")
    withdrawn = gettext_lazy("Пара снята с турнира; её результаты сохранены.")
    undo_title = gettext_lazy("Вернуть пару в турнир?")
    undo_button = gettext_lazy("Вернуть пару")
    undone = gettext_lazy("Снятие пары отменено: она снова играет.")
    number_saved = gettext_lazy("Номер пары сохранён.")
    swap_refused = gettext_lazy("Укажите номера двух пар.")
    swapped = gettext_lazy("Пары поменяны местами.")
    renumbered_note = gettext_lazy("Прежние номера пар будут заменены.")
    import_template_name = "pairs-template.xlsx"

    def entry_label(self, number, players: str) -> str:
        """A registered row in a sentence: «Пара №4: Иванов — Петров»."""
        if number:
            return _("Пара №%(n)s: %(p)s") % {"n": number, "p": players}
        return _("Пара %(p)s") % {"p": players}

    def registered(self, number, players: str) -> str:
        if number:
            return _("Пара №%(n)s зарегистрирована: %(p)s.") % {"n": number, "p": players}
        return _("Пара зарегистрирована: %(p)s. Номер она получит при жеребьёвке.") % {"p": players}

    def registered_late(self, number, round_number) -> str:
        return _("Пара №%(n)s зарегистрирована и играет с тура %(r)s.") % {"n": number, "r": round_number}

    def will_be_deleted(self, label: str) -> str:
        return _("%(pair)s будет удалена отовсюду: из списков, жеребьёвки и выгрузок.") % {"pair": label}

    def draw_numbers(self, active: int) -> str:
        return _("Активные пары (%(n)s) получат номера 1–%(n)s по жребию; номера, назначенные вручную, "
                 "сохранятся.") % {"n": active}

    def publish_lines(self, number, tables: int) -> list[str]:
        return [ngettext("Тур %(n)s (%(t)s стол) станет виден всем: игроки увидят пары и столы, судьи смогут вносить "
                         "протоколы.",
                         "Тур %(n)s (%(t)s столов) станет виден всем: игроки увидят пары и столы, судьи смогут "
                         "вносить протоколы.", tables) % {"n": number, "t": tables},
                _("Менять пары в опубликованном туре будет нельзя.")]

    def withdraw_lines(self, label: str, last_round) -> list[str]:
        """What withdrawing says before it is done (``last_round``: the last round played, None before any)."""
        lines = [_("%(pair)s будет снята с турнира: в следующие туры её не поставят.") % {"pair": label}]
        if last_round is None:
            lines.append(_("Она ещё не играла и не появится ни в положении, ни в таблицах."))
        else:
            lines.append(_("Её результаты после тура %(n)s сохранятся; в положении она будет в конце, без места.")
                         % {"n": last_round})
        return lines

    def undo_withdrawal_lines(self, label: str) -> list[str]:
        return [_("%(pair)s снова будет играть: её поставят в следующий тур.") % {"pair": label},
                _("Вернуть пару можно, только пока после её снятия не составлен ни один тур.")]

    # --- a table's protocol on the referee's page ----------------------------------------------------

    no_show_title = gettext_lazy("Неявка пары (поражение неявкой)")
    no_show_help = gettext_lazy("Через 5 минут после начала не явились игроки пары: соперники побеждают с "
                                "максимальным счётом.")
    no_show_help_kozel = gettext_lazy("Через 5 минут после начала не явились игроки пары: она — козёл каждой игры "
                                      "партии, соперники побеждают.")

    # What a protocol's page says of one side («A» or «B»).
    side_sentences = {
        "no_show": gettext_lazy("неявка пары %(side)s"),
        "won": gettext_lazy("победа пары %(side)s"),
        "disqualified": gettext_lazy("пара %(side)s снята с турнира"),
        "abandoned": gettext_lazy("пара %(side)s ушла"),
        "not_signing": gettext_lazy("Пара %(side)s не подписывает протокол: подпись судьи закрывает его."),
        "absent_refused": gettext_lazy("Пара %(side)s не играла партию до конца: её игроки протокол не "
                                       "подписывают."),
        "one_signs": gettext_lazy("Подписывает один игрок пары."),
    }

    def side_status(self, kind: str, side: str = "") -> str:
        return self.side_sentences[kind] % {"side": side}

    def no_show_button(self, side: str) -> str:
        return _("Неявка пары %(side)s") % {"side": side}

    def no_show_done(self, side: str) -> str:
        return _("Неявка пары %(side)s отмечена.") % {"side": side}

    def no_show_yes(self, side: str) -> str:
        return _("Да, отметить неявку пары %(side)s") % {"side": side}

    def next_remark(self, side: str, step, text) -> str:
        """The ladder's next step for a side (docs/rules.md §6: a pair's remarks count over the tournament)."""
        return _("Следующее замечание пары %(side)s — %(n)s-е в турнире: %(text)s.") % {
            "side": side, "n": step, "text": text}

    def remark_effect(self, side: str, step) -> str:
        return _("Это будет %(n)s-е замечание пары %(side)s в турнире:") % {"side": side, "n": step}

    def score_line(self, partie, score, goats=None) -> str:
        """The sides and the score as a confirmation asks them: «пара №2 — пара №9, счёт 46 : 44»."""
        values = {"a": partie.pair_a.number, "b": partie.pair_b.number, "sa": score[0], "sb": score[1]}
        if goats is not None:  # goats first, as the page shows them (docs/rules-kozel.md §11)
            return _("пара №%(a)s — пара №%(b)s, козлов %(ga)s : %(gb)s (очки %(sa)s : %(sb)s)") % {
                **values, "ga": goats[0], "gb": goats[1]}
        return _("пара №%(a)s — пара №%(b)s, счёт %(sa)s : %(sb)s") % values

    def no_show_question(self, partie, side: str, kozel: bool) -> str:
        """The confirmation of a whole side's no-show."""
        absent = partie.pair_a if side == "A" else partie.pair_b
        present = partie.pair_b if side == "A" else partie.pair_a
        if kozel:  # RULES-KOZEL.md §5.3: the absent pair is the goat of every game of the partie
            message = _("Отметить неявку пары %(side)s (№%(absent)s)? Пара №%(present)s получит победу неявкой, "
                        "пара №%(absent)s — козёл каждой игры партии; вносить раздачи будет нельзя. Протокол "
                        "подписывает судья, явившаяся пара может подписать тоже. Ошибочную неявку можно отменить "
                        "до подписи судьи.")
        else:
            message = _("Отметить неявку пары %(side)s (№%(absent)s)? Пара №%(present)s получит победу неявкой "
                        "с максимальным счётом; вносить раздачи будет нельзя. Протокол подписывает судья, "
                        "явившаяся пара может подписать тоже. Ошибочную неявку можно отменить до подписи судьи.")
        return message % {"side": side, "absent": absent.number, "present": present.number}

    def absent_names(self, partie, protocol) -> str:
        """The players who did not come, when the format names them (an individual event's)."""
        return ""

    def no_show_note(self, partie, protocol) -> str:
        """What a countersignature's confirmation says of a no-show."""
        return _("Пара %(side)s не явилась: протокол неявки закрывается подписью судьи.") % {"side": protocol.no_show}

    def table_label(self, partie) -> str:
        """What a list of a round's tables calls a row: «Стол 4»."""
        return f"{_('Стол')} {partie.table}"

    def table_sides(self, partie) -> str:
        """The entrants of a table as a referee's list gives them: «№1 – №8», «№9 – свободный тур»."""
        b = numbered(partie.pair_b.number) if partie.pair_b_id else _("свободный тур")
        return f"{numbered(partie.pair_a.number)} – {b}"

    # --- sections and links -----------------------------------------------------------------------

    @property
    def public_links(self) -> list[Link]:
        slug = self.tournament.slug
        return [Link(_("Положение пар"), reverse("reports:standings", args=[slug])),
                Link(_("Личное положение игроков"), reverse("reports:players", args=[slug])),
                Link(_("Турнирная таблица"), reverse("reports:crosstable", args=[slug])),
                Link(_("Для экрана в зале"), reverse("reports:projector", args=[slug]))]

    def public_entrants(self, limit: int):
        """(rows, how many more) of the public page's list, or None: the page lists the registered rows."""
        return None

    def standings_documents(self, finished: bool) -> list[Link]:
        """The public page's standings files (PDF): the event's standings, final once the event is over."""
        label = _("Итоговое положение (PDF)") if finished else _("Положение после сыгранных туров (PDF)")
        documents = self.part("standings_documents")
        own = documents(self.tournament) if documents else []
        return [*own, Link(label if not own else _("Положение пар (PDF)"),
                           reverse("reports:standings_pdf", args=[self.tournament.slug]), "standings-pdf")]

    def workbook_lead(self) -> list:
        """The sheets (``tabular.Table``) that lead the event's workbook before the pairs' (a team event: the
        teams')."""
        tables = self.part("workbook_tables")
        return tables(self.tournament) if tables else []

    @property
    def reports_links(self) -> list[Link]:
        """The standings pages' navigation after the standings: the pairs' players and the cross table."""
        slug = self.tournament.slug
        return [Link(_("Игроки"), reverse("reports:players", args=[slug]), "players"),
                Link(_("Турнирная таблица"), reverse("reports:crosstable", args=[slug]), "crosstable")]

    def table_captions(self, rnd) -> dict:
        """{partie id: what a referee's page says of the table besides its number} (a team event: the match)."""
        return {}

    def table_caption(self, partie) -> str:
        """``table_captions`` of one table."""
        return ""

    def action_url(self, step: str, *args) -> str:
        """The URL of a step of the management page's main action: "register", "draw", "pair_round"."""
        names = {"register": "tournaments:manage", "draw": "tournaments:draw_run",
                 "pair_round": "tournaments:pair_round"}
        url = reverse(names[step], args=[self.tournament.slug, *args])
        return url + "#register" if step == "register" else url

    @property
    def pair_round_url(self) -> str:
        return self.action_url("pair_round")

    register_action = gettext_lazy("Зарегистрировать пары")
    registration_label = gettext_lazy("Регистрация пар")
    draw_action = gettext_lazy("Провести жеребьёвку")

    def registered_note(self, n: int) -> str:
        return _("Зарегистрировано пар: %(n)s") % {"n": n}

    # --- tie-breaks --------------------------------------------------------------------------------

    individual_criteria = False  # the tie-breaks an individual event chooses from (its players' own)
    # The standings of the event's entrants from its games (``engine.ranking``).
    compute_standings = staticmethod(compute_standings)

    def criteria(self):
        """(criteria, orderings) a tournament of this format chooses its tie-breaks from."""
        return criteria(individual=self.individual_criteria)


PairsFormat = EventFormat


class IndividualFormat(EventFormat):
    code = TournamentFormat.INDIVIDUAL

    entrant = gettext_lazy("игрок")
    entrant_title = gettext_lazy("Игрок")
    entrants = gettext_lazy("игроки")
    entrants_title = gettext_lazy("Участники")
    entrant_genitive = pgettext_lazy("родительный падеж", "игрока")
    number_label = gettext_lazy("№ игрока")
    standing_label = gettext_lazy("личный зачёт")
    standings_title = gettext_lazy("Положение игроков")
    no_standings = gettext_lazy("Игроков ещё нет.")
    standings_legend = gettext_lazy("«=» — игроки делят место; снятые с турнира игроки — в конце.")
    figures_legend = gettext_lazy(
        "«Бухгольц» — сумма очков матча обоих соперников в каждой партии (партнёры не в счёт); «Очки партнёров» — "
        "сумма очков матча партнёров (кому достались партнёры слабее, тот выше).")
    goats_legend = gettext_lazy("«Козлов» — козлы, полученные стороной игрока в его партиях (сухой козёл "
                                "считается по регламенту); «± козлов» — отданные соперникам минус полученные.")
    rating_legend = gettext_lazy("Рейтинг — сумма по играм игрока; пусто, если рейтинга не было.")
    projector_columns = (gettext_lazy("№ игрока"), gettext_lazy("Игрок"))

    entry = gettext_lazy("игрок")
    entry_title = gettext_lazy("Участник")
    entries_title = gettext_lazy("Игроки")
    entries_lower = gettext_lazy("игроки")
    entry_names_column = gettext_lazy("Игрок")
    entry_number_column = gettext_lazy("№ игрока")
    no_entries = gettext_lazy("Игроков пока нет.")
    all_entries = gettext_lazy("Все игроки")
    entry_edit_title = gettext_lazy("Исправить данные игрока")
    entry_edit_note = gettext_lazy("Исправление написания имени, клуба, города, рейтинга. Учётная запись игрока "
                                   "остаётся за ним.")
    entry_substitute_note = gettext_lazy("Другой человек занимает место игрока; номер и результаты участника "
                                         "сохраняются, учётная запись ушедшего игрока отвязывается. Замена "
                                         "записывается в журнал.")
    entries_closed_note = gettext_lazy("Жеребьёвка закрыта: игроков больше не удаляют, а снимают с турнира (их "
                                       "результаты остаются).")
    late_title = gettext_lazy("Поздняя регистрация игрока")
    late_help = gettext_lazy("Игрок получит следующий свободный номер и будет играть со следующего тура. "
                             "Пропущенные туры засчитываются так, как сказано в регламенте турнира (по умолчанию — "
                             "без очков).")
    register_title = gettext_lazy("Регистрация игрока")
    import_title = gettext_lazy("Загрузка игроков")
    import_heading = gettext_lazy("загрузка игроков из файла")
    import_help = gettext_lazy("Заполните шаблон: одна строка — один игрок. Если хоть одна строка с ошибкой, не "
                               "сохраняется ничего.")
    import_link = gettext_lazy("Загрузить игроков из Excel / CSV")
    entries_link = gettext_lazy("Игроки: изменить, заменить, удалить, поздняя регистрация")
    print_tables = gettext_lazy("игроки по столам")
    search_title = gettext_lazy("Найти игрока")
    search_label = gettext_lazy("Найдите себя по фамилии")
    entry_view = "tournaments:player"
    own_page_link = gettext_lazy("Моя страница игрока")
    draw_link = gettext_lazy("Жеребьёвка: номера игроков")
    draw_placeholder = gettext_lazy("Фамилия, клуб, № игрока")
    draw_search_label = gettext_lazy("Фамилия, клуб или № игрока")
    swap_first = gettext_lazy("Игрок №")
    swap_second = gettext_lazy("поменять местами с игроком №")
    swap_help = gettext_lazy("Можно поменять и двух игроков одного стола: так меняются места и партнёры.")
    round_entries_link = gettext_lazy("Столы тура")
    seating_help = gettext_lazy("Места по часовой стрелке: A1, B1, A2, B2; партнёры сидят друг напротив друга (A1 "
                                "с A2 против B1 с B2). Заход переходит по часовой стрелке, тасует игрок слева от "
                                "заходящего.")
    slip_note = gettext_lazy("Код — ваша страница игрока: столы, партнёры, соперники, протоколы.")
    slip_note_phone = gettext_lazy("Код — ваша страница игрока: столы, партнёры, соперники, протоколы и подпись "
                                   "протокола со своего телефона. Не отдавайте листок другим.")
    pins_help = gettext_lazy("ПИН-код (5 цифр) позволяет игроку подписать протокол без учётной записи: на "
                             "устройстве судьи или на своём телефоне. На листке — ПИН-код и QR-код страницы игрока.")
    player_search_placeholder = gettext_lazy("Фамилия, логин, № игрока")
    player_search_label = gettext_lazy("Фамилия, логин или № игрока")

    def count_text(self, n: int) -> str:
        return ngettext("%(n)s игрок", "%(n)s игроков", n) % {"n": n}

    def numbered(self, number) -> str:
        if not number:
            return str(self.entry_title)
        return _("Участник №%(n)s") % {"n": number}

    players_per_entrant = 1
    partners_at_table = True

    def entry_in_sentence(self, number, names: str) -> str:
        if number:
            return _("участник №%(n)s (%(names)s)") % {"n": number, "names": names}
        return _("участник %(names)s") % {"names": names}

    def no_seat_text(self, seat: int) -> str:
        return _("В личном зачёте у участника один игрок.")

    def status_text(self, status: str) -> str:
        return {"disqualified": _("снят"), "withdrawn": _("снялся")}.get(status, "")

    def sitout_line(self, number, names="") -> str:
        if not names:
            return _("Игрок №%(n)s — пропускает тур") % {"n": number}
        return _("Игрок №%(n)s %(name)s — пропускает тур") % {"n": number, "name": names}

    def draw_count(self, n: int, query: bool) -> str:
        if query:
            return ngettext("Найден %(n)s игрок.", "Найдено игроков: %(n)s.", n) % {"n": n}
        return ngettext("%(n)s игрок.", "Игроков: %(n)s.", n) % {"n": n}

    def side_title(self, partie, side: str) -> str:
        """«Сторона A №2 + №13»: the round's two partners."""
        entrants = partie.side_entrants(side)
        if len(entrants) != 2:  # a side without its partner: the pair's heading
            return super().side_title(partie, side)
        first, second = entrants
        if side == "A":
            return _("Сторона A №%(a)s + №%(b)s") % {"a": first.number, "b": second.number}
        return _("Сторона B №%(a)s + №%(b)s") % {"a": first.number, "b": second.number}

    def side_label(self, side: str, numbers: str = "") -> str:
        """«сторона A № 2 + 13»: the round's two partners."""
        if not numbers:
            return _("сторона %(side)s") % {"side": side}
        return _("сторона %(side)s № %(n)s") % {"side": side, "n": numbers}

    remark_number_column = gettext_lazy("№ игрока")

    def result_line(self, a, b, sa, sb) -> str:
        return _("Итог партии: сторона A № %(a)s — %(sa)s : %(sb)s — сторона B № %(b)s") % {
            "a": a, "b": b, "sa": sa, "sb": sb}

    def blank_result_line(self, a, b) -> str:
        return _("Итог партии: сторона A № %(a)s  ______ : ______  сторона B № %(b)s      Победитель: "
                 "сторона ____") % {"a": a, "b": b}

    def goats_result_line(self, a, b, ga, gb) -> str:
        return _("Итог партии: сторона A № %(a)s — козлов %(ga)s : %(gb)s — сторона B № %(b)s") % {
            "a": a, "b": b, "ga": ga, "gb": gb}

    def blank_goats_line(self, a, b) -> str:
        return _("Козлов: сторона A № %(a)s  ______ : ______  сторона B № %(b)s      Победитель: сторона ____") % {
            "a": a, "b": b}

    def continued_line(self, a, b) -> str:
        return _("Протокол партии, продолжение: сторона A № %(a)s — сторона B № %(b)s") % {"a": a, "b": b}

    def goats_total_line(self, a, b, ga, gb) -> str:
        return _("Козлов за партию: сторона A № %(a)s — %(ga)s, сторона B № %(b)s — %(gb)s") % {
            "a": a, "b": b, "ga": ga, "gb": gb}

    def rating_line(self, a, b) -> str:
        return _("Рейтинг за партию — сторона A: %(a)s, сторона B: %(b)s") % {"a": a, "b": b}

    def blank_game_line(self, n) -> str:
        return _("Итог игры %(n)s: ______ : ______ · козёл — сторона ______") % {"n": n}

    def outcome(self, result, numbers: dict, absent: str = "") -> str:
        """docs/rules-individual.md §6: a no-show names the players who did not come."""
        if result.no_show:
            return _("Неявка: %(absent)s (сторона %(side)s № %(n)s); победа стороны %(w)s № %(wn)s по неявке") % {
                "absent": absent or "—", "side": result.no_show, "n": numbers[result.no_show], "w": result.winner,
                "wn": numbers.get(result.winner)}
        if result.disqualified:
            return _("Сторона %(side)s № %(n)s: игрок снят с турнира; победа стороны %(w)s № %(wn)s") % {
                "side": result.disqualified, "n": numbers[result.disqualified], "w": result.winner,
                "wn": numbers.get(result.winner)}
        if result.winner:
            return _("Победила сторона %(w)s № %(wn)s") % {"w": result.winner, "wn": numbers[result.winner]}
        return ""

    def side_names(self, partie, side: str) -> str:
        return " + ".join(f"{numbered(e.number)} {_player_name(e)}".strip() for e in partie.side_entrants(side))

    single_player_entries = True
    entry_saved = gettext_lazy("Данные игрока изменены.")
    entry_deleted = gettext_lazy("Игрок удалён.")
    delete_title = gettext_lazy("Удалить игрока?")
    delete_button = gettext_lazy("Удалить игрока")
    withdraw_title = gettext_lazy("Снять игрока с турнира?")
    withdraw_button = gettext_lazy("Снять игрока")
    withdrawn = gettext_lazy("Игрок снят с турнира; его результаты сохранены.")
    undo_title = gettext_lazy("Вернуть игрока в турнир?")
    undo_button = gettext_lazy("Вернуть игрока")
    undone = gettext_lazy("Снятие игрока отменено: он снова играет.")
    number_saved = gettext_lazy("Номер игрока сохранён.")
    swap_refused = gettext_lazy("Укажите номера двух игроков.")
    swapped = gettext_lazy("Игроки поменяны местами.")
    renumbered_note = gettext_lazy("Прежние номера игроков будут заменены.")
    import_template_name = "players-template.xlsx"

    def entry_label(self, number, players: str) -> str:
        if number:
            return _("Участник №%(n)s: %(p)s") % {"n": number, "p": players}
        return _("Участник %(p)s") % {"p": players}

    def registered(self, number, players: str) -> str:
        if number:
            return _("Участник №%(n)s зарегистрирован: %(p)s.") % {"n": number, "p": players}
        return _("Участник зарегистрирован: %(p)s. Номер он получит при жеребьёвке.") % {"p": players}

    def registered_late(self, number, round_number) -> str:
        return _("Участник №%(n)s зарегистрирован и играет с тура %(r)s.") % {"n": number, "r": round_number}

    def will_be_deleted(self, label: str) -> str:
        return _("%(pair)s будет удалён отовсюду: из списков, жеребьёвки и выгрузок.") % {"pair": label}

    def draw_numbers(self, active: int) -> str:
        return _("Активные игроки (%(n)s) получат номера 1–%(n)s по жребию; номера, назначенные вручную, "
                 "сохранятся.") % {"n": active}

    def publish_lines(self, number, tables: int) -> list[str]:
        return [ngettext("Тур %(n)s (%(t)s стол) станет виден всем: игроки увидят столы и партнёров, судьи смогут "
                         "вносить протоколы.",
                         "Тур %(n)s (%(t)s столов) станет виден всем: игроки увидят столы и партнёров, судьи смогут "
                         "вносить протоколы.", tables) % {"n": number, "t": tables},
                _("Пересаживать игроков в опубликованном туре будет нельзя.")]

    def withdraw_lines(self, label: str, last_round) -> list[str]:
        return [_("%(pair)s будет снят с турнира: в следующие туры его не поставят.") % {"pair": label},
                _("Он ещё не играл и не появится ни в положении, ни в таблицах.") if last_round is None else
                _("Его результаты после тура %(n)s сохранятся; в положении он будет в конце, без места.")
                % {"n": last_round}]

    def undo_withdrawal_lines(self, label: str) -> list[str]:
        return [_("%(pair)s снова будет играть: его поставят в следующий тур.") % {"pair": label},
                _("Вернуть игрока можно, только пока после его снятия не составлен ни один тур.")]

    no_show_title = gettext_lazy("Неявка стороны (поражение неявкой)")
    no_show_help = gettext_lazy("Через 5 минут после начала не явились оба игрока стороны: соперники побеждают с "
                                "максимальным счётом.")
    no_show_help_kozel = gettext_lazy("Через 5 минут после начала не явились оба игрока стороны: она — козёл каждой "
                                      "игры партии, соперники побеждают.")

    side_sentences = {
        "no_show": gettext_lazy("неявка стороны %(side)s"),
        "won": gettext_lazy("победитель: сторона %(side)s"),
        "disqualified": gettext_lazy("сторона %(side)s снята с турнира"),
        "abandoned": gettext_lazy("сторона %(side)s ушла"),
        "not_signing": gettext_lazy("Сторона %(side)s не подписывает протокол: подпись судьи закрывает его."),
        "absent_refused": gettext_lazy("Сторона %(side)s не играла партию до конца: её игроки протокол не "
                                       "подписывают."),
        "one_signs": gettext_lazy("Подписывает один игрок стороны."),
    }

    def no_show_button(self, side: str) -> str:
        return _("Неявка стороны %(side)s (обоих игроков)") % {"side": side}

    def no_show_done(self, side: str) -> str:
        return _("Неявка стороны %(side)s отмечена.") % {"side": side}

    def no_show_yes(self, side: str) -> str:
        return _("Да, отметить неявку стороны %(side)s") % {"side": side}

    def next_remark(self, side: str, step, text) -> str:
        """docs/rules-individual.md §2: a side's n-th remark counts both its players' remarks of earlier rounds."""
        return _("Следующее замечание стороны %(side)s — %(n)s-е с прошлыми замечаниями её игроков: %(text)s.") % {
            "side": side, "n": step, "text": text}

    def remark_effect(self, side: str, step) -> str:
        return _("Это будет %(n)s-е замечание стороны %(side)s (с прошлыми замечаниями её игроков):") % {
            "side": side, "n": step}

    def score_line(self, partie, score, goats=None) -> str:
        """«№2 Иванов Иван + №13 Петров Пётр — №9 … + №6 …, счёт 46 : 44»: both players of each side."""
        values = {"a": self.side_names(partie, "A"), "b": self.side_names(partie, "B"), "sa": score[0],
                  "sb": score[1]}
        if goats is not None:
            return _("%(a)s — %(b)s, козлов %(ga)s : %(gb)s (очки %(sa)s : %(sb)s)") % {
                **values, "ga": goats[0], "gb": goats[1]}
        return _("%(a)s — %(b)s, счёт %(sa)s : %(sb)s") % values

    def no_show_question(self, partie, side: str, kozel: bool) -> str:
        other = "B" if side == "A" else "A"
        values = {"side": side, "absent": self.side_names(partie, side), "other": other,
                  "present": self.side_names(partie, other)}
        if kozel:
            message = _("Отметить неявку обоих игроков стороны %(side)s (%(absent)s)? Сторона %(other)s "
                        "(%(present)s) получит победу неявкой, оба неявившихся — козла каждой игры партии; вносить "
                        "раздачи будет нельзя. Протокол подписывает судья, явившиеся могут подписать тоже. "
                        "Ошибочную неявку можно отменить до подписи судьи.")
        else:
            message = _("Отметить неявку обоих игроков стороны %(side)s (%(absent)s)? Сторона %(other)s "
                        "(%(present)s) получит победу неявкой с максимальным счётом; вносить раздачи будет нельзя. "
                        "Протокол подписывает судья, явившиеся могут подписать тоже. Ошибочную неявку можно "
                        "отменить до подписи судьи.")
        return message % values

    def no_show_note(self, partie, protocol) -> str:
        names = self.absent_names(partie, protocol)
        return _("Не явились: %(names)s — протокол неявки закрывается подписью судьи.") % {"names": names}

    def absent_names(self, partie, protocol) -> str:
        """The players who did not come: «A2 №4 Иванов Иван» (every player of the side when no seat is named)."""
        side = getattr(protocol, "no_show", "")
        if not side:
            return ""
        seats = protocol.absent_seats.split(",") if protocol.absent_seats else [f"{side}1", f"{side}2"]
        out = []
        for seat in seats:
            entrants = partie.side_entrants(seat[0])
            index = int(seat[1]) - 1
            if index < len(entrants):
                out.append(f"{seat} {numbered(entrants[index].number)} {_player_name(entrants[index])}".strip())
        return ", ".join(out)

    def table_label(self, partie) -> str:
        """A sit-out is no table: it has no «Стол» (docs/rules-individual.md §6)."""
        return "" if partie.is_bye else super().table_label(partie)

    def table_sides(self, partie) -> str:
        """«№1 + №4 – №2 + №3»; a sit-out: «№9 — Пропускает тур»."""
        if partie.is_bye:
            return f"{numbered(partie.pair_a.number)} — {_('Пропускает тур')}"
        return " – ".join(" + ".join(numbered(e.number) for e in partie.side_entrants(side)) for side in "AB")

    @property
    def public_links(self) -> list[Link]:
        """The players' standings, the grid, a round robin's schedule (its published rounds, player by player) and
        the hall screen."""
        slug = self.tournament.slug
        links = [Link(_("Положение игроков"), reverse("reports:standings", args=[slug])),
                 Link(_("Таблица по турам"), reverse("tournaments:grid", args=[slug]))]
        if self.tournament.pairing_system == ROUND_ROBIN:
            links.append(Link(_("Расписание туров"), reverse("tournaments:schedule", args=[slug]), "schedule-link"))
        return [*links, Link(_("Для экрана в зале"), reverse("reports:projector", args=[slug]))]

    @property
    def reports_links(self) -> list[Link]:
        return [Link(_("Таблица по турам"), reverse("tournaments:grid", args=[self.tournament.slug]))]

    register_action = gettext_lazy("Зарегистрировать игроков")
    registration_label = gettext_lazy("Регистрация игроков")

    def registered_note(self, n: int) -> str:
        return _("Зарегистрировано игроков: %(n)s") % {"n": n}

    individual_criteria = True
    compute_standings = staticmethod(compute_individual_standings)


def _player_name(entrant) -> str:
    players = list(entrant.players.all())
    return players[0].name if players else ""


class TeamsFormat(EventFormat):
    """Teams of pairs: the pair pages keep the pair event's words (``entry*``); the event ranks teams."""

    code = TournamentFormat.TEAMS

    entrant = gettext_lazy("команда")
    entrant_title = gettext_lazy("Команда")
    entrants = gettext_lazy("команды")
    entrants_title = gettext_lazy("Команды")
    entrant_genitive = pgettext_lazy("родительный падеж", "команды")
    number_label = gettext_lazy("№ команды")
    standing_label = gettext_lazy("командные матчи")
    has_teams = True

    def entrants_count(self) -> int:
        known = getattr(self.tournament, "entrants_teams", None)
        if known is not None:
            return known
        count = self.part("count")
        return count(self.tournament) if count else 0

    def count_text(self, n: int) -> str:
        return _("команд: %(n)s") % {"n": n}

    def match_points_text(self) -> str | None:
        points = self.part("match_points")
        if points is None:
            return None
        win, draw, loss = points(self.tournament)
        return _("Очки командного матча: победа — %(win)s, ничья — %(draw)s, поражение — %(loss)s; пары за "
                 "столами приносят команде свои очки матча.") % {"win": win, "draw": draw, "loss": loss}

    @property
    def public_links(self) -> list[Link]:
        links = self.part("public_links")
        return links(self.tournament) if links else []

    def public_entrants(self, limit: int):
        rows = self.part("entrant_rows")
        return rows(self.tournament, limit) if rows else ([], 0)

    @property
    def manage_template(self) -> str:
        return self.part("manage_template", EventFormat.manage_template)

    @property
    def manage_links_template(self) -> str:
        return self.part("manage_links_template", EventFormat.manage_links_template)

    @property
    def round_view(self) -> str:
        return self.part("round_view", EventFormat.round_view)

    def table_captions(self, rnd) -> dict:
        captions = self.part("table_captions")
        return captions(rnd) if captions else {}

    def table_caption(self, partie) -> str:
        caption = self.part("table_caption")
        return caption(partie) if caption else ""

    def action_url(self, step: str, *args) -> str:
        name = (self.part("actions") or {}).get(step)
        if name is None:
            return super().action_url(step, *args)
        return reverse(name, args=[self.tournament.slug, *args])

    register_action = gettext_lazy("Зарегистрировать команды")
    registration_label = gettext_lazy("Регистрация команд")
    draw_action = gettext_lazy("Разыграть номера команд")

    def registered_note(self, n: int) -> str:
        return _("Зарегистрировано команд: %(n)s") % {"n": n}


FORMATS: dict[str, type[EventFormat]] = {
    TournamentFormat.PAIRS: PairsFormat,
    TournamentFormat.INDIVIDUAL: IndividualFormat,
    TournamentFormat.TEAMS: TeamsFormat,
}


def format_of(tournament) -> EventFormat:
    """The format object of ``tournament`` (a pair event when its format is unknown)."""
    return FORMATS.get(getattr(tournament, "format", None), PairsFormat)(tournament)


def formats_with(attribute: str) -> list[str]:
    """The codes of the formats whose class says yes to ``attribute`` (e.g. ``online_registration``)."""
    return [code for code, cls in FORMATS.items() if getattr(cls, attribute, False)]


def format_class(code: str) -> type[EventFormat]:
    """The class of a format by its code (a form's posted value; unknown: the pair event's)."""
    return FORMATS.get(code, PairsFormat)


def count_annotations() -> dict:
    """Every format's count of entrants as annotations of one ``Tournament`` query (the calendar's):
    ``entrants`` (active registered rows) and each registered ``count_annotation`` as ``entrants_<code>``."""
    out: dict[str, object] = {"entrants": Count("pairs", filter=Q(pairs__status="active"), distinct=True)}
    for code, parts in _parts.items():
        if parts.get("count_annotation") is not None:
            out[f"entrants_{code}"] = parts["count_annotation"]
    return out

