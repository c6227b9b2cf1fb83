"""The rating's pages: the public list with its filters, the monthly lists as published, and the federation
administrator's choice of rated tournaments. Each view checks the permission, calls one read model or service."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.permissions import is_federation_admin
from core.converters import strict_int
from core.errors import DomainError
from core.pages import PDF, XLSX, file_response, post_only
from core.paging import paginate
from core.text import CleanTextMixin
from tournaments.models import Tournament

from . import rating_exports
from . import rating_selectors as selectors
from .models import PersonRating, RatedTournament, RatingSnapshot
from .rating_services import clean_month, publish_snapshot, set_rated

ROWS_PER_PAGE = 50
TOURNAMENTS_PER_PAGE = 50


class RatingFilterForm(CleanTextMixin, forms.Form):
    club = forms.CharField(label=gettext_lazy("Клуб"), max_length=200, required=False)
    city = forms.CharField(label=gettext_lazy("Город"), max_length=200, required=False)
    active = forms.BooleanField(label=gettext_lazy("Играли за последние 12 месяцев"), required=False)

    def _known(self, field, message):
        value = self.cleaned_data.get(field) or ""
        if value and not selectors.matching(field, value):
            raise forms.ValidationError(message)
        return value

    def clean_club(self):
        return self._known("club", _("Такого клуба нет в рейтинг-листе. Выберите клуб из списка."))

    def clean_city(self):
        return self._known("city", _("Такого города нет в рейтинг-листе. Выберите город из списка."))


def _filters(request):
    """The form and the filters it asks for (none, and status 400, when a filter is refused)."""
    form = RatingFilterForm({k: v for k, v in request.GET.items() if k in ("club", "city", "active")} or None)
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        return form, selectors.Filters(d["club"], d["city"], d["active"]), 200
    return form, selectors.Filters(), 400 if form.is_bound else 200




def _export(kind, lines, title, name):
    if kind not in ("xlsx", "pdf"):
        raise Http404(_("Такого файла нет."))
    if kind == "xlsx":
        return file_response(rating_exports.workbook(lines, title), f"{name}.xlsx", XLSX)
    return file_response(rating_exports.pdf(lines, title), f"{name}.pdf", PDF)


def export_view(request, kind):
    """The current list (with the page's filters) as a workbook or a PDF."""
    if kind not in ("xlsx", "pdf"):
        raise Http404(_("Такого файла нет."))
    form, filters, status = _filters(request)
    if status != 200:  # the list's page says which filter was refused, next to it
        return rating_view(request)
    title = _("Рейтинг-лист на %(d)s") % {"d": date_format(timezone.localdate(), "SHORT_DATE_FORMAT")}
    return _export(kind, rating_exports.list_lines(filters), title, f"rating-{timezone.localdate():%Y-%m-%d}")


def snapshot_export_view(request, month, kind):
    snapshot = _snapshot(month)
    title = _("Рейтинг-лист за %(m)s") % {"m": date_format(snapshot.month, _("m.Y"))}
    return _export(kind, rating_exports.list_lines(snapshot=snapshot), title, f"rating-{snapshot.month:%Y-%m}")


def rating_view(request):
    """The rating list, best first, paged, with filters by club, city and activity."""
    form, filters, status = _filters(request)
    page = paginate(request, selectors.rating_list(filters), ROWS_PER_PAGE)
    return render(request, "registry/rating.html", {
        "form": form, "page": page, "rows": selectors.decorate(page), "filtered": filters != selectors.Filters(),
        "clubs": selectors.choices("club"), "cities": selectors.choices("city"),
        "snapshots": selectors.snapshots()[:24], "admin": is_federation_admin(request.user),
    }, status=status)


def _snapshot(month) -> RatingSnapshot:
    if len(month) != 7:
        raise Http404(_("Нет такого месяца."))
    try:
        month = clean_month(month)
    except DomainError:
        raise Http404(_("Нет такого месяца.")) from None
    return get_object_or_404(RatingSnapshot, month=month)


def snapshot_view(request, month):
    """A month's list exactly as it was published."""
    snapshot = _snapshot(month)
    page = paginate(request, snapshot.rows, ROWS_PER_PAGE)
    return render(request, "registry/rating_snapshot.html", {"snapshot": snapshot, "page": page})


@login_required
@post_only
def publish_view(request):
    """Publishing a month's list cannot be undone: a confirmation page first, naming what it does."""
    if not is_federation_admin(request.user):
        raise PermissionDenied
    if request.POST.get("confirmed") != "1":
        return render(request, "registry/rating_publish_confirm.html", {
            "month": date_format(timezone.localdate(), _("m.Y")), "persons": PersonRating.objects.count()})
    try:
        snapshot = publish_snapshot(request.user)
    except DomainError as err:
        messages.error(request, err.message)
        return redirect("registry:rating")
    messages.success(request, _("Рейтинг-лист за %(m)s опубликован.") % {"m": date_format(snapshot.month, _("m.Y"))})
    return redirect("registry:rating_snapshot", month=f"{snapshot.month:%Y-%m}")


@login_required
def rated_tournaments_view(request):
    """The federation administrator marks tournaments as rated (or not)."""
    if not is_federation_admin(request.user):
        raise PermissionDenied
    if request.method == "POST":
        tournament = get_object_or_404(Tournament, pk=strict_int(request.POST.get("tournament"), 1) or 0)
        rated = request.POST.get("rated")
        if rated not in ("0", "1"):
            messages.error(request, _("Не понятно, отметить турнир или снять отметку."))
        else:
            try:
                changed = set_rated(request.user, tournament, rated == "1")
            except DomainError as err:
                messages.error(request, err.message)
            else:
                if changed:
                    messages.success(request, (_("«%(t)s» — рейтинговый турнир.") if rated == "1" else
                                               _("«%(t)s» больше не рейтинговый.")) % {"t": tournament.name})
        return redirect(request.get_full_path())
    tournaments = Tournament.objects.filter(archived_at__isnull=True).order_by("-start_date", "-pk")
    page = paginate(request, tournaments, TOURNAMENTS_PER_PAGE)
    rated = set(RatedTournament.objects.filter(tournament__in=list(page)).values_list("tournament_id", flat=True))
    return render(request, "registry/rated_tournaments.html", {
        "page": page, "rows": [(t, t.pk in rated) for t in page]})
