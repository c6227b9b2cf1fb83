"""The audit actions of the team events (teams, line-ups, captains): each code with its label, and with the sentence the journal tells it by
(a pure function of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``). Registered in
``audit.actions`` when the app is ready; ``audit.log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.actions import register, says
from core.text import numbered

register("team.settings_changed", gettext_lazy("Настройки командного турнира изменены"))


register("team.registered", gettext_lazy("Команда зарегистрирована"))


register("team.edited", gettext_lazy("Данные команды изменены"))


register("team.deleted", gettext_lazy("Команда удалена"))


register("teams.numbered", gettext_lazy("Номера команд разыграны"))


register("team.substituted", gettext_lazy("Замена в команде: запасной вошёл в пару"))


@says("team.lineup_set", gettext_lazy("Расстановка команды на тур"))
def _team_lineup(a, b, note, entry):
    pairs = ", ".join(f"{k}: {numbered(n)}" for k, n in enumerate(a.get("pairs") or [], start=1))
    text = _("команда №%(t)s, тур %(r)s: столы %(p)s") % {"t": a.get("team", "?"), "r": a.get("round", "?"),
                                                          "p": pairs}
    return text + (" " + _("(внёс капитан команды)") if a.get("by") == "captain" else "")


@says("team.captain_added", gettext_lazy("Капитану команды дана учётная запись"))
def _team_captain_added(a, b, note, entry):
    return _("капитан команды №%(t)s «%(n)s»: учётная запись «%(u)s» (%(f)s)") % {
        "t": a.get("team", "?"), "n": a.get("team_name", ""), "u": a.get("username", "?"), "f": a.get("full_name", "")}


@says("team.captain_removed", gettext_lazy("Капитан команды снят"))
def _team_captain_removed(a, b, note, entry):
    return _("снят капитан команды №%(t)s «%(n)s» (учётная запись «%(u)s»)") % {
        "t": b.get("team", "?"), "n": b.get("team_name", ""), "u": b.get("username", "?")}


register("team.captain_password_reset", gettext_lazy("Пароль капитана команды сброшен"))


@says("teams.imported", gettext_lazy("Команды загружены из файла"))
def _teams_imported(a, b, note, entry):
    return _("файл «%(f)s»: команд %(t)s, пар %(p)s, запасных %(r)s") % {
        "f": a.get("file", ""), "t": len(a.get("teams") or []), "p": a.get("pairs", 0), "r": a.get("reserves", 0)}
