"""The tournament's settings form: built from the engine's list of options, so that new presets appear by themselves.

Every configurable number of ``scoring.rules.Rules`` is an ordinary field
(``rule_<option>``); the remark ladder is a few rows of step / points / pips;
tie-breaks are an ordering or an ordered list of criteria. ``settings()``
returns what ``tournaments.services.setup`` takes: the preset and only the
options that differ from it.
"""
from __future__ import annotations

import re
from dataclasses import fields

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.reports.standings import ORDERINGS, TIEBREAKS
from scoring.reports.tabular import tiebreak_labels
from scoring.rules import Rules, RulesError
from scoring.rules import config
from scoring.rules.config import OPTION_CHOICES

from referees.forms import TablesField
from referees.models import RoleKind
from scoring.forms import ServiceErrorsMixin

from .models import PairingSystem, Player, SignatureMode
from .presets import ladder_kind_choices, option_choices, option_label, preset_choices, rules_error_text

LADDER_ROWS = 6
SKIPPED_OPTIONS = ("preset", "remark_ladder")
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


def _option_field(key, default):
    label = option_label(key)
    if key in OPTION_CHOICES:
        return forms.ChoiceField(label=label, choices=option_choices(key))
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False)
    return StrictIntegerField(label=label, required=key not in OPTIONAL_OPTIONS)


def rule_options() -> list[str]:
    """The engine's configurable options, in its order (the ladder apart)."""
    return [f.name for f in fields(Rules) if f.name not in SKIPPED_OPTIONS]


def ordering_choices():
    text = {"default": _("Основной порядок"), "points": _("Сначала набранные очки")}
    choices = [(name, f"{text.get(name, name)}: {' → '.join(tiebreak_labels(ORDERINGS[name]))}")
               for name in ORDERINGS]
    return choices + [("custom", _("Свой порядок (ниже)"))]


def preset_values() -> dict:
    """Every preset's numbers as the form's fields hold them (the page fills the fields on a change of preset)."""
    data = {}
    for code in config.PRESETS:
        rules = config.PRESET_DEFAULTS[code]
        values = {f"rule_{k}": getattr(rules, k) for k in rule_options()}
        values["rule_forfeit_score"] = ""
        for i in range(1, LADDER_ROWS + 1):
            step = rules.remark_ladder[i - 1] if i <= len(rules.remark_ladder) else None
            values[f"ladder_{i}_kind"] = step.kind if step else ""
            values[f"ladder_{i}_points"] = step.points if step and step.kind in ("fine", "deal_loss") else ""
            values[f"ladder_{i}_block_pips"] = step.block_pips if step and step.kind == "fine" else ""
        data[code] = values
    return data


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Название"), max_length=200)
    slug = forms.CharField(
        label=_("Краткое имя для адреса"), max_length=80, required=False,
        help_text=_("Латинские буквы, цифры и дефис; пусто — из названия."),
    )
    start_date = forms.DateField(label=_("Дата начала"), widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=_("Дата окончания"), required=False,
                               widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Место проведения"), max_length=200, required=False)
    pairing_system = forms.ChoiceField(label=_("Система жеребьёвки туров"), choices=PairingSystem.choices,
                                       initial=PairingSystem.SWISS)
    rounds_planned = StrictIntegerField(label=_("Запланировано туров"), min_value=1, max_value=99, initial=7)
    signature_mode = forms.ChoiceField(label=_("Подписи игроков"), choices=SignatureMode.choices,
                                       initial=SignatureMode.EACH_PLAYER)
    confirm_each_deal = forms.BooleanField(label=_("Подтверждать каждую раздачу"), required=False)
    is_public = forms.BooleanField(label=_("Опубликован (виден всем)"), required=False, initial=True)
    rules_preset = forms.ChoiceField(label=_("Регламент"))
    tiebreak_order = forms.ChoiceField(label=_("Порядок показателей"))

    def __init__(self, *args, tournament=None, **kwargs):
        if tournament is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(tournament)
        super().__init__(*args, **kwargs)
        self.fields["rules_preset"].choices = preset_choices()
        self.fields["tiebreak_order"].choices = ordering_choices()
        defaults = Rules()
        for key in rule_options():
            self.fields[f"rule_{key}"] = _option_field(key, getattr(defaults, key))
        self.fields["rule_forfeit_score"].help_text = _("Пусто — по регламенту: 40 очков за раздачу или цель партии.")
        kinds = [("", "—")] + ladder_kind_choices()
        for i in range(1, LADDER_ROWS + 1):
            self.fields[f"ladder_{i}_kind"] = forms.ChoiceField(
                label=_("Замечание %(n)s") % {"n": i}, choices=kinds, required=False)
            self.fields[f"ladder_{i}_points"] = StrictIntegerField(label=_("очков"), required=False)
            self.fields[f"ladder_{i}_block_pips"] = StrictIntegerField(label=_("очков в рыбе"), required=False)
        criteria = [("", "—")] + list(zip(TIEBREAKS, tiebreak_labels(TIEBREAKS)))
        for i in range(1, len(TIEBREAKS) + 1):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(label=f"{i}.", choices=criteria, required=False)
        if not self.is_bound and not self.initial.get("rules_preset"):
            first = config.PRESETS[0]
            self.initial.update({"rules_preset": first, "tiebreak_order": "default", **preset_values()[first]})

    # --- initial values of an existing tournament -------------------------------------
    @staticmethod
    def initial_from(tournament) -> dict:
        rules = tournament.rules()
        initial = {f: getattr(tournament, f) for f in (
            "name", "slug", "start_date", "end_date", "venue", "pairing_system", "rounds_planned",
            "signature_mode", "confirm_each_deal", "is_public", "rules_preset")}
        initial.update(preset_values().get(rules.preset, {}))
        initial.update({f"rule_{k}": getattr(rules, k) for k in rule_options()})
        if "forfeit_score" not in (tournament.rules_overrides or {}):
            initial["rule_forfeit_score"] = ""
        for i in range(1, LADDER_ROWS + 1):
            step = rules.remark_ladder[i - 1] if i <= len(rules.remark_ladder) else None
            initial[f"ladder_{i}_kind"] = step.kind if step else ""
            initial[f"ladder_{i}_points"] = step.points if step and step.kind in ("fine", "deal_loss") else ""
            initial[f"ladder_{i}_block_pips"] = step.block_pips if step and step.kind == "fine" else ""
        stored = list(tournament.tiebreaks or [])
        if not stored:
            initial["tiebreak_order"] = "default"
        elif len(stored) == 1 and stored[0] in ORDERINGS:
            initial["tiebreak_order"] = stored[0]
        else:
            initial["tiebreak_order"] = "custom"
            for i, name in enumerate(stored, start=1):
                initial[f"tiebreak_{i}"] = name
        return initial

    # --- groups of fields for the template ---------------------------------------------
    def rule_fields(self):
        return [self[f"rule_{k}"] for k in rule_options()]

    def ladder_rows(self):
        return [(self[f"ladder_{i}_kind"], self[f"ladder_{i}_points"], self[f"ladder_{i}_block_pips"])
                for i in range(1, LADDER_ROWS + 1)]

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i}"] for i in range(1, len(TIEBREAKS) + 1)]

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

    def _tiebreaks(self):
        order = self.cleaned_data.get("tiebreak_order")
        if order in ORDERINGS:
            return [] if order == "default" else [order]
        chosen, seen = [], set()
        for i in range(1, len(TIEBREAKS) + 1):
            name = self.cleaned_data.get(f"tiebreak_{i}")
            if not name:
                continue
            if name in seen:
                self.add_error(f"tiebreak_{i}", _("Этот показатель уже выбран выше."))
                continue
            seen.add(name)
            chosen.append(name)
        if not chosen:
            self.add_error("tiebreak_1", _("Выберите хотя бы один показатель или готовый порядок."))
        return chosen

    def clean(self):
        data = super().clean()
        preset = data.get("rules_preset")
        if not preset:
            return data
        config = {k: data.get(f"rule_{k}") for k in rule_options()}
        if config.get("forfeit_score") is None:
            config.pop("forfeit_score")
        missing = [k for k, v in config.items() if v is None]
        config["remark_ladder"] = self._ladder(preset)
        data["tiebreaks"] = self._tiebreaks()
        if missing or self.errors:
            return data
        try:
            overrides = Rules.from_config({"preset": preset, **config}).to_config()
        except RulesError as exc:
            self.add_error(f"rule_{exc.key}" if f"rule_{exc.key}" in self.fields else None, rules_error_text(exc))
            return data
        overrides.pop("preset", None)
        data["rules_overrides"] = overrides
        return data

    def settings(self) -> dict:
        """What ``create_tournament`` / ``update_tournament`` take."""
        d = self.cleaned_data
        keys = ("name", "slug", "start_date", "end_date", "venue", "pairing_system", "rounds_planned",
                "signature_mode", "confirm_each_deal", "is_public", "rules_preset", "rules_overrides", "tiebreaks")
        return {k: d[k] if k != "venue" else (d[k] or "") for k in keys}


class CopyForm(forms.Form):
    name = forms.CharField(label=_("Название нового турнира"), max_length=200)
    slug = forms.CharField(label=_("Краткое имя для адреса"), max_length=80, required=False,
                           help_text=_("Латинские буквы, цифры и дефис; пусто — из названия."))
    start_date = forms.DateField(label=_("Дата начала"), widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=_("Дата окончания"), required=False,
                               widget=forms.DateInput(attrs={"type": "date"}))


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
            (p.pk, f"{p.name} (№{p.pair.number})" if p.pair.number else p.name) for p in players]
