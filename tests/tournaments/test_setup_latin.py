"""The settings form with the partnership game: its options, the federations' rule sets by name, its ranking order,
and what the game refuses (another format, options that contradict each other), each on its field."""
import pytest
from django.urls import reverse

from engine.rules import config
from engine.rules.latin.rule_sets import RULE_SETS, rule_set
from events.forms_rules import rule_set_values
from events.forms_setup import TournamentForm
from tournaments.models import Tournament

from .test_setup_kozel import create, message_in_row, preset_data

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def latin_data(**changes):
    """What the browser posts for «Домино по парам»: the fields the page hides (the remark ladder, the tie-breaks,
    the other presets' options) are disabled, so not posted."""
    data = preset_data("latin", **changes)
    form = TournamentForm(data)
    shown = {name for field, presets, _shown in form.rule_fields() if "latin" in presets.split()
             for name in [field.html_name]}
    return {name: value for name, value in data.items()
            if not (name.startswith(("rule_", "ladder_", "tiebreak_")) and name not in shown)
            or name == "rule_set"}


def test_the_fid_game_as_the_page_fills_it_stores_no_override(client, creator):
    response = create(client, creator, latin_data())
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert (t.rules_preset, t.rules_overrides, t.tiebreaks) == ("latin", {}, [])
    assert t.rules() == config.PRESET_DEFAULTS["latin"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_each_federations_rule_set_is_stored_as_its_options_and_read_back_by_name(client, creator, name):
    """Picking a set fills the fields with its values (the page does it from ``rule_set_values``); the stored
    overrides are the set's own, and the edit page names the set again."""
    values = rule_set_values()[name]
    response = create(client, creator, latin_data(rule_set=name, **values))
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert t.rules().latin == rule_set(name)
    assert t.rules_overrides == rule_set(name).to_config()  # what differs from the defaults
    assert TournamentForm(tournament=t).initial["rule_set"] == name


def test_the_words_of_every_rule_set_are_on_the_page(client, creator):
    client.force_login(creator)
    html = client.get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Восточная Куба" in html and "капикуа удваивает раздачу" in html
    assert 'id="rule-sets"' in html and 'name="rule_ranking_order_1"' in html


def test_changed_options_and_a_ranking_order_are_stored(client, creator):
    data = latin_data(rule_target_points="250", rule_capicua="add", rule_capicua_bonus="30",
                      rule_time_limit_minutes="", rule_score_cap_pct="", rule_next_lead="winner_pair",
                      rule_ranking_order_1="won", rule_ranking_order_2="points_for", rule_ranking_order_3="",
                      rule_ranking_order_4="efectividad")
    response = create(client, creator, data)
    assert response.status_code == 302, response.context["form"].errors
    options = Tournament.objects.get().rules().latin
    assert (options.target_points, options.capicua, options.capicua_bonus) == (250, "add", 30)
    assert options.time_limit_minutes is None and options.score_cap_pct is None
    assert options.next_lead == "winner_pair"
    assert options.ranking_order == ("won", "points_for", "efectividad")  # the empty place skipped


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"rule_tile_set": "double_nine", "rule_first_lead": "double_six"}, "rule_first_lead",
     "С набором дубль-девять первую раздачу не может начинать дубль 6-6"),
    ({"rule_sanction_small": "80", "rule_sanction_large": "40"}, "rule_sanction_small",
     "Малый штраф должен быть меньше большого."),
    ({"rule_ranking_order_2": "won"}, "rule_ranking_order_1", "Показатель выбран дважды: «Выигранные партии»."),
    ({"rule_ranking_order_1": "", "rule_ranking_order_2": "", "rule_ranking_order_3": ""}, "rule_ranking_order_1",
     "Заполните это поле."),
    ({"rule_ranking_order_1": "coin"}, "rule_ranking_order_1", "Выберите корректный вариант."),
    ({"rule_target_points": "0"}, "rule_target_points", "Нужно целое число от 1 до 1000."),
    ({"rule_target_points": ""}, "rule_target_points", "Заполните это поле."),
    ({"rule_score_cap_pct": "99"}, "rule_score_cap_pct", "Нужно целое число от 100 до 1000."),
    ({"rule_capicua": "triple"}, "rule_capicua", "Выберите корректный вариант."),
    ({"rule_next_lead": "out_player"}, "rule_next_lead", "Выберите значение из списка."),
    ({"rule_sanction_large": "٨٠"}, "rule_sanction_large", "цифрами 0–9"),
    ({"format": "teams"}, "format", "Домино по парам пока не играется командами: выберите парный или личный зачёт."),
])
def test_what_the_game_refuses_is_said_on_its_field(client, creator, changes, field, message):
    response = create(client, creator, latin_data(**changes))
    assert response.status_code == 400
    assert message_in_row(response, field, message), response.context["form"].errors
    assert not Tournament.objects.exists()


def test_the_kozel_familys_next_lead_is_refused_for_latin_and_latins_for_kozel(client, creator):
    """The one option both games name (who leads next) takes each game's own values only."""
    response = create(client, creator, preset_data("kozel", rule_next_lead="winner_pair"))
    assert response.status_code == 400 and message_in_row(response, "rule_next_lead", "Выберите значение из списка.")


def test_the_edit_page_of_a_latin_tournament_round_trips(client, creator):
    create(client, creator, latin_data(rule_target_points="300", rule_direction="left",
                                       rule_ranking_order_1="won", rule_ranking_order_2="points_for",
                                       rule_ranking_order_3=""))
    t = Tournament.objects.get()
    form = TournamentForm(tournament=t)
    assert form.initial["rule_target_points"] == 300 and form.initial["rule_direction"] == "left"
    assert (form.initial["rule_ranking_order_1"], form.initial["rule_ranking_order_2"],
            form.initial["rule_ranking_order_3"]) == ("won", "points_for", "")
    assert form.initial["rule_set"] == ""  # a combination of its own
    assert not form.shows_ladder and not form.shows_tiebreaks


def test_an_individual_event_of_the_game_is_created_and_ranks_by_the_rules(client, creator):
    response = create(client, creator, latin_data(format="individual"))
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert (t.format, t.rules_preset, t.tiebreaks) == ("individual", "latin", [])
