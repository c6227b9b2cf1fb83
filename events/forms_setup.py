"""The tournament's settings form: its own fields, the rules' options (``forms_rules``), the federation's rule set
of the partnership game, the remark ladder and the tie-breaks (``forms_tiebreaks``). ``settings()`` returns what
``events.services.setup`` takes: the preset and only the options that differ from it.
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from access.models import RoleKind
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin, numbered
from engine.rules import Rules, RulesError, config
from engine.rules.latin.options import RANKING_KEYS
from engine.rules.latin.rule_sets import RULE_SETS, matching
from events.forms_officials import TablesField
from tournaments.choices import DEFAULT_FORMAT, FORMAT_CHOICES
from tournaments.models import (
    TEAM_BEST_MAX,
    PairingSystem,
    Player,
    SignatureMode,
    SigningMethod,
    TeamStanding,
)
from tournaments.presets import (
    RULE_SET_LABELS,
    ladder_kind_choices,
    option_choices,
    option_label,
    preset_choices,
    rules_error_text,
    site_presets,
)

from .forms import IsoDateInput
from .forms_rules import (
    BONUS_OPTIONS,
    BONUS_PARTS,
    LADDER_ROWS,
    LIST_OPTIONS,
    ClockWarningsField,
    StrictIntegerField,
    ladder_form_values,
    option_default,
    option_field,
    option_field_names,
    option_form_values,
    optional_options,
    preset_options,
    preset_values,
    ranks_by_rules,
    rule_options,
    rule_set_words,
)
from .forms_tiebreaks import TiebreakFieldsMixin


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
    rule_set = forms.ChoiceField(
        label=_("Правила федерации"), required=False,
        help_text=_("Подставляет числа правил федерации; любое можно изменить."))
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
        self.fields["rule_set"].choices = [("", _("Свой набор правил"))] + [
            (name, str(RULE_SET_LABELS.get(name, name))) for name in RULE_SETS]
        for key in rule_options():
            if key in BONUS_OPTIONS:
                for name in option_field_names(key):
                    self.fields[name] = StrictIntegerField(label=option_label(name[len("rule_"):]), required=False,
                                                           min_value=0, max_value=100)
            elif key in LIST_OPTIONS:
                for i, name in enumerate(option_field_names(key), start=1):
                    self.fields[name] = forms.ChoiceField(
                        label=f"{option_label(key)}: {i}", required=False,
                        choices=[("", "—")] + option_choices(key, RANKING_KEYS))
            else:
                self.fields[f"rule_{key}"] = option_field(key, option_default(key))
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
        if self.shown_preset in config.PRESETS and ranks_by_rules(self.shown_preset):
            self.fields["tiebreak_order"].required = False  # the rules' own order ranks; no tie-breaks asked
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
        if rules.latin is not None:
            initial["rule_set"] = matching(rules.latin) or ""
        if "forfeit_score" not in (tournament.rules_overrides or {}):
            initial["rule_forfeit_score"] = ""
        initial.update(ladder_form_values(rules.remark_ladder))
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

    def rule_set_row(self):
        """(the federation's rule set field, the presets that have it, shown now)."""
        presets = [p for p in site_presets() if config.PRESET_DEFAULTS[p].latin is not None]
        return self["rule_set"], " ".join(presets), self.shown_preset in presets

    def rule_set_words(self):
        return rule_set_words()

    @property
    def ladder_presets(self) -> str:
        return " ".join(p for p in site_presets() if "remark_ladder" in preset_options(p))

    @property
    def shows_ladder(self) -> bool:
        return "remark_ladder" in preset_options(self.shown_preset)

    @property
    def tiebreak_presets(self) -> str:
        return " ".join(p for p in site_presets() if not ranks_by_rules(p))

    @property
    def shows_tiebreaks(self) -> bool:
        return self.shown_preset not in config.PRESETS or not ranks_by_rules(self.shown_preset)

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
            for name in option_field_names(key)[:1 if key in LIST_OPTIONS else None]:
                if name not in self.errors and data.get(name) in (None, ""):
                    self.add_error(name, _("Заполните это поле."))
        if "remark_ladder" in preset_options(preset):
            config["remark_ladder"] = self._ladder(preset)
        data["tiebreaks"] = [] if ranks_by_rules(preset) else self.clean_tiebreaks()
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
        if key in LIST_OPTIONS:  # the places chosen, in order (a repeated one is the engine's to refuse)
            return [v for v in (self.cleaned_data.get(name) for name in option_field_names(key)) if v] or None
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
