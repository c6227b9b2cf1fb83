"""The settings form with the Kozel family and hand points: only the chosen preset's options, stored as the difference."""
from html import unescape

import pytest
from django.urls import reverse

from engine.rules import config
from events.forms_rules import preset_values
from events.forms_setup import TournamentForm
from tournaments.models import Tournament
from tournaments.presets import preset_label

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _post_value(data, name, value):
    if isinstance(value, bool):
        if value:
            data[name] = "on"
        else:
            data.pop(name, None)
    else:
        data[name] = "" if value is None else str(value)


def preset_data(preset, **changes):
    """What the create page posts once the organizer picks ``preset`` and types a name (the page's own values)."""
    form = TournamentForm()
    data = {}
    for name, field in form.fields.items():
        _post_value(data, name, form.initial.get(name, field.initial))
    for name, value in preset_values()[preset].items():
        _post_value(data, name, value)
    data.update(name="Кубок двора", slug="", start_date="2026-12-05", rounds_planned="3", rules_preset=preset)
    for name, value in changes.items():
        _post_value(data, name, value)
    return data


def create(client, creator, data):
    client.force_login(creator)
    return client.post(reverse("tournaments:create"), data, HTTP_ACCEPT_LANGUAGE="ru")


def message_in_row(response, field, message):
    html = response.content.decode()
    row = html[html.index(f'id="row-{field}"'):]
    row = row[:row.index('<div class="field', 1)] if '<div class="field' in row[1:] else row[:6000]
    return "errorlist" in row and message in unescape(row)


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel", "hand-points"])
def test_a_preset_kept_as_it_is_stores_no_override(client, creator, preset):
    response = create(client, creator, preset_data(preset))
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert t.rules_preset == preset and t.rules_overrides == {}
    assert t.rules() == config.PRESET_DEFAULTS[preset]


def test_a_kozel_tournament_stores_exactly_the_changed_options(client, creator):
    data = preset_data("kozel", rule_open_threshold="0", rule_lead_bonus_66="50", rule_eggs_doubles="1-1, 2-2,3-3",
                       rule_eggs="play_off", rule_rating=False, rule_remember_small="one_deal")
    response = create(client, creator, data)
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert t.rules_preset == "kozel"
    assert t.rules_overrides == {"open_threshold": 0, "lead_bonus": {"6-6": 50, "0-0": 0},
                                 "eggs_doubles": ["1-1", "2-2", "3-3"], "eggs": "play_off", "rating": False,
                                 "remember_small": "one_deal"}
    rules = t.rules()
    assert rules.bonus("lead", "6-6") == 50 and rules.eggs_doubles == ("1-1", "2-2", "3-3") and not rules.rating


def test_edit_page_of_a_kozel_tournament_round_trips(client, creator):
    create(client, creator, preset_data("morskoy-kozel", rule_finish_bonus_00="25", rule_next_lead="out_partner",
                                        rule_time_limit_minutes="30"))
    t = Tournament.objects.get()
    stored = dict(t.rules_overrides)
    assert stored == {"finish_bonus": {"6-6": 0, "0-0": 25}, "next_lead": "out_partner", "time_limit_minutes": 30}
    form = client.get(reverse("tournaments:edit", args=[t.slug])).context["form"]
    data = {}
    for name, field in form.fields.items():
        _post_value(data, name, form.initial.get(name, field.initial))
    data["name"] = "Кубок двора (перенесён)"
    response = client.post(reverse("tournaments:edit", args=[t.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    t.refresh_from_db()
    assert t.name == "Кубок двора (перенесён)" and t.rules_overrides == stored


def test_options_of_another_preset_are_ignored(client, creator):
    data = preset_data("pusto-shest", rule_wipe_on_record=True, rule_recorder="<script>alert(1)</script>",
                       rule_lead_bonus_66="٣", rule_eggs_doubles="Я" * 10_000, rule_higher_wins=False)
    response = create(client, creator, data)
    assert response.status_code == 302, response.context["form"].errors
    t = Tournament.objects.get()
    assert t.rules_preset == "pusto-shest" and t.rules_overrides == {}


def test_options_of_the_chosen_preset_only_are_shown(client, creator):
    client.force_login(creator)
    html = client.get(reverse("tournaments:create")).content.decode()
    for preset in ("kozel", "morskoy-kozel", "hand-points"):
        assert f">{preset_label(preset)}<" in html
    assert f">{preset_label('kozel')}<" == ">Козёл<"
    wrapper = '<div class="rule-option"'
    sport_row = html[html.rindex(wrapper, 0, html.index('id="row-rule_deals_per_partie"')):]
    assert " hidden" not in sport_row[:sport_row.index(">")]
    kozel_row = html[html.rindex(wrapper, 0, html.index('id="row-rule_recorder"')):]
    assert 'data-presets="kozel morskoy-kozel"' in kozel_row[:kozel_row.index(">")]
    assert " hidden" in kozel_row[:kozel_row.index(">")]
    assert ">recorder<" not in html and ">Проигравшая пара<" in html


@pytest.mark.parametrize("preset,field,value,message", [
    ("kozel", "rule_recorder", "boss", "Выберите корректный вариант"),
    ("kozel", "rule_recorder", "<script>alert(1)</script>", "Выберите корректный вариант"),
    ("kozel", "rule_six_finish_wins", "", "Заполните это поле"),
    ("kozel", "rule_partie_length", "deals", "Выберите значение из списка"),
    ("pusto-shest", "rule_partie_length", "games", "Выберите значение из списка"),
    ("morskoy-kozel", "rule_block_scoring", "each_own", "не подходит к тому, кто записывает"),
    ("kozel", "rule_eggs_doubles", "1-2", "например: 1-1, 6-6"),
    ("kozel", "rule_eggs_doubles", "٣-٣", "например: 1-1, 6-6"),
    ("kozel", "rule_eggs_doubles", "=HYPERLINK(1)", "например: 1-1, 6-6"),
    ("kozel", "rule_eggs_doubles", "1-1, " * 2000, "Не более 60"),
    ("kozel", "rule_eggs_doubles", "", "Заполните это поле"),
    ("kozel", "rule_lead_bonus_00", "101", "Не больше 100"),
    ("kozel", "rule_finish_bonus_66", "²", "цифрами 0–9"),
    ("kozel", "rule_open_threshold", "169", "от 0 до 168"),
    ("kozel", "rule_dry_goat_value", "99999999999999999999", "цифрами 0–9"),
    ("kozel", "rule_dry_goat_value", "0", "от 1 до 10"),
    ("hand-points", "rule_time_limit_minutes", "", "укажите время"),
])
def test_bad_value_gets_a_message_next_to_its_field(client, creator, preset, field, value, message):
    changes = {field: value}
    if preset == "hand-points":
        changes["rule_partie_length"] = "time"
    response = create(client, creator, preset_data(preset, **changes))
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors, errors
    assert message in " ".join(errors[field])
    assert message_in_row(response, field, message)
    assert "<script>alert" not in response.content.decode()
    assert not Tournament.objects.exists()


def test_kozel_rating_needs_the_losers_to_record(client, creator):
    response = create(client, creator, preset_data("kozel", rule_recorder="winner", rule_block_scoring="opponents"))
    assert response.status_code == 400
    assert message_in_row(response, "rule_rating", "проигравшая пара")
    response = create(client, creator, preset_data("kozel", rule_recorder="winner", rule_block_scoring="opponents",
                                                   rule_rating=False))
    assert response.status_code == 302, response.context["form"].errors
    assert Tournament.objects.get().rules_overrides == {"recorder": "winner", "block_scoring": "opponents",
                                                        "rating": False}
