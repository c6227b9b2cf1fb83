"""The deal forms of the Kozel family and of hand points (docs/rules-kozel.md), beside the sport ``DealForm``.

``deal_form_class(rules)`` is the one place that picks the form of a
tournament's game; the pages ask it and never test the preset themselves.
As in ``scoring.forms``, only the shape is checked here (a seat is a seat, a
tile a tile, a number is written in ASCII digits); every rule of the game is
the engine's, reached through the services, whose refusals land next to the
field they name.

What the Kozel form shows follows the options (docs/rules-kozel.md §10):

* who led — always (the engine checks it where the rules fix the leader);
* the lead tile — when a lead bonus, the decider or the eggs play-off reads it;
* the last tile (and a second double placed with it) — when a finish bonus,
  the 0-0 finish or the 6-6 finish reads it;
* the fisher of a block — unless the lead goes round (``rotate``) and no
  block value or decider needs him;
* the hands — for a domino, a block and a wrong pass (the offending pair's
  hands are its value).

A field not shown travels as a hidden input, so that a deal imported with it
keeps it through a correction.
"""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin, ascii_digits
from engine.rules import ProtocolError
from engine.rules.kozel import count_hand
from tournaments.games import game_of

from .errors import engine_message
from .forms import SEAT_CHOICES, SEATS, DealForm, numeric_input
from .latin_form import LatinHandForm
from .models import DealResult
from .tiles import uses_lead_tile, uses_out_tile

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
DOUBLES = [f"{a}-{a}" for a in range(7)]
POINTS_RE = re.compile(r"-?[0-9]{1,6}", re.ASCII)  # not int(): it takes "٣" and "²"
MAX_NOTE = 200


def tile_choices(tiles, empty):
    return [("", empty)] + [(t, t) for t in tiles]


def needs_fisher(rules) -> bool:
    """The engine refuses a block without the fisher (kozel.score_kozel_table)."""
    return rules.block_scoring in ("fisher_half", "all_to_fisher") or rules.decider


def uses_fisher(rules) -> bool:
    return needs_fisher(rules) or rules.next_lead != "rotate"


class KozelDealForm(DealForm):
    """A deal of Kozel or Morskoy kozel: the sport form's result and hands, plus the lead, tiles and fisher."""

    hands_on_wrong_pass = True

    lead = forms.ChoiceField(label=_("Кто начинал"), choices=SEAT_CHOICES, widget=forms.RadioSelect,
                             required=False)
    lead_tile = forms.ChoiceField(label=_("Первый камень"), required=False,
                                  choices=tile_choices(TILES, _("не указан")))
    out_tile = forms.ChoiceField(label=_("Последний камень"), required=False,
                                 choices=tile_choices(TILES, _("не указан")))
    out_tile2 = forms.ChoiceField(label=_("Второй дубль, выложенный разом"), required=False,
                                  choices=tile_choices(DOUBLES, _("нет")))
    fisher = forms.ChoiceField(label=_("Рыбак (поставил последний камень)"), choices=SEAT_CHOICES,
                               widget=forms.RadioSelect, required=False)

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        # Fields the options do not read are not shown, but kept as hidden inputs: correcting a deal
        # imported with them (a /2 file) does not drop what it holds.
        self.shown = {"lead"}
        if uses_lead_tile(rules):
            self.shown.add("lead_tile")
        if uses_out_tile(rules):
            self.shown.update(("out_tile", "out_tile2"))
        if uses_fisher(rules):
            self.shown.add("fisher")
        if needs_fisher(rules):
            self.fields["fisher"].label = _("Рыбак (поставил последний камень) — обязательно")
        self.hidden_extras = [name for name in ("lead_tile", "out_tile", "out_tile2", "fisher")
                              if name not in self.shown]

    def hidden_extra_fields(self):
        """The bound fields not shown (as hidden inputs)."""
        return [self[name] for name in self.hidden_extras]

    @classmethod
    def initial_for(cls, deal: dict, *, version, correct=False) -> dict:
        data = super().initial_for(deal, version=version, correct=correct)
        for key in ("lead", "lead_tile", "fisher"):
            data[key] = deal.get(key, "")
        out_tile = deal.get("out_tile")
        if isinstance(out_tile, list):
            data["out_tile"], data["out_tile2"] = (out_tile + [""])[:2]
        elif out_tile:
            data["out_tile"] = out_tile
        return data

    def _check_hand(self, seat, raw):
        """The engine's count of one hand under these rules: a 75 that is 0-0 + 6-6 asks for the tiles, and a 12
        that may be a lone 6-6 too, next to the field."""
        try:
            count_hand(self.rules, raw, seat=seat, n=self.cleaned_data.get("n") or 0)
        except ProtocolError as exc:
            self.add_error(f"hand_{seat}", engine_message(exc))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("out_tile2") and not cleaned.get("out_tile"):
            self.add_error("out_tile2", _("Сначала укажите последний камень."))
        return cleaned

    def preview_fields(self) -> list[str]:
        return [f"hand_{s}" for s in SEATS] + ["result", "out", "offender"] + [
            name for name in ("lead", "lead_tile", "out_tile", "out_tile2", "fisher") if name in self.shown]

    def deal(self) -> dict:
        c = self.cleaned_data
        deal = {"n": c["n"], "result": c["result"], "hands": c["hands"]}
        if c["result"] == DealResult.DOMINO:
            deal["out"] = c["out"]
            tiles = [t for t in (c.get("out_tile"), c.get("out_tile2")) if t]
            if tiles:
                deal["out_tile"] = tiles[0] if len(tiles) == 1 else tiles
        if c["result"] == DealResult.WRONG_PASS:
            deal["offender"] = c["offender"]
        if c["result"] == DealResult.BLOCK and c.get("fisher"):
            deal["fisher"] = c["fisher"]
        for key in ("lead", "lead_tile"):
            if c.get(key):
                deal[key] = c[key]
        return deal


class HandPointsDealForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    """A deal of hand points: the points of pair A and of pair B, and a note."""

    n = StrictIntegerField(widget=forms.HiddenInput, min_value=1)
    version = StrictIntegerField(widget=forms.HiddenInput, required=False)
    correct = forms.BooleanField(widget=forms.HiddenInput, required=False)
    note = forms.CharField(
        label=_("Примечание"), required=False, max_length=MAX_NOTE,
        widget=forms.TextInput(attrs={"maxlength": MAX_NOTE, "autocomplete": "off"}),
        error_messages={"max_length": _("Примечание — не длиннее 200 знаков.")})

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        for side in ("A", "B"):
            widget = (forms.TextInput(attrs={"inputmode": "text", "autocomplete": "off"}) if rules.allow_negative
                      else numeric_input())
            self.fields[f"points_{side}"] = forms.CharField(
                label=_("Очки пары %(side)s") % {"side": side}, max_length=8, widget=widget,
                error_messages={"required": _("Укажите очки пары %(side)s.") % {"side": side},
                                "max_length": _("Очки — целое число, не больше 10 000.")})

    @classmethod
    def initial_for(cls, deal: dict, *, version, correct=False) -> dict:
        points = deal.get("points") or {}
        return {"n": deal["n"], "version": version, "correct": correct, "note": deal.get("note", ""),
                "points_A": points.get("A", ""), "points_B": points.get("B", "")}

    def clean(self):
        cleaned = super().clean()
        for side in ("A", "B"):
            text = ascii_digits((cleaned.get(f"points_{side}") or "").strip()).replace("\u2212", "-")
            if not text:
                continue
            if not POINTS_RE.fullmatch(text):
                self.add_error(f"points_{side}", _("Введите целое число очков цифрами 0–9."))
            else:
                cleaned[f"points_{side}"] = int(text)
        return cleaned

    def preview_fields(self) -> list[str]:
        return ["points_A", "points_B", "note"]

    def deal(self) -> dict:
        c = self.cleaned_data
        deal = {"n": c["n"], "result": DealResult.POINTS, "points": {"A": c["points_A"], "B": c["points_B"]}}
        if c.get("note", "").strip():
            deal["note"] = c["note"].strip()
        return deal


class SportDealForm(DealForm):
    """The sport deal form as ``deal_form_class`` gives it (the rules are not needed)."""

    def __init__(self, *args, rules=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules

    def preview_fields(self) -> list[str]:
        return [f"hand_{s}" for s in SEATS] + ["result", "out", "offender"]


#: The deal form of each game (``tournaments.games``; a new game adds its row).
DEAL_FORMS = {"sport": SportDealForm, "kozel": KozelDealForm, "hand": HandPointsDealForm, "latin": LatinHandForm}


def deal_form_class(rules):
    """The deal form of the tournament's game (sport, the Kozel family, hand points)."""
    return DEAL_FORMS[game_of(rules).code]


def make_deal_form(rules, *args, **kwargs):
    """The deal form of the rules' family, bound as a form is (``rules`` passed on)."""
    return deal_form_class(rules)(*args, rules=rules, **kwargs)


__all__ = ["KozelDealForm", "HandPointsDealForm", "SportDealForm", "deal_form_class", "make_deal_form"]
