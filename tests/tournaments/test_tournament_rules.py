"""A tournament's rules and tie-breaks are validated by the engine wherever they are edited."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def tournament(**kwargs):
    return Tournament(name="Кубок", slug="cup", start_date=datetime.date(2026, 11, 29), **kwargs)


def test_valid_preset_and_overrides_pass():
    t = tournament(rules_preset="federation", rules_overrides={"target_points": 150}, tiebreaks=["match_points"])
    t.full_clean()
    assert t.rules().target_points == 150 and t.rules().forfeit_score == 150


@pytest.mark.parametrize("field,kwargs", [
    ("rules_overrides", {"rules_overrides": {"deals_per_party": 8}}),
    ("rules_overrides", {"rules_overrides": {"deals_per_partie": 6}}),
    ("rules_preset", {"rules_preset": "street"}),
    ("rules_overrides", {"rules_overrides": {"preset": "federation"}}),
    ("tiebreaks", {"tiebreaks": ["match_points", "coin_toss"]}),
])
def test_bad_rules_or_tiebreaks_refused_on_the_field(field, kwargs):
    with pytest.raises(ValidationError) as err:
        tournament(**kwargs).full_clean()
    assert field in err.value.message_dict


def test_the_partnership_game_is_offered_for_pair_and_individual_events(organizer):
    """``latin`` is on the site for fixed pairs and for players with rotating partners; a team event of it is
    refused by the model (and so the service and the form), with the reason, on the format."""
    from events.forms_setup import TournamentForm
    from events.services.settings import update_rules
    from tests.factories import make_tournament
    from tournaments.presets import preset_choices, site_presets

    assert "latin" in site_presets() and "latin" in dict(preset_choices())
    tournament(rules_preset="latin", rules_overrides={"target_points": 300}).full_clean()
    tournament(rules_preset="latin", format="individual").full_clean()
    with pytest.raises(ValidationError) as err:
        tournament(rules_preset="latin", format="teams").full_clean()
    assert err.value.message_dict["format"] == [
        "Домино по парам пока не играется командами: выберите парный или личный зачёт."]
    cup = make_tournament(4)
    update_rules(organizer, cup, preset="latin", overrides={"capicua": "add"}, tiebreaks=[])
    cup.refresh_from_db()
    assert cup.rules_preset == "latin" and cup.rules().latin.capicua == "add"
    assert "latin" in [code for code, _label in TournamentForm().fields["rules_preset"].choices]
