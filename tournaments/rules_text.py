"""A tournament's rules in words: one or two Russian sentences read from the rules themselves.

Nothing here is written per preset: the game's own words come from its object (``tournaments.games``), the
preset's name from ``tournaments.presets``, the numbers (deals or games in a partie, the target, the time
limit, the match points) from the rules with the tournament's overrides. A preset the engine gains later
reads correctly as soon as its game has a class and it has a name. Shown on the tournament's public page.

1. The game and the partie: «Спортивное домино, регламент «Федерация»: партия до 200 очков, не дольше
   40 минут.» — the time limit only where the round clock runs (``engine.rules.clock.time_limit_seconds``);
   the Kozel family adds who records the points, hand points say that the referee enters them.
2. The match points: «Очки матча: победа — 1, ничья — 0, поражение — 0.» (a team event says its match's own,
   ``formats.TeamsFormat.match_points_text``); a game ranked by its own order says that order instead
   (``ranking_text``: the partnership game's partidas won, efectividad …).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.rules.clock import time_limit_seconds

from .games import game_of
from .presets import preset_label


def _target(points: int) -> str:
    return ngettext("до %(n)s очка", "до %(n)s очков", points) % {"n": points}


def _minutes(minutes: int) -> str:
    return ngettext("%(n)s минуты", "%(n)s минут", minutes) % {"n": minutes}


def _length(rules) -> str:
    """How long a partie is: its deals, games or time, its target and its time limit."""
    if rules.partie_length == "deals":
        text = ngettext("партия из %(n)s раздачи", "партия из %(n)s раздач", rules.deals_per_partie) % {
            "n": rules.deals_per_partie}
    elif rules.partie_length == "games":
        text = ngettext("партия из %(n)s игры", "партия из %(n)s игр", rules.games_per_partie) % {
            "n": rules.games_per_partie} + ", " + _("игра %(target)s") % {"target": _target(rules.target_points)}
    elif rules.partie_length == "time":
        return _("партия на время: %(minutes)s") % {"minutes": _minutes(rules.time_limit_minutes or 0)}
    else:
        text = _("партия %(target)s") % {"target": _target(rules.target_points)}
    limit = time_limit_seconds(rules)
    if limit:
        text += ", " + _("не дольше %(minutes)s") % {"minutes": _minutes(limit // 60)}
    return text


def describe_rules(rules, *, points_text: str | None = None) -> str:
    """The rules in one or two sentences (see the module's docstring); ``points_text``: the event's own sentence
    on its match points instead of the rules' (a team event's match, ``formats.TeamsFormat``)."""
    preset, length = preset_label(rules.preset), _length(rules)
    game = game_of(rules)
    first = game.summary(preset, length)
    second = points_text or game.ranking_text() or _("Очки матча: победа — %(win)s, ничья — %(draw)s, поражение — %(loss)s.") % {
        "win": rules.match_points_win, "draw": rules.match_points_draw, "loss": rules.match_points_loss}
    return f"{first} {second}"
