"""The rules' options as form fields, built from the engine's list of options so that new presets appear by themselves.

Every configurable number of ``engine.rules.Rules`` is an ordinary field (``rule_<option>``), the partnership
game's own options too (``LatinOptions``: a choice, a number, its ranking order one drop-down per place); a bonus
is two fields (6-6 and 0-0); the remark ladder is a few rows of step / points / pips. ``preset_values`` and
``rule_set_values`` are what the page fills the fields with when a preset or a federation's rule set is picked.
"""
from __future__ import annotations

import re
from dataclasses import fields

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from engine.rules import Rules, config
from engine.rules.config import OPTION_CHOICES
from engine.rules.latin.options import LATIN_CHOICES, LATIN_RANGES, RANKING_KEYS, LatinOptions
from engine.rules.latin.rule_sets import RULE_SETS, rule_set
from tournaments.games import game_of
from tournaments.models import CLOCK_WARNINGS_MAX
from tournaments.presets import RULE_SET_LABELS, option_choices, option_label, site_presets

LADDER_ROWS = 6
SKIPPED_OPTIONS = ("preset", "remark_ladder", "latin")
OPTIONAL_OPTIONS = ("forfeit_score",)  # blank: the preset's rule (40 per deal, or the target)
DIGITS = re.compile(r"[0-9]{1,9}")


class StrictIntegerField(forms.CharField):
    """A whole number written with the digits 0-9 only (no ٣, no ², no signs, at most nine digits)."""

    def __init__(self, *, min_value=None, max_value=None, **kwargs):
        self.min_value, self.max_value = min_value, max_value
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "numeric", "size": 7, "autocomplete": "off"}))
        super().__init__(**kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        if not DIGITS.fullmatch(value):
            raise ValidationError(_("Введите целое число цифрами 0–9, не длиннее девяти цифр."), code="invalid")
        number = int(value)
        if self.min_value is not None and number < self.min_value:
            raise ValidationError(_("Не меньше %(n)s.") % {"n": self.min_value}, code="min_value")
        if self.max_value is not None and number > self.max_value:
            raise ValidationError(_("Не больше %(n)s.") % {"n": self.max_value}, code="max_value")
        return number


class ClockWarningsField(forms.CharField):
    """The round clock's warnings, minutes typed like «10, 5» (empty: no warning)."""

    def prepare_value(self, value):
        return ", ".join(map(str, value)) if isinstance(value, list) else value

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return []
        parts = [p for p in re.split(r"[,;\s]+", value) if p]
        if len(parts) > CLOCK_WARNINGS_MAX or not all(DIGITS.fullmatch(p) for p in parts):
            raise ValidationError(_("Предупреждения — до пяти разных чисел минут от 1 до 600, например: 10, 5."),
                                  code="invalid")
        return sorted({int(p) for p in parts}, reverse=True)


BONUS_OPTIONS = ("lead_bonus", "finish_bonus")
BONUS_PARTS = (("66", "6-6"), ("00", "0-0"))  # field suffix, tile
TILES_OPTIONS = ("eggs_doubles",)
TILE = re.compile(r"[0-6]-[0-6]")


def optional_options(preset) -> tuple:
    """Options that may be left blank: the forfeit score, the time limit of the Kozel family and hand points,
    and the partnership game's numbers that may be none (its time limit, the cap on a pair's points)."""
    if preset in config.SPORT_PRESETS:
        return OPTIONAL_OPTIONS
    if preset == "latin":
        return tuple(key for key, (_lo, _hi, nullable) in LATIN_RANGES.items() if nullable)
    return OPTIONAL_OPTIONS + ("time_limit_minutes",)


# The partnership game's ranking order (RULES-LATIN.md §8.3): one drop-down per place.
ORDER_PLACES = len(RANKING_KEYS)
LIST_OPTIONS = ("ranking_order",)


class TilesField(forms.CharField):
    """A list of doubles typed like «1-1, 6-6»."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 60)
        kwargs.setdefault("widget", forms.TextInput(attrs={"size": 14, "autocomplete": "off"}))
        kwargs.setdefault("help_text", _("Через запятую, например: 1-1, 6-6."))
        super().__init__(**kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        if len(value) > self.max_length:
            raise ValidationError(_("Не более %(n)s символов.") % {"n": self.max_length}, code="max_length")
        tiles = [t for t in re.split(r"[,;\s]+", value) if t]
        if not tiles or any(not TILE.fullmatch(t) or t[0] != t[2] for t in tiles):
            raise ValidationError(_("Перечислите дубли через запятую, например: 1-1, 6-6."), code="invalid")
        return list(dict.fromkeys(tiles))


def option_field(key, default):
    label = option_label(key)
    if key in OPTION_CHOICES or key in LATIN_CHOICES:
        # every preset's values of the option (the partnership game's ``next_lead`` has its own); the page hides
        # the values the chosen preset does not take and the engine refuses them
        values = tuple(dict.fromkeys(OPTION_CHOICES.get(key, ()) + LATIN_CHOICES.get(key, ())))
        return forms.ChoiceField(label=label, choices=option_choices(key, values), required=False)
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False)
    if key in TILES_OPTIONS:
        return TilesField(label=label, required=False)
    return StrictIntegerField(label=label, required=False)


def option_field_names(key) -> list[str]:
    """The form fields of one option: one, or two for a bonus (6-6 and 0-0)."""
    if key in BONUS_OPTIONS:
        return [f"rule_{key}_{suffix}" for suffix, _tile in BONUS_PARTS]
    if key in LIST_OPTIONS:
        return [f"rule_{key}_{i}" for i in range(1, ORDER_PLACES + 1)]
    return [f"rule_{key}"]


def preset_options(preset) -> frozenset:
    return frozenset(config.PRESET_OPTIONS.get(preset, ()))


def option_value(rules, key):
    """One option of ``rules``: the partnership game's are its own (``rules.latin``), the others the Rules'."""
    if rules.latin is not None:
        return getattr(rules.latin, key)
    return getattr(rules, key)


def option_form_values(rules) -> dict:
    """The preset's options of ``rules`` as the form's fields hold them."""
    values = {}
    for key in rule_options():
        if key not in preset_options(rules.preset):
            continue
        value = option_value(rules, key)
        if key in LIST_OPTIONS:
            values.update({name: value[i] if i < len(value) else ""
                           for i, name in enumerate(option_field_names(key))})
        elif key in BONUS_OPTIONS:
            tiles = dict(value)
            values.update({f"rule_{key}_{suffix}": tiles.get(tile, 0) for suffix, tile in BONUS_PARTS})
        elif key in TILES_OPTIONS:
            values[f"rule_{key}"] = ", ".join(value)
        else:
            values[f"rule_{key}"] = "" if value is None else value
    return values


def rule_options() -> list[str]:
    """The engine's configurable options, in its order (the ladder apart), then the partnership game's own."""
    names = [f.name for f in fields(Rules) if f.name not in SKIPPED_OPTIONS]
    return names + [f.name for f in fields(LatinOptions) if f.name not in names]


RULES_DEFAULTS, LATIN_DEFAULTS = Rules(), LatinOptions()
RULES_FIELDS = frozenset(f.name for f in fields(Rules))


def option_default(key):
    """An option's value when nothing is set: the Rules' default, or the partnership game's for its own."""
    return getattr(RULES_DEFAULTS if key in RULES_FIELDS else LATIN_DEFAULTS, key)


def ranks_by_rules(preset) -> bool:
    """The preset's game ranks by its own order (the partnership game's ``ranking_order``): the tournament's
    tie-breaks are not asked."""
    return game_of(config.PRESET_DEFAULTS[preset]).ranking_criteria() is not None


def rule_set_values() -> dict:
    """Every federation's rule set of the partnership game as the form's fields hold it (the page fills the
    fields when one is picked)."""
    return {name: option_form_values(config.latin_rules(rule_set(name))) for name in RULE_SETS}


def rule_set_words() -> list[tuple[str, str]]:
    """(name, options in words) of every federation's rule set, listed under the field."""
    return [(str(RULE_SET_LABELS.get(name, name)), game_of(config.latin_rules(rule_set(name))).options_words())
            for name in RULE_SETS]


def ladder_form_values(ladder) -> dict:
    """The remark ladder's steps as its rows of fields hold them (kind, points, pips; empty rows after it)."""
    values = {}
    for i in range(1, LADDER_ROWS + 1):
        step = ladder[i - 1] if i <= len(ladder) else None
        values[f"ladder_{i}_kind"] = step.kind if step else ""
        values[f"ladder_{i}_points"] = step.points if step and step.kind in ("fine", "deal_loss") else ""
        values[f"ladder_{i}_block_pips"] = step.block_pips if step and step.kind == "fine" else ""
    return values


def preset_values() -> dict:
    """Every preset's numbers as the form's fields hold them (the page fills the fields on a change of preset)."""
    data = {}
    for code in site_presets():
        rules = config.PRESET_DEFAULTS[code]
        values = option_form_values(rules)
        values["rule_forfeit_score"] = ""
        values.update(ladder_form_values(rules.remark_ladder))
        data[code] = values
    return data


def preset_option_choices() -> dict:
    """For every preset, the values each of its choice options may take (the page hides the others)."""
    return {code: {f"rule_{key}": list(config.option_values(code, key))
                   for key in rule_options()
                   if (key in OPTION_CHOICES or key in LATIN_CHOICES) and key in preset_options(code)}
            for code in site_presets()}
