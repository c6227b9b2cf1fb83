"""How the rules presets and their options read in Russian — the one place for their display names.

The engine (``engine/rules/config.py``) knows presets and options by code;
every page, form and printout that shows a preset calls ``preset_label``, never
prints the code. A preset the engine gains later without a name here is shown
by its code until a name is added below.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.rules import config
from engine.rules.config import OPTION_CHOICES
from engine.rules.options import LADDER_KINDS

PRESET_LABELS = {
    # RULES.md §4.1: club rules, a fixed number of deals, the partner's tiles not counted.
    "pusto-shest": gettext_lazy("Пусто-шесть"),
    # RULES.md §4.2: federation rules, a partie to a target within a time limit.
    "federation": gettext_lazy("Федерация"),
    # RULES-KOZEL.md §3: the losers record, to 101, the goats.
    "kozel": gettext_lazy("Козёл"),
    # RULES-KOZEL.md §4: the winners record from 25, to 125.
    "morskoy-kozel": gettext_lazy("Морской козёл"),
    # RULES-KOZEL.md §8: the referee enters each pair's points of a deal.
    "hand-points": gettext_lazy("Очки вручную"),
    # RULES-LATIN.md: the partnership game of the Spanish-speaking federations.
    "latin": gettext_lazy("Домино по парам"),
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
    "games_per_partie": gettext_lazy("Игр в партии"),
    "extra_game_on_tie": gettext_lazy("При равенстве игр — дополнительная игра"),
    "recorder": gettext_lazy("Очки записывает"),
    "lone_double_six": gettext_lazy("Одинокий дубль шесть-шесть, очков"),
    "blank_six_pair": gettext_lazy("Только 0-0 и 6-6 на руках — сумма двух дублей"),
    "open_threshold": gettext_lazy("Порог открытия счёта, очков (0 — без порога)"),
    "threshold_scope": gettext_lazy("Порог действует"),
    "remember_small": gettext_lazy("Очки ниже порога запоминаются"),
    "wipe_on_record": gettext_lazy("Запись сопернику стирает свои очки («смывка»)"),
    "eggs": gettext_lazy("«Яйца» (рыба при равенстве очков) достаются"),
    "eggs_doubles": gettext_lazy("Дубли розыгрыша «яиц»"),
    "eggs_tries": gettext_lazy("Попыток розыгрыша «яиц»"),
    "eggs_expire": gettext_lazy("Если «яйца» не разыграны"),
    "lead_bonus_66": gettext_lazy("Заход с 6-6: очков"),
    "lead_bonus_00": gettext_lazy("Заход с 0-0: очков"),
    "finish_bonus_66": gettext_lazy("Окончание на 6-6: очков"),
    "finish_bonus_00": gettext_lazy("Окончание на 0-0: очков"),
    "lead_bonus": gettext_lazy("Бонус за заход с дубля"),
    "finish_bonus": gettext_lazy("Бонус за окончание дублем"),
    "blank_finish_wins": gettext_lazy("Окончание на 0-0 выигрывает игру"),
    "six_finish_wins": gettext_lazy("Окончание на 6-6 выигрывает игру"),
    "decider": gettext_lazy("Решающая раздача при обоюдном наборе"),
    "next_lead": gettext_lazy("Следующую раздачу начинает"),
    "restart_after_unrecorded": gettext_lazy("Раздача без записи — переигровка тем же заходящим"),
    "dry_goat_value": gettext_lazy("Сухой козёл засчитывается за (козлов)"),
    "dry_goat": gettext_lazy("Сухой козёл — это"),
    "rating": gettext_lazy("Вести рейтинг"),
    "rating_base": gettext_lazy("Начальный рейтинг"),
    "higher_wins": gettext_lazy("Побеждает большая сумма очков"),
    "allow_negative": gettext_lazy("Разрешить отрицательные очки"),
    # The partnership game's own options (RULES-LATIN.md §12).
    "tile_set": gettext_lazy("Набор камней"),
    "direction": gettext_lazy("Ход переходит"),
    "first_lead": gettext_lazy("Первую раздачу начинает"),
    "domino_points": gettext_lazy("За выход пара получает"),
    "tranque_winner": gettext_lazy("Транке выигрывает"),
    "tranque_points": gettext_lazy("За транке пара получает"),
    "tranque_tie": gettext_lazy("Равный транке"),
    "capicua": gettext_lazy("Капикуа"),
    "capicua_bonus": gettext_lazy("Капикуа: очков"),
    "paso_redondo_bonus": gettext_lazy("Пас по кругу: очков (0 — нет)"),
    "time_tie": gettext_lazy("Время вышло при равном счёте"),
    "score_cap_pct": gettext_lazy("Очки пары в зачёте не больше, % цели (пусто — без предела)"),
    "sanction_mode": gettext_lazy("Эффективность при штрафе"),
    "sanction_small": gettext_lazy("Малый штраф, очков"),
    "sanction_large": gettext_lazy("Большой штраф, очков"),
    "forfeit_efectividad_pct": gettext_lazy("Неявка: эффективность победителя, % цели"),
    "bye_efectividad_pct": gettext_lazy("Пропуск тура: эффективность, % цели"),
    "grave_card_efectividad_pct": gettext_lazy("Красная или чёрная карточка: эффективность соперника, % цели"),
    "ranking_order": gettext_lazy("Порядок мест"),
}

CHOICE_LABELS = {
    "partie_length": {"deals": gettext_lazy("Фиксированное число раздач"),
                      "target": gettext_lazy("До суммы очков"),
                      "games": gettext_lazy("Число игр"),
                      "time": gettext_lazy("На время")},
    "block_scoring": {"difference": gettext_lazy("Разность очков"), "all": gettext_lazy("Все очки на руках"),
                      "opponents": gettext_lazy("Очки соперников"),
                      "each_own": gettext_lazy("Каждой паре свои очки"),
                      "fisher_half": gettext_lazy("Рыбакам все, если у них больше; иначе соперникам их очки"),
                      "all_to_fisher": gettext_lazy("Все очки — паре «рыбака»")},
    "recorder": {"loser": gettext_lazy("Проигравшая пара"), "winner": gettext_lazy("Выигравшая пара")},
    "threshold_scope": {"until_open": gettext_lazy("Пока счёт пары не открыт"),
                        "every_deal": gettext_lazy("В каждой раздаче")},
    "remember_small": {"until_win": gettext_lazy("До выигранной раздачи"),
                       "one_deal": gettext_lazy("На одну раздачу"),
                       "none": gettext_lazy("Не запоминаются")},
    "eggs": {"next_deal": gettext_lazy("Следующей раздаче"),
             "play_off": gettext_lazy("Розыгрышу дублями")},
    "eggs_expire": {"void": gettext_lazy("Пропадают"), "draw": gettext_lazy("Игра заканчивается вничью")},
    "six_finish_wins": {"off": gettext_lazy("Нет"), "if_recordable": gettext_lazy("Если у проигравших на руках от 25 очков"),
                        "if_one_hand": gettext_lazy("Если у одного проигравшего на руках от 25 очков"),
                        "always": gettext_lazy("Всегда")},
    "next_lead": {"out_player": gettext_lazy("Вышедший игрок"),
                  "winner_choice": gettext_lazy("Любой из выигравших"),
                  "out_partner": gettext_lazy("Партнёр вышедшего"),
                  "rotate": gettext_lazy("По кругу, как в спортивном домино"),
                  "winner_pair": gettext_lazy("Игрок выигравшей пары")},
    "dry_goat": {"never_recorded": gettext_lazy("Пара ни разу не записала очков в игре"),
                 "ends_at_zero": gettext_lazy("У пары 0 очков в конце игры")},
    "bye_result": {"win": gettext_lazy("Победа"), "draw": gettext_lazy("Ничья"), "loss": gettext_lazy("Поражение")},
    "late_entry_result": {"none": gettext_lazy("Ничего (0 очков матча)"), "loss": gettext_lazy("Поражение"),
                          "draw": gettext_lazy("Ничья"), "bye": gettext_lazy("Как пропуск тура")},
    # The partnership game's (RULES-LATIN.md §12).
    "tile_set": {"double_six": gettext_lazy("Дубль-шесть, по 7 камней"),
                 "double_nine": gettext_lazy("Дубль-девять, по 10 камней")},
    "direction": {"right": gettext_lazy("Направо (против часовой стрелки)"),
                  "left": gettext_lazy("Налево (по часовой стрелке)")},
    "first_lead": {"draw": gettext_lazy("Вытянувший старший камень"),
                   "double_six": gettext_lazy("Игрок с дублем 6-6")},
    "domino_points": {"all_in_play": gettext_lazy("Очки всех трёх рук"),
                      "opponents": gettext_lazy("Очки соперников")},
    "tranque_winner": {"pair_total": gettext_lazy("Пара с меньшей суммой"),
                       "lowest_player": gettext_lazy("Пара игрока с наименьшим остатком")},
    "tranque_points": {"all_in_play": gettext_lazy("Очки всех четырёх рук"),
                       "opponents": gettext_lazy("Очки соперников"),
                       "difference": gettext_lazy("Разность сумм пар")},
    "tranque_tie": {"no_points": gettext_lazy("Никому очков"),
                    "leading_pair": gettext_lazy("Пара, начавшая раздачу"),
                    "fisher_pair": gettext_lazy("Пара, закрывшая игру")},
    "capicua": {"off": gettext_lazy("Не считается"), "add": gettext_lazy("Прибавляет очки"),
                "double": gettext_lazy("Удваивает раздачу")},
    "time_tie": {"next_hand": gettext_lazy("Решает следующая раздача"), "draw": gettext_lazy("Ничья")},
    # mistorneos: both pairs may lose (RULES-LATIN.md §8.2, example L8); symmetric: exactly one wins (L9)
    "sanction_mode": {"mistorneos": gettext_lazy("Соперник — по очкам до вычета"),
                      "symmetric": gettext_lazy("Обе пары — по очкам после вычета")},
    "ranking_order": {"won": gettext_lazy("Выигранные партии"), "efectividad": gettext_lazy("Эффективность"),
                      "points_for": gettext_lazy("Набранные очки"), "lost": gettext_lazy("Меньше проигранных"),
                      "points_against": gettext_lazy("Меньше пропущенных очков")},
}

LADDER_KIND_LABELS = {
    "warning": gettext_lazy("Предупреждение"),
    "fine": gettext_lazy("Штраф"),
    "deal_loss": gettext_lazy("Проигрыш раздачи"),
    "disqualification": gettext_lazy("Снятие с турнира"),
}


# The engine's games that a tournament of this site cannot be set to yet (a game is offered once its table
# page, standings and documents are built; every game of the engine is, now).
NOT_ON_THE_SITE: tuple[str, ...] = ()


# The federations' rule sets of the partnership game by name (``engine.rules.latin.rule_sets``).
RULE_SET_LABELS = {
    "fid": gettext_lazy("ФИД / Венесуэла"),
    "spain-300": gettext_lazy("Испания, до 300"),
    "spain-350": gettext_lazy("Испания, до 350"),
    "dominican": gettext_lazy("Доминиканская Республика"),
    "cuba-oriental": gettext_lazy("Восточная Куба"),
    "cuba-double-nine": gettext_lazy("Куба, дубль-девять"),
    "puerto-rico": gettext_lazy("Пуэрто-Рико"),
    "social": gettext_lazy("Домашняя игра"),
}


def site_presets() -> tuple[str, ...]:
    """The presets a tournament can be set to: every preset the engine knows but those not on the site yet."""
    return tuple(code for code in config.PRESETS if code not in NOT_ON_THE_SITE)


def preset_label(code: str) -> str:
    """The Russian name of a preset ("Пусто-шесть"); an unnamed preset by its code."""
    label = PRESET_LABELS.get(code)
    return str(label) if label is not None else str(code)


def preset_choices() -> list[tuple[str, str]]:
    """Every preset a tournament can be set to, in the engine's order, with its name."""
    return [(code, preset_label(code)) for code in site_presets()]


def option_label(key: str) -> str:
    return str(OPTION_LABELS.get(key, key))


def option_choices(key: str, values=None) -> list[tuple[str, str]]:
    labels = CHOICE_LABELS.get(key, {})
    return [(value, str(labels.get(value, value))) for value in (OPTION_CHOICES[key] if values is None else values)]


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
    # the partnership game's (engine.rules.latin.options)
    if code == "double_six_lead_needs_set":
        return _("С набором дубль-девять первую раздачу не может начинать дубль 6-6: он может остаться среди неразданных камней.")
    if code == "sanction_small_not_below_large":
        return _("Малый штраф должен быть меньше большого.")
    if code == "repeated_ranking_key":
        return _("Показатель выбран дважды: «%(label)s».") % {
            "label": CHOICE_LABELS["ranking_order"].get(params.get("value"), params.get("value"))}
    if code in ("bad_ranking_order", "unknown_ranking_key"):
        return _("Выберите показатели мест из списка.")
    key = getattr(exc, "key", "")
    if key == "block_scoring":
        return _("Такой счёт рыбы не подходит к тому, кто записывает очки.")
    if key == "rating":
        return _("Рейтинг ведётся, только когда очки записывает проигравшая пара.")
    if key == "time_limit_minutes":
        return _("Для партии на время укажите время на партию.")
    if key == "eggs_doubles":
        return _("Перечислите дубли через запятую, например: 1-1, 6-6.")
    return _("Значение не принято.")
