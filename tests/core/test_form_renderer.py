"""The form renderer draws Django's plain widgets in Python: byte for byte what Django's templates draw."""
import datetime
import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.forms.utils import ErrorList
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

from core import form_renderer
from core.form_renderer import FormRenderer, drawn_templates

DJANGO = DjangoTemplates()
OURS = FormRenderer()

HOSTILE = st.text(alphabet=st.sampled_from(list("aZ09 -_<>&\"'=/ёЖ\u00a0\n\t{}%")), max_size=12)
ATTR_NAMES = st.sampled_from(["class", "id", "data-x", "placeholder", "maxlength", "required", "disabled",
                              "autocomplete", "inputmode", "aria-label", "on<x>", "pattern"])
ATTR_VALUES = st.one_of(st.booleans(), HOSTILE, st.integers(-10**7, 10**7), HOSTILE.map(mark_safe),
                        st.decimals(places=2, allow_nan=False, allow_infinity=False, min_value=-10**5,
                                    max_value=10**5), st.tuples(st.integers(0, 9), HOSTILE))
ATTRS = st.dictionaries(ATTR_NAMES, ATTR_VALUES, max_size=5)
VALUES = st.one_of(st.none(), HOSTILE, st.integers(-10**6, 10**6), HOSTILE.map(mark_safe),
                   st.dates(min_value=datetime.date(1900, 1, 1)))
LABELS = st.one_of(HOSTILE, st.integers(-10**6, 10**6), HOSTILE.map(mark_safe))
CHOICES = st.lists(st.tuples(st.one_of(HOSTILE, st.integers(0, 10**5)), LABELS), max_size=5)


def both(draw):
    return draw(DJANGO), draw(OURS)


def test_this_django_has_the_widgets_drawn_in_python():
    drawn = set(OURS.drawn)
    for name in ("text.html", "hidden.html", "number.html", "email.html", "password.html", "checkbox.html",
                 "radio_option.html", "checkbox_option.html", "select.html", "input.html"):
        assert f"django/forms/widgets/{name}" in drawn
    assert "django/forms/errors/list/default.html" in drawn
    assert "django/forms/widgets/multiple_input.html" not in drawn  # a template it does not mirror


def test_a_template_whose_text_differs_is_left_to_django(monkeypatch):
    monkeypatch.setitem(form_renderer.SOURCES, form_renderer.INPUT, "<input>{{ widget.name }}")
    assert drawn_templates(OURS) == {}


def test_the_site_renders_its_forms_with_it():
    from django.forms.renderers import get_default_renderer

    assert isinstance(get_default_renderer(), FormRenderer)


@settings(max_examples=300, deadline=None)
@given(widget=st.sampled_from([forms.TextInput, forms.HiddenInput, forms.NumberInput, forms.EmailInput,
                               forms.PasswordInput, forms.DateInput, forms.URLInput]),
       name=HOSTILE, value=VALUES, attrs=ATTRS)
def test_an_input_is_drawn_as_django_draws_it(widget, name, value, attrs):
    w = widget(attrs=attrs)
    django, ours = both(lambda r: w.render(name, value, renderer=r))

    assert ours == django


@settings(max_examples=200, deadline=None)
@given(value=st.one_of(st.none(), st.booleans(), HOSTILE), attrs=ATTRS)
def test_a_checkbox_is_drawn_as_django_draws_it(value, attrs):
    w = forms.CheckboxInput(attrs=attrs)
    django, ours = both(lambda r: w.render("agree", value, renderer=r))

    assert ours == django


@settings(max_examples=300, deadline=None)
@given(widget=st.sampled_from([forms.RadioSelect, forms.CheckboxSelectMultiple]), choices=CHOICES,
       attrs=ATTRS, pick=st.integers(0, 5), with_id=st.booleans())
def test_radio_buttons_and_checkboxes_drawn_one_by_one_are_as_djangos(widget, choices, attrs, pick, with_id):
    """The table page draws its radio buttons one by one (``{{ radio.tag }}``, ``{{ radio }}``)."""
    if with_id:
        attrs = {**attrs, "id": "id_result"}
    field = forms.ChoiceField(choices=choices, widget=widget(attrs=attrs), required=False)

    class Form(forms.Form):
        result = field

    value = str(choices[pick][0]) if pick < len(choices) else ""

    def draw(renderer):
        bound = Form(data={"result": value}, renderer=renderer)["result"]
        return [(radio.tag(), str(radio)) for radio in bound] + [str(bound)]

    django, ours = both(draw)

    assert ours == django


@settings(max_examples=300, deadline=None)
@given(choices=CHOICES, groups=st.lists(st.tuples(HOSTILE, CHOICES), max_size=3), attrs=ATTRS,
       multiple=st.booleans(), value=st.one_of(st.none(), HOSTILE, st.integers(0, 10**5)))
def test_a_select_is_drawn_as_django_draws_it(choices, groups, attrs, multiple, value):
    widget = (forms.SelectMultiple if multiple else forms.Select)(attrs=attrs, choices=choices + groups)
    shown = [value] if multiple else value
    django, ours = both(lambda r: widget.render("reason", shown, renderer=r))

    assert ours == django


@settings(max_examples=200, deadline=None)
@given(messages=st.lists(st.one_of(HOSTILE, HOSTILE.map(mark_safe)), max_size=3),
       error_class=st.one_of(st.none(), HOSTILE), field_id=st.one_of(st.none(), HOSTILE))
def test_an_error_list_is_drawn_as_django_draws_it(messages, error_class, field_id):
    django, ours = both(lambda r: str(ErrorList(messages, error_class=error_class, renderer=r, field_id=field_id)))

    assert ours == django


def test_a_select_whose_options_have_a_template_of_their_own_is_left_to_django():
    class Fancy(forms.Select):
        option_template_name = "django/forms/widgets/input_option.html"

    widget = Fancy(choices=[("a", "A")])
    assert widget.render("x", "a", renderer=OURS) == widget.render("x", "a", renderer=DJANGO)
    assert "<input" in widget.render("x", "a", renderer=OURS)


FORM_KEY = re.compile(r'(name="(?:form_key|csrfmiddlewaretoken)" value=")[^"]*"')


@pytest.mark.django_db
def test_the_table_page_with_its_errors_is_the_same_page_under_both_renderers(client, settings):
    from django.contrib.auth import get_user_model

    from access.models import RoleKind, TournamentRole
    from tests.factories import make_round, make_tournament

    cup = make_tournament(4, slug="renderers")
    partie = make_round(cup, 1, [(1, 2), (3, 4)]).parties.get(table=1)
    user = get_user_model().objects.create_user("ref", password="x")
    TournamentRole.objects.create(tournament=cup, user=user, role=RoleKind.REFEREE)
    client.force_login(user)
    url = f"/referee/partie/{partie.pk}/"

    def pages():
        fresh = client.get(url).content.decode()
        refused = client.post(f"{url}deal/", {"n": 1, "version": 0, "result": "domino", "hand_A1": "<b>x</b>"},
                              follow=True).content.decode()
        return [FORM_KEY.sub(r'\1…"', page) for page in (fresh, refused)]

    ours = pages()
    settings.FORM_RENDERER = "django.forms.renderers.DjangoTemplates"
    django = pages()

    assert ours == django
    assert 'type="radio"' in ours[0] and "&lt;b&gt;x&lt;/b&gt;" in ours[1] and "<b>x</b>" not in ours[1]
