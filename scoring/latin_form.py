"""The hand form of the partnership game (RULES-LATIN.md §3–§6, §11.1; docs/rules-latin.md).

A hand (*mano*) ends by a domino (a player went out) or a *tranque* (nobody can play). The referee writes who
led, how it ended, who went out (or who placed the last tile of a tranque), the hands that count — as a count
or as the tiles of the rules' set (double six, or double nine with its picker) — and, where the options read
them, the tile led, the last tile with the two open ends before it (the *capicúa*), the *pasos redondos* of
each pair and that time was called in this hand.

As every deal form, only the shape is checked here (a seat is a seat, a tile of the set is a tile, a number is
written in ASCII digits, a hand's count is within the set's bounds, through the engine's own reader); every
rule of the game — who must lead, whether the last tile fits an end, whose hands count — is the engine's,
reached through the services, whose refusals land next to the field they name (``protocol_state.ENGINE_FIELDS``).
A field the options do not read travels as a hidden input, so that a hand imported with it keeps it.
"""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from core.text import ascii_digits
from engine.rules import ProtocolError
from engine.rules.latin.tiles import SETS, parse_hand, set_tiles

from .errors import engine_message
from .forms import SEAT_CHOICES, SEATS, numeric_input

RESULTS = [("domino", _("Домино (игрок вышел)")), ("block", _("Транке (рыба: ходов нет)"))]
COUNT_RE = re.compile(r"[0-9]{1,3}", re.ASCII)  # not str.isdigit(): it takes "²" and "٣"
TILE_RE = re.compile(r"^([0-9])-([0-9])$")
SIDES = ("A", "B")


def uses_capicua(options) -> bool:
    return options.capicua != "off"


def uses_pasos(options) -> bool:
    return options.paso_redondo_bonus > 0


class LatinHandForm(ServiceErrorsMixin, forms.Form):
    """One hand of a partida; ``rules`` are the tournament's (``rules.latin`` its options)."""

    n = StrictIntegerField(widget=forms.HiddenInput, min_value=1)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)
    correct = forms.BooleanField(widget=forms.HiddenInput, required=False)
    lead = forms.ChoiceField(label=_("Кто начинал (salida)"), choices=SEAT_CHOICES, widget=forms.RadioSelect,
                             required=False)
    result = forms.ChoiceField(label=_("Как кончилась раздача"), choices=RESULTS, widget=forms.RadioSelect,
                               error_messages={"required": _("Выберите: домино или транке.")})
    out = forms.ChoiceField(label=_("Кто вышел"), choices=SEAT_CHOICES, widget=forms.RadioSelect, required=False)
    fisher = forms.ChoiceField(label=_("Кто поставил последний камень"), choices=SEAT_CHOICES,
                               widget=forms.RadioSelect, required=False)
    time_called = forms.BooleanField(label=_("Время вышло в этой раздаче"), required=False)

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        options = rules.latin
        self.tile_set = SETS[options.tile_set]
        tiles = [("", _("не указан"))] + [(t, t) for t in set_tiles(self.tile_set)]
        self.fields["lead_tile"] = forms.ChoiceField(label=_("Первый камень"), required=False, choices=tiles)
        self.fields["out_tile"] = forms.ChoiceField(label=_("Последний камень"), required=False, choices=tiles)
        ends = [("", "—")] + [(str(k), str(k)) for k in range(self.tile_set.top + 1)]
        for k in (1, 2):
            self.fields[f"end_{k}"] = forms.ChoiceField(label=_("Открытый конец %(k)s") % {"k": k}, required=False,
                                                        choices=ends)
        for side in SIDES:
            self.fields[f"pasos_{side}"] = forms.CharField(
                label=_("Пасов по кругу у пары %(side)s") % {"side": side}, required=False, max_length=2,
                widget=numeric_input(id=f"id_pasos_{side}"))
        for seat in SEATS:
            self.fields[f"hand_{seat}"] = forms.CharField(
                label=seat, required=False, max_length=3, widget=numeric_input(id=f"id_hand_{seat}"))
            self.fields[f"tiles_{seat}"] = forms.CharField(
                required=False, max_length=60, widget=forms.HiddenInput(attrs={"id": f"id_tiles_{seat}"}))
        # What the options read is shown; the rest travels hidden (a hand imported with it keeps it).
        self.shown = {"lead", "result", "out", "fisher"}
        if options.first_lead == "double_six":
            self.shown.add("lead_tile")
        if uses_capicua(options):
            self.shown.update(("out_tile", "end_1", "end_2"))
        if uses_pasos(options):
            self.shown.update(("pasos_A", "pasos_B"))
        if options.time_limit_minutes is not None:
            self.shown.add("time_called")
        self.hidden_extras = [name for name in ("lead_tile", "out_tile", "end_1", "end_2", "pasos_A", "pasos_B")
                              if name not in self.shown]

    def hidden_extra_fields(self):
        return [self[name] for name in self.hidden_extras]

    @classmethod
    def initial_for(cls, deal: dict, *, version, correct=False) -> dict:
        """The form's initial data for a recorded hand (corrections)."""
        data = {"n": deal["n"], "version": version, "correct": correct, "result": deal["result"],
                "time_called": bool(deal.get("time_called"))}
        for key in ("lead", "out", "fisher", "lead_tile", "out_tile"):
            data[key] = deal.get(key, "")
        ends = deal.get("ends") or []
        for k, end in enumerate(ends[:2], start=1):
            data[f"end_{k}"] = str(end)
        for side, count in (deal.get("pasos_redondos") or {}).items():
            data[f"pasos_{side}"] = count
        for seat, hand in (deal.get("hands") or {}).items():
            if isinstance(hand, list):
                data[f"tiles_{seat}"] = " ".join(hand)
            else:
                data[f"hand_{seat}"] = hand
        return data

    def clean(self):
        cleaned = super().clean()
        result = cleaned.get("result")
        if result == "domino" and not cleaned.get("out"):
            self.add_error("out", _("Укажите, кто вышел."))
        if (cleaned.get("end_1") == "") != (cleaned.get("end_2") == ""):
            self.add_error("end_2", _("Укажите оба открытых конца или ни одного."))
        pasos = {}
        for side in SIDES:
            text = ascii_digits((cleaned.get(f"pasos_{side}") or "").strip())
            if not text:
                continue
            if not COUNT_RE.fullmatch(text):
                self.add_error(f"pasos_{side}", _("Введите число цифрами 0–9."))
            elif int(text):
                pasos[side] = int(text)
        cleaned["pasos_redondos"] = pasos
        cleaned["hands"] = self._hands(cleaned, result)
        return cleaned

    def _hands(self, cleaned, result) -> dict:
        """Each hand typed, checked on its own by the engine's reader (every wrong hand named at once)."""
        hands = {}
        top = self.tile_set.max_hand_pips
        for seat in SEATS:
            tiles = (cleaned.get(f"tiles_{seat}") or "").replace(",", " ").split()
            text = ascii_digits((cleaned.get(f"hand_{seat}") or "").strip())  # full-width digits are digits
            if result == "domino" and seat == cleaned.get("out") and not tiles and text in ("", "0"):
                continue  # the player who went out holds nothing
            if tiles:
                bad = next((t for t in tiles if not TILE_RE.match(t)), None)
                if bad:
                    self.add_error(f"hand_{seat}", _("Камень «%(tile)s» не распознан.") % {"tile": bad})
                    continue
                raw = tiles
            elif text:
                if not COUNT_RE.fullmatch(text):
                    self.add_error(f"hand_{seat}", _("Введите число очков (целое, от 0 до %(max)s).") % {"max": top})
                    continue
                raw = int(text)
            else:
                continue
            try:
                parse_hand(raw, self.tile_set, seat=seat, deal=cleaned.get("n") or 0)
            except ProtocolError as exc:
                self.add_error(f"hand_{seat}", engine_message(exc))
                continue
            hands[seat] = raw
        return hands

    def preview_fields(self) -> list[str]:
        return [f"hand_{s}" for s in SEATS] + sorted(self.shown)

    def deal(self) -> dict:
        """The hand in §11.1 form (call after is_valid())."""
        c = self.cleaned_data
        deal = {"n": c["n"], "result": c["result"], "hands": c["hands"]}
        for key in ("lead", "lead_tile"):
            if c.get(key):
                deal[key] = c[key]
        if c["result"] == "domino":
            deal["out"] = c["out"]
            if c.get("out_tile"):
                deal["out_tile"] = c["out_tile"]
            if c.get("end_1") not in (None, "") and c.get("end_2") not in (None, ""):
                deal["ends"] = [int(c["end_1"]), int(c["end_2"])]
        elif c.get("fisher"):
            deal["fisher"] = c["fisher"]
        if c["pasos_redondos"]:
            deal["pasos_redondos"] = c["pasos_redondos"]
        if c.get("time_called"):
            deal["time_called"] = True
        return deal


class SanctionForm(ServiceErrorsMixin, forms.Form):
    """A sanction of the partnership game (RULES-LATIN.md §10.1): the player, the hand, and what — one of the
    rules' two deductions or a card. What it does after the pair's earlier cards is the engine's."""

    seat = forms.ChoiceField(label=_("Игрок"), choices=SEAT_CHOICES, widget=forms.RadioSelect,
                             error_messages={"required": _("Выберите игрока.")})
    hand = StrictIntegerField(label=_("Раздача"), min_value=1, widget=numeric_input(),
                              error_messages={"required": _("Укажите раздачу."),
                                              "invalid": _("Номер раздачи — целое число.")})
    what = forms.ChoiceField(label=_("Санкция"), widget=forms.RadioSelect,
                             error_messages={"required": _("Выберите санкцию.")})
    note = forms.CharField(label=_("Пояснение"), required=False, max_length=300)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        small, large = rules.latin.sanction_small, rules.latin.sanction_large
        self.fields["what"].choices = [
            (f"points_{small}", _("вычет %(n)s очков") % {"n": small}),
            (f"points_{large}", _("вычет %(n)s очков и карточка") % {"n": large}),
            ("yellow", _("жёлтая карточка")), ("red", _("красная карточка (конец партии)")),
            ("black", _("чёрная карточка (конец партии, снятие пары)")),
        ]

    def sanction(self) -> dict:
        """The service's arguments: ``points`` or ``card``."""
        what = self.cleaned_data["what"]
        if what.startswith("points_"):
            return {"points": int(what.removeprefix("points_"))}
        return {"card": what}


class CountersForm(ServiceErrorsMixin, forms.Form):
    """The acta's counters of each pair (RULES-LATIN.md §7), as whole numbers."""

    version = StrictIntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for side in SIDES:
            for name, label in (("chancleta", _("Шлёпанец (chancleta), пара %(side)s")),
                                ("zapato", _("Башмак (zapato), пара %(side)s"))):
                self.fields[f"{name}_{side}"] = StrictIntegerField(
                    label=label % {"side": side}, min_value=0, max_value=99, required=False,
                    widget=numeric_input(id=f"id_{name}_{side}"),
                    error_messages={"invalid": _("Введите число цифрами 0–9."),
                                    "min_value": _("Счётчик — от 0 до 99."), "max_value": _("Счётчик — от 0 до 99.")})

    @classmethod
    def initial_for(cls, indicators, version) -> dict:
        data = {"version": version}
        for side, values in (indicators or {}).items():
            for name, count in values.items():
                data[f"{name}_{side}"] = count
        return data

    def counters(self) -> dict:
        c = self.cleaned_data
        return {side: {name: c.get(f"{name}_{side}") or 0 for name in ("chancleta", "zapato")} for side in SIDES}
