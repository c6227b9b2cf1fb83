"""The widgets written in Python give exactly the HTML of Django's templates, hostile values included."""
import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override
from hypothesis import given, settings
from hypothesis import strategies as st

from config.form_renderer import INPUT_TYPES, OPTION_TYPES, FastWidgetRenderer, fast_templates

FAST, SLOW = FastWidgetRenderer(), DjangoTemplates()
HOSTILE = ["", "0", '"><script>alert(1)</script>', "=SUM(A1:A9)", "&amp; & < > ' \"", "٣²", "x" * 10_000,
           "Иванов-Петров", "{{ widget.name }}", "{% now 'Y' %}", "%s %d"]
VALUES = [None, 0, 7, -3, 1.5, 10**30, True, False, mark_safe("<b>safe</b>"), gettext_lazy("Рыба"), ("a", 1),
          *HOSTILE]


def both(name, widget):
    context = {"widget": widget}
    return FAST.render(name, context), SLOW.render(name, context)


def test_every_plain_input_template_is_written_in_python():
    from django.forms.renderers import get_default_renderer

    assert isinstance(get_default_renderer(), FastWidgetRenderer)  # the site's forms use it
    fast = fast_templates()
    for kind in INPUT_TYPES + OPTION_TYPES:
        assert f"django/forms/widgets/{kind}.html" in fast


@pytest.mark.parametrize("kind", INPUT_TYPES)
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_inputs_match_django(kind, value):
    widget = {"type": kind, "name": f"hand_{kind}", "value": value, "required": False, "is_hidden": False,
              "attrs": {"id": "id_x", "class": value, "disabled": True, "hidden": False, "data-v": value}}
    fast, slow = both(f"django/forms/widgets/{kind}.html", widget)
    assert fast == slow


@pytest.mark.parametrize("kind", OPTION_TYPES)
@pytest.mark.parametrize("wrap_label", [True, False])
@pytest.mark.parametrize("label", VALUES, ids=repr)
def test_options_match_django(kind, wrap_label, label):
    for attrs in ({"id": "id_seat_0", "checked": True}, {"id": ""}, {}, None):
        widget = {"type": "radio", "name": "seat", "value": "A1", "label": label, "selected": True, "index": "0",
                  "attrs": attrs, "wrap_label": wrap_label, "template_name": f"django/forms/widgets/{kind}.html"}
        fast, slow = both(f"django/forms/widgets/{kind}.html", widget)
        assert fast == slow


def test_missing_keys_render_as_the_templates_do():
    for name in ("django/forms/widgets/text.html", "django/forms/widgets/radio_option.html"):
        for widget in ({}, {"attrs": None}, {"wrap_label": True}):
            fast, slow = both(name, widget)
            assert fast == slow


@settings(max_examples=150, deadline=None)
@given(value=st.one_of(st.none(), st.text(max_size=40), st.integers(), st.booleans()),
       attr=st.text(min_size=1, max_size=12).filter(lambda s: s.strip() == s and s.isprintable()),
       label=st.text(max_size=30))
def test_any_value_matches_django(value, attr, label):
    widget = {"type": "text", "name": "note", "value": value, "attrs": {attr: value}, "label": label,
              "wrap_label": True}
    for name in ("django/forms/widgets/text.html", "django/forms/widgets/radio_option.html"):
        fast, slow = both(name, widget)
        assert fast == slow


def test_a_localised_number_label_is_written_as_the_template_writes_it():
    widget = {"type": "radio", "name": "n", "value": 1.5, "label": 1.5, "attrs": {"id": "id_n_0"}, "wrap_label": True}
    for language in ("ru", "en"):
        with override(language):
            fast, slow = both("django/forms/widgets/radio_option.html", widget)
            assert fast == slow
    with override("ru"):
        assert "1,5</label>" in both("django/forms/widgets/radio_option.html", widget)[0]


class Sample(forms.Form):
    name = forms.CharField(max_length=30, widget=forms.TextInput(attrs={"placeholder": "<имя>"}))
    hand = forms.IntegerField(min_value=0, required=False)
    seat = forms.ChoiceField(choices=[("A1", "A1 «Анна»"), ("B1", mark_safe("<i>B1</i>"))], widget=forms.RadioSelect)
    flags = forms.MultipleChoiceField(choices=[("x", "x&y")], widget=forms.CheckboxSelectMultiple, required=False)
    ok = forms.BooleanField(required=False)
    version = forms.IntegerField(widget=forms.HiddenInput)
    secret = forms.CharField(widget=forms.PasswordInput(render_value=True), required=False)


@pytest.mark.parametrize("data", [None, {"name": '"><script>', "hand": "٣", "seat": "B1", "flags": ["x"], "ok": "on",
                                         "version": "10" * 20, "secret": "<p>"}])
def test_whole_forms_match_django(data):
    fast = Sample(data, renderer=FAST, initial={"version": 3, "seat": "A1"})
    slow = Sample(data, renderer=SLOW, initial={"version": 3, "seat": "A1"})
    assert str(fast) == str(slow)
    for a, b in zip(fast, slow):
        assert str(a) == str(b)
        for x, y in zip(a.subwidgets, b.subwidgets):
            assert (x.tag(), str(x)) == (y.tag(), str(y))


@pytest.mark.django_db
def test_the_table_page_is_the_same_with_either_renderer(client, django_user_model, monkeypatch):
    from django.forms import renderers

    from referees.models import RoleKind, TournamentRole
    from tests.factories import make_round, make_tournament

    cup = make_tournament(4)
    partie = make_round(cup, 1, [(1, 2), (3, 4)]).parties.get(table=1)
    referee = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    url = f"/referee/partie/{partie.pk}/"
    client.post(f"{url}deal/", {"n": 1, "version": 0, "result": "domino", "out": "A1", "hand_B1": 10,
                                "hand_A2": 5, "hand_B2": 7})
    client.get(url)  # shows (and so clears) the message "deal 1 saved"

    def page(renderer):
        monkeypatch.setattr(renderers, "get_default_renderer", lambda: renderer)
        monkeypatch.setattr(forms.Form, "default_renderer", renderer)
        html = client.get(url).content.decode()
        bad = client.post(f"{url}deal/", {"n": 2, "version": 1, "result": "block", "hand_A1": "٣",
                                          "hand_B1": '"><b>'}).content.decode()
        unmask = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
        return unmask.sub("csrf", html), unmask.sub("csrf", bad)

    fast, slow = page(FAST), page(SLOW)
    assert 'name="hand_A1"' in fast[0] and "&quot;&gt;&lt;b&gt;" in fast[1]
    assert fast == slow


class Selects(forms.Form):
    reason = forms.ChoiceField(choices=[("", "—"), ("time", "Задержка <игры>"), ("talk", mark_safe("<i>Разговоры</i>")),
                                        (3, 1.5)])
    grouped = forms.ChoiceField(choices=[("Первая «группа»", [("a", "A & B"), ("b", "B")]), ("c", "C")],
                                widget=forms.Select(attrs={"class": "wide", "data-x": '"q"', "required": True}))
    many = forms.MultipleChoiceField(choices=[("x", "x"), ("y", "<y>")], required=False)


class OwnOption(forms.Select):
    option_template_name = "django/forms/widgets/input_option.html"  # a widget with options of its own


@pytest.mark.parametrize("data", [None, {"reason": "talk", "grouped": "b", "many": ["x", "y"]},
                                  {"reason": '"><script>', "grouped": "٣", "many": ["&"]}])
def test_selects_match_django(data):
    for language in ("ru", "en"):
        with override(language):
            fast, slow = Selects(data, renderer=FAST), Selects(data, renderer=SLOW)
            for a, b in zip(fast, slow):
                assert str(a) == str(b)
    assert "<optgroup" in str(Selects(renderer=FAST)["grouped"])


def test_a_select_with_options_of_its_own_goes_to_the_templates():
    widget = OwnOption(choices=[("a", "<a>")])
    assert widget.render("x", "a", renderer=FAST) == widget.render("x", "a", renderer=SLOW)
    context = widget.get_context("x", "a", None)
    assert FAST.fast["django/forms/widgets/select.html"](context["widget"]) is None
