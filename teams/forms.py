"""The organizer's forms of a team event: a team with its pairs and reserves, a line-up, a substitution."""
from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import ServiceErrorsMixin
from core.text import numbered

from .report import ORDER_WORDS
from .rules import TIEBREAKS, validate_order
from .services import RESERVES_MAX


class TeamForm(ServiceErrorsMixin, forms.Form):
    """A team: its name, club / region, K pairs of two players (each with his club / city and rating, stored
    on the pair's player as a pair's are) and up to four reserves. A player's club left empty is the team's."""

    name = forms.CharField(label=_("Название команды"), max_length=400, required=False)
    club = forms.CharField(label=_("Клуб / регион"), max_length=400, required=False)

    def __init__(self, *args, pairs_per_team=2, **kwargs):
        super().__init__(*args, **kwargs)
        self.k = pairs_per_team
        for j in range(1, pairs_per_team + 1):
            for p in (1, 2):
                self.fields[f"pair{j}_player{p}"] = forms.CharField(
                    label=_("Пара %(j)s, игрок %(p)s") % {"j": j, "p": p}, max_length=400, required=False)
                self.fields[f"pair{j}_player{p}_club"] = forms.CharField(
                    label=_("Клуб / город"), max_length=400, required=False,
                    help_text=_("пусто — клуб команды"))
                self.fields[f"pair{j}_player{p}_rating"] = forms.CharField(
                    label=_("Рейтинг"), max_length=40, required=False,
                    widget=forms.TextInput(attrs={"inputmode": "numeric"}))
        for r in range(1, RESERVES_MAX + 1):
            self.fields[f"reserve{r}_name"] = forms.CharField(
                label=_("Запасной %(r)s") % {"r": r}, max_length=400, required=False)
        for field in self.fields.values():  # the service checks every field at once (``team_problems``)
            field.max_length, field.validators = None, []
            field.widget.attrs.pop("maxlength", None)

    def sections(self) -> list:
        """(legend, [[bound field…] a player]) of the form's parts: the team, each pair, the reserves."""
        out = [(gettext("Команда"), [[self["name"], self["club"]]])]
        for j in range(1, self.k + 1):
            out.append((gettext("Пара %(j)s") % {"j": j},
                        [[self[f"pair{j}_player{p}{x}"] for x in ("", "_club", "_rating")] for p in (1, 2)]))
        out.append((gettext("Запасные"), [[self[f"reserve{r}_name"]] for r in range(1, RESERVES_MAX + 1)]))
        return out

    def pairs(self) -> list:
        club = self.cleaned_data.get("club", "")
        data = self.cleaned_data
        return [[{"name": data.get(f"pair{j}_player{p}", ""),
                  "club": data.get(f"pair{j}_player{p}_club", "").strip() or club,
                  "rating": data.get(f"pair{j}_player{p}_rating", ""), "person": "none"}
                 for p in (1, 2)] for j in range(1, self.k + 1)]

    def reserves(self) -> list:
        club = self.cleaned_data.get("club", "")
        return [{"name": self.cleaned_data[f"reserve{r}_name"], "club": club}
                for r in range(1, RESERVES_MAX + 1) if self.cleaned_data.get(f"reserve{r}_name", "").strip()]


class SettingsForm(ServiceErrorsMixin, forms.Form):
    """K pairs a team, the team match points and the tie-break order, one criterion a place, named in words."""

    pairs_per_team = forms.CharField(label=_("Пар в команде (1–4)"), max_length=20)
    win_points = forms.CharField(label=_("Очки за победу в матче"), max_length=20)
    draw_points = forms.CharField(label=_("Очки за ничью в матче"), max_length=20)
    loss_points = forms.CharField(label=_("Очки за поражение в матче"), max_length=20)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        offered = [("", "—")] + [(key, capfirst(gettext(ORDER_WORDS[key]))) for key in TIEBREAKS]
        for i in range(1, len(TIEBREAKS) + 1):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(
                label=_("Показатель %(n)s") % {"n": i}, choices=offered, required=False)

    @staticmethod
    def tiebreak_initial(stored) -> dict:
        """The fields' initial values for the stored order (empty: the default order, shown in full)."""
        order = list(stored) if stored else list(validate_order([]))
        return {f"tiebreak_{i}": key for i, key in enumerate(order, start=1)}

    def order(self) -> list:
        return [self.cleaned_data[f"tiebreak_{i}"] for i in range(1, len(TIEBREAKS) + 1)
                if self.cleaned_data.get(f"tiebreak_{i}")]


class LineUpForm(ServiceErrorsMixin, forms.Form):
    """Which pair of the team sits at each table of its match in a round."""

    round = forms.CharField(label=_("Тур"), max_length=20)

    def __init__(self, *args, pairs=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(str(p.pk), f"{numbered(p.number or '—')} " + " — ".join(pl.name for pl in p.players.all()))
                   for p in pairs]
        for board in range(1, len(choices) + 1):
            self.fields[f"table{board}"] = forms.ChoiceField(label=_("Стол %(n)s матча") % {"n": board},
                                                             choices=choices)
        self.boards = len(choices)

    def pair_ids(self) -> list:
        return [self.cleaned_data[f"table{b}"] for b in range(1, self.boards + 1)]


class SubstitutionForm(ServiceErrorsMixin, forms.Form):
    pair = forms.CharField(label=_("Пара"), max_length=20)
    seat = forms.ChoiceField(label=_("Место"), choices=[("1", _("игрок 1")), ("2", _("игрок 2"))])
    reserve = forms.CharField(label=_("Запасной"), max_length=20)
    note = forms.CharField(label=_("Причина"), max_length=400, required=False)


class CaptainForm(ServiceErrorsMixin, forms.Form):
    """The captain's account: his name, the login and the password the organizer gives him."""

    full_name = forms.CharField(label=_("Фамилия и имя капитана"), max_length=400, required=False)
    username = forms.CharField(label=_("Имя пользователя (логин)"), max_length=400, required=False)
    password = forms.CharField(label=_("Пароль"), max_length=400, required=False,
                               widget=forms.PasswordInput(render_value=False))
