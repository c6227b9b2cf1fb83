"""What the table page shows differently per game: the sport game, the Kozel family, hand points.

One page (``views.render_entry``) and one set of services serve every preset;
this module is the seam: one class per game (``TableEntry`` for the sport game,
``KozelEntry``, ``HandEntry``), chosen once by ``entry_of(game)`` from the
tournament's game (``tournaments.games``) — the deal form's templates, the live
preview and the deal list, the next deal's leader, the page's own context, and
for Kozel and Morskoy the state of the game in play (totals, remembered points,
eggs, who has opened) and the goats — all read from the engine's scored protocol.
A new game is one more class and one more row of ``ENTRIES``.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.rules import lead_and_shuffle
from engine.rules.kozel import twelve_is_ambiguous
from engine.rules.latin.partida import leaders
from engine.rules.latin.tiles import SETS, set_tiles
from scoring.models import Card
from scoring.tiles import uses_lead_tile

SIDE_PAIR = {"A": "pair_a", "B": "pair_b"}


def tile_text(tile: str) -> str:
    """A tile as running text prints it: a non-breaking hyphen, so that «6-6» never wraps inside."""
    return tile.replace("-", "\u2011")


def pair_number(partie, side):
    pair = getattr(partie, SIDE_PAIR[side], None)
    return pair.number if pair else None


def kozel_upcoming(rules, scored, protocol, names, next_n) -> dict:
    """Who leads the next Kozel deal: the rules' seat, the 1-1 holder in a new game, or the winners' choice."""
    game = scored.current_game
    first_of_game = game is None
    game_n = len(scored.games) + 1 if first_of_game else game.n
    leads = None
    if rules.next_lead == "rotate":
        leads = (lead_and_shuffle(next_n, protocol.first_lead)[0],)
    elif not first_of_game:
        leads = game.next_lead
    lead = leads[0] if leads and len(leads) == 1 else None
    if first_of_game and rules.next_lead != "rotate":
        how = _("первую раздачу игры начинает тот, у кого 1-1, и ходит им")
    elif lead:
        how = _("начинает %(seat)s %(name)s") % {"seat": lead, "name": names[lead]}
    elif leads:
        how = _("начинает любой из пары %(side)s (по выбору пары)") % {"side": leads[0][0]}
    else:
        how = _("кто начинает, правила не задают: укажите его")
    return {"n": next_n, "game": game_n, "first_of_game": first_of_game, "lead": lead, "leads": leads or (),
            "how": how, "extra": False,
            "lead_tile": "1-1" if first_of_game and rules.next_lead != "rotate" and uses_lead_tile(rules) else ""}


def hand_hint(rules) -> str:
    """How the hands count under the Kozel options (docs/rules-kozel.md §1, «Подсчёт остатка в руке»)."""
    tiles = {"blank_tile": tile_text("0-0"), "six_tile": tile_text("6-6")}
    text = _("Одинокий %(blank_tile)s считается %(blank)s, одинокий %(six_tile)s — %(six)s.") % {
        **tiles, "blank": rules.lone_double_blank, "six": rules.lone_double_six}
    if rules.blank_six_pair:
        text += " " + _("Ровно %(blank_tile)s и %(six_tile)s — %(both)s.") % {
            **tiles, "both": rules.lone_double_blank + rules.lone_double_six}
    if twelve_is_ambiguous(rules):
        text += " " + _("12 очков, которые могут быть %(six_tile)s, отметьте камнями.") % tiles
    return text


# --- Kozel and Morskoy: the game in play, games and goats --------------------------------

def game_state(rules, game) -> dict | None:
    """The game in play as the page shows it (None when no game is in play)."""
    if game is None:
        return None
    threshold = rules.open_threshold
    return {
        "n": game.n, "totals": dict(game.totals), "remembered": dict(game.remembered), "eggs": game.eggs,
        "opened": dict(game.opened), "threshold": threshold,
        "every_deal": rules.threshold_scope == "every_deal",
        "remembers": rules.remember_small != "none",
        "decider": game.decider_next,
        "play_off": rules.eggs == "play_off", "eggs_doubles": ", ".join(rules.eggs_doubles),
        "tries_left": rules.eggs_tries - game.tries,
        "eggs_text": eggs_text(rules, game) if game.eggs and rules.eggs != "play_off" else "",
    }


def eggs_text(rules, game) -> str:
    """What happens to the pending eggs, as the rules say (RULES-KOZEL.md §3.3, §4.6; ``next_deal``).

    The page shows «Яйца: N» above it."""
    text = _("Они прибавятся к стоимости следующей раздачи, кому бы она ни досталась.")
    threshold = rules.open_threshold
    every_deal = rules.threshold_scope == "every_deal"
    if not threshold or not (every_deal or not all(game.opened.values())):
        return text
    keep = rules.remember_small != "none"
    if every_deal:
        rest = (_("Если с ними раздача стоит меньше %(t)s, она не записывается, и яйца запоминаются вместе с ней.")
                if keep else
                _("Если с ними раздача стоит меньше %(t)s, она не записывается, и яйца пропадают вместе с ней."))
    else:
        rest = (_("Если раздача с ними достанется паре, не открывшей счёт, и будет стоить меньше %(t)s, "
                  "яйца запоминаются вместе с ней.") if keep else
                _("Если раздача с ними достанется паре, не открывшей счёт, и будет стоить меньше %(t)s, "
                  "яйца пропадают вместе с ней."))
    return text + " " + rest % {"t": threshold}


def below_notes(deal) -> list[str]:
    """The values of a deal that the opening threshold kept out of the game, and what became of them."""
    notes = []
    for b in getattr(deal, "below", ()):
        params = {"side": b.side, "v": b.value, "t": b.threshold, "e": b.eggs}
        if b.fate == "lost":
            text = _("Пара %(side)s: %(v)s — меньше %(t)s, не записано, очки пропали") % params
        else:
            text = _("Пара %(side)s: %(v)s — меньше %(t)s, не записано, очки запомнены") % params
        if b.eggs:
            text += " " + _("(в том числе яйца %(e)s)") % params
        notes.append(text)
    return notes


def goat_text(partie, game) -> str:
    """«Козёл: пара 7» (dry goat, draw, forfeit marked)."""
    if not game.goat:
        return _("Игра %(n)s — ничья, козла нет") % {"n": game.n}
    number = pair_number(partie, game.goat)
    text = _("Козёл: пара %(number)s") % {"number": number}
    if game.dry:
        text += " — " + _("сухой")
    if game.ended == "bald":
        text += " — " + _("лысый (выход на %(tile)s)") % {"tile": tile_text("0-0")}
    return text


ENDED = {
    "target": gettext_lazy("до цели"), "bald": gettext_lazy("выход на %(blank_tile)s"),
    "double_six": gettext_lazy("выход на %(six_tile)s"), "decider": gettext_lazy("«на сто»"),
    "time": gettext_lazy("по времени"), "abandoned": gettext_lazy("уход пары"),
    "forfeit": gettext_lazy("не сыграна"), "eggs_draw": gettext_lazy("яйца не разыграны"),
}


def games_view(partie, rules, scored) -> list[dict]:
    tiles = {"blank_tile": tile_text("0-0"), "six_tile": tile_text("6-6")}
    return [{"n": g.n, "goat": g.goat, "dry": g.dry, "ended": str(ENDED.get(g.ended, g.ended)) % tiles,
             "totals": g.totals, "text": goat_text(partie, g), "last": g.deals[1] if g.deals else None,
             "rating": g.rating} for g in scored.games]


def partie_outcome(partie, scored) -> str:
    """The end of a Kozel partie, or that an extra game is needed ('' while it goes on)."""
    if scored.extra_game_needed:
        return _("Козлов поровну: играется ещё одна игра")
    if not scored.finished:
        return ""
    if scored.winner:
        return _("Партия окончена: победа пары %(number)s") % {"number": pair_number(partie, scored.winner)}
    return _("Партия окончена вничью")


def kozel_context(partie, rules, scored, rows) -> dict:
    """Games (with the deal rows of each), the game in play, goats and the outcome, for the page."""
    games = games_view(partie, rules, scored)
    by_game = {}
    for row, deal in zip(rows, scored.deals):
        by_game.setdefault(deal.game, []).append(row)
    groups = [{"n": n, "rows": by_game.get(n, []), "game": next((g for g in games if g["n"] == n), None)}
              for n in sorted(set(by_game) | {g["n"] for g in games})]
    goats = scored.goats or {"A": 0, "B": 0}
    return {
        "kozel": True, "hand_hint": hand_hint(rules), "game_groups": groups, "games": games, "game": game_state(rules, scored.current_game),
        "goats": goats, "outcome": partie_outcome(partie, scored),
        "pair_numbers": {"A": pair_number(partie, "A"), "B": pair_number(partie, "B")},
        "can_abandon": not scored.finished and not scored.no_show and not scored.abandoned,
    }


def kozel_row(row: dict, deal, rules) -> dict:
    """A deal row of the list with its game's figures: value, remembered points, eggs, wipe, decider."""
    # The description in short pieces that never wrap inside (a tile "4-6" is not broken at its hyphen).
    row["parts"] = [part for part in re.split(r"; | · ", row.get("text") or "") if part]
    row.update({"game": deal.game, "value": deal.value, "remembered": deal.remembered, "eggs": deal.eggs,
                "eggs_used": deal.eggs_used, "wiped": deal.wiped, "decider": deal.decider,
                "tie": deal.result == "block" and not deal.value, "below": below_notes(deal),
                "eggs_lost": any(b.eggs for b in deal.below)})
    return row


def describe_extra(deal: dict) -> str:
    """The Kozel and hand-points parts of a recorded deal, as the list shows them."""
    parts = []
    if deal.get("lead"):
        parts.append(_("начинал %(seat)s") % {"seat": deal["lead"]}
                     + (f" {deal['lead_tile']}" if deal.get("lead_tile") else ""))
    elif deal.get("lead_tile"):
        parts.append(_("первый камень %(tile)s") % {"tile": deal["lead_tile"]})
    if deal.get("out_tile"):
        tiles = deal["out_tile"] if isinstance(deal["out_tile"], list) else [deal["out_tile"]]
        parts.append(_("последний камень %(tile)s") % {"tile": " + ".join(tiles)})
    if deal.get("fisher"):
        parts.append(_("рыбак %(seat)s") % {"seat": deal["fisher"]})
    if deal.get("points"):
        parts.append(_("очки A %(a)s, B %(b)s") % {"a": deal["points"].get("A"), "b": deal["points"].get("B")})
    if deal.get("note"):
        parts.append(deal["note"])
    return "; ".join(parts)


# --- the seam: one class per game -----------------------------------------------------------

class TableEntry:
    """The sport game's table page; the other games override what differs."""

    templates = {"fields": "referees/_deal_fields_sport.html", "preview": "referees/_preview.html",
                 "deals": "referees/_deals.html"}
    #: The referee types each side's points (hand points): the preview scores without a chosen result, and a
    #: number not typed yet is not an error while the other one is being typed.
    types_points = False

    def upcoming(self, rules, scored, protocol, names) -> dict | None:
        """The next deal: its number and who leads it (and shuffles, in the sport game), or None."""
        next_n = None if protocol.is_locked else scored.next_deal
        if not next_n:
            return None
        return self.next_deal(rules, scored, protocol, names, next_n)

    def next_deal(self, rules, scored, protocol, names, next_n) -> dict:
        lead, shuffle = lead_and_shuffle(next_n, protocol.first_lead)
        extra = scored.extra_deal_needed  # a tie's extra deal; not every deal past the fourth (a partie to 200 points)
        return {"n": next_n, "lead": lead, "shuffle": shuffle, "lead_name": names[lead],
                "shuffle_name": names[shuffle], "extra": extra}

    def form_initial(self, rules, upcoming_deal, version) -> dict:
        """The new deal form's first values: the number (and what the game's rules fix)."""
        return {"n": upcoming_deal["n"], "version": version}

    def page_context(self, partie, rules, scored, rows) -> tuple[list, dict]:
        """The deal rows as the game's list shows them, and what the game adds to the page."""
        return rows, {"lone_double_six": 12, "blank_six_pair": False}

    def preview_context(self, partie, rules, scored) -> dict:
        """What the game adds to the live preview of a deal being typed."""
        return {}


class KozelEntry(TableEntry):
    """Kozel and Morskoy: games, goats, the lead tile, the lone doubles' values."""

    templates = {"fields": "referees/_deal_fields_kozel.html", "preview": "referees/_preview_kozel.html",
                 "deals": "referees/_deals_kozel.html"}

    def next_deal(self, rules, scored, protocol, names, next_n) -> dict:
        return kozel_upcoming(rules, scored, protocol, names, next_n)

    def form_initial(self, rules, upcoming_deal, version) -> dict:
        """In Kozel the leader and the lead tile the rules fix are filled in."""
        initial = super().form_initial(rules, upcoming_deal, version)
        if upcoming_deal.get("lead"):
            initial["lead"] = upcoming_deal["lead"]
        if upcoming_deal.get("lead_tile"):
            initial["lead_tile"] = upcoming_deal["lead_tile"]
        return initial

    def page_context(self, partie, rules, scored, rows) -> tuple[list, dict]:
        rows = [kozel_row(row, deal, rules) for row, deal in zip(rows, scored.deals)]
        return rows, {**kozel_context(partie, rules, scored, rows),
                      "lone_double_six": rules.lone_double_six, "blank_six_pair": rules.blank_six_pair}

    def preview_context(self, partie, rules, scored) -> dict:
        return kozel_context(partie, rules, scored, []) if scored is not None else {}


class HandEntry(TableEntry):
    """Hand points: the referee types each side's points of a deal."""

    templates = {"fields": "referees/_deal_fields_points.html", "preview": "referees/_preview.html",
                 "deals": "referees/_deals.html"}
    types_points = True


class LatinEntry(TableEntry):
    """The partnership game (docs/rules-latin.md): hands ended by a domino or a tranque, the leader the rules
    give, the tiles of the rules' set, and the partida's sanctions and cards (``sanction_context``)."""

    templates = {"fields": "referees/_deal_fields_latin.html", "preview": "referees/_preview.html",
                 "deals": "referees/_deals_latin.html"}

    def next_deal(self, rules, scored, protocol, names, next_n) -> dict:
        options = rules.latin
        allowed = leaders(options, scored.deals[-1] if scored.deals else None)
        lead = allowed[0] if len(allowed) == 1 else None
        if lead:
            how = _("начинает %(seat)s %(name)s") % {"seat": lead, "name": names[lead]}
        elif len(allowed) == 2:
            how = _("начинает любой из пары %(side)s, выигравшей раздачу (по выбору пары)") % {"side": allowed[0][0]}
        elif options.first_lead == "double_six":
            how = _("первую раздачу начинает тот, у кого 6-6, — этим дублем: укажите его")
        else:
            how = _("первую раздачу начинает тот, кто вытянул старший камень, — любым камнем: укажите его")
        return {"n": next_n, "lead": lead, "leads": allowed, "how": how, "extra": scored.extra_hand_needed,
                "lead_tile": "6-6" if next_n == 1 and options.first_lead == "double_six" else ""}

    def form_initial(self, rules, upcoming_deal, version) -> dict:
        initial = super().form_initial(rules, upcoming_deal, version)
        for key in ("lead", "lead_tile"):
            if upcoming_deal.get(key):
                initial[key] = upcoming_deal[key]
        return initial

    def page_context(self, partie, rules, scored, rows) -> tuple[list, dict]:
        options = rules.latin
        tile_set = SETS[options.tile_set]
        for row, hand in zip(rows, scored.deals):
            row.update({"result": hand.table.result, "capicua": hand.table.capicua, "tie": hand.table.tie,
                        "fisher": hand.table.fisher, "time_called": hand.time_called})
        return rows, {"latin": True, "tiles": set_tiles(tile_set), "max_tiles": tile_set.tiles_each,
                      "max_pips": tile_set.max_hand_pips, "lone_double_six": 12, "blank_six_pair": False,
                      **sanction_context(partie, rules, scored)}


def sanction_context(partie, rules, scored) -> dict:
    """The partida's sanctions as the page lists them, each pair's card before and after, and the two point
    values the rules give (RULES-LATIN.md §10)."""
    rows = {side: scored.rows.get(side) for side in ("A", "B")}
    stored = {s.seat: s for s in partie.protocol.sanctions.all()} if hasattr(partie, "protocol") else {}
    return {
        "latin_sanctions": [{"pk": stored[s.player].pk if s.player in stored else None,
                             "note": stored[s.player].note if s.player in stored else "",
                             "seat": s.player, "hand": s.hand, "points": s.points, "card": s.card,
                             "given": s.given, "given_text": Card.shown(s.given), "grave": s.grave}
                            for s in scored.sanctions],
        "cards": {side: Card.shown(row.card) if row else "" for side, row in rows.items()},
        "sanction_values": (rules.latin.sanction_small, rules.latin.sanction_large),
        "partida_ended": scored.ended,
    }


#: The table page of each game (``tournaments.games``; a new game adds its row).
ENTRIES = {"sport": TableEntry(), "kozel": KozelEntry(), "hand": HandEntry(), "latin": LatinEntry()}


def entry_of(game) -> TableEntry:
    return ENTRIES[game.code]
