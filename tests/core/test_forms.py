"""A service's refusal lands next to the field it names, in the forms of every app."""
from django import forms

from core.errors import InvalidInput, NotAllowed
from core.forms import ServiceErrorsMixin
from events.forms import PairForm, SubstituteForm
from scoring import errors as scoring_errors
from scoring.forms import DealForm
from tournaments import errors as tournament_errors


class HandsForm(ServiceErrorsMixin, forms.Form):
    seat_field = "hand_{seat}"
    hand_A1 = forms.CharField(required=False)
    out = forms.CharField(required=False)


def bound(form_class):
    form = form_class(data={})
    form.is_valid()
    return form


def test_a_field_error_goes_to_its_field_a_seat_error_to_the_seat_and_the_rest_above():
    form = bound(HandsForm)
    form.add_service_error(InvalidInput("Укажите, кто вышел.", field="out"))
    form.add_service_error(scoring_errors.InvalidInput("Не та сумма.", seat="A1"))
    form.add_service_error(NotAllowed("Протокол подписан."))
    form.add_service_error(InvalidInput("Нет такого поля.", field="nowhere"))
    assert form.errors["out"] == ["Укажите, кто вышел."]
    assert form.errors["hand_A1"] == ["Не та сумма."]
    assert form.non_field_errors() == ["Протокол подписан.", "Нет такого поля."]


def test_every_bad_field_of_an_organizer_error_is_shown_at_its_field():
    form = bound(PairForm)
    form.add_service_error(tournament_errors.InvalidFields([("player1_name", "Пусто."), ("rating", "Не число.")]))
    assert "Пусто." in form.errors["player1_name"] and "Не число." in form.errors["rating"]


def test_aliases_map_the_services_field_names_to_the_forms():
    form = bound(SubstituteForm)
    form.add_service_error(tournament_errors.InvalidInput("Слишком длинное.", field="player2_club"),
                           aliases={"player2_club": "club"})
    assert "Слишком длинное." in form.errors["club"]


def test_the_apps_forms_share_the_one_mixin():
    assert issubclass(DealForm, ServiceErrorsMixin) and issubclass(PairForm, ServiceErrorsMixin)
