"""The registration's forms: the public entry (with its honeypot), the organizer's settings and refusal."""
from __future__ import annotations

import datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.forms import ServiceErrorsMixin

from .cleaning import CONTACT_MAX
from .organizer import LIMIT_MAX

HONEYPOT = "website"


def _text(label, limit=200, **attrs):
    return forms.CharField(label=label, required=False, widget=forms.TextInput(attrs={"maxlength": limit, **attrs}))


class EntryForm(ServiceErrorsMixin, forms.Form):
    """The players (one or two) with the fields the organizer asks; the service checks every value."""

    def __init__(self, *args, settings, size, **kwargs):
        super().__init__(*args, **kwargs)
        self.size = size
        for k in range(1, size + 1):
            self.fields[f"player{k}_name"] = _text(_("Фамилия и имя"), autocomplete="off")
            if settings.ask_club:
                self.fields[f"player{k}_club"] = _text(_("Клуб"))
            if settings.ask_city:
                self.fields[f"player{k}_city"] = _text(_("Город"))
            if settings.ask_birth_year:
                self.fields[f"player{k}_birth_year"] = _text(_("Год рождения"), 4, inputmode="numeric")
            self.fields[f"player{k}_federation_id"] = _text(_("ID федерации (если есть)"), 32)
        if settings.ask_contact:
            self.fields["contact"] = _text(_("Телефон или e-mail для связи"), CONTACT_MAX)
            self.fields["contact"].help_text = _("Видит только организатор турнира.")
        # the honeypot: hidden from people by the stylesheet, filled by robots that fill every field
        self.fields[HONEYPOT] = forms.CharField(
            label=_("Не заполняйте это поле"), required=False,
            widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1", "maxlength": 200}))

    def groups(self) -> list[tuple[str, list]]:
        """(the player's heading, his bound fields) for each player of the entry."""
        out = []
        for k in range(1, self.size + 1):
            title = (_("Игрок %(k)s") % {"k": k}) if self.size == 2 else _("Игрок")
            out.append((title, [self[name] for name in self.fields if name.startswith(f"player{k}_")]))
        return out

    def is_robot(self) -> bool:
        return bool(str(self.data.get(HONEYPOT) or "").strip())

    def values(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items() if k != HONEYPOT}


class LocalDateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")


class SettingsForm(ServiceErrorsMixin, forms.Form):
    opens_at = forms.DateTimeField(label=_("Открывается"), widget=LocalDateTimeInput(),
                                   input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])
    closes_at = forms.DateTimeField(label=_("Закрывается"), widget=LocalDateTimeInput(),
                                    input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])
    limit = forms.IntegerField(label=_("Предел заявок"), required=False, min_value=1, max_value=LIMIT_MAX,
                               help_text=_("Пусто — без предела. Сверх предела — лист ожидания."),
                               widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 5}))
    ask_club = forms.BooleanField(label=_("Спрашивать клуб"), required=False)
    ask_city = forms.BooleanField(label=_("Спрашивать город"), required=False)
    ask_birth_year = forms.BooleanField(label=_("Спрашивать год рождения"), required=False)
    ask_contact = forms.BooleanField(label=_("Спрашивать телефон или e-mail (видит только организатор)"),
                                     required=False)
    approval_required = forms.BooleanField(label=_("Заявки подтверждает организатор"), required=False)

    @staticmethod
    def initial_for(settings, tournament) -> dict:
        if settings is None:
            now = timezone.localtime().replace(second=0, microsecond=0)
            start = timezone.make_aware(datetime.datetime.combine(tournament.start_date, datetime.time()))
            return {"opens_at": now, "closes_at": max(start, now + datetime.timedelta(days=1)), "ask_club": True,
                    "ask_city": True}
        return {"opens_at": timezone.localtime(settings.opens_at), "closes_at": timezone.localtime(settings.closes_at),
                "limit": settings.limit, **{f: getattr(settings, f) for f in (
                    "ask_club", "ask_city", "ask_birth_year", "ask_contact", "approval_required")}}


class RefuseForm(forms.Form):
    reason = forms.CharField(label=_("Причина отказа"), required=False,
                             widget=forms.TextInput(attrs={"maxlength": 300}))
