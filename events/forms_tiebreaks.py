"""The tie-break part of the tournament's settings form: an ordering, or an ordered list of criteria.

A pair event chooses from the pairs' criteria (``tiebreaks.TIEBREAKS``), an individual event from the player's
(``criteria(individual=True)``: opponents' Buchholz, the partners' score, the player's number …). The chosen list is
checked by ``validate_tiebreaks`` against the event's format, so a criterion of the other format is refused with
its name and the reason, not as «not one of the choices».
"""
from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from engine.ranking.tiebreaks import DEFAULT_ORDERING, INDIVIDUAL_TIEBREAKS, TIEBREAKS, criteria
from engine.rules import config
from scoring.reports.tabular import tiebreak_labels
from tournaments.formats import FORMATS, PairsFormat, format_class
from tournaments.presets import site_presets
from tournaments.validators import validate_tiebreaks

# Every criterion of either format: a stale or hand-made form may post one of the other format.
ANY_CRITERION = frozenset(TIEBREAKS) | frozenset(INDIVIDUAL_TIEBREAKS)
# validate_tiebreaks' codes said with the criterion's label (its own messages name the code word).
CRITERION_ERRORS = {
    "individual_only": _("«%(label)s» — показатель личного зачёта, в турнире пар его нет."),
    "unknown_tiebreak": _("Неизвестный показатель: «%(label)s»."),
}


def ordering_choices(preset=None, *, individual: bool = False):
    """The orderings; «Основной порядок» lists what the preset means by it (the Kozel family: by goats).
    ``individual``: the orderings of an individual event, in its player's criteria."""
    text = {"default": _("Основной порядок"), "points": _("Сначала набранные очки"),
            "goats": _("По козлам (козёл, морской козёл)")}
    orderings = criteria(individual=individual)[1]
    default = DEFAULT_ORDERING.get("kozel" if preset in config.KOZEL_PRESETS else "sport", "default")
    choices = [(name, f"{text.get(name, name)}: "
                      f"{' → '.join(tiebreak_labels(orderings[default if name == 'default' else name]))}")
               for name in orderings]
    return choices + [("custom", _("Свой порядок (ниже)"))]


class CriterionField(forms.ChoiceField):
    """One place of a custom order: offers the format's criteria and takes any known one; the form checks it
    against the format (``TiebreakFieldsMixin.clean_tiebreaks``)."""

    def valid_value(self, value):
        return value in ANY_CRITERION or super().valid_value(value)


def form_format(data, initial, tournament):
    """The format the form is for (``tournaments.formats``): its posted (or initial) ``format`` value when it has
    that field, else the tournament's own; a new tournament without one is a pair event."""
    value = data.get("format") if data is not None else None
    if value is None:
        value = initial.get("format")
    if value is None:
        return tournament.format_spec if tournament is not None else PairsFormat()
    return format_class(value)(tournament)


def format_tiebreaks() -> dict:
    """{format: {"criteria": [[name, label]…], "orderings": {preset: {ordering: label}}}}: what the form offers
    for each format, so that the page offers the chosen format's criteria as soon as the format is chosen."""
    out = {}
    for code, cls in FORMATS.items():
        names = cls().criteria()[0]
        out[code] = {"criteria": [[n, label] for n, label in zip(names, tiebreak_labels(names))],
                     "orderings": {p: dict(ordering_choices(p, individual=cls.individual_criteria))
                                   for p in site_presets()}}
    return out


FIELDS = max(len(cls().criteria()[0]) for cls in FORMATS.values())  # tie-break places: the longest format's


class TiebreakFieldsMixin:
    """Adds ``tiebreak_1`` … ``tiebreak_N`` for the form's format; the form has a ``tiebreak_order`` field."""

    def add_tiebreak_fields(self, tournament, preset) -> None:
        fmt = form_format(self.data if self.is_bound else None, self.initial, tournament)
        self.individual = fmt.individual_criteria
        self.criteria, self.orderings = fmt.criteria()
        self.fields["tiebreak_order"].help_text = _("В козле и морском козле основной порядок — по козлам: %(o)s.") % {
            "o": " → ".join(tiebreak_labels(self.orderings["goats"]))}
        offered = [("", "—")] + list(zip(self.criteria, tiebreak_labels(self.criteria)))
        # as many places as the longest format has criteria: the page offers another format's when it is chosen
        self.places = FIELDS if "format" in self.fields else len(self.criteria)
        for i in range(1, self.places + 1):
            self.fields[f"tiebreak_{i}"] = CriterionField(label=f"{i}.", choices=offered, required=False)
        self.fields["tiebreak_order"].choices = ordering_choices(preset, individual=self.individual)

    @staticmethod
    def tiebreak_initial(stored) -> dict:
        """The fields' initial values for a tournament's stored list."""
        stored = list(stored or [])
        if not stored:
            return {"tiebreak_order": "default"}
        if len(stored) == 1 and stored[0] in criteria(individual=True)[1]:  # both formats name their orderings alike
            return {"tiebreak_order": stored[0]}
        return {"tiebreak_order": "custom", **{f"tiebreak_{i}": name for i, name in enumerate(stored, start=1)}}

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i}"] for i in range(1, self.places + 1)]

    def clean_tiebreaks(self) -> list:
        """The list to store: [] for the default ordering, [name] for another one, else the chosen criteria."""
        order = self.cleaned_data.get("tiebreak_order")
        if order in self.orderings:
            return [] if order == "default" else [order]
        chosen, seen, refused = [], set(), False
        for i in range(1, self.places + 1):
            name = self.cleaned_data.get(f"tiebreak_{i}")
            if not name:
                continue
            if name in seen:
                self.add_error(f"tiebreak_{i}", _("Этот показатель уже выбран выше."))
                refused = True
                continue
            try:
                validate_tiebreaks([name], individual=self.individual)
            except ValidationError as exc:
                message = CRITERION_ERRORS.get(exc.code)
                self.add_error(f"tiebreak_{i}", message % {"label": tiebreak_labels([name])[0]} if message
                               else exc.messages[0])
                refused = True
                continue
            seen.add(name)
            chosen.append(name)
        if not chosen and not refused:
            self.add_error("tiebreak_1", _("Выберите хотя бы один показатель или готовый порядок."))
        return chosen
