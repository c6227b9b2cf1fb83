"""Form widgets rendered without the template engine for the plain ``<input>`` widgets.

The table page shows some forty widgets (hands, radios for the result and the seats, hidden
version fields), and Django renders each through three or four small templates
(``text.html`` → ``input.html`` → ``attrs.html``; ``radio_option.html`` → ``input_option.html``
→ …): about a third of the page's time at a hall's pace. This renderer writes exactly the same
HTML for those templates in Python — the same escaping (``render_value_in_context``), the same
``stringformat:'s'`` of values, the same ``True``/``False`` attributes — and leaves every other
template (selects, textareas, whole forms) to Django.

It checks, once, that Django's templates are still the ones it copies: if a Django upgrade
changes one of them, that template goes back to the template engine. ``tests/venue/
test_form_renderer.py`` compares both renderings on hostile values.

The select of the remark's reason is written here too, when each of its options uses Django's
``select_option.html`` (otherwise the template engine renders the whole select).
"""
from __future__ import annotations

from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
from django.template import Context
from django.template.base import render_value_in_context
from django.utils.safestring import SafeData, mark_safe

WIDGETS = "django/forms/widgets/"
INPUT = WIDGETS + "input.html"
ATTRS = WIDGETS + "attrs.html"
OPTION = WIDGETS + "input_option.html"
SELECT = WIDGETS + "select.html"
SELECT_OPTION = WIDGETS + "select_option.html"
INCLUDE_INPUT = '{% include "django/forms/widgets/input.html" %}\n'
INCLUDE_OPTION = '{% include "django/forms/widgets/input_option.html" %}\n'

# The templates this module writes in Python, as Django ships them (compared once at start).
KNOWN = {
    INPUT: '<input type="{{ widget.type }}" name="{{ widget.name }}"{% if widget.value != None %} '
           'value="{{ widget.value|stringformat:\'s\' }}"{% endif %}{% include "django/forms/widgets/attrs.html" %}>\n',
    ATTRS: '{% for name, value in widget.attrs.items %}{% if value is not False %} {{ name }}'
           '{% if value is not True %}="{{ value|stringformat:\'s\' }}"{% endif %}{% endif %}{% endfor %}',
    OPTION: '{% if widget.wrap_label %}<label{% if widget.attrs.id %} for="{{ widget.attrs.id }}"{% endif %}>'
            '{% endif %}{% include "django/forms/widgets/input.html" %}{% if widget.wrap_label %} '
            '{{ widget.label }}</label>{% endif %}\n',
    SELECT: '<select name="{{ widget.name }}"{% include "django/forms/widgets/attrs.html" %}>{% for group_name, '
            'group_choices, group_index in widget.optgroups %}{% if group_name %}\n  <optgroup label="{{ group_name }}">'
            '{% endif %}{% for option in group_choices %}\n  {% include option.template_name with widget=option %}'
            '{% endfor %}{% if group_name %}\n  </optgroup>{% endif %}{% endfor %}\n</select>\n',
    SELECT_OPTION: '<option value="{{ widget.value|stringformat:\'s\' }}"{% include "django/forms/widgets/attrs.html" %}>'
                   '{{ widget.label }}</option>\n',
}
INPUT_TYPES = ("checkbox", "color", "date", "datetime", "email", "file", "hidden", "number", "password", "search",
               "tel", "text", "time", "url")
OPTION_TYPES = ("radio_option", "checkbox_option")

_CONTEXT = Context()  # what the form renderer's templates get: autoescape on, localisation as configured


def _shown(value) -> str:
    """``{{ value }}``."""
    return render_value_in_context(value, _CONTEXT)


def _formatted(value) -> str:
    """``{{ value|stringformat:'s' }}`` (the filter keeps a safe string safe)."""
    safe = isinstance(value, SafeData)
    if isinstance(value, tuple):
        value = str(value)
    try:
        text = "%s" % value
    except (ValueError, TypeError):
        text = ""
    return _shown(mark_safe(text) if safe else text)


def _attrs(attrs) -> str:
    parts = []
    for name, value in (attrs or {}).items():
        if value is False:
            continue
        parts.append(f" {_shown(name)}" if value is True else f' {_shown(name)}="{_formatted(value)}"')
    return "".join(parts)


def _input(widget) -> str:
    """``input.html``, with its closing line break (kept where another template includes it)."""
    value = widget.get("value")
    shown_value = f' value="{_formatted(value)}"' if value != None else ""  # noqa: E711 (the template's test)
    return (f'<input type="{_shown(widget.get("type", ""))}" name="{_shown(widget.get("name", ""))}"'
            f'{shown_value}{_attrs(widget.get("attrs"))}>\n')


def _option(widget) -> str:
    if not widget.get("wrap_label"):
        return _input(widget)
    attrs = widget.get("attrs") or {}
    label_for = f' for="{_shown(attrs["id"])}"' if attrs.get("id") else ""
    return f'<label{label_for}>{_input(widget)} {_shown(widget.get("label", ""))}</label>'


def _select(widget) -> str | None:
    """``select.html`` with its options; None (the template engine renders it) if an option has its own template."""
    parts = [f'<select name="{_shown(widget.get("name", ""))}"{_attrs(widget.get("attrs"))}>']
    for group_name, group_choices, _index in widget.get("optgroups") or ():
        if group_name:
            parts.append(f'\n  <optgroup label="{_shown(group_name)}">')
        for option in group_choices:
            if not isinstance(option, dict) or option.get("template_name") != SELECT_OPTION:
                return None
            parts.append(f'\n  <option value="{_formatted(option.get("value", ""))}"{_attrs(option.get("attrs"))}>'
                         f'{_shown(option.get("label", ""))}</option>\n')
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return "".join(parts)


def _django_source(name: str) -> str | None:
    path = Path(django.forms.__file__).parent / "templates" / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def fast_templates() -> dict:
    """The widget templates written in Python, for the Django installed (none if it changed them)."""
    if any(_django_source(name) != source for name, source in KNOWN.items()):
        return {}
    fast = {INPUT: _input}
    fast.update({f"{WIDGETS}{kind}.html": _input for kind in INPUT_TYPES
                 if _django_source(f"{WIDGETS}{kind}.html") == INCLUDE_INPUT})
    fast[OPTION] = _option
    fast[SELECT] = _select
    fast.update({f"{WIDGETS}{kind}.html": _option for kind in OPTION_TYPES
                 if _django_source(f"{WIDGETS}{kind}.html") == INCLUDE_OPTION})
    return fast


class FastWidgetRenderer(DjangoTemplates):
    """Django's default form renderer, with the plain input widgets written without the template engine."""

    def __init__(self):
        super().__init__()
        self.fast = fast_templates()

    def render(self, template_name, context, request=None):
        write = self.fast.get(template_name)
        widget = context.get("widget") if write is not None and isinstance(context, dict) else None
        html = write(widget) if isinstance(widget, dict) else None
        if html is not None:
            return html.strip()
        return super().render(template_name, context, request=request)
