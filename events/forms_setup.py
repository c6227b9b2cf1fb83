"""The tournament's settings form: built from the engine's list of options, so that new presets appear by themselves.

Every configurable number of ``engine.rules.Rules`` is an ordinary field (``rule_<option>``); the remark ladder
is a few rows of step / points / pips; tie-breaks are an ordering or an ordered list of criteria. ``settings()``
returns what ``events.services.setup`` takes: the preset and only the options that differ from it.
"""
from __future__ import annotations

import re
from dataclasses import fields

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from access.models import RoleKind
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin, numbered
from engine.rules import Rules, RulesError, config
from engine.rules.config import OPTION_CHOICES
from events.forms_officials import TablesField
from tournaments.choices import DEFAULT_FORMAT, FORMAT_CHOICES
from tournaments.models import (
    CLOCK_WARNINGS_MAX,
    TEAM_BEST_MAX,
    PairingSystem,
    Player,
    SignatureMode,
    SigningMethod,
    TeamStanding,
)
from tournaments.presets import (
    ladder_kind_choices,
    option_choices,
    option_label,
    preset_choices,
    rules_error_text,
    site_presets,
)

from .forms import IsoDateInput
from .forms_tiebreaks import TiebreakFieldsMixin

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
    """Options that may be left blank: the forfeit score, and the time limit of the Kozel family and hand points."""
    return OPTIONAL_OPTIONS if preset in config.SPORT_PRESETS else OPTIONAL_OPTIONS + ("time_limit_minutes",)


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


def _option_field(key, default):
    label = option_label(key)
    if key in OPTION_CHOICES:
        return forms.ChoiceField(label=label, choices=option_choices(key), required=False)
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False)
    if key in TILES_OPTIONS:
        return TilesField(label=label, required=False)
    return StrictIntegerField(label=label, required=False)


def option_field_names(key) -> list[str]:
    """The form fields of one option: one, or two for a bonus (6-6 and 0-0)."""
    if key in BONUS_OPTIONS:
        return [f"rule_{key}_{suffix}" for suffix, _tile in BONUS_PARTS]
    return [f"rule_{key}"]


def preset_options(preset) -> frozenset:
    return frozenset(config.PRESET_OPTIONS.get(preset, ()))


def option_form_values(rules) -> dict:
    """The preset's options of ``rules`` as the form's fields hold them."""
    values = {}
    for key in rule_options():
        if key not in preset_options(rules.preset):
            continue
        value = getattr(rules, key)
        if key in BONUS_OPTIONS:
            tiles = dict(value)
            values.update({f"rule_{key}_{suffix}": tiles.get(tile, 0) for suffix, tile in BONUS_PARTS})
        elif key in TILES_OPTIONS:
            values[f"rule_{key}"] = ", ".join(value)
        else:
            values[f"rule_{key}"] = "" if value is None else value
    return values


def rule_options() -> list[str]:
    """The engine's configurable options, in its order (the ladder apart)."""
    return [f.name for f in fields(Rules) if f.name not in SKIPPED_OPTIONS]


def preset_values() -> dict:
    """Every preset's numbers as the form's fields hold them (the page fills the fields on a change of preset)."""
    data = {}
    for code in site_presets():
        rules = config.PRESET_DEFAULTS[code]
        values = option_form_values(rules)
        values["rule_forfeit_score"] = ""
        for i in range(1, LADDER_ROWS + 1):
            step = rules.remark_ladder[i - 1] if i <= len(rules.remark_ladder) else None
            values[f"ladder_{i}_kind"] = step.kind if step else ""
            values[f"ladder_{i}_points"] = step.points if step and step.kind in ("fine", "deal_loss") else ""
            values[f"ladder_{i}_block_pips"] = step.block_pips if step and step.kind == "fine" else ""
        data[code] = values
    return data


def preset_option_choices() -> dict:
    """For every preset, the values each of its choice options may take (the page hides the others)."""
    return {code: {f"rule_{key}": list(config.option_values(code, key))
                   for key in rule_options() if key in OPTION_CHOICES and key in preset_options(code)}
            for code in site_presets()}


class TournamentForm(TiebreakFieldsMixin, CleanTextMixin, forms.Form):
    name = forms.CharField(label=_("Название"), max_length=200)
    slug = forms.CharField(
        label=_("Краткое имя для адреса"), max_length=80, required=False,
        help_text=_("Латинские буквы, цифры и дефис; пусто — из названия."),
    )
    start_date = forms.DateField(label=_("Дата начала"), widget=IsoDateInput())
    end_date = forms.DateField(label=_("Дата окончания"), required=False,
                               widget=IsoDateInput())
    venue = forms.CharField(label=_("Место проведения"), max_length=200, required=False)
    city = forms.CharField(label=_("Город"), max_length=100, required=False,
                           help_text=_("По нему ищут турнир в календаре на главной странице."))
    format = forms.ChoiceField(label=_("Зачёт"), choices=FORMAT_CHOICES, initial=DEFAULT_FORMAT)
    pairing_system = forms.ChoiceField(label=_("Система жеребьёвки туров"), choices=PairingSystem.choices,
                                       initial=PairingSystem.SWISS)
    rounds_planned = StrictIntegerField(label=_("Запланировано туров"), min_value=1, max_value=99, initial=7)
    signature_mode = forms.ChoiceField(label=_("Подписи игроков"), choices=SignatureMode.choices,
                                       initial=SignatureMode.EACH_PLAYER)
    signing_method = forms.ChoiceField(label=_("Способ подписи"), choices=SigningMethod.choices,
                                       initial=SigningMethod.ACCOUNT)
    confirm_each_deal = forms.BooleanField(label=_("Подтверждать каждую раздачу"), required=False)
    draw_by_rating = forms.BooleanField(
        label=_("Номера по рейтингу"), required=False,
        help_text=_("Жеребьёвка даёт номер 1 сильнейшему по рейтинг-листу, так же засевается первый тур."))
    clock_warnings = ClockWarningsField(
        label=_("Часы тура: предупредить, когда осталось (мин)"), required=False, max_length=40, initial="5",
        help_text=_("Через запятую, например: 10, 5. Пусто — без предупреждений."))
    is_public = forms.BooleanField(label=_("Опубликован (виден всем)"), required=False, initial=True)
    rules_preset = forms.ChoiceField(label=_("Регламент"))
    tiebreak_order = forms.ChoiceField(label=_("Порядок показателей"))
    team_standing = forms.ChoiceField(label=_("Командный зачёт"), choices=TeamStanding.choices,
                                      initial=TeamStanding.NONE)
    team_best = StrictIntegerField(
        label=_("Сколько лучших участников команды идут в зачёт"), required=False, min_value=1,
        max_value=TEAM_BEST_MAX, initial=2)

    def __init__(self, *args, tournament=None, **kwargs):
        if tournament is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(tournament)
        super().__init__(*args, **kwargs)
        self.fields["rules_preset"].choices = preset_choices()
        defaults = Rules()
        for key in rule_options():
            if key in BONUS_OPTIONS:
                for name in option_field_names(key):
                    self.fields[name] = StrictIntegerField(label=option_label(name[len("rule_"):]), required=False,
                                                           min_value=0, max_value=100)
            else:
                self.fields[f"rule_{key}"] = _option_field(key, getattr(defaults, key))
        self.fields["rule_forfeit_score"].help_text = _("Пусто — по регламенту: 40 очков за раздачу или цель партии.")
        kinds = [("", "—")] + ladder_kind_choices()
        for i in range(1, LADDER_ROWS + 1):
            self.fields[f"ladder_{i}_kind"] = forms.ChoiceField(
                label=_("Замечание %(n)s") % {"n": i}, choices=kinds, required=False)
            self.fields[f"ladder_{i}_points"] = StrictIntegerField(label=_("очков"), required=False)
            self.fields[f"ladder_{i}_block_pips"] = StrictIntegerField(label=_("очков в рыбе"), required=False)
        if not self.is_bound and not self.initial.get("rules_preset"):
            first = site_presets()[0]
            self.initial.update({"rules_preset": first, "tiebreak_order": "default", **preset_values()[first]})
        # The options of the other presets are hidden on the page and ignored here (their posted values too).
        self.shown_preset = (self.data.get("rules_preset") if self.is_bound else self.initial.get("rules_preset"))
        self.add_tiebreak_fields(tournament, self.shown_preset)
        shown = preset_options(self.shown_preset)
        for key in rule_options():
            for name in option_field_names(key):
                self.fields[name].disabled = key not in shown

    # --- initial values of an existing tournament -------------------------------------
    @staticmethod
    def initial_from(tournament) -> dict:
        rules = tournament.rules()
        initial = {f: getattr(tournament, f) for f in (
            "name", "slug", "start_date", "end_date", "venue", "city", "format", "pairing_system", "rounds_planned",
            "signature_mode", "signing_method", "confirm_each_deal", "clock_warnings", "is_public", "rules_preset",
            "team_standing", "team_best", "draw_by_rating")}
        initial["clock_warnings"] = ClockWarningsField().prepare_value(tournament.clock_warnings)
        initial.update(preset_values().get(rules.preset, {}))
        initial.update(option_form_values(rules))
        if "forfeit_score" not in (tournament.rules_overrides or {}):
            initial["rule_forfeit_score"] = ""
        for i in range(1, LADDER_ROWS + 1):
            step = rules.remark_ladder[i - 1] if i <= len(rules.remark_ladder) else None
            initial[f"ladder_{i}_kind"] = step.kind if step else ""
            initial[f"ladder_{i}_points"] = step.points if step and step.kind in ("fine", "deal_loss") else ""
            initial[f"ladder_{i}_block_pips"] = step.block_pips if step and step.kind == "fine" else ""
        initial.update(TournamentForm.tiebreak_initial(tournament.tiebreaks))
        return initial

    # --- groups of fields for the template ---------------------------------------------
    def rule_fields(self):
        """(bound field, the presets that have it, shown now) for every option field."""
        rows = []
        for key in rule_options():
            presets = " ".join(p for p in site_presets() if key in preset_options(p))
            for name in option_field_names(key):
                rows.append((self[name], presets, key in preset_options(self.shown_preset)))
        return rows

    def ladder_rows(self):
        return [(self[f"ladder_{i}_kind"], self[f"ladder_{i}_points"], self[f"ladder_{i}_block_pips"])
                for i in range(1, LADDER_ROWS + 1)]

    # --- cleaning ---------------------------------------------------------------------
    def _ladder(self, preset):
        steps = []
        for i in range(1, LADDER_ROWS + 1):
            kind = self.cleaned_data.get(f"ladder_{i}_kind")
            if not kind:
                continue
            step = {"kind": kind}
            if kind in ("fine", "deal_loss"):
                step["points"] = self.cleaned_data.get(f"ladder_{i}_points")
                if step["points"] is None:
                    self.add_error(f"ladder_{i}_points", _("Укажите число очков."))
                    continue
            if kind == "fine":
                step["block_pips"] = self.cleaned_data.get(f"ladder_{i}_block_pips")
                if step["block_pips"] is None:
                    self.add_error(f"ladder_{i}_block_pips", _("Укажите, сколько очков у пары в рыбе."))
                    continue
            try:
                Rules.from_config({"preset": preset, "remark_ladder": [step]})
            except RulesError as exc:
                field = "block_pips" if exc.params.get("hi") == 168 else "points"
                self.add_error(f"ladder_{i}_{field}", rules_error_text(exc))
                continue
            steps.append(step)
        if not steps and not any(self.cleaned_data.get(f"ladder_{i}_kind") for i in range(1, LADDER_ROWS + 1)):
            self.add_error("ladder_1_kind", _("Нужна хотя бы одна ступень лестницы санкций."))
        return steps

    def clean(self):
        data = super().clean()
        preset = data.get("rules_preset")
        if not preset:
            return data
        config = {k: self._option_value(k) for k in rule_options() if k in preset_options(preset)}
        optional = optional_options(preset)
        if config.get("forfeit_score") is None:
            config.pop("forfeit_score", None)
        missing = [k for k, v in config.items() if v is None and k not in optional]
        for key in missing:
            for name in option_field_names(key):
                if name not in self.errors and data.get(name) in (None, ""):
                    self.add_error(name, _("Заполните это поле."))
        config["remark_ladder"] = self._ladder(preset)
        data["tiebreaks"] = self.clean_tiebreaks()
        if data.get("team_best") is None and "team_best" not in self.errors:
            if data.get("team_standing", TeamStanding.NONE) != TeamStanding.NONE:
                self.add_error("team_best", _("Укажите, сколько лучших участников команды идут в зачёт."))
            data["team_best"] = self.initial.get("team_best") or 2
        if missing or self.errors:
            return data
        try:
            overrides = Rules.from_config({"preset": preset, **config}).to_config()
        except RulesError as exc:
            names = option_field_names(exc.key) if exc.key else []
            self.add_error(names[0] if names and names[0] in self.fields else None, rules_error_text(exc))
            return data
        overrides.pop("preset", None)
        data["rules_overrides"] = overrides
        return data

    def _option_value(self, key):
        """One option as the engine takes it (None when left blank)."""
        if key in BONUS_OPTIONS:
            parts = {tile: self.cleaned_data.get(f"rule_{key}_{suffix}") for suffix, tile in BONUS_PARTS}
            return None if None in parts.values() else parts
        value = self.cleaned_data.get(f"rule_{key}")
        return None if value == "" else value

    def settings(self) -> dict:
        """What ``create_tournament`` / ``update_tournament`` take."""
        d = self.cleaned_data
        keys = ("name", "slug", "start_date", "end_date", "venue", "city", "format", "pairing_system",
                "rounds_planned", "signature_mode", "signing_method", "confirm_each_deal", "clock_warnings", "is_public", "rules_preset",
                "rules_overrides", "tiebreaks", "team_standing", "team_best", "draw_by_rating")
        return {k: d[k] if k not in ("venue", "city") else (d[k] or "") for k in keys}


class CopyForm(CleanTextMixin, forms.Form):
    name = forms.CharField(label=_("Название нового турнира"), max_length=200)
    slug = forms.CharField(label=_("Краткое имя для адреса"), max_length=80, required=False,
                           help_text=_("Латинские буквы, цифры и дефис; пусто — из названия."))
    start_date = forms.DateField(label=_("Дата начала"), widget=IsoDateInput())
    end_date = forms.DateField(label=_("Дата окончания"), required=False,
                               widget=IsoDateInput())


def add_service_errors(form, errors: dict) -> None:
    """The service's refusals next to their fields (an unknown field: at the top of the form)."""
    aliases = {"tiebreaks": "tiebreak_1", "rules_overrides": None, "rule_remark_ladder": "ladder_1_kind"}
    for field, messages in errors.items():
        field = aliases.get(field, field)
        target = field if field in form.fields else None
        for message in messages if isinstance(messages, (list, tuple)) else [messages]:
            form.add_error(target, message)


# --- officials and players: existing accounts -----------------------------------------

class AttachForm(ServiceErrorsMixin, forms.Form):
    account = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2_000_000_000)
    role = forms.ChoiceField(label=_("Роль"), choices=[
        (RoleKind.REFEREE, RoleKind.REFEREE.label), (RoleKind.CHIEF_REFEREE, RoleKind.CHIEF_REFEREE.label),
        (RoleKind.ORGANIZER, _("Соорганизатор"))])
    tables = TablesField(label=_("Столы судьи (пусто — все)"))


class LinkPlayerForm(ServiceErrorsMixin, forms.Form):
    player = forms.ChoiceField(label=_("Игрок без учётной записи"))
    account = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2_000_000_000)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        players = (Player.objects.filter(pair__tournament=tournament, user__isnull=True)
                   .select_related("pair").order_by("name", "pk")[:2000])
        self.fields["player"].choices = [
            (p.pk, f"{p.name} ({numbered(p.pair.number)})" if p.pair.number else p.name) for p in players]
