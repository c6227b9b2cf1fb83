"""The calendar's filters (the front page): what the visitor asked for, checked; a bad value is named and ignored."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.names import fold
from tournaments.choices import FORMAT_CHOICES

from .calendar import GAMES, GROUPS, Filters

CITY_MAX = 100


class CalendarForm(forms.Form):
    when = forms.ChoiceField(label=_("Когда"), required=False,
                             choices=[("", _("Все"))] + [(k, v) for k, v in GROUPS.items()])
    city = forms.CharField(label=_("Город"), required=False, max_length=CITY_MAX)
    game = forms.ChoiceField(label=_("Игра"), required=False,
                             choices=[("", _("Любая"))] + [(k, v) for k, v in GAMES.items()])
    format = forms.ChoiceField(label=_("Зачёт"), required=False,
                               choices=[("", _("Любой"))] + list(FORMAT_CHOICES))

    def __init__(self, *args, cities=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.cities = {fold(c): c for c in cities}
        self.fields["city"].widget = forms.Select(choices=[("", _("Любой"))] + [(c, c) for c in cities])

    def clean_city(self):
        city = self.cleaned_data["city"]
        if city and fold(city) not in self.cities:
            raise forms.ValidationError(_("Турниров в этом городе в календаре нет: выберите город из списка."))
        return self.cities.get(fold(city), "")

    def filters(self) -> Filters:
        """The valid filters (a field with an error is left out: its message is shown next to it)."""
        if not self.is_bound:
            return Filters()
        self.is_valid()
        data = self.cleaned_data
        return Filters(**{name: data.get(name) or "" for name in ("when", "city", "game", "format")})
