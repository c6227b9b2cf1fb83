"""What the score sheet and the public protocol page show for the Kozel family and hand points.

Plain data built from the engine's score of a protocol (``scoring.scores.score``)
and the stored deal rows (for the tiles, the fisher and the note, which the
engine checks but does not repeat). Nothing here computes a point: recorded and
remembered points, eggs, running totals, goats and the rating are the engine's
(RULES-KOZEL.md §11.1); this module only groups and words them.

* ``kozel_sheet(result, stored, numbers)`` — Kozel and Morskoy: the deals game
  by game («Игра 1», «Игра 2», …), each game's totals, goat (dry marked), how it
  ended and, for ``kozel``, its rating; the partie's goats, winner and rating.
* ``points_sheet(result, stored)`` — hand points: per deal the points of A and
  B, the referee's note and the running totals.
* ``blank_games(rules)`` — the same columns, empty, for the print pack.

Which columns a sheet has depends on the rules only (``columns``), so the blank
sheet of a tournament and its signed sheets match: remembered points where a
value below the threshold can be remembered, eggs where a block can tie.
Texts (names, notes) are kept as typed; the PDF draws them as plain strings and
the page's templates escape them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.rules.errors import ProtocolError
from engine.rules.kozel import count_hand
from scoring.models import Card
from tournaments.formats import PairsFormat
from tournaments.games import game_of

PAIRS = PairsFormat()  # the words of a sheet whose event's format is not given: the pair event's

# A blank sheet: empty rows per game (one game, two games, three or more), and hand-points rows. Where the
# winners record (Morskoy: small deals add up to the target, a game often runs 10–20 deals) a game gets more rows.
BLANK_ROWS_ONE_GAME = 12
BLANK_ROWS_TWO_GAMES = 9
BLANK_ROWS_MORE_GAMES = 6
BLANK_ROWS_WINNERS_RECORD = (18, 12, 8)
BLANK_POINTS_ROWS = 12
BLANK_EXTRA_ROWS = 2


@dataclass(frozen=True)
class Columns:
    """The optional columns of a Kozel-family sheet."""

    remembered: bool
    eggs: bool
    rating: bool


@dataclass
class GameRow:
    n: int
    lead: str = ""
    result: str = ""
    marks: str = ""
    points_a: int | None = None
    points_b: int | None = None
    remembered_a: int | None = None
    remembered_b: int | None = None
    eggs: int | None = None
    running_a: int | None = None
    running_b: int | None = None
    sanctioned: bool = False
    winner: str | None = None
    hands: dict = field(default_factory=dict)  # seat -> what the hand counts («10 (0-0)» with its tiles)


@dataclass
class GameBlock:
    n: int
    title: str
    rows: list = field(default_factory=list)
    totals: dict | None = None
    goat: str | None = None
    dry: bool = False
    ended: str = ""
    rating: dict | None = None
    summary: str = ""          # one line: totals, goat, how it ended, rating
    played: bool = True


@dataclass
class PointsRow:
    n: int
    points_a: int | None = None
    points_b: int | None = None
    note: str = ""
    running_a: int | None = None
    running_b: int | None = None
    sanctioned_a: bool = False
    sanctioned_b: bool = False
    winner: str | None = None


@dataclass
class HandRow:
    """A hand of the partnership game as its sheet prints it."""

    n: int
    lead: str = ""
    ended: str = ""                                  # «домино A1, капикуа», «транке, рыбак B2, поровну»
    hands: dict = field(default_factory=dict)        # seat -> «12» or «12 (5-6 0-1)»
    pasos: str = ""                                  # «0 / 1»
    points_a: int | None = None
    points_b: int | None = None
    running_a: int | None = None
    running_b: int | None = None
    winner: str | None = None


@dataclass
class GamesSheet:
    """The deal part of a Kozel-family (``kind = "kozel"``), hand-points (``"hand"``) or partnership-game
    (``"latin"``: ``rows`` of ``HandRow``, ``lines`` the sanctions and each pair's row of the partida) sheet."""

    kind: str
    columns: Columns | None = None
    games: list = field(default_factory=list)       # GameBlock, Kozel family
    rows: list = field(default_factory=list)        # PointsRow, hand points
    goats: dict | None = None
    rating: dict | None = None
    lines: list = field(default_factory=list)       # the partie's result, one line each (signed sheets)
    blank: bool = False
    next_lead: str = "out_player"                   # the rules' lead after deal 1 (``rotate``: no 1-1 rule)


def columns(rules) -> Columns:
    """Remembered points where they can exist; eggs where a block can tie; the rating in ``kozel``."""
    remembered = rules.open_threshold > 0 and rules.remember_small != "none"
    eggs = rules.block_scoring not in ("each_own", "all_to_fisher")
    return Columns(remembered, eggs, bool(rules.rating))


def figure(value) -> str:
    """A number for a cell; None (no rating) is a dash."""
    return "—" if value is None else str(value)


def pair_text(side: str | None, numbers: dict, fmt=None) -> str:
    """A side as the event's format names it (``tournaments.formats``): «пара A № 4», «сторона A № 2 + 13»."""
    if not side:
        return ""
    return (fmt or PAIRS).side_label(side, str(numbers.get(side) or "—"))


def _out_tile(raw) -> str:
    if isinstance(raw, (list, tuple)):
        return "+".join(str(t) for t in raw)
    return str(raw or "")


def lead_text(lead: str | None, tile: str) -> str:
    """«A1 6-6»: who led and with which tile, as far as known."""
    return " ".join(x for x in (lead or "", tile or "") if x)


def result_text(row, deal) -> str:
    """«Выход B2 2-4», «Рыба, рыбак A1», «Ложный пас A2» (``row``: the stored deal, ``deal``: the engine's)."""
    result = deal.result
    if result == "domino":
        text = _("Выход %(seat)s") % {"seat": row.out if row else ""}
        tile = _out_tile(row.out_tile) if row else ""
        return f"{text} {tile}" if tile else text
    if result == "block":
        text = _("Рыба")
        if row and row.fisher:
            text = _("Рыба, рыбак %(seat)s") % {"seat": row.fisher}
        if not deal.value:
            text += " · " + _("поровну")
        return text
    if result == "wrong_pass":
        return _("Ложный пас %(seat)s") % {"seat": row.offender if row else ""}
    return result


def marks_text(deal) -> str:
    """Short notes on a deal: eggs it carried, a wipe, a decider (Morskoy), a sanction."""
    marks = []
    if deal.eggs_used:
        marks.append(_("+яйца %(n)s") % {"n": deal.eggs_used})
    if deal.wiped:
        marks.append(_("списано у %(side)s") % {"side": deal.wiped})
    if deal.decider:
        marks.append(_("на сто: %(side)s") % {"side": deal.decider})
    if deal.sanctions:
        marks.append("*")
    return " · ".join(marks)


ENDED_TEXT = {
    "bald": gettext_noop("лысый козёл: выход на 0-0"),
    "double_six": gettext_noop("выход на 6-6"),
    "decider": gettext_noop("решающая раздача «на сто»"),
    "time": gettext_noop("окончена по времени"),
    "abandoned": gettext_noop("пара ушла"),
    "forfeit": gettext_noop("не сыграна"),
    "eggs_draw": gettext_noop("яйца не разыграны: ничья"),
}


def ended_text(how: str) -> str:
    text = ENDED_TEXT.get(how)
    return _(text) if text else ""


def goat_text(game, numbers: dict, fmt=None) -> str:
    if not game.goat:
        return _("ничья, козла нет")
    text = _("козёл — %(pair)s") % {"pair": pair_text(game.goat, numbers, fmt)}
    return text + " " + _("(всухую)") if game.dry else text


def rating_text(rating: dict | None) -> str:
    if rating is None:
        return ""
    return _("рейтинг: A %(a)s, B %(b)s") % {"a": figure(rating.get("A")), "b": figure(rating.get("B"))}


def game_summary(game, numbers: dict, cols: Columns, fmt=None) -> str:
    parts = [_("Итог игры %(n)s: %(a)s : %(b)s") % {"n": game.n, "a": game.totals["A"], "b": game.totals["B"]},
             goat_text(game, numbers, fmt)]
    if game.ended != "target" and ended_text(game.ended):
        parts.append(ended_text(game.ended))
    if cols.rating:
        parts.append(rating_text(game.rating))
    return " · ".join(parts)


def game_title(n: int) -> str:
    return _("Игра %(n)s") % {"n": n}


def hand_text(rules, raw, seat: str, n: int) -> str:
    """What a hand counts under the rules, with its tiles when one or two were entered: «10 (0-0)», «23»."""
    if raw is None:
        return ""
    try:
        hand = count_hand(rules, raw, seat=seat, n=n)
    except ProtocolError:  # the engine scored the protocol, so this is only a hand it did not need
        return str(raw)
    if hand.tiles and len(hand.tiles) <= 2:
        return f"{hand.value} ({' '.join(f'{a}-{b}' for a, b in hand.tiles)})"
    return str(hand.value)


def hands_of(rules, row, n: int) -> dict:
    hands = (row.hands or {}) if row else {}
    return {seat: hand_text(rules, hands.get(seat), seat, n) for seat in ("A1", "A2", "B1", "B2") if seat in hands}


def kozel_sheet(result, stored: dict, numbers: dict, fmt=None) -> GamesSheet:
    """``result``: the engine's ScoredProtocol; ``stored``: deal number -> ``Deal`` row;
    ``numbers``: side -> pair number (an individual side: «2 + 13»); ``fmt``: the event's format."""
    rules = result.rules
    cols = columns(rules)
    by_game: dict[int, list] = {}
    for d in result.deals:
        row = stored.get(d.n)
        by_game.setdefault(d.game, []).append(GameRow(
            d.n, lead_text(d.lead, row.lead_tile if row else ""), result_text(row, d), marks_text(d),
            d.points_a, d.points_b, d.remembered.get("A", 0), d.remembered.get("B", 0), d.eggs,
            d.running_a, d.running_b, bool(d.sanctions), d.winner, hands_of(rules, row, d.n),
        ))
    games = []
    for g in result.games:
        games.append(GameBlock(g.n, game_title(g.n), by_game.pop(g.n, []), dict(g.totals), g.goat, g.dry, g.ended,
                               g.rating, game_summary(g, numbers, cols, fmt), played=g.deals is not None))
    for n, rows in sorted(by_game.items()):  # the game in play
        last = rows[-1]
        games.append(GameBlock(n, game_title(n), rows, {"A": last.running_a, "B": last.running_b},
                               summary=_("Игра %(n)s идёт: %(a)s : %(b)s") % {
                                   "n": n, "a": last.running_a, "b": last.running_b}))
    sheet = GamesSheet("kozel", cols, games=games, goats=dict(result.goats or {"A": 0, "B": 0}),
                       rating=dict(result.rating) if cols.rating and result.rating else None, next_lead=rules.next_lead)
    sheet.lines = partie_lines(result, numbers, sheet, fmt)
    return sheet


def partie_lines(result, numbers: dict, sheet: GamesSheet, fmt=None) -> list[str]:
    """The partie's goats, how it stands, and the rating (``kozel``), the sides named as the format names them."""
    fmt = fmt or PAIRS
    goats = sheet.goats
    lines = [fmt.goats_total_line(numbers.get("A") or "—", numbers.get("B") or "—", goats["A"], goats["B"])]
    if result.abandoned and not result.disqualified:
        lines.append(_("Ушла из-за стола %(pair)s: побеждает %(winner)s") % {
            "pair": pair_text(result.abandoned, numbers, fmt), "winner": pair_text(result.winner, numbers, fmt)})
    elif result.extra_game_needed:
        lines.append(_("Козлов поровну: играется ещё одна игра"))
    if sheet.columns.rating:
        rating = sheet.rating or {"A": None, "B": None}
        lines.append(fmt.rating_line(figure(rating.get("A")), figure(rating.get("B"))))
    return lines


def points_sheet(result, stored: dict) -> GamesSheet:
    rows = []
    for d in result.deals:
        row = stored.get(d.n)
        rows.append(PointsRow(d.n, d.points_a, d.points_b, (row.note if row else "") or "", d.running_a, d.running_b,
                              d.points_a != d.table_points[0], d.points_b != d.table_points[1], d.winner))
    return GamesSheet("hand", rows=rows)


class SportSheets:
    """The sport game: no games block (its sheet is ``sheets.signed_sheet``'s deals)."""

    def filled(self, result, stored: dict, numbers: dict, fmt=None) -> GamesSheet | None:
        return None

    def blank(self, rules) -> GamesSheet | None:
        return None


class KozelSheets(SportSheets):
    def filled(self, result, stored, numbers, fmt=None):
        return kozel_sheet(result, stored, numbers, fmt)

    def blank(self, rules):
        return blank_kozel(rules)


class LatinSheets(SportSheets):
    def filled(self, result, stored, numbers, fmt=None):
        return latin_sheet(result, stored)

    def blank(self, rules):
        return GamesSheet("latin", rows=[HandRow(n) for n in range(1, BLANK_POINTS_ROWS + 1)], blank=True)


class HandSheets(SportSheets):
    def filled(self, result, stored, numbers, fmt=None):
        return points_sheet(result, stored)

    def blank(self, rules):
        return blank_points(rules)


#: What the score sheet shows for each game (``tournaments.games``; a new game adds its row).
SHEETS = {"sport": SportSheets(), "kozel": KozelSheets(), "hand": HandSheets(), "latin": LatinSheets()}


def _hand_text(raw) -> str:
    """A hand as written: its count, and its tiles beside it when written as tiles."""
    if isinstance(raw, list):
        pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in raw))
        return f"{pips} ({' '.join(raw)})" if len(raw) <= 3 else str(pips)
    return "" if raw is None else str(raw)


def hand_ended(hand) -> str:
    """How a hand ended, in words: «домино A1, капикуа», «транке, последний камень B2, поровну», time called."""
    t = hand.table
    if t.result == "block":
        text = _("транке") + (", " + _("последний камень %(seat)s") % {"seat": t.fisher} if t.fisher else "")
        if t.tie:
            text += ", " + _("поровну")
    else:
        text = _("домино %(seat)s") % {"seat": t.out}
        if t.capicua:
            text += ", " + _("капикуа")
    if hand.time_called:
        text += ", " + _("время вышло")
    return text


def latin_sheet(result, stored: dict) -> GamesSheet:
    """The partnership game's partida (RULES-LATIN.md §11.3): its hands, then its sanctions with the card each
    gave after the pair's earlier ones, then each pair's row of the partida (§8.1)."""
    rows = []
    for hand in result.deals:
        row = stored.get(hand.n)
        raw = row.to_json() if row else {}
        pasos = raw.get("pasos_redondos") or {}
        rows.append(HandRow(hand.n, hand.lead, hand_ended(hand),
                            {seat: _hand_text(value) for seat, value in (raw.get("hands") or {}).items()},
                            f"{pasos.get('A', 0)} / {pasos.get('B', 0)}" if pasos else "",
                            hand.points_a, hand.points_b, hand.running_a, hand.running_b, hand.winner))
    lines = []
    for s in result.sanctions:
        what = _("вычет %(p)s очков") % {"p": s.points} if s.points else _("карточка: %(c)s") % {"c": Card.text(s.card)}
        text = _("Санкция %(seat)s в раздаче %(n)s: %(what)s") % {"seat": s.player, "n": s.hand, "what": what}
        if s.given != "none":
            text += " → " + Card.text(s.given)
        if s.grave:
            text += "; " + _("партия окончена")
        lines.append(text)
    for side, row in result.rows.items():
        if row.won is None:
            continue
        text = _("Пара %(side)s: очки %(pf)s : %(pa)s, эффективность %(e)s, вычет %(s)s, карточка — %(c)s") % {
            "side": side, "pf": row.points_for, "pa": row.points_against, "e": row.efectividad,
            "s": row.sanction, "c": Card.text(row.card)}
        if row.withdrawn:
            text += "; " + _("пара снимается с турнира")
        lines.append(text)
    return GamesSheet("latin", rows=rows, lines=lines)


def games_sheet(result, stored: dict, numbers: dict, fmt=None) -> GamesSheet | None:
    """The sheet of the protocol's game, or None for the sport presets (their sheet is ``sheets.signed_sheet``)."""
    return SHEETS[game_of(result.rules).code].filled(result, stored, numbers, fmt)


def blank_games(rules) -> GamesSheet | None:
    """Empty rows with the columns of ``rules``: per game for Kozel and Morskoy, per deal for hand points."""
    return SHEETS[game_of(rules).code].blank(rules)


def blank_points(rules) -> GamesSheet:
    """Hand points: a row per deal (the partie's deals, or rows enough for a partie to a target or to time)."""
    count = rules.deals_per_partie if rules.partie_length == "deals" else BLANK_POINTS_ROWS
    return GamesSheet("hand", rows=[PointsRow(n) for n in range(1, count + BLANK_EXTRA_ROWS + 1)], blank=True)


def blank_kozel(rules) -> GamesSheet:
    """Kozel and Morskoy: rows per game, and the extra game when a tie of goats asks for it."""
    count = rules.games_per_partie
    one, two, more = (BLANK_ROWS_WINNERS_RECORD if rules.recorder == "winner"
                      else (BLANK_ROWS_ONE_GAME, BLANK_ROWS_TWO_GAMES, BLANK_ROWS_MORE_GAMES))
    per_game = one if count == 1 else two if count == 2 else more
    games = [GameBlock(k, game_title(k), [GameRow(0) for _ in range(per_game)], played=False)
             for k in range(1, count + 1)]
    if rules.extra_game_on_tie and count >= 2:   # a tie of goats needs two games or more
        k = count + 1
        games.append(GameBlock(k, _("Игра %(n)s — если козлов поровну") % {"n": k},
                               [GameRow(0) for _ in range(more)], played=False))
    return GamesSheet("kozel", columns(rules), games=games, blank=True, next_lead=rules.next_lead)
