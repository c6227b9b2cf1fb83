"""The organizer's forms of an event in stages: the choice of stage 2 and the confirmation of its finalists."""
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from tournaments.models import FinalKind, FinalMatch

# The number sign typed or copied before a number (``core.text.numbered``): «№3», «no. 3», «n.º 3».
NUMBER_SIGN = re.compile(r"^(?:№|no\.|n\.º)\s*", re.IGNORECASE)


class FinalForm(ServiceErrorsMixin, forms.Form):
    final_kind = forms.ChoiceField(label=_("Второй этап"), choices=FinalKind.choices)
    final_size = StrictIntegerField(label=_("Сколько участников выходят (круговой финал или сетка)"), min_value=2,
                                    max_value=64, required=False)
    final_groups = StrictIntegerField(label=_("Подгруппы: сколько подгрупп"), min_value=2, max_value=16, required=False)
    final_group_size = StrictIntegerField(label=_("Подгруппы: участников в каждой"), min_value=3, max_value=16,
                                          required=False)
    final_group_qualifiers = StrictIntegerField(label=_("Подгруппы: сколько из каждой выходят в сетку"), min_value=1,
                                                max_value=15, required=False)
    final_carry_over = forms.BooleanField(
        label=_("Круговой финал: учитывать партии финалистов между собой из первого этапа"), required=False)
    final_third_place = forms.BooleanField(label=_("Сетка: матч за третье место"), required=False)
    final_match = forms.ChoiceField(label=_("Сетка: как играется матч"), choices=FinalMatch.choices,
                                    required=False, error_messages={
                                        "invalid_choice": _("Выберите, как играется матч сетки, из списка.")})


class ConfirmForm(ServiceErrorsMixin, forms.Form):
    expected = forms.CharField(widget=forms.HiddenInput, required=False)
    tie_order = forms.CharField(
        label=_("Порядок равных на границе выхода (номера через запятую, лучший первым)"), required=False,
        max_length=400)

    def numbers(self, name):
        text = (self.cleaned_data.get(name) or "").replace(";", ",")
        parts = [NUMBER_SIGN.sub("", p.strip()) for p in text.split(",") if p.strip()]
        if not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
            return False
        return [int(p) for p in parts] or None
