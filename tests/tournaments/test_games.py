"""The tournament's game (tournaments.games): one object per game, chosen once from the rules, and the parts
each app keeps per game (the table page, the deal form, the score sheet, the deals sheet) for every game."""
import pytest
from django.utils import translation

from engine.rules import Rules
from engine.rules.config import PRESETS
from referees import game_entry
from scoring import game_forms
from scoring.reports import game_sheets, tabular
from tournaments.games import GAMES, HandGame, KozelGame, SportGame, game_of
from tournaments.presets import site_presets


def game(preset, **overrides):
    return game_of(Rules.from_config({"preset": preset, **overrides}))


@pytest.mark.parametrize(("preset", "cls"), [
    ("federation", SportGame), ("pusto-shest", SportGame), ("kozel", KozelGame), ("morskoy-kozel", KozelGame),
    ("hand-points", HandGame)])
def test_the_game_is_chosen_from_the_preset(preset, cls):
    assert type(game(preset)) is cls


def test_every_preset_the_site_offers_has_a_game_and_every_app_has_its_parts():
    """A game the site offers has its table page, its deal form, its score sheet and its deals sheet's columns:
    a missing row would fail the page at the table, not here."""
    for preset in site_presets():
        code = game(preset).code
        assert code in GAMES
        for table in (game_entry.ENTRIES, game_forms.DEAL_FORMS, game_sheets.SHEETS, tabular.DEAL_COLUMNS):
            assert code in table, (preset, table)
    assert set(PRESETS) == set(site_presets())  # every game of the engine is offered


def test_only_the_kozel_family_counts_goats_plays_games_and_lets_a_pair_leave():
    for preset in ("federation", "hand-points"):
        g = game(preset)
        assert (g.counts_goats, g.plays_games, g.allows_abandonment, g.pairs_by_standings) == (False,) * 4
    k = game("kozel")
    assert (k.counts_goats, k.plays_games, k.allows_abandonment, k.pairs_by_standings) == (True,) * 4


def test_only_the_sport_game_sums_two_parties_and_names_a_shuffler_and_deals_its_own_simulation():
    assert (game("federation").sums_two_parties, game("kozel").sums_two_parties,
            game("hand-points").sums_two_parties) == (True, False, False)
    assert (game("federation").names_shuffler, game("kozel").names_shuffler,
            game("hand-points").names_shuffler) == (True, False, True)
    assert (game("federation").engine_deals_partie, game("kozel").engine_deals_partie,
            game("hand-points").engine_deals_partie, game("latin").engine_deals_partie) == (False, True, True, True)


def test_hand_points_have_no_redeals_the_others_do():
    assert (game("federation").has_redeals, game("kozel").has_redeals, game("hand-points").has_redeals) == (
        True, True, False)


def test_the_lead_note_follows_the_game_and_the_kozel_lead_option():
    with translation.override("ru"):
        assert game("federation").lead_note() == "Первым заходит A1."
        assert game("kozel").lead_note().startswith("Первую раздачу каждой игры начинает тот, у кого дубль 1-1")
        assert game("kozel", next_lead="rotate").lead_note() == "Первым заходит A1."
        assert game("hand-points").lead_note() == ""


def test_the_sheet_length_in_each_game():
    with translation.override("ru"):
        assert game("federation", partie_length="deals", deals_per_partie=4).sheet_length() == "раздач: 4"
        assert game("federation", partie_length="target", target_points=200,
                    time_limit_minutes=40).sheet_length() == "до 200 очков, 40 мин"
        assert game("kozel", games_per_partie=2, target_points=101).sheet_length() == "игр: 2, до 101"
        assert game("hand-points", partie_length="time", time_limit_minutes=30).sheet_length() == "30 мин"
        assert game("hand-points", partie_length="target", target_points=150).sheet_length() == "до 150 очков"


def test_a_lone_double_six_counts_by_the_kozel_values_only_in_the_kozel_family():
    kozel = game("kozel", lone_double_six=25)
    assert kozel.hand_value(["6-6"], "A1", 1) == 25
    assert game("federation").hand_value(["6-6"], "A1", 1) == 12
    assert kozel.hand_value(None, "A1", 1) is None and game("federation").hand_value(None, "A1", 1) is None


def test_the_summary_sentence_names_the_game():
    with translation.override("ru"):
        assert game("federation").summary("Федерация", "партия до 200 очков").startswith("Спортивное домино")
        assert "очки записывает" in game("kozel").summary("Козёл", "партия из 2 игр")
        assert game("hand-points").summary("На очки", "партия 30 минут").startswith("Игра на очки")


def test_the_table_page_of_each_game():
    assert type(game_entry.entry_of(game("federation"))) is game_entry.TableEntry
    assert game_entry.entry_of(game("kozel")).templates["fields"] == "referees/_deal_fields_kozel.html"
    assert game_entry.entry_of(game("hand-points")).types_points
    assert not game_entry.entry_of(game("federation")).types_points
    assert game_forms.deal_form_class(game("hand-points").rules) is game_forms.HandPointsDealForm
    assert game_forms.deal_form_class(game("kozel").rules) is game_forms.KozelDealForm
    assert game_forms.deal_form_class(game("federation").rules) is game_forms.SportDealForm


@pytest.mark.parametrize(("overrides", "words"), [
    ({}, ["правила «ФИД / Венесуэла»", "партия до 200 очков, не дольше 40 мин",
           "Места — по показателям: выигранные партии → эффективность → набранные очки."]),
    ({"ranking_order": ["won", "points_for"]}, ["Места — по показателям: выигранные партии → набранные очки."]),
    ({"target_points": 300}, ["правила «Испания, до 300»", "до 300 очков"]),
    ({"tile_set": "double_nine"}, ["правила «Куба, дубль-девять»", "набор дубль-девять"]),
    ({"first_lead": "double_six", "next_lead": "winner_pair", "domino_points": "opponents",
      "tranque_points": "opponents", "capicua": "add", "capicua_bonus": 25, "paso_redondo_bonus": 25},
     ["«Доминиканская Республика»", "дубль 6-6", "очки соперников", "капикуа +25", "пас по кругу +25"]),
    ({"tranque_winner": "lowest_player", "tranque_tie": "leading_pair", "capicua": "double"},
     ["«Восточная Куба»", "игрок с наименьшим остатком", "капикуа удваивает"]),
    ({"target_points": 150, "time_limit_minutes": None}, ["Домино по парам: партия до 150 очков, без ограничения"]),
])
def test_the_partnership_games_rules_in_words_name_its_rule_set(overrides, words):
    """The public page's sentence (rules_text): the federation's set by its name, and what differs."""
    from tournaments.rules_text import describe_rules

    with translation.override("ru"):
        text = describe_rules(Rules.from_config({"preset": "latin", **overrides}))
    for word in words:
        assert word in text, (word, text)
    assert "Очки матча" not in text  # no match points in this game
    if overrides.get("target_points") == 150:
        assert "правила «" not in text  # a tournament's own combination names no set


def test_every_rule_set_has_its_name():
    from engine.rules.latin.rule_sets import RULE_SETS
    from tournaments.presets import RULE_SET_LABELS

    assert set(RULE_SET_LABELS) == set(RULE_SETS)
