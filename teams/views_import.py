"""The organizer's import of teams from a file: upload, the teams read shown for confirmation, then registered
(``imports.import_teams``, all or none). The file waits for the confirmation in the session."""
import base64

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.pages import XLSX, file_response
from events.forms import ImportForm
from tournaments.errors import ImportRejected, TournamentError

from .imports import import_teams, preview_teams, template_xlsx
from .pages import team_organizer_page
from .selectors import event_of

SESSION_KEY = "teams_import"  # the file read and shown, waiting for the organizer's confirmation


@login_required
@team_organizer_page
def import_view(request, tournament):
    confirming = request.method == "POST" and "confirm" in request.POST
    form = ImportForm(request.POST if request.method == "POST" and not confirming else None,
                      request.FILES if request.method == "POST" and not confirming else None)
    errors, teams, refusal = [], None, ""
    waiting = request.session.get(SESSION_KEY) or {}
    if confirming:
        if waiting.get("tournament") != tournament.pk:
            refusal = _("Файл для подтверждения не найден: загрузите его ещё раз.")
        else:
            try:
                made = import_teams(request.user, tournament, base64.b64decode(waiting["data"]), waiting["name"])
            except ImportRejected as err:
                errors, refusal = err.errors, err.message
            except TournamentError as err:
                refusal = err.message
            else:
                request.session.pop(SESSION_KEY, None)
                messages.success(request, ngettext("Зарегистрирована %(n)s команда из файла.",
                                                   "Зарегистрировано команд из файла: %(n)s.", len(made))
                                 % {"n": len(made)})
                return redirect("teams:manage", tournament.slug)
    elif request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data, name = upload.read(), upload.name
        try:
            teams = preview_teams(request.user, tournament, data, name)
        except ImportRejected as err:
            errors = err.errors
            form.add_error("file", err.message)
        except TournamentError as err:
            form.add_error("file", err.message)
        else:
            request.session[SESSION_KEY] = {"tournament": tournament.pk, "name": name,
                                            "data": base64.b64encode(data).decode("ascii")}
    failed = request.method == "POST" and teams is None
    return render(request, "teams/import.html", {
        "tournament": tournament, "form": form, "errors": errors, "teams": teams, "refusal": refusal,
        "file_name": waiting.get("name", "") if confirming else (teams is not None and request.FILES["file"].name),
        "pairs_per_team": event_of(tournament).pairs_per_team}, status=400 if failed else 200)


@login_required
@team_organizer_page
def import_template_view(request, tournament):
    return file_response(template_xlsx(event_of(tournament).pairs_per_team), f"{tournament.slug}-teams-template.xlsx",
                         XLSX)
