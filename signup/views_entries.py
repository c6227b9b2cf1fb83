"""The list of entries' actions over many entries, the organizer's: «Подтвердить все» (a page naming each entry
and what happens to it, then the approval) and the export of the entries with their contacts (xlsx, CSV)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access.pages import organizer_page
from core.converters import MAX_ID, strict_int
from core.pages import XLSX, confirm_page, file_response
from tournaments.errors import TournamentError

from . import approvals, exports

CSV = "text/csv; charset=utf-8"


def _consequences(plan, held: int) -> list[str]:
    lines = []
    for item in plan:
        if item.outcome == approvals.PLACE:
            lines.append(_("«%(names)s» — подтверждена и становится участником турнира.") % {
                "names": item.entry.names()})
        else:
            lines.append(_("«%(names)s» — подтверждена, но мест нет: встанет в лист ожидания (место %(n)s).") % {
                "names": item.entry.names(), "n": item.position})
    if held:
        lines.append(_("Заявки с сомнением (игрок реестра без ID федерации, то же имя в другой заявке) не "
                       "подтверждаются все сразу: их осталось %(n)s, решите по каждой в её строке.") % {"n": held})
    return lines


@login_required
@require_POST
@organizer_page
def approve_all_view(request, tournament):
    """The entries waiting only for approval: a page naming them (how many, which, a place or the waiting list),
    then their approval — exactly the entries the page named."""
    back = reverse("tournaments:signup_entries", args=[tournament.slug])
    if request.POST.get("confirmed") == "1":
        raw = [part for value in request.POST.getlist("entries") for part in value.split(",")]
        ids = [n for n in (strict_int(v, 1, MAX_ID) for v in raw) if n is not None]
        try:
            approved = approvals.approve_entries(request.user, tournament, ids)
        except TournamentError as err:
            messages.error(request, err.message)
        else:
            placed = sum(e.status == "accepted" for e in approved)
            messages.success(request, _("Подтверждено заявок: %(n)s; стали участниками: %(a)s, в листе ожидания: "
                                        "%(w)s.") % {"n": len(approved), "a": placed, "w": len(approved) - placed})
        return redirect(back)
    plan, held = approvals.approval_plan(tournament)
    if not plan:
        messages.error(request, _("Подтверждать нечего: заявок, которые ждут только подтверждения, нет."))
        return redirect(back)
    return confirm_page(
        request, tournament, title=_("Подтвердить все заявки (%(n)s)?") % {"n": len(plan)},
        consequences=_consequences(plan, held), cancel=back,
        fields={"entries": ",".join(str(item.entry.pk) for item in plan)},
        button=_("Подтвердить заявки: %(n)s") % {"n": len(plan)}, extra={"button_class": "primary"})


@login_required
@organizer_page
def export_view(request, tournament, kind):
    """The entries with their contacts, as a workbook or a CSV file (the organizer's only: contacts are private)."""
    if kind == "xlsx":
        return file_response(exports.entries_xlsx(tournament), f"entries-{tournament.slug}.xlsx", XLSX)
    if kind == "csv":
        return file_response(exports.entries_csv(tournament), f"entries-{tournament.slug}.csv", CSV)
    raise Http404
