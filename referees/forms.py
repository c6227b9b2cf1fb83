"""Forms of the officials and signing pages: they only give the input its shape; the rules are the services'."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import ServiceErrorsMixin, login_input
from tournaments.models import SignatureMode, SigningMethod


class PlayerAccountForm(ServiceErrorsMixin, forms.Form):
    username = forms.CharField(label=_("Имя пользователя (логин)"), max_length=150, widget=login_input())
    password = forms.CharField(label=_("Пароль"), max_length=128, widget=login_input())


class SigningForm(forms.Form):
    signing_method = forms.ChoiceField(label=_("Как подписывают игроки"), choices=SigningMethod.choices)
    signature_mode = forms.ChoiceField(label=_("Кто подписывает"), choices=SignatureMode.choices)


class HallLayoutForm(ServiceErrorsMixin, forms.Form):
    """The hall's rows × tables in a row (checked by ``events.services.hall``; both empty: no layout)."""

    rows = forms.CharField(label=_("Рядов"), required=False, max_length=12,
                           widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4}))
    columns = forms.CharField(label=_("Столов в ряду"), required=False, max_length=12,
                              widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4}))
