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
