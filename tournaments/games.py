"""A tournament's game — the sport game, the Kozel family, hand points — as one object chosen once from its rules.

The rules (``engine.rules.Rules``) say how a deal and a partie score; this object says what the site does
differently per game, so that no page, printout or service tests ``rules.family`` itself: a page asks
``tournament.game.counts_goats``, a printout asks ``game.lead_note()``, the rules' sentence asks
``game.summary(…)``. ``game_of(rules)`` (also ``Tournament.game``) picks the class once.

* ``SportGame`` — the sport game (docs/rules.md): four deals or a target, a shuffler, sanctions by remarks.
* ``KozelGame`` — Kozel and Morskoy (docs/rules-kozel.md): games inside the partie, goats first in every result,
  the lead tile, a pair may leave the table.
* ``HandGame`` — hand points: the referee types each side's points of a deal, no redeals, no lead rule.
* ``LatinGame`` — the partnership game (docs/rules-latin.md): scored from its whole protocol (cards, sanctions),
  ranked by partidas won and *efectividad*. Not offered on the site until its pages are built
  (``presets.NOT_ON_THE_SITE``).

What a higher app does per game (the table page's form, templates and preview in ``referees``, the deal form in
``scoring``, the score sheet's columns in ``scoring.reports``) sits in that app, in one table keyed by
``game.code`` (``referees.game_entry.ENTRIES``, ``scoring.game_forms.DEAL_FORMS``, ``scoring.reports.game_sheets.
SHEETS``): a new game is one more class here and one more row in each of those tables, not an ``if`` in a view.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from engine.ranking.tiebreaks import latin_criteria
from engine.rules.hands import parse_hand
from engine.rules.kozel import count_hand
from engine.rules.latin.rule_sets import matching
from engine.rules.latin.tiles import SETS
from engine.rules.latin.tiles import parse_hand as latin_hand

from .presets import CHOICE_LABELS, RULE_SET_LABELS


class SportGame:
    """The sport game; the other games override what differs. Bound to one tournament's rules."""

    code = "sport"
    #: Every partie's result leads with its goats (the Kozel family, docs/rules-kozel.md §11).
    counts_goats = False
    #: A partie's deals are grouped in games (the deals sheet's «Игра» column, the games of the table page).
    plays_games = False
    #: The deals' third column names who shuffles; the Kozel family names no shuffler, it prints the lead tile.
    names_shuffler = True
    #: The table page says that a redeal (five doubles, six of a suit) is not a deal.
    has_redeals = True
    #: A pair may leave the table in the middle of a partie (the Kozel family's «уход пары», RULES-KOZEL.md §5.3).
    allows_abandonment = False
    #: A knockout match may be the sum of two parties' points (only where points are comparable: the sport game).
    sums_two_parties = True
    #: Within a score group the Swiss pairing keeps the standings' order (the Kozel family, RULES-KOZEL.md §5.4),
    #: not the point difference.
    pairs_by_standings = False
    #: The simulation lets the engine deal a whole random partie (``engine.rules.random_partie``); the sport
    #: game's simulation draws its deals one by one with the table's lead and remarks.
    engine_deals_partie = False
    #: The partie is scored from its whole protocol (the pairs' cards, the sanctions), never deal by deal.
    scores_whole_protocol = False
    #: The referee gives remarks on the sport game's ladder (docs/rules.md §6); the partnership game gives its
    #: own sanctions and cards instead (``scoring.services.sanctions``).
    has_remarks = True
    #: The formats (``choices.TournamentFormat``) a tournament of this game may be: every one.
    formats = ("pairs", "individual", "teams")

    def __init__(self, rules):
        self.rules = rules

    def summary(self, preset: str, length: str) -> str:
        """The first sentence of the rules in words (``tournaments.rules_text``)."""
        return _("Спортивное домино, регламент «%(preset)s»: %(length)s.") % {"preset": preset, "length": length}

    def formats_refusal(self) -> str:
        """Why a tournament of this game cannot be of a format outside ``formats``."""
        return _("Этот регламент не играется в таком зачёте.")

    def decides_every_partie(self) -> bool:
        """Every partie has a winner (a knockout needs one): the rules play an extra deal on equal totals."""
        return bool(self.rules.extra_deal_on_tie)

    def undecided_text(self) -> str:
        """Why a knockout is refused when ``decides_every_partie`` is not so."""
        return _("В олимпийской системе у каждой партии есть победитель: включите в регламенте "
                 "дополнительную раздачу при равном счёте.")

    def ranking_text(self) -> str | None:
        """The rules' second sentence when the game ranks by its own order, or None: the match points say it."""
        return None

    def sheet_length(self) -> str:
        """How long a partie is, in the few words of a score sheet's header."""
        rules = self.rules
        if rules.partie_length == "deals":
            return _("раздач: %(n)s") % {"n": rules.deals_per_partie}
        return _("до %(n)s очков, %(m)s мин") % {"n": rules.target_points, "m": rules.time_limit_minutes}

    def lead_note(self) -> str:
        """Who leads the first deal, as a score card prints it (RULES.md §3)."""
        return _("Первым заходит A1.")

    def ranking_criteria(self) -> tuple | None:
        """The game's own ranking order, or None: the tournament's chosen tie-breaks apply."""
        return None

    def hand_value(self, raw, seat: str, n: int):
        """What a recorded hand counts (a lone 0-0 counts the rules' value), or None when not recorded."""
        if raw is None:
            return None
        return parse_hand(raw, seat=seat, deal=n, lone_double_blank=self.rules.lone_double_blank).value


class KozelGame(SportGame):
    """Kozel and Morskoy Kozel (docs/rules-kozel.md)."""

    code = "kozel"
    counts_goats = True
    plays_games = True
    names_shuffler = False
    allows_abandonment = True
    sums_two_parties = False
    pairs_by_standings = True
    engine_deals_partie = True

    def summary(self, preset: str, length: str) -> str:
        recorder = str(CHOICE_LABELS["recorder"].get(self.rules.recorder, self.rules.recorder)).lower()
        return _("«%(preset)s»: %(length)s; очки записывает %(recorder)s.") % {
            "preset": preset, "length": length, "recorder": recorder}

    def sheet_length(self) -> str:
        return _("игр: %(g)s, до %(n)s") % {"g": self.rules.games_per_partie, "n": self.rules.target_points}

    def decides_every_partie(self) -> bool:
        return bool(self.rules.extra_game_on_tie)

    def lead_note(self) -> str:
        if self.rules.next_lead != "rotate":  # RULES-KOZEL.md §2.2: the holder of 1-1 opens every game with it
            return _("Первую раздачу каждой игры начинает тот, у кого дубль 1-1, — с этого дубля.")
        return super().lead_note()

    def hand_value(self, raw, seat: str, n: int):
        """A hand counted under the Kozel values of the lone doubles (RULES-KOZEL.md §2.3)."""
        if raw is None:
            return None
        return count_hand(self.rules, raw, seat=seat, n=n).value


class HandGame(SportGame):
    """Hand points: the referee types the points of each side of a deal (docs/rules-kozel.md §14)."""

    code = "hand"
    has_redeals = False
    sums_two_parties = False
    engine_deals_partie = True

    def summary(self, preset: str, length: str) -> str:
        return _("Игра на очки (очки каждой раздачи вводит судья): %(length)s.") % {"length": length}

    def sheet_length(self) -> str:
        rules = self.rules
        if rules.partie_length == "time":
            return _("%(m)s мин") % {"m": rules.time_limit_minutes}
        if rules.partie_length == "target":
            return _("до %(n)s очков") % {"n": rules.target_points}
        return super().sheet_length()

    def lead_note(self) -> str:
        return ""  # hand points set no lead rule


class LatinGame(SportGame):
    """The partnership game, «dominó por parejas» (docs/rules-latin.md): hands (*manos*) to a target or to time,
    the *tranque*, sanctions and cards, each partida ranked by won, *efectividad* and points."""

    code = "latin"
    names_shuffler = False  # nobody is named to shuffle; the tile led is recorded instead
    has_redeals = False     # the rule book knows no redeal
    sums_two_parties = False
    pairs_by_standings = True  # by games won, then efectividad (RULES-LATIN.md §8.3), not by points
    engine_deals_partie = True  # ``engine.rules.latin.generate``
    #: A hand counts tiles of the rules' set (double six or double nine); a partida is scored from its whole
    #: protocol (the pairs' cards, the sanctions), never deal by deal.
    scores_whole_protocol = True
    has_remarks = False
    # Fixed pairs, or players with a new partner every round (each takes his side's result); a team match is not
    # built for it yet.
    formats = ("pairs", "individual")

    def formats_refusal(self) -> str:
        return _("Домино по парам пока не играется командами: выберите парный или личный зачёт.")

    def decides_every_partie(self) -> bool:
        """Equal totals at the target or at time go to the next hand, unless ``time_tie`` is ``draw``."""
        return self.rules.latin.time_tie == "next_hand"

    def undecided_text(self) -> str:
        return _("В олимпийской системе у каждой партии есть победитель: при равном счёте по истечении времени "
                 "должна играться следующая раздача.")

    def summary(self, preset: str, length: str) -> str:
        """The partida, the rule set's name when the options are one, and what differs from the FID game."""
        named = matching(self.rules.latin)
        head = (_("Домино по парам, правила «%(set)s»") % {"set": RULE_SET_LABELS[named]} if named
                else _("Домино по парам"))
        return _("%(head)s: %(parts)s.") % {"head": head, "parts": self.options_words()}

    def options_words(self) -> str:
        """The partida's length and what the options change from the FID game, in words."""
        options = self.rules.latin
        parts = [_("партия до %(target)s очков, %(minutes)s") % {"target": options.target_points,
                                                                 "minutes": self.minutes()}]
        if options.tile_set == "double_nine":
            parts.append(_("набор дубль-девять, по 10 камней"))
        if options.first_lead == "double_six":
            parts.append(_("первую раздачу начинает дубль 6-6"))
        if options.domino_points == "opponents":
            parts.append(_("за выход — очки соперников"))
        if options.tranque_winner == "lowest_player":
            parts.append(_("транке выигрывает игрок с наименьшим остатком"))
        if options.capicua == "add":
            parts.append(_("капикуа +%(n)s") % {"n": options.capicua_bonus})
        elif options.capicua == "double":
            parts.append(_("капикуа удваивает раздачу"))
        if options.paso_redondo_bonus:
            parts.append(_("пас по кругу +%(n)s") % {"n": options.paso_redondo_bonus})
        return "; ".join(parts)

    def ranking_text(self) -> str:
        """The second sentence: the order of places (the partnership game has no match points)."""
        keys = self.rules.latin.ranking_order
        return _("Места — по показателям: %(order)s.") % {
            "order": " → ".join(str(CHOICE_LABELS["ranking_order"].get(k, k)).lower() for k in keys)}

    def minutes(self) -> str:
        limit = self.rules.latin.time_limit_minutes
        return _("без ограничения времени") if limit is None else _("не дольше %(m)s мин") % {"m": limit}

    def sheet_length(self) -> str:
        limit = self.rules.latin.time_limit_minutes
        if limit is None:
            return _("до %(n)s очков") % {"n": self.rules.latin.target_points}
        return _("до %(n)s очков, %(m)s мин") % {"n": self.rules.latin.target_points, "m": limit}

    def ranking_criteria(self) -> tuple:
        """Partidas won, efectividad, points for — or the order the rules set (RULES-LATIN.md §8.3)."""
        return latin_criteria(self.rules.latin.ranking_order)

    def lead_note(self) -> str:
        if self.rules.latin.first_lead == "double_six":  # RULES-LATIN.md §2
            return _("Первую раздачу начинает тот, у кого дубль 6-6, — с этого дубля.")
        return _("Первую раздачу начинает тот, кто вытянул старший камень, — любым камнем.")

    def hand_value(self, raw, seat: str, n: int):
        """The pips of a recorded hand of the rules' tile set (a count, or the tiles)."""
        if raw is None:
            return None
        return latin_hand(raw, SETS[self.rules.latin.tile_set], seat=seat, deal=n).pips


GAMES = {game.code: game for game in (SportGame, KozelGame, HandGame, LatinGame)}


def game_of(rules) -> SportGame:
    """The game of these rules (``Rules.family`` read here and nowhere else on the site)."""
    return GAMES[rules.family](rules)
