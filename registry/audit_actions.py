"""The audit actions of the players' registry and of the rating (each with its label, and its sentence where the label alone says too little)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.actions import register, says

# --- the players' registry (entries of no tournament, but ``person.linked``) -------------------------

@says("person.created", gettext_lazy("Игрок внесён в реестр"))
def _person_created(a, b, note, entry):
    return _("внёс в реестр игрока %(name)s (№%(id)s)") % {"name": a.get("name", "?"), "id": a.get("id", "?")}


@says("person.linked", gettext_lazy("Игрок турнира связан с реестром"))
def _person_linked(a, b, note, entry):
    return _("связал игрока турнира %(player)s с игроком реестра %(name)s (№%(id)s)") % {
        "player": a.get("player", "?"), "name": a.get("name", "?"), "id": a.get("person", "?")}


@says("person.edited", gettext_lazy("Игрок реестра изменён"))
def _person_edited(a, b, note, entry):
    changed = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k) and k != "id")
    return _("изменил игрока реестра №%(id)s: %(fields)s") % {"id": a.get("id", "?"), "fields": ", ".join(changed)}


@says("person.merged", gettext_lazy("Игроки реестра объединены"))
def _person_merged(a, b, note, entry):
    return _("объединил игрока реестра №%(absorbed)s с игроком №%(kept)s (перенесено записей турниров: "
             "%(n)s)") % {"absorbed": a.get("absorbed", "?"), "kept": a.get("kept", "?"),
                          "n": len(a.get("players") or [])}


@says("person.merge_undone", gettext_lazy("Объединение игроков отменено"))
def _person_merge_undone(a, b, note, entry):
    return _("разделил игроков реестра №%(kept)s и №%(absorbed)s (возвращено записей турниров: %(n)s)") % {
        "absorbed": a.get("absorbed", "?"), "kept": a.get("kept", "?"), "n": len(a.get("players") or [])}


# --- the rating (docs/rules.md «Рейтинг») --------------------------------------------------------------
register("tournament.rated", gettext_lazy("Турнир отмечен как рейтинговый"))
register("tournament.unrated", gettext_lazy("Турнир больше не рейтинговый"))
register("rating.rebuilt", gettext_lazy("Рейтинг пересчитан по протоколам"))
register("rating.published", gettext_lazy("Опубликован рейтинг-лист месяца"))


@says("person.not_duplicate", gettext_lazy("Игроки реестра отмечены как разные"))
def _person_not_duplicate(a, b, note, entry):
    ids = a.get("persons") or ["?", "?"]
    return _("отметил игроков реестра №%(a)s и №%(b)s как разных людей") % {"a": ids[0], "b": ids[-1]}


@says("person.not_duplicate_undone", gettext_lazy("Отметка «разные игроки» снята"))
def _person_not_duplicate_undone(a, b, note, entry):
    ids = b.get("persons") or ["?", "?"]
    return _("вернул игроков реестра №%(a)s и №%(b)s в список возможных дубликатов") % {"a": ids[0], "b": ids[-1]}
