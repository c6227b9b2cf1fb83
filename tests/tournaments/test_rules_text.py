"""A tournament's rules in words (tournaments.rules_text): read from the rules, never written per preset."""
import pytest
from django.utils.translation import override

from engine.rules import Rules
from tournaments.presets import preset_label, site_presets
from tournaments.rules_text import describe_rules


def words(config):
    with override("ru"):
        return describe_rules(Rules.from_config(config))


def test_the_club_preset_reads_its_deals_and_match_points():
    assert words({"preset": "pusto-shest"}) == ("Спортивное домино, регламент «Пусто-шесть»: партия из 4 раздач. "
                                                "Очки матча: победа — 1, ничья — 0, поражение — 0.")


def test_the_federation_preset_reads_its_target_and_time_limit():
    assert words({"preset": "federation"}).startswith(
        "Спортивное домино, регламент «Федерация»: партия до 200 очков, не дольше 40 минут.")


def test_the_overrides_change_the_words():
    assert "партия из 8 раздач" in words({"preset": "pusto-shest", "deals_per_partie": 8})
    assert "до 101 очка, не дольше 21 минуты" in words({"preset": "federation", "target_points": 101,
                                                       "time_limit_minutes": 21})
    assert "победа — 2, ничья — 1" in words({"preset": "pusto-shest", "match_points_win": 2, "match_points_draw": 1})


def test_the_kozel_family_reads_its_games_target_and_who_records():
    assert words({"preset": "kozel"}).startswith(
        "«Козёл»: партия из 1 игры, игра до 101 очка; очки записывает проигравшая пара.")
    assert words({"preset": "morskoy-kozel", "games_per_partie": 3}).startswith(
        "«Морской козёл»: партия из 3 игр, игра до 125 очков; очки записывает выигравшая пара.")


def test_hand_points_say_the_referee_enters_them():
    assert words({"preset": "hand-points"}).startswith(
        "Игра на очки (очки каждой раздачи вводит судья): партия до 100 очков.")
    assert "партия на время: 30 минут" in words({"preset": "hand-points", "partie_length": "time",
                                                "time_limit_minutes": 30})


@pytest.mark.parametrize("preset", site_presets())
def test_every_preset_has_two_sentences_in_russian_and_in_english(preset):
    text = words({"preset": preset})
    assert text.count(". ") == 1 and text.endswith(".") and preset not in text
    assert preset_label(preset) in text or preset == "hand-points"
    with override("en"):
        english = describe_rules(Rules.from_config({"preset": preset}))
    assert english != text and "Очки" not in english
