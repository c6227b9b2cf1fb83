"""Django's form renderer with its plain widgets drawn in Python: the same HTML, a fraction of the time.

A table page draws about 25 widgets (the deal's radio buttons, its hidden and text fields, the remark's
select). Each went through Django's widget templates — ``text.html`` includes ``input.html``, which
includes ``attrs.html`` — and the template machinery cost 13 ms of the page's 30 ms; 256 such pages are
drawn within seconds when a round starts and again when its parties end.

``FormRenderer`` draws those few templates (inputs, radio and checkbox options, selects, the error list)
with the same markup in Python, and leaves every other template to Django. It reads Django's own sources
of the templates it replaces when it starts: a template whose text is not the one mirrored here (a newer
Django, a template overridden by an app) is rendered by Django as before, so the output never differs.
"""
from __future__ import annotations

from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
from django.template import TemplateDoesNotExist
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData
from django.utils.timezone import template_localtime

TEMPLATES = Path(django.forms.__file__).parent / "templates"  # Django's own form and widget templates
WIDGETS = "django/forms/widgets/"
INPUT = WIDGETS + "input.html"
OPTION = WIDGETS + "input_option.html"
SELECT_OPTION = WIDGETS + "select_option.html"
ERRORS = "django/forms/errors/list/default.html"

# The sources drawn in Python below, as Django 5.2 ships them. Another text: Django renders it.
SOURCES = {
    INPUT: '<input type="{{ widget.type }}" name="{{ widget.name }}"{% if widget.value != None %} '
           'value="{{ widget.value|stringformat:\'s\' }}"{% endif %}{% include "django/forms/widgets/attrs.html" %}>\n',
    WIDGETS + "attrs.html": '{% for name, value in widget.attrs.items %}{% if value is not False %} {{ name }}'
                            '{% if value is not True %}="{{ value|stringformat:\'s\' }}"{% endif %}{% endif %}'
                            '{% endfor %}',
    OPTION: '{% if widget.wrap_label %}<label{% if widget.attrs.id %} for="{{ widget.attrs.id }}"{% endif %}>'
            '{% endif %}{% include "django/forms/widgets/input.html" %}{% if widget.wrap_label %} '
            '{{ widget.label }}</label>{% endif %}\n',
    WIDGETS + "select.html": '<select name="{{ widget.name }}"{% include "django/forms/widgets/attrs.html" %}>'
                             '{% for group_name, group_choices, group_index in widget.optgroups %}'
                             '{% if group_name %}\n  <optgroup label="{{ group_name }}">{% endif %}'
                             '{% for option in group_choices %}\n  '
                             '{% include option.template_name with widget=option %}{% endfor %}'
                             '{% if group_name %}\n  </optgroup>{% endif %}{% endfor %}\n</select>\n',
    SELECT_OPTION: '<option value="{{ widget.value|stringformat:\'s\' }}"'
                   '{% include "django/forms/widgets/attrs.html" %}>{{ widget.label }}</option>\n',
    ERRORS: '{% include "django/forms/errors/list/ul.html" %}',
    "django/forms/errors/list/ul.html": '{% if errors %}<ul class="{{ error_class }}"{% if errors.field_id %} '
                                        'id="{{ errors.field_id }}_error"{% endif %}>{% for error in errors %}'
                                        '<li>{{ error }}</li>{% endfor %}</ul>{% endif %}',
}
INCLUDE = '{%% include "%s" %%}\n'  # a widget template that is only the include of another


def _text(value) -> str:
    """``{{ value }}`` in an autoescaping template: localized, then escaped unless it is safe already."""
    value = localize(template_localtime(value))
    return conditional_escape(value if isinstance(value, str) else str(value))


def _format_s(value) -> str:
    """``{{ value|stringformat:'s' }}``: ``"%s" % value`` (a tuple as one value), escaped unless it was safe."""
    text = "%s" % (str(value) if isinstance(value, tuple) else value)
    return text if isinstance(value, SafeData) else escape(text)


def _attrs(attrs) -> str:
    """``attrs.html``: `` name="value"`` each, `` name`` for True, nothing for False."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(f" {_text(name)}" if value is True else f' {_text(name)}="{_format_s(value)}"')
    return "".join(out)


def _input(widget) -> str:
    value = widget.get("value")
    shown = f' value="{_format_s(value)}"' if value is not None else ""
    return f'<input type="{_text(widget.get("type", ""))}" name="{_text(widget.get("name", ""))}"{shown}' \
           f'{_attrs(widget.get("attrs") or {})}>\n'


def _option(widget) -> str:
    if not widget.get("wrap_label"):
        return _input(widget) + "\n"
    label_id = (widget.get("attrs") or {}).get("id")
    target = f' for="{_text(label_id)}"' if label_id else ""
    return f'<label{target}>{_input(widget)} {_text(widget.get("label", ""))}</label>\n'


def _select_option(widget) -> str:
    return f'<option value="{_format_s(widget.get("value"))}"{_attrs(widget.get("attrs") or {})}>' \
           f'{_text(widget.get("label", ""))}</option>\n'


def _select(widget) -> str | None:
    out = [f'<select name="{_text(widget.get("name", ""))}"{_attrs(widget.get("attrs") or {})}>']
    for group_name, group_choices, _index in widget.get("optgroups", ()):
        if group_name:
            out.append(f'\n  <optgroup label="{_text(group_name)}">')
        for option in group_choices:
            if option.get("template_name") != SELECT_OPTION:
                return None  # an option of its own template: Django draws the select
            out.append(f"\n  {_select_option(option)}")
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>\n")
    return "".join(out)


def _errors(errors, error_class) -> str:
    if not errors:
        return ""
    field_id = getattr(errors, "field_id", None)
    named = f' id="{_text(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{_text(error)}</li>" for error in errors)
    return f'<ul class="{_text(error_class)}"{named}>{items}</ul>'


def _source(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def drawn_templates(renderer) -> dict:
    """template name -> function(context) -> HTML, for the widget templates that are Django's own text."""
    root = TEMPLATES

    def own(name):  # Django's file, and the one the renderer would load (no app overrides it)
        text = _source(root / name)
        try:
            loaded = renderer.engine.get_template(name).template.source
        except TemplateDoesNotExist:
            return None
        return text if text == loaded else None

    if any(own(name) != source for name, source in SOURCES.items()):
        return {}
    drawn = {
        INPUT: lambda c: _input(c["widget"]),
        OPTION: lambda c: _option(c["widget"]),
        SELECT_OPTION: lambda c: _select_option(c["widget"]),
        WIDGETS + "select.html": lambda c: _select(c["widget"]),
        ERRORS: lambda c: _errors(c.get("errors"), c.get("error_class", "")),
    }
    for path in sorted((root / WIDGETS).glob("*.html")):  # text.html, hidden.html, radio_option.html, …
        name = WIDGETS + path.name
        for target in (INPUT, OPTION, WIDGETS + "select.html"):
            if name not in drawn and own(name) == INCLUDE % target:
                drawn[name] = drawn[target]
    return drawn


class FormRenderer(DjangoTemplates):
    """``DjangoTemplates``, with the widgets of ``drawn_templates`` drawn in Python (same HTML)."""

    def __init__(self):
        super().__init__()
        self.drawn = drawn_templates(self)

    def render(self, template_name, context, request=None):
        draw = self.drawn.get(template_name)
        if draw is not None and request is None:
            html = draw(context)
            if html is not None:
                return html.strip()
        return super().render(template_name, context, request=request)
