"""How the rules presets and their options read in Russian — the one place for their display names.

The engine (``scoring/rules/config.py``) knows presets and options by code;
every page, form and printout that shows a preset calls ``preset_label``, never
prints the code. A preset the engine gains later without a name here is shown
by its code until a name is added below.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.rules import config
from scoring.rules.config import LADDER_KINDS, OPTION_CHOICES

PRESET_LABELS = {
    # RULES.md §4.1: club rules, a fixed number of deals, the partner's tiles not counted.
    "pusto-shest": gettext_lazy("Пусто-шесть"),
    # RULES.md §4.2: federation rules, a partie to a target within a time limit.
    "federation": gettext_lazy("Федерация"),
}

OPTION_LABELS = {
    "partie_length": gettext_lazy("Длина партии"),
    "deals_per_partie": gettext_lazy("Раздач в партии"),
    "target_points": gettext_lazy("Игра до (очков)"),
    "time_limit_minutes": gettext_lazy("Время на партию, мин"),
    "lone_double_blank": gettext_lazy("Одинокий дубль пусто-пусто, очков"),
    "count_partner_on_domino": gettext_lazy("При домино считать камни партнёра"),
    "block_scoring": gettext_lazy("Счёт рыбы"),
    "extra_deal_on_tie": gettext_lazy("При равном счёте — дополнительная раздача"),
    "forfeit_score": gettext_lazy("Счёт победы неявкой"),
    "wrong_pass_points": gettext_lazy("Ложный пас: очков сопернику"),
    "match_points_win": gettext_lazy("Очки матча за победу"),
    "match_points_draw": gettext_lazy("Очки матча за ничью"),
    "match_points_loss": gettext_lazy("Очки матча за поражение"),
    "bye_result": gettext_lazy("Пропуск тура засчитывается как"),
    "bye_points_for": gettext_lazy("Пропуск тура: очков себе"),
    "bye_points_against": gettext_lazy("Пропуск тура: очков сопернику"),
    "remark_ladder": gettext_lazy("Лестница санкций"),
    "late_entry_result": gettext_lazy("Поздно заявленной паре за пропущенные туры"),
}

CHOICE_LABELS = {
    "partie_length": {"deals": gettext_lazy("Фиксированное число раздач"),
                      "target": gettext_lazy("До суммы очков")},
    "block_scoring": {"difference": gettext_lazy("Разность очков"), "all": gettext_lazy("Все очки на руках"),
                      "opponents": gettext_lazy("Очки соперников")},
    "bye_result": {"win": gettext_lazy("Победа"), "draw": gettext_lazy("Ничья"), "loss": gettext_lazy("Поражение")},
    "late_entry_result": {"none": gettext_lazy("Ничего (0 очков матча)"), "loss": gettext_lazy("Поражение"),
                          "draw": gettext_lazy("Ничья"), "bye": gettext_lazy("Как пропуск тура")},
}

LADDER_KIND_LABELS = {
    "warning": gettext_lazy("Предупреждение"),
    "fine": gettext_lazy("Штраф"),
    "deal_loss": gettext_lazy("Проигрыш раздачи"),
    "disqualification": gettext_lazy("Снятие с турнира"),
}


def preset_label(code: str) -> str:
    """The Russian name of a preset ("Пусто-шесть"); an unnamed preset by its code."""
    label = PRESET_LABELS.get(code)
    return str(label) if label is not None else str(code)


def preset_choices() -> list[tuple[str, str]]:
    """Every preset the engine knows, in its order, with its name."""
    return [(code, preset_label(code)) for code in config.PRESETS]


def option_label(key: str) -> str:
    return str(OPTION_LABELS.get(key, key))


def option_choices(key: str) -> list[tuple[str, str]]:
    labels = CHOICE_LABELS.get(key, {})
    return [(value, str(labels.get(value, value))) for value in OPTION_CHOICES[key]]


def ladder_kind_choices() -> list[tuple[str, str]]:
    return [(kind, str(LADDER_KIND_LABELS.get(kind, kind))) for kind in LADDER_KINDS]


def rules_error_text(exc) -> str:
    """A ``RulesError`` of the engine in Russian, for the form field it names."""
    params = getattr(exc, "params", {}) or {}
    code = getattr(exc, "code", "")
    if code == "out_of_range":
        if params.get("hi") is None:
            return _("Нужно целое число не меньше %(lo)s.") % params
        return _("Нужно целое число от %(lo)s до %(hi)s.") % params
    if code == "not_integer":
        return _("Нужно целое число.")
    if code == "not_multiple_of_4":
        return _("Число раздач должно делиться на 4: каждый игрок заходит одинаковое число раз.")
    if code == "unknown_preset":
        return _("Такого регламента нет; выберите из списка.")
    if code == "bad_choice":
        return _("Выберите значение из списка.")
    if code == "not_boolean":
        return _("Нужно «да» или «нет».")
    if code == "unknown_option":
        return _("Неизвестный параметр регламента.")
    return _("Значение не принято.")
