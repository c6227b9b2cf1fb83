"""The registry's pages: the public search and person pages, the administrator's merges, linking on demand.

Each view checks the permission, calls one service or read model and renders; the services enforce.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from access.pages import tournament_page
from access.permissions import is_federation_admin, is_organizer
from core.converters import strict_int
from core.pages import post_only
from core.paging import clean_query, paginate
from people.models import PUBLIC_FIELDS, Person, PersonMerge
from tournaments.errors import TournamentError
from tournaments.models import Player, Tournament

from . import duplicates, merges, rating_selectors, selectors, services
from .forms import LinkForm, MergeForm, PersonForm, SearchForm, TwoPeopleForm, UndoMergeForm
from .matching import candidates
from .models import NotDuplicate

PERSONS_PER_PAGE = 50
LINKS_PER_PAGE = 30


def players_view(request):
    """The registry's search by surname («ё» = «е») or federation ID, paged."""
    query = clean_query(request.GET.get("q"))
    page = paginate(request, selectors.search(query), PERSONS_PER_PAGE) if query else None
    return render(request, "registry/players.html", {"form": SearchForm(initial={"q": query}), "query": query,
                                                      "page": page, "admin": is_federation_admin(request.user),
                                                      "persons": selectors.with_entry_counts(page) if page else []})


def _person_context(request, person, **forms):
    admin = is_federation_admin(request.user)
    entries = selectors.history(person)
    points = rating_selectors.rating_points(person, {e.tournament.pk for e in entries})
    after = {p.tournament_id: p.rating for p in points}
    games = rating_selectors.rated_games(person, {e.tournament.pk for e in entries})
    for entry in entries:
        entry.rating_after = after.get(entry.tournament.pk)
        entry.rated = games.get(entry.tournament.pk)
    start = rating_selectors.start_point(person) if points else None
    chart = {"labels": [date_format(p.date, "SHORT_DATE_FORMAT") for p in points], "names": [p.name for p in points],
             "ratings": [p.rating for p in points], "label": _("Рейтинг после турнира")}
    if start is not None:  # the line starts where he started: 1500, or the rating he registered with
        chart["labels"].insert(0, date_format(start[0], "SHORT_DATE_FORMAT"))
        chart["names"].insert(0, _("Начальный рейтинг"))
        chart["ratings"].insert(0, start[1])
    context = {
        "person": person, "entries": entries, "admin": admin,
        "shown": {f: person.public(f) for f in PUBLIC_FIELDS},
        "rating": rating_selectors.current(person), "rating_points": points, "rating_start": start,
        "chart": chart,
    }
    if admin:
        context.update({
            "person_form": forms.get("person_form") or PersonForm(initial={
                "name": person.name, "birth_year": person.birth_year or "", "club": person.club, "city": person.city,
                "federation_id": person.federation_id or "",
                "shown": [f for f in PUBLIC_FIELDS if getattr(person, f"show_{f}")]}),
            "merge_form": forms.get("merge_form") or MergeForm(), "undo_form": UndoMergeForm(),
            "merges": selectors.merges_of(person),
        })
    return context


def person_view(request, person_id):
    """A person's page: what he shows publicly and every public tournament he played. One known only from
    unpublished tournaments is not found, but by the federation's administrator (his forms are here) and by the
    organizers of those tournaments (who see them)."""
    person = get_object_or_404(Person, pk=person_id)
    if person.merged_into_id is not None:
        return redirect("registry:person", person_id=selectors.final_person(person).pk)
    if not selectors.is_publicly_known(person) and not _sees_unpublished(request.user, person):
        raise Http404
    return render(request, "registry/person.html", _person_context(request, person))


def _sees_unpublished(user, person) -> bool:
    if is_federation_admin(user):
        return True
    return any(is_organizer(user, t) for t in Tournament.objects.filter(pairs__players__person=person).distinct())


def _admin_person(request, person_id):
    if not is_federation_admin(request.user):
        raise PermissionDenied
    return get_object_or_404(Person, pk=person_id)


@login_required
@post_only
def person_edit_view(request, person_id):
    person = _admin_person(request, person_id)
    form = PersonForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        try:
            services.edit_person(request.user, person, name=d["name"], birth_year=d["birth_year"], club=d["club"],
                                 city=d["city"], federation_id=d["federation_id"], shown=d["shown"])
        except TournamentError as err:
            form.add_service_error(err)
        else:
            messages.success(request, _("Игрок реестра сохранён."))
            return redirect("registry:person", person_id=person.pk)
    return render(request, "registry/person.html", _person_context(request, person, person_form=form), status=400)


@login_required
@post_only
def merge_view(request, person_id):
    person = _admin_person(request, person_id)
    form = MergeForm(request.POST)
    if form.is_valid():
        other = Person.objects.filter(pk=form.cleaned_data["other"]).first()
        if other is None:
            form.add_error("other", _("Игрока реестра с таким номером нет."))
        elif request.POST.get("confirmed") != "1" and other.pk != person.pk:  # both persons side by side first
            return render(request, "registry/merge_preview.html", {
                "kept": selectors.merge_side(person), "absorbed": selectors.merge_side(other),
                "note": form.cleaned_data["note"]})
        else:
            try:
                merges.merge_persons(request.user, person, other, note=form.cleaned_data["note"])
            except TournamentError as err:
                form.add_service_error(err, aliases={"note": "note"})
            else:
                messages.success(request, _("Игрок №%(b)s присоединён к игроку №%(a)s.") % {"a": person.pk,
                                                                                          "b": other.pk})
                return redirect("registry:person", person_id=person.pk)
    return render(request, "registry/person.html", _person_context(request, person, merge_form=form), status=400)


@login_required
@post_only
def undo_merge_view(request, merge_id):
    if not is_federation_admin(request.user):
        raise PermissionDenied
    merge = get_object_or_404(PersonMerge, pk=merge_id)
    form = UndoMergeForm(request.POST)
    try:
        if not form.is_valid():
            raise TournamentError(next(iter(form.errors.values()))[0], code="invalid")
        merges.undo_merge(request.user, merge, note=form.cleaned_data["note"])
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Объединение отменено: игроки №%(a)s и №%(b)s снова разные.") % {
            "a": merge.kept_id, "b": merge.absorbed_id})
    return redirect("registry:person", person_id=merge.kept_id)


def _may_link(user, tournament) -> bool:
    """The organizer links his tournament's players to the registry; the federation administrator any one's."""
    return is_organizer(user, tournament) or is_federation_admin(user)


@login_required
@tournament_page(_may_link)
def link_view(request, tournament):
    """The tournament's players not linked to the registry, each with the registry's proposal."""
    status, failed = 200, None
    if request.method == "POST":
        player = get_object_or_404(Player, pk=strict_int(request.POST.get("player"), 1) or 0,
                                   pair__tournament=tournament)
        form = LinkForm(request.POST, found=candidates(player.name, player.club))
        if form.is_valid():
            try:
                services.link_player(request.user, player, person=form.cleaned_data["person"])
            except TournamentError as err:
                form.add_service_error(err, aliases={"player1_person": "person"})
            else:
                messages.success(request, _("%(name)s: запись турнира связана с реестром игроков.") % {"name": player.name})
                return redirect(request.get_full_path())
        status, failed = 400, (player.pk, form)
        messages.error(request, "%s: %s" % (player.name, next(iter(form.errors.values()))[0]))
    page = paginate(request, selectors.unlinked_players(tournament), LINKS_PER_PAGE)
    rows = []
    for player in page:
        form = failed[1] if failed and failed[0] == player.pk else LinkForm(
            found=candidates(player.name, player.club), auto_id=f"id_p{player.pk}_%s")
        rows.append((player, form))
    return render(request, "registry/link.html", {"tournament": tournament, "page": page, "rows": rows},
                  status=status)


@login_required
def duplicates_view(request, form=None, status=200):
    """The persons suspected of being one (``registry.duplicates``): the federation administrator's list, each
    pair with a merge (through its preview) and «two people»; the pairs marked so, with their undo."""
    if not is_federation_admin(request.user):
        raise PermissionDenied
    return render(request, "registry/duplicates.html", {
        "suspects": duplicates.suspects(), "dismissed": duplicates.dismissed_pairs(), "form": form,
        "merge_form": MergeForm()}, status=status)


@login_required
@post_only
def two_people_view(request):
    if not is_federation_admin(request.user):
        raise PermissionDenied
    form = TwoPeopleForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        a, b = (Person.objects.filter(pk=d[k], merged_into__isnull=True).first() for k in ("a", "b"))
        if a is None or b is None:
            form.add_error(None, _("Игрока реестра с таким номером нет (или он уже объединён с другим)."))
        else:
            try:
                duplicates.mark_two_people(request.user, a, b, note=d["note"])
            except TournamentError as err:
                form.add_service_error(err, aliases={"note": "note"})
            else:
                messages.success(request, _("№%(a)s и №%(b)s отмечены как разные игроки.") % {"a": a.pk, "b": b.pk})
                return redirect("registry:duplicates")
    return duplicates_view(request, form=form, status=400)


@login_required
@post_only
def two_people_undo_view(request, row_id):
    if not is_federation_admin(request.user):
        raise PermissionDenied
    row = get_object_or_404(NotDuplicate.objects.select_related("low", "high"), pk=row_id)
    duplicates.unmark(request.user, row)
    messages.success(request, _("№%(a)s и №%(b)s снова в списке возможных дубликатов.") % {"a": row.low_id,
                                                                                         "b": row.high_id})
    return redirect("registry:duplicates")
