"""Forms of the table page: they turn taps and typed numbers into the §9 dicts the services take.

Only the shape is checked here (a number is a number); every rule of the sport
is the engine's, reached through the services, whose errors land next to the
field they name.
"""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin, ascii_digits
from engine.rules import ProtocolError
from engine.rules.hands import parse_hand

from .errors import engine_message
from .models import DealResult, RemarkReason

SEATS = ("A1", "B1", "A2", "B2")
SEAT_CHOICES = [(s, s) for s in SEATS]
TILE_RE = re.compile(r"^([0-6])-([0-6])$")
PIPS_RE = re.compile(r"[0-9]{1,3}", re.ASCII)  # not str.isdigit(): it takes "²" and "٣"


def numeric_input(**attrs):
    """A text box that brings up the numeric keypad on phones and tablets."""
    return forms.TextInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", **attrs})


class DealForm(ServiceErrorsMixin, forms.Form):
    seat_field = "hand_{seat}"
    hands_on_wrong_pass = False  # Kozel: a wrong pass is worth the offending pair's hands (scoring.game_forms)

    n = StrictIntegerField(widget=forms.HiddenInput, min_value=1)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)
    correct = forms.BooleanField(widget=forms.HiddenInput, required=False)
    # Hand points ("points") are not entered on this form of tiles and seats.
    result = forms.ChoiceField(label=_("Итог раздачи"), choices=[c for c in DealResult.choices if c[0] != "points"],
                               widget=forms.RadioSelect,
                               error_messages={"required": _("Выберите итог раздачи.")})
    out = forms.ChoiceField(label=_("Кто вышел"), choices=SEAT_CHOICES, widget=forms.RadioSelect, required=False)
    offender = forms.ChoiceField(label=_("Кто ошибся с пасом"), choices=SEAT_CHOICES, widget=forms.RadioSelect,
                                 required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for seat in SEATS:
            self.fields[f"hand_{seat}"] = forms.CharField(
                label=seat, required=False, max_length=3, widget=numeric_input(id=f"id_hand_{seat}"))
            self.fields[f"tiles_{seat}"] = forms.CharField(
                required=False, max_length=60, widget=forms.HiddenInput(attrs={"id": f"id_tiles_{seat}"}))

    @classmethod
    def initial_for(cls, deal: dict, *, version, correct=False) -> dict:
        """The form's initial data for a recorded deal (corrections)."""
        data = {"n": deal["n"], "result": deal["result"], "out": deal.get("out", ""),
                "offender": deal.get("offender", ""), "version": version, "correct": correct}
        for seat, hand in (deal.get("hands") or {}).items():
            if isinstance(hand, list):
                data[f"tiles_{seat}"] = " ".join(hand)
            else:
                data[f"hand_{seat}"] = hand
        return data

    def clean(self):
        cleaned = super().clean()
        result = cleaned.get("result")
        if result == DealResult.DOMINO and not cleaned.get("out"):
            self.add_error("out", _("Укажите, кто вышел."))
        if result == DealResult.WRONG_PASS and not cleaned.get("offender"):
            self.add_error("offender", _("Укажите, кто сказал «пас», имея ход."))
        hands = {}
        for seat in SEATS:
            if result == DealResult.DOMINO and seat == cleaned.get("out"):
                # The player who went out holds nothing: a number typed there is left out, anything else refused.
                text = ascii_digits((cleaned.get(f"hand_{seat}") or "").strip())
                if text and not PIPS_RE.fullmatch(text):
                    self.add_error(f"hand_{seat}", _("Введите число очков (целое, от 0 до 69)."))
                continue
            if result == DealResult.WRONG_PASS and not self.hands_on_wrong_pass:
                continue  # a wrong pass scores fixed points: the hands are not counted (nor shown)
            tiles = (cleaned.get(f"tiles_{seat}") or "").replace(",", " ").split()
            text = ascii_digits((cleaned.get(f"hand_{seat}") or "").strip())  # full-width digits are digits
            # Each hand is checked on its own here, so that every wrong hand of a deal is named at once.
            if tiles:
                bad = next((t for t in tiles if not TILE_RE.match(t)), None)
                if bad:
                    self.add_error(f"hand_{seat}", _("Камень «%(tile)s» не распознан.") % {"tile": bad})
                else:
                    self._check_hand(seat, tiles)
                hands[seat] = tiles
            elif text:
                if not PIPS_RE.fullmatch(text):
                    self.add_error(f"hand_{seat}", _("Введите число очков (целое, от 0 до 69)."))
                else:
                    self._check_hand(seat, int(text))
                    hands[seat] = int(text)
        cleaned["hands"] = hands
        return cleaned

    def _check_hand(self, seat, raw):
        """The engine's own check of one hand (range, tile count, a tile twice), its message next to the field."""
        try:
            parse_hand(raw, seat=seat, deal=self.cleaned_data.get("n") or 0, lone_double_blank=0)
        except ProtocolError as exc:
            self.add_error(f"hand_{seat}", engine_message(exc))

    def deal(self) -> dict:
        """The deal in §9 form (call after is_valid())."""
        c = self.cleaned_data
        deal = {"n": c["n"], "result": c["result"]}
        if c["result"] == DealResult.DOMINO:
            deal["out"] = c["out"]
        if c["result"] == DealResult.WRONG_PASS:
            deal["offender"] = c["offender"]
        else:
            deal["hands"] = c["hands"]
        return deal


class RemarkForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    seat = forms.ChoiceField(label=_("Игрок"), choices=SEAT_CHOICES, widget=forms.RadioSelect,
                             error_messages={"required": _("Выберите игрока.")})
    reason = forms.ChoiceField(label=_("Причина"), choices=RemarkReason.choices,
                               error_messages={"required": _("Выберите причину.")})
    deal = StrictIntegerField(label=_("Раздача"), min_value=1, widget=numeric_input(),
                              error_messages={"required": _("Укажите раздачу."),
                                              "invalid": _("Номер раздачи — целое число.")})
    note = forms.CharField(label=_("Пояснение"), required=False, max_length=300)
    confirm_disqualification = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)


class NoShowForm(ServiceErrorsMixin, forms.Form):
    side = forms.ChoiceField(choices=[("A", "A"), ("B", "B")])
    # An individual event: the one player of ``side`` who did not come (empty: the whole side).
    seat = forms.ChoiceField(choices=[("", "")] + SEAT_CHOICES, required=False)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)


class FirstLeadForm(ServiceErrorsMixin, forms.Form):
    first_lead = forms.ChoiceField(label=_("Первый заход"), choices=SEAT_CHOICES)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)


class PlayerSignForm(ServiceErrorsMixin, forms.Form):
    """A player signs on the table's device by typing his own password (or on his own phone without it)."""

    seat = forms.ChoiceField(choices=SEAT_CHOICES, widget=forms.HiddenInput)
    password = forms.CharField(label=_("Пароль игрока"), required=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
    # Checked by scoring.pin_codes.clean_pin (4–6 digits); no max_length here, so a long paste gets that message.
    pin = forms.CharField(label=_("ПИН-код"), required=False, strip=True)


class ReopenForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    reason = forms.CharField(label=_("Причина повторного открытия"), widget=forms.Textarea(attrs={"rows": 2}),
                             error_messages={"required": _("Укажите причину повторного открытия.")})
