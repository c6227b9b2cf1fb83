"""The tie-break settings of an individual event: the player's criteria and orderings are offered and stored;
a pair event refuses them with a message that names the criterion."""
import pytest

from events.forms_setup import TournamentForm
from tests.factories import make_individual, make_tournament
from tests.tournaments.test_setup import form_data

pytestmark = pytest.mark.django_db


def edit_data(tournament, **changes):
    """What the settings page of ``tournament`` posts with ``changes``."""
    form = TournamentForm(tournament=tournament)
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else str(value)
    data.update(changes)
    return data


def test_an_individual_event_offers_the_partners_score_and_the_player_number():
    solo = make_individual(5)
    form = TournamentForm(tournament=solo)
    offered = dict(form.fields["tiebreak_1"].choices)
    assert offered["partners_score"] == "очки партнёров (меньше — выше)"
    assert offered["player_number"] == "номер игрока" and "pair_number" not in offered
    assert len(form.tiebreak_fields()) == len(offered) - 1  # one place per criterion
    default = dict(form.fields["tiebreak_order"].choices)["default"]
    assert "очки партнёров (меньше — выше)" in default and "номер игрока" in default and "номер пары" not in default


def test_a_pair_event_offers_the_pairs_criteria_only():
    form = TournamentForm(tournament=make_tournament(4))
    offered = dict(form.fields["tiebreak_1"].choices)
    assert "partners_score" not in offered and "player_number" not in offered and offered["pair_number"]
    assert "номер пары" in dict(form.fields["tiebreak_order"].choices)["default"]


def test_an_individual_event_stores_a_custom_order_with_the_partners_score():
    solo = make_individual(5)
    form = TournamentForm(edit_data(solo, tiebreak_order="custom", tiebreak_1="match_points",
                                    tiebreak_2="partners_score", tiebreak_3="buchholz"), tournament=solo)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["tiebreaks"] == ["match_points", "partners_score", "buchholz"]
    solo.tiebreaks = form.cleaned_data["tiebreaks"]
    again = TournamentForm(tournament=solo)  # and the stored list reads back into the fields
    assert (again.initial["tiebreak_order"], again.initial["tiebreak_2"]) == ("custom", "partners_score")


def test_a_pair_event_refuses_the_partners_score_with_a_clear_message():
    pairs = make_tournament(4)
    form = TournamentForm(edit_data(pairs, tiebreak_order="custom", tiebreak_1="match_points",
                                    tiebreak_2="partners_score"), tournament=pairs)
    assert not form.is_valid()
    assert form.errors["tiebreak_2"] == ["«очки партнёров (меньше — выше)» — показатель личного зачёта, "
                                         "в турнире пар его нет."]
    assert "tiebreak_1" not in form.errors


def test_a_new_tournament_follows_its_posted_format():
    """The create page: the posted format decides the criteria (a pair event when the form has no format)."""
    refused = TournamentForm(form_data(tiebreak_order="custom", tiebreak_1="partners_score"))
    assert "показатель личного зачёта" in refused.errors["tiebreak_1"][0]
    solo = TournamentForm(form_data(format="individual", tiebreak_order="custom", tiebreak_1="partners_score"))
    solo.is_valid()
    assert "tiebreak_1" not in solo.errors and solo.cleaned_data["tiebreaks"] == ["partners_score"]


def test_an_unknown_criterion_is_refused_by_name():
    solo = make_individual(5)
    form = TournamentForm(edit_data(solo, tiebreak_order="custom", tiebreak_1="luck"), tournament=solo)
    assert not form.is_valid() and "tiebreak_1" in form.errors


def test_the_settings_page_of_an_individual_event_stores_the_partners_score(client, django_user_model):
    import datetime

    from django.contrib.auth.models import Permission
    from django.urls import reverse

    from events.services import setup
    from tournaments.models import Tournament

    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    user = django_user_model.objects.get(pk=user.pk)
    t = setup.create_tournament(user, {"name": "Личный кубок", "start_date": datetime.date(2026, 12, 5)})
    Tournament.objects.filter(pk=t.pk).update(format="individual")
    t.refresh_from_db()
    client.force_login(user)
    page = client.get(reverse("tournaments:edit", args=[t.slug])).content.decode()
    assert 'value="partners_score"' in page and 'value="pair_number"' not in page
    assert "номер игрока" in page  # the orderings' texts, also as the page swaps them on a change of preset
    response = client.post(reverse("tournaments:edit", args=[t.slug]),
                           edit_data(t, tiebreak_order="custom", tiebreak_1="match_points",
                                     tiebreak_2="partners_score"))
    assert response.status_code == 302, response.context["form"].errors
    t.refresh_from_db()
    assert t.tiebreaks == ["match_points", "partners_score"]
