"""The registration's forms: the public entry (with its honeypot), the organizer's settings and refusal."""
from __future__ import annotations

import datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.forms import ServiceErrorsMixin
from core.text import CleanCharField

from .cleaning import CONTACT_MAX
from .organizer import LIMIT_MAX
from .team_entries import player_prefixes, reserve_prefixes

HONEYPOT = "website"
SEARCH_MAX = 100


def _text(label, limit=200, **attrs):
    return forms.CharField(label=label, required=False, widget=forms.TextInput(attrs={"maxlength": limit, **attrs}))


def _person_fields(fields, settings, prefix, *, required_name=True):
    fields[f"{prefix}_name"] = _text(_("Фамилия и имя"), autocomplete="off")
    if settings.ask_club:
        fields[f"{prefix}_club"] = _text(_("Клуб"))
    if settings.ask_city:
        fields[f"{prefix}_city"] = _text(_("Город"))
    if settings.ask_birth_year:
        fields[f"{prefix}_birth_year"] = _text(_("Год рождения"), 4, inputmode="numeric")
    fields[f"{prefix}_federation_id"] = _text(_("ID федерации (если есть)"), 32)


class EntryForm(ServiceErrorsMixin, forms.Form):
    """The players (one or two; a team event: the team, the players of its K pairs and its reserves) with the
    fields the organizer asks; the service checks every value. No script: every reserve's slot is on the page,
    folded («details») while empty."""

    def __init__(self, *args, settings, size, team_pairs=0, fixed=frozenset(), **kwargs):
        super().__init__(*args, **kwargs)
        self.size, self.team_pairs = size, team_pairs
        if team_pairs:
            self.fields["team_name"] = _text(_("Название команды"), autocomplete="off")
            self.fields["team_club"] = _text(_("Клуб / регион команды"))
            for prefix in player_prefixes(team_pairs) + reserve_prefixes():
                _person_fields(self.fields, settings, prefix)
        else:
            for k in range(1, size + 1):
                _person_fields(self.fields, settings, f"player{k}")
        if settings.ask_contact:
            self.fields["contact"] = _text(_("Телефон или e-mail для связи"), CONTACT_MAX)
            self.fields["contact"].help_text = _("Видит только организатор турнира. На e-mail придут ссылка на "
                                                 "заявку и ответы организатора.")
        # the honeypot: hidden from people by the stylesheet, filled by robots that fill every field
        self.fields[HONEYPOT] = forms.CharField(
            label=_("Не заполняйте это поле"), required=False,
            widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1", "maxlength": 200}))
        # what the service keeps (``services.fixed_fields``): shown as text, its value the entry's whatever is sent
        self.fixed = frozenset(name for name in fixed if name in self.fields)
        for name in self.fixed:
            self.fields[name].disabled = True

    def _of(self, prefix) -> list:
        return [self[name] for name in self.fields if name.startswith(f"{prefix}_")]

    def groups(self) -> list[dict]:
        """Each fieldset: its heading, its bound fields, and (a reserve's) folded or open; a slot whose every
        field is fixed and empty (an entered team's free reserve slot) is left out."""
        return [g for g in self._groups() if not all(f.field.disabled and not f.value() for f in g["fields"])]

    def error_summary(self) -> list[dict]:
        """Every error of the form, in the form's order, for the list above it: the message, and the field's id
        and name in words («Игрок 2 · Клуб») when the error is a field's."""
        out = [{"message": message} for message in self.non_field_errors()]
        titles = {f.name: group["title"] for group in self._groups() for f in group["fields"]}
        for name in self.fields:
            if name not in self.errors:
                continue
            bound = self[name]
            where = f"{titles[name]} · {bound.label}" if name in titles else str(bound.label)
            out += [{"message": message, "id": bound.id_for_label, "field": where} for message in self.errors[name]]
        return out

    def _groups(self) -> list[dict]:
        if not self.team_pairs:
            return [{"title": (_("Игрок %(k)s") % {"k": k}) if self.size == 2 else _("Игрок"),
                     "fields": self._of(f"player{k}")} for k in range(1, self.size + 1)]
        out = [{"title": _("Команда"), "fields": [self["team_name"], self["team_club"]]}]
        for prefix in player_prefixes(self.team_pairs):
            j, p = prefix[len("pair"):].split("_player")
            out.append({"title": _("Пара %(j)s, игрок %(p)s") % {"j": j, "p": p}, "fields": self._of(prefix),
                        "pair_start": p == "1"})
        for r, prefix in enumerate(reserve_prefixes(), start=1):
            fields = self._of(prefix)
            filled = any(str(f.value() or "").strip() or f.errors for f in fields)
            out.append({"title": _("Запасной %(r)s (необязательно)") % {"r": r}, "fields": fields, "reserve": True,
                        "open": filled})
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


class EntrySearchForm(forms.Form):
    """The list of entries' search (GET, no script): a part of a name, club or city (``signup.search``)."""

    q = CleanCharField(label=_("Найти заявку"), required=False, max_length=SEARCH_MAX, error_messages={
        "max_length": _("Запрос — не длиннее %(limit_value)s знаков: введите часть имени, клуба или города.")},
        widget=forms.TextInput(attrs={"maxlength": SEARCH_MAX, "placeholder": _("Имя, клуб или город")}))

    def query(self) -> str:
        """The query to apply: empty while the form is unbound or refused (then every entry is listed)."""
        return self.cleaned_data.get("q", "") if self.is_valid() else ""


class RefuseForm(forms.Form):
    reason = forms.CharField(label=_("Причина отказа"), required=False,
                             widget=forms.TextInput(attrs={"maxlength": 300}))


class LostLinkForm(forms.Form):
    """«Потеряли ссылку?»: the e-mail address the player gave in his entry."""

    email = forms.EmailField(label=_("E-mail из заявки"), max_length=CONTACT_MAX, error_messages={
        "required": _("Укажите адрес e-mail, который вы дали в заявке."),
        "invalid": _("Это не адрес e-mail: укажите его полностью, например name@example.ru."),
        "max_length": _("Адрес e-mail длиннее 100 знаков: в заявке такого быть не может.")},
        widget=forms.EmailInput(attrs={"autocomplete": "email", "maxlength": CONTACT_MAX}))
