"""Forms of the officials page: a referee's account and the tables he serves (the rules are
``access.officials``')."""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from access.models import RoleKind
from access.officials import MAX_TABLE
from core.forms import ServiceErrorsMixin, login_input
from core.text import CleanTextMixin

TABLE_TOKEN = re.compile(r"^([0-9]+)(?:-([0-9]+))?$")


def parse_tables(text) -> list[int]:
    """"1, 2, 5-7" → [1, 2, 5, 6, 7]; empty → [] (the whole tournament)."""
    numbers = set()
    text = re.sub(r"\s*[-–]\s*", "-", str(text or "").strip())
    for token in filter(None, re.split(r"[,;\s]+", text)):
        m = TABLE_TOKEN.match(token)
        if not m:
            raise forms.ValidationError(_("Номера столов — через запятую, например: 1, 2, 5-7."), code="tables")
        start, end = int(m.group(1)), int(m.group(2) or m.group(1))
        if start < 1 or end < start or end > MAX_TABLE:
            raise forms.ValidationError(_("Столы — от 1 до %(max)s, диапазон «от-до» по возрастанию."),
                                        code="tables", params={"max": MAX_TABLE})
        numbers.update(range(start, end + 1))
    return sorted(numbers)


def tables_text(tables) -> str:
    return ", ".join(str(t) for t in tables or [])


class TablesField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 500)
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "text", "autocomplete": "off",
                                                           "placeholder": "1, 2, 5-7"}))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        return tables_text(value) if isinstance(value, (list, tuple)) else value

    def to_python(self, value):
        return parse_tables(super().to_python(value))


class OfficialForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    full_name = forms.CharField(label=_("Фамилия и имя"), max_length=200)
    username = forms.CharField(label=_("Имя пользователя (логин)"), max_length=150, widget=login_input())
    # Shown in clear: the organizer hands it to the referee.
    password = forms.CharField(label=_("Пароль"), max_length=128, widget=login_input(),
                               help_text=_("Запишите его: после сохранения пароль не показывается."))
    role = forms.ChoiceField(label=_("Роль"), initial=RoleKind.REFEREE, choices=[
        (RoleKind.REFEREE, RoleKind.REFEREE.label), (RoleKind.CHIEF_REFEREE, RoleKind.CHIEF_REFEREE.label)])
    tables = TablesField(label=_("Столы судьи"),
                         help_text=_("Пусто — все столы турнира. Для главного судьи не заполняется."))


class TablesForm(ServiceErrorsMixin, forms.Form):
    tables = TablesField(label=_("Столы"))
