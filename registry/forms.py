"""The registry's forms (thin: ``registry.services`` and ``registry.merges`` validate and decide)."""
from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin

from .matching import FEDERATION_ID_MAX, describe

SHOWN_CHOICES = [("birth_year", _("год рождения")), ("club", _("клуб")), ("city", _("город")),
                 ("federation_id", _("ID федерации"))]


class SearchForm(CleanTextMixin, forms.Form):
    q = forms.CharField(label=_("Фамилия или ID федерации"), max_length=100, required=False)


class PersonForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label=_("Фамилия и имя"), max_length=200)
    birth_year = forms.CharField(label=_("Год рождения"), max_length=8, required=False)
    club = forms.CharField(label=_("Клуб"), max_length=200, required=False)
    city = forms.CharField(label=_("Город"), max_length=200, required=False)
    federation_id = forms.CharField(label=_("ID федерации"), max_length=FEDERATION_ID_MAX + 8, required=False)
    shown = forms.MultipleChoiceField(label=_("Показывать всем на странице игрока"), required=False,
                                      choices=SHOWN_CHOICES, widget=forms.CheckboxSelectMultiple)


class MergeForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    other = StrictIntegerField(label=_("Присоединить к этому игроку игрока реестра №"), min_value=1)
    note = forms.CharField(label=_("Причина"), max_length=300)


class TwoPeopleForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    """Two persons of the registry marked as two people (``registry.duplicates.mark_two_people``)."""

    a = StrictIntegerField(min_value=1, widget=forms.HiddenInput)
    b = StrictIntegerField(min_value=1, widget=forms.HiddenInput)
    note = forms.CharField(label=_("Причина (необязательно)"), max_length=300, required=False)


class UndoMergeForm(CleanTextMixin, forms.Form):
    note = forms.CharField(label=_("Причина"), max_length=300, required=False)


class LinkForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    """One tournament player's choice: the proposed persons of the registry or «Новый игрок»."""

    person = forms.ChoiceField(label=_("Это тот же игрок?"), widget=forms.RadioSelect)

    def __init__(self, *args, found=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["person"].choices = [(str(p.pk), describe(p)) for p in found] + [("new", _("Новый игрок"))]
