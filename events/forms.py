"""Organizer forms (thin: the services validate and decide)."""
from django import forms
from django.utils.translation import gettext_lazy as _

from core.converters import StrictIntegerField
from core.forms import ServiceErrorsMixin
from core.text import CleanTextMixin
from registry.matching import FEDERATION_ID_MAX, candidates, clean_federation_id, describe
from tournaments.errors import InvalidInput

from .services.registration import pair_problems


class IsoDateInput(forms.DateInput):
    """``<input type="date">`` takes only ISO dates (2026-12-05): a localized 05.12.2026 shows as empty."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%d")


INDIVIDUAL_ABSENT = ("player2_name", "player2_club", "player2_rating", "player2_federation_id", "player2_person", "name",
                     "rating")


class PairForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    """A pair's players (in seat order), its name and rating. Ratings are text: the service reads them strictly.

    Every bad field of a submit is shown at once: the form's own checks (length, a refused character)
    and the service's rules (a rating, the same player twice) side by side. With ``registry`` each player
    has a federation ID, and a player the players' registry may already hold gets the choice «это тот же
    игрок?» (``player{k}_person``: the proposed persons or «Новый игрок»), which the service asks for.
    """

    registry = True

    player1_name = forms.CharField(label=_("Игрок 1: фамилия и имя"), max_length=200)
    player1_club = forms.CharField(label=_("Игрок 1: клуб / город"), max_length=200, required=False)
    player1_rating = forms.CharField(label=_("Игрок 1: рейтинг"), max_length=20, required=False)
    player2_name = forms.CharField(label=_("Игрок 2: фамилия и имя"), max_length=200)
    player2_club = forms.CharField(label=_("Игрок 2: клуб / город"), max_length=200, required=False)
    player2_rating = forms.CharField(label=_("Игрок 2: рейтинг"), max_length=20, required=False)
    name = forms.CharField(label=_("Название пары (необязательно)"), max_length=200, required=False)
    rating = forms.CharField(label=_("Рейтинг пары"), max_length=20, required=False)
    team_name = forms.CharField(label=_("Команда (для командного зачёта)"), max_length=200, required=False,
                                help_text=_("При зачёте по клубу / городу пусто — клуб игроков."))

    def __init__(self, *args, individual=False, teams=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.individual = individual
        if not teams:  # the tournament has no team standing (``Tournament.team_standing``)
            del self.fields["team_name"]
        if self.registry:
            self._registry_fields()
        if individual:  # an individual event's entrant: one player, no pair name or pair rating
            for name in INDIVIDUAL_ABSENT:
                self.fields.pop(name, None)
            self.fields["player1_name"].label = _("Игрок: фамилия и имя")
            self.fields["player1_club"].label = _("Клуб / город")
            self.fields["player1_rating"].label = _("Рейтинг")
            if self.registry:
                self.fields["player1_federation_id"].label = _("ID федерации")

    def _registry_fields(self):
        """Each player's federation ID and, when the registry may hold him, the choice of who he is."""
        order = []
        for name in list(self.fields):
            order.append(name)
            k = name[6:7]
            if not (name.startswith("player") and name.endswith("_rating")):
                continue
            self.fields[f"player{k}_federation_id"] = forms.CharField(
                label=_("Игрок %(k)s: ID федерации (если есть)") % {"k": k}, max_length=FEDERATION_ID_MAX + 8,
                required=False)
            order.append(f"player{k}_federation_id")
            found = self._proposed(k) if self.is_bound else []
            if found:
                self.fields[f"player{k}_person"] = forms.ChoiceField(
                    label=_("Игрок %(k)s: это тот же игрок?") % {"k": k}, required=False, widget=forms.RadioSelect,
                    choices=[(str(p.pk), describe(p)) for p in found] + [("new", _("Новый игрок"))])
                order.append(f"player{k}_person")
        self.order_fields(order)

    def _proposed(self, k) -> list:
        data = self.data
        try:
            federation_id = clean_federation_id(data.get(f"player{k}_federation_id"), field="")
        except InvalidInput:
            federation_id = None
        return candidates(str(data.get(f"player{k}_name") or "")[:200], str(data.get(f"player{k}_club") or "")[:200],
                          federation_id)

    def team(self):
        """The team as typed, or None when the form does not ask for it (the pair keeps its own)."""
        return self.cleaned_data.get("team_name", "") if "team_name" in self.fields else None

    def players(self):
        d = self.cleaned_data
        extra = (lambda k: {"federation_id": d.get(f"player{k}_federation_id"),
                            "person": d.get(f"player{k}_person")}) if self.registry else (lambda k: {})
        return [{"name": d.get(f"player{k}_name"), "club": d.get(f"player{k}_club"),
                 "rating": d.get(f"player{k}_rating"), **extra(k)} for k in ((1,) if self.individual else (1, 2))]

    def clean(self):
        cleaned = super().clean()
        if self.individual:
            cleaned.setdefault("name", "")
            cleaned.setdefault("rating", "")
            if any(str(self.data.get(name) or "").strip() for name in INDIVIDUAL_ABSENT):
                self.add_error(None, _("В личном зачёте участник — один игрок: второго игрока и названия пары "
                                       "здесь нет."))
        *_values, problems = pair_problems(self.players(), cleaned.get("name"), cleaned.get("rating"))
        for err in problems:
            field = err.details.get("field")
            if field not in self.errors:
                self.add_error(field if field in self.fields else None, err.message)
        return cleaned


class ImportForm(CleanTextMixin, forms.Form):
    file = forms.FileField(label=_("Файл .xlsx или .csv"))

    def clean_file(self):
        f = self.cleaned_data["file"]
        if not f.name.lower().endswith((".xlsx", ".csv")):
            raise forms.ValidationError(_("Нужен файл .xlsx или .csv."))
        if f.size > 5 * 1024 * 1024:
            raise forms.ValidationError(_("Файл больше 5 МБ."))
        return f


class DrawForm(CleanTextMixin, forms.Form):
    seed = forms.CharField(label=_("Зерно жеребьёвки (пусто — случайное)"), max_length=64, required=False)


class ManualNumberForm(CleanTextMixin, forms.Form):
    number = StrictIntegerField(label=_("Номер"), required=False, min_value=1)


class PairRoundForm(CleanTextMixin, forms.Form):
    override_reason = forms.CharField(
        label=_("Причина, если протоколы прошлого тура ещё не подписаны"), required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class SwapForm(CleanTextMixin, forms.Form):
    pair_x = StrictIntegerField(label=_("Пара №"), min_value=1)
    pair_y = StrictIntegerField(label=_("поменять местами с парой №"), min_value=1)

    def __init__(self, *args, individual=False, **kwargs):
        super().__init__(*args, **kwargs)
        if individual:  # two players by number, also the two of one table
            self.fields["pair_x"].label = _("Игрок №")
            self.fields["pair_y"].label = _("поменять местами с игроком №")


class WithdrawForm(CleanTextMixin, forms.Form):
    note = forms.CharField(label=_("Причина"), max_length=300, required=False)


class PairEditForm(PairForm):
    """A pair's players (in seat order), its name and rating, and why they change (kept in the audit)."""

    note = forms.CharField(label=_("Причина изменения"), max_length=300, required=False)
    registry = False  # the players keep their registry's persons (a substitution unlinks one)


class LatePairForm(PairEditForm):
    note = None
    registry = True


class SubstituteForm(CleanTextMixin, ServiceErrorsMixin, forms.Form):
    seat = forms.TypedChoiceField(label=_("Кого заменяют"), coerce=int, choices=[(1, _("игрока 1")), (2, _("игрока 2"))])
    name = forms.CharField(label=_("Новый игрок: фамилия и имя"), max_length=200)
    club = forms.CharField(label=_("Клуб / город"), max_length=200, required=False)
    rating = forms.CharField(label=_("Рейтинг"), max_length=20, required=False)
    note = forms.CharField(label=_("Причина замены"), max_length=300, required=False)

    def __init__(self, *args, individual=False, **kwargs):
        super().__init__(*args, **kwargs)
        if individual:  # the entrant's one player
            self.fields["seat"].choices = [(1, _("игрока"))]


class ClockPauseForm(CleanTextMixin, forms.Form):
    reason = forms.CharField(label=_("Причина паузы"), max_length=200, required=False)


class TableStartForm(CleanTextMixin, forms.Form):
    """A table that started late: its number, and the time it started (empty: now)."""

    table = StrictIntegerField(label=_("Стол"), min_value=1)
    at = forms.TimeField(label=_("Начал в (ЧЧ:ММ, пусто — сейчас)"), required=False, input_formats=["%H:%M"],
                         error_messages={"invalid": _("Время — ЧЧ:ММ, например 19:05.")})
    clear = forms.BooleanField(required=False)
