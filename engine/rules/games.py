"""A partie of Kozel or Morskoy kozel: games, goats and the rating (RULES-KOZEL.md §3.2–§3.6, §4.1, §4.6, §5, §7).

``score_partie`` reads the protocol (numbers, remarks) and hands the deals of
a Kozel-family preset to ``score_games``. For each deal, in this order:

1. the table is scored (``kozel.score_kozel_table``) and the lead checked
   against the one the rules fix (§2.2, §10);
2. remarks of the deal are applied: a ``deal_loss`` step discards the table
   result; a ``disqualification`` removes the pair after the deal (§6);
3. the value goes into the game (``Game.take``): eggs, the opening threshold,
   remembered points, recording, the wipe;
4. fines are recorded against the offending pair, outside those rules;
5. the game may end: a 0-0 / 6-6 finish, a decider (``morskoy``), the target
   (§3.5, §4.5), the eggs play-off running out (§4.6);
6. when a game ends the next deal starts a new game at 0 : 0; the partie ends
   when ``games_per_partie`` games are over and the goats differ (§5.1).

Interpretations (docs/rules-kozel.md): fines and discarded deals are not
subject to the threshold and never wipe; with ``wipe_on_record`` a deal in
which both pairs record wipes nobody; under ``one_deal`` a tied block is a
deal that records nothing; a game that reaches the target in the same deal as
the eggs run out is decided on the target; a pair that leaves (``abandoned``
or disqualified) loses the partie whatever the goats; a no-show gives every
game a goat but its totals only to the partie. A goat is dry (§3.6, option
``dry_goat``) when the pair that decides it — the goat's opponents when the
losers record, the goat when the winners do — never recorded a point in the
game (``never_recorded``: points later wiped count, and so do fines written to
it; a deal that writes 0 does not) or ends it at 0 (``ends_at_zero``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .config import Rules
from .errors import ProtocolError
from .kozel import KozelTable, score_kozel_table
from .morskoy import decide, decider_next, decider_this_deal, finish
from .sanctions import Sanction
from .scored import ScoredProtocol, outside_partie, score_remarks
from .seating import SIDES, lead_and_shuffle, other_side, partner_of, seats_of, side_of


def rating_round(numerator: int) -> int:
    """numerator / 10 rounded half away from zero, in integers (§7.1: 7.5 → 8, −2.5 → −3)."""
    sign = -1 if numerator < 0 else 1
    return sign * ((abs(numerator) + 5) // 10)


@dataclass(frozen=True)
class Below:
    """A value under the opening threshold (§3.2, §4.1), remembered or lost; ``eggs``: its part from eggs."""

    side: str
    value: int
    threshold: int
    fate: str          # "remembered" | "lost"
    eggs: int = 0


@dataclass(frozen=True)
class GameDeal:
    n: int
    game: int
    lead: str | None
    result: str
    winner: str | None
    value: dict
    points_a: int
    points_b: int
    remembered: dict
    eggs: int
    running_a: int
    running_b: int
    eggs_used: int = 0
    wiped: str | None = None
    decider: str | None = None
    decider_next: str | None = None
    sanctions: tuple = ()
    below: tuple = ()               # Below entries: what the threshold kept out of the game (not in the JSON)
    shuffle = None

    @property
    def table_points(self) -> tuple:
        return (self.points_a, self.points_b)

    def to_json(self) -> dict:
        data = {
            "n": self.n, "game": self.game, "lead": self.lead, "result": self.result, "winner": self.winner,
            "value": dict(self.value), "points": {"A": self.points_a, "B": self.points_b},
            "remembered": dict(self.remembered), "eggs": self.eggs,
            "running": {"A": self.running_a, "B": self.running_b},
            "sanctions": [s.to_json() for s in self.sanctions],
        }
        for key in ("eggs_used", "wiped", "decider", "decider_next"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data


@dataclass
class ScoredGame:
    n: int
    deals: tuple | None            # (first, last) deal numbers; None for a game not played
    totals: dict
    goat: str | None
    winner: str | None
    dry: bool
    ended: str
    rating: dict | None = None

    def to_json(self, with_rating: bool) -> dict:
        data = {"n": self.n, "deals": list(self.deals) if self.deals else None, "totals": dict(self.totals),
                "goat": self.goat, "winner": self.winner, "dry": self.dry, "ended": self.ended}
        if with_rating:
            data["rating"] = dict(self.rating or {"A": None, "B": None})
        return data


@dataclass
class Game:
    """The running state of one game: totals, opened accounts, remembered points, eggs, deciders, the next lead."""

    n: int
    first: int
    totals: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    opened: dict = field(default_factory=lambda: {"A": False, "B": False})
    wrote: dict = field(default_factory=lambda: {"A": False, "B": False})   # recorded a point in the game (§3.6)
    remembered: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    eggs: int = 0
    tries: int = 0
    decider_next: str | None = None
    next_lead: tuple | None = None     # the seats that may lead the next deal; None: not fixed

    def record(self, side: str, points: int) -> None:
        """Write points to a pair's total; any point written counts for §3.6, even if a wipe takes it later."""
        self.totals[side] += points
        if points > 0:
            self.wrote[side] = True

    def take(self, rules: Rules, table: KozelTable) -> tuple[dict, dict, int, str | None, bool, tuple]:
        """Put a table value into the game: (value, recorded, eggs_used, wiped, eggs_ran_out_in_a_draw, below)."""
        values = dict(table.values)
        recorded = {"A": 0, "B": 0}
        eggs_used, draw, below = 0, False, []
        if table.tie:
            self.eggs += table.eggs_value
            self.tries = 0
        elif self.eggs and values:
            if rules.eggs == "next_deal" or table.lead_tile in rules.eggs_doubles:
                side = sorted(values)[0] if len(values) == 1 else max(values, key=lambda s: (values[s], s))
                values[side] += self.eggs
                eggs_used, self.eggs, self.tries = self.eggs, 0, 0
            else:
                self.tries += 1
                if self.tries >= rules.eggs_tries:
                    draw = rules.eggs_expire == "draw"
                    self.eggs, self.tries = 0, 0
        small_now = set()
        for side, value in sorted(values.items()):
            threshold = rules.open_threshold
            if threshold == 0 or value >= threshold or (rules.threshold_scope == "until_open" and self.opened[side]):
                recorded[side] = value + self.remembered[side]
                self.remembered[side] = 0
                self.opened[side] = True
                continue
            if value > 0:
                fate = "lost" if rules.remember_small == "none" else "remembered"
                # Eggs come with a single value: each_own, the one way to give both pairs a value, makes none.
                below.append(Below(side, value, threshold, fate, eggs_used))
            if rules.remember_small == "until_win":
                self.remembered[side] += value
            elif rules.remember_small == "one_deal":
                self.remembered[side] = value
                small_now.add(side)
        for side in SIDES:
            if rules.remember_small == "until_win" and values and side not in values:
                self.remembered[side] = 0   # the pair won the deal: its remembered points are lost
            elif rules.remember_small == "one_deal" and side not in small_now and not recorded[side]:
                self.remembered[side] = 0
        for side in SIDES:
            self.record(side, recorded[side])
        wiped = None
        if rules.wipe_on_record:
            recorders = [s for s in SIDES if recorded[s] > 0]
            if len(recorders) == 1 and self.totals[other_side(recorders[0])] > 0:
                wiped = other_side(recorders[0])
                self.totals[wiped] = 0
        return values, recorded, eggs_used, wiped, draw, tuple(below)


def _against(rules: Rules, side: str) -> str:
    """The pair whose total a fine or a lost deal of ``side`` goes to (§6)."""
    return side if rules.recorder == "loser" else other_side(side)


def _next_lead(rules: Rules, table: KozelTable, recorded_from_table: bool) -> tuple | None:
    if table.result == "wrong_pass":
        return None
    if rules.restart_after_unrecorded and table.values and not recorded_from_table:
        return None
    if table.result == "domino":
        if rules.next_lead == "winner_choice":
            return seats_of(table.winner)
        return (partner_of(table.out),) if rules.next_lead == "out_partner" else (table.out,)
    if table.fisher is None:
        return None
    if rules.next_lead == "winner_choice" and table.winner:
        return seats_of(table.winner)
    return (table.fisher,)


def _lead(rules: Rules, game: Game, table: KozelTable, n: int, deal_in_game: int, first_lead: str) -> str | None:
    """The seat that led: as given, checked against the one the rules fix (§2.2, §10)."""
    if rules.next_lead == "rotate":
        fixed = (lead_and_shuffle(n, first_lead)[0],)
    else:
        fixed = game.next_lead if deal_in_game > 1 else None
    if table.lead is not None and fixed is not None and table.lead not in fixed:
        raise ProtocolError("wrong_lead", f"{' or '.join(fixed)} leads this deal under the rules, not {table.lead}",
                            deal=n, seat=table.lead, expected=" / ".join(fixed))
    if table.lead is not None:
        return table.lead
    return fixed[0] if fixed and len(fixed) == 1 else None


def _target(rules: Rules, totals: dict) -> tuple[str | None, bool]:
    """(goat, reached): the target check of §3.5 / §4.5 (the goat is None for a drawn game)."""
    reached = [s for s in SIDES if totals[s] >= rules.target_points]
    if not reached:
        return None, False
    if len(reached) == 2 and totals["A"] == totals["B"]:
        return None, True
    hit = max(reached, key=lambda s: totals[s])
    return (hit if rules.recorder == "loser" else other_side(hit)), True


def _on_totals(rules: Rules, totals: dict) -> str | None:
    """The goat of a game ended by time: more points when the losers record, fewer when the winners do."""
    if totals["A"] == totals["B"]:
        return None
    more = "A" if totals["A"] > totals["B"] else "B"
    return more if rules.recorder == "loser" else other_side(more)


def _close(rules: Rules, game: Game, last: int, goat: str | None, ended: str, leaver: str | None = None) -> ScoredGame:
    totals = dict(game.totals)
    dry = False
    if goat:
        # The pair whose points make it dry: the goat's opponents when the losers record, the goat itself otherwise.
        side = other_side(goat) if rules.recorder == "loser" else goat
        dry = totals[side] == 0 if rules.dry_goat == "ends_at_zero" else not game.wrote[side]
    rating = None
    if rules.rating:
        if leaver:
            stayer = other_side(leaver)
            rating = {leaver: None, stayer: max(1, rating_round(totals[leaver] - totals[stayer]))}
        else:
            rating = {s: rating_round(rules.rating_base - totals[s]) for s in SIDES}
    return ScoredGame(game.n, (game.first, last), totals, goat, other_side(goat) if goat else None, dry, ended, rating)


def _forfeit_game(n: int, goat: str, rules: Rules) -> ScoredGame:
    return ScoredGame(n, None, {"A": 0, "B": 0}, goat, other_side(goat), False, "forfeit",
                      {"A": None, "B": None} if rules.rating else None)


def _goats(rules: Rules, games: list) -> dict:
    goats = {"A": 0, "B": 0}
    for g in games:
        if g.goat:
            goats[g.goat] += rules.dry_goat_value if g.dry else 1
    return goats


def _partie_state(rules: Rules, games: list) -> tuple[bool, bool]:
    """(finished, extra_game_needed) after the games so far (§5.1)."""
    if len(games) < rules.games_per_partie:
        return False, False
    goats = _goats(rules, games)
    if goats["A"] != goats["B"] or not rules.extra_game_on_tie:
        return True, False
    return False, True


def _finish_partie(out: ScoredProtocol, rules: Rules, *, loser: str | None = None) -> ScoredProtocol:
    out.goats = _goats(rules, out.games)
    out.totals_a = sum(g.totals["A"] for g in out.games)
    out.totals_b = sum(g.totals["B"] for g in out.games)
    if loser:
        out.winner = other_side(loser)
    elif out.finished and out.goats["A"] != out.goats["B"]:
        out.winner = "A" if out.goats["A"] < out.goats["B"] else "B"
    if rules.rating:
        out.rating = {}
        for side in SIDES:
            figures = [g.rating[side] for g in out.games if g.rating and g.rating[side] is not None]
            out.rating[side] = sum(figures) if figures else None
    return out


def forfeit_games(out: ScoredProtocol, absent: str) -> ScoredProtocol:
    """No-show (§5.3): the absent pair is the goat of every game; the totals go to the partie only."""
    rules = out.rules
    out.games = [_forfeit_game(k, absent, rules) for k in range(1, rules.games_per_partie + 1)]
    out.finished = True
    _finish_partie(out, rules, loser=absent)
    receiver = absent if rules.recorder == "loser" else other_side(absent)
    totals = {receiver: rules.forfeit_score, other_side(receiver): 0}
    out.totals_a, out.totals_b = totals["A"], totals["B"]
    return out


def score_games(out: ScoredProtocol, by_number: dict, numbers: list, numbered: list, *,
                ended_by_time: bool, abandoned: str | None, first_lead: str) -> ScoredProtocol:
    """Score the deals of a Kozel-family partie; ``numbered`` holds (deal, seat, reason, k-th remark)."""
    rules = out.rules
    game: Game | None = None
    deal_in_game = 0
    leaver = None
    tied_at = None  # the games after which the partie first stood at its end with equal goats
    for n in numbers:
        if out.finished or leaver:
            raise outside_partie(n, len(out.deals))
        if game is None:
            game, deal_in_game = Game(len(out.games) + 1, n), 0
        deal_in_game += 1
        here = [(k, seat, reason) for d, seat, reason, k in numbered if d == n]
        goat, how, leaver = _score_deal(out, game, by_number[n], n, deal_in_game, first_lead, here)
        if how and not leaver:
            out.games.append(_close(rules, game, n, goat, how))
            game = None
            out.finished, out.extra_game_needed = _partie_state(rules, out.games)
            if out.extra_game_needed and tied_at is None:
                tied_at = len(out.games)
    out.extra_played = len(out.games) - tied_at if tied_at is not None else 0
    out.current_game = game
    last = numbers[-1] if numbers else 0
    leaver = leaver or score_remarks(out, numbered, last, None if (out.finished or leaver) else last + 1)
    if leaver:
        out.disqualified = leaver
    leaver = leaver or (abandoned if not out.finished else None)
    return _end_partie(out, game, last, leaver, ended_by_time)


def _score_deal(out: ScoredProtocol, game: Game, deal, n: int, deal_in_game: int, first_lead: str,
                here: list) -> tuple[str | None, str | None, str | None]:
    """One deal of ``game``: its table, the remarks' sanctions given at it (``here``: k-th remark, seat, reason),
    the game's totals, appended to ``out.deals``. Returns the goat and how the game ended (None, None while it
    goes on), and the side disqualified at this deal."""
    rules = out.rules
    table = score_kozel_table(rules, deal, n)
    lead = _lead(rules, game, table, n, deal_in_game, first_lead)
    decider = decider_this_deal(rules, table, lead, game.totals, game.decider_next)
    steps = [(k, seat, reason, rules.ladder_step(k)) for k, seat, reason in here]
    lost = any(step.kind == "deal_loss" for _k, _seat, _reason, step in steps)
    if lost:
        value, recorded = dict(table.values), {"A": 0, "B": 0}
        eggs_used, wiped, eggs_draw, below = 0, None, False, ()
        decider = None
    else:
        value, recorded, eggs_used, wiped, eggs_draw, below = game.take(rules, table)
    from_table = any(recorded.values())
    sanctions, leaver = [], None
    for k, seat, reason, step in steps:
        side = side_of(seat)
        if step.kind in ("fine", "deal_loss"):
            target = _against(rules, side)
            game.record(target, step.points)
            recorded[target] += step.points
        sanctions.append(Sanction(k, seat, side, step.kind, step.points, reason))
        if step.kind == "disqualification" and not leaver:
            leaver = side
    ended = None
    if not lost:
        ended = finish(rules, table)
        if ended is None and decider:
            ended = decide(table, decider)
    goat = other_side(ended[0]) if ended else None
    how = ended[1] if ended else None
    if ended is None:
        goat, reached = _target(rules, game.totals)
        how = "target" if reached else ("eggs_draw" if eggs_draw else None)
    carried = None if (how or lost) else decider_next(rules, table)
    game.decider_next = carried
    game.next_lead = None if lost else _next_lead(rules, table, from_table)
    out.deals.append(GameDeal(
        n, game.n, lead, table.result, table.winner, {} if table.tie else value, recorded["A"], recorded["B"],
        dict(game.remembered), game.eggs, game.totals["A"], game.totals["B"], eggs_used, wiped, decider, carried,
        tuple(sanctions), below,
    ))
    return goat, how, leaver


def _end_partie(out: ScoredProtocol, game: Game | None, last: int, leaver: str | None,
                ended_by_time: bool) -> ScoredProtocol:
    """The partie after its last deal: a side that left loses the rest, time closes the game in play, and the
    game still in play counts in the totals."""
    rules = out.rules
    if leaver:
        if game is not None:
            out.games.append(_close(rules, game, last, leaver, "abandoned", leaver=leaver))
        while len(out.games) < rules.games_per_partie:
            out.games.append(_forfeit_game(len(out.games) + 1, leaver, rules))
        out.finished, out.extra_game_needed = True, False
        out.current_game = None
        return _finish_partie(out, rules, loser=leaver)
    if ended_by_time and not out.finished:
        if game is not None:
            out.games.append(_close(rules, game, last, _on_totals(rules, game.totals), "time"))
            game = None
            out.current_game = None
        out.finished, out.extra_game_needed = True, False
    result = _finish_partie(out, rules)
    if game is not None:
        # The game in play counts in the partie's totals.
        result.totals_a += game.totals["A"]
        result.totals_b += game.totals["B"]
    return result
