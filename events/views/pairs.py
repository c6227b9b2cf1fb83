"""Organizer pages for pairs (edit, substitute, delete, late registration) and what each irreversible action
says before it is done.

Every irreversible action of the organizer is confirmed on ``core.pages.confirm_page``: the first POST shows
what will happen, the second (with ``confirmed=1``) does it.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from access.pages import chief_referee_page, organizer_page
from core.names import name_key, name_matches
from core.pages import confirm_page, confirmed
from tournaments.errors import TournamentError
from tournaments.models import EntrantStatus, RoundStatus

from .. import services
from ..forms import LatePairForm, PairEditForm, PairRoundForm, SubstituteForm
from ..services.rounds import open_protocols, open_table_tokens, open_tables_text


def _players_text(pair) -> str:
    return " — ".join(p.name for p in sorted(pair.players.all(), key=lambda p: (p.number or 9, p.pk)))


def _pair_title(pair) -> str:
    return pair.tournament.format_spec.entry_label(pair.number, _players_text(pair))


@login_required
@organizer_page
def pair_list_view(request, tournament):
    """Every pair with links to edit or delete it; late registration once the rounds have begun."""
    pairs = list(tournament.pairs.prefetch_related("players"))
    query = (request.GET.get("q") or "").strip()[:200]
    if query:
        pairs = [p for p in pairs if any(name_matches(query, pl.name) for pl in p.players.all())
                 or name_matches(query, p.name)]
    pairs.sort(key=lambda p: (p.number is None, p.number or 0,
                              name_key(min((pl.name for pl in p.players.all()), key=name_key, default=""))))
    rounds_exist = tournament.rounds.exists()
    return render(request, "tournaments/pair_list.html", {
        "tournament": tournament, "pairs": pairs, "query": query, "rounds_exist": rounds_exist,
        "can_delete": not tournament.draw_closed and not rounds_exist,
        "late_form": LatePairForm(individual=tournament.format_spec.single_player_entries,
                                  teams=tournament.has_team_standing) if rounds_exist
        else None,
    })


def _pair_form_initial(pair) -> dict:
    seated = sorted(pair.players.all(), key=lambda p: (p.number or 9, p.pk))
    data = {"name": pair.name, "rating": "" if pair.rating is None else pair.rating, "team_name": pair.team_name}
    for k, player in enumerate(seated[:2], start=1):
        data.update({f"player{k}_name": player.name, f"player{k}_club": player.club,
                     f"player{k}_rating": "" if player.rating is None else player.rating})
    return data


@login_required
@organizer_page
def pair_edit_view(request, tournament, pair_id):
    pair = get_object_or_404(tournament.pairs.prefetch_related("players"), pk=pair_id)
    fmt = tournament.format_spec
    individual = fmt.single_player_entries
    form = PairEditForm(request.POST if request.POST.get("form") == "edit" else None,
                        initial=_pair_form_initial(pair), individual=individual, teams=tournament.has_team_standing)
    substitute = SubstituteForm(request.POST if request.POST.get("form") == "substitute" else None,
                                individual=individual)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_bound and form.is_valid():
            try:
                services.edit_pair(request.user, pair, players=form.players(), name=form.cleaned_data["name"],
                                   rating=form.cleaned_data["rating"], note=form.cleaned_data["note"],
                                   team_name=form.team())
            except TournamentError as err:
                form.add_service_error(err)
            else:
                messages.success(request, fmt.entry_saved)
                return redirect("tournaments:pair_list", slug=tournament.slug)
        elif substitute.is_bound and substitute.is_valid():
            d = substitute.cleaned_data
            try:
                services.substitute_player(request.user, pair, d["seat"], note=d["note"],
                                           player={"name": d["name"], "club": d["club"], "rating": d["rating"]})
            except TournamentError as err:
                substitute.add_service_error(err, aliases={
                    f"player{d['seat']}_name": "name", f"player{d['seat']}_club": "club",
                    f"player{d['seat']}_rating": "rating"})
            else:
                messages.success(request, _("Игрок заменён."))
                return redirect("tournaments:pair_list", slug=tournament.slug)
    return render(request, "tournaments/pair_edit.html", {
        "tournament": tournament, "pair": pair, "title": _pair_title(pair), "form": form, "substitute": substitute,
        "seated": sorted(pair.players.all(), key=lambda p: (p.number or 9, p.pk)),
    }, status=status)


@login_required
@organizer_page
def pair_delete_view(request, tournament, pair_id):
    pair = get_object_or_404(tournament.pairs.prefetch_related("players"), pk=pair_id)
    back = reverse("tournaments:pair_list", args=[tournament.slug])
    if not confirmed(request):
        fmt = tournament.format_spec
        consequences = [fmt.will_be_deleted(_pair_title(pair))]
        if tournament.draw_done_at:
            consequences.append(_("Жеребьёвку номеров нужно будет провести заново."))
        return confirm_page(request, tournament, title=fmt.delete_title, consequences=consequences, cancel=back,
                            button=fmt.delete_button)
    try:
        services.delete_pair(request.user, pair)
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, tournament.format_spec.entry_deleted)
    return redirect(back)


@login_required
@organizer_page
def pair_late_view(request, tournament):
    form = LatePairForm(request.POST or None, individual=tournament.format_spec.single_player_entries,
                        teams=tournament.has_team_standing)
    if request.method == "POST" and form.is_valid():
        try:
            pair = services.register_late_pair(request.user, tournament, players=form.players(),
                                               name=form.cleaned_data["name"], rating=form.cleaned_data["rating"],
                                               team_name=form.team() or "")
        except TournamentError as err:
            form.add_service_error(err)
        else:
            messages.success(request, tournament.format_spec.registered_late(pair.number, pair.joined_round))
            return redirect("tournaments:pair_list", slug=tournament.slug)
    return render(request, "tournaments/pair_late.html", {"tournament": tournament, "form": form},
                  status=400 if request.method == "POST" else 200)


# --- what each irreversible action says before it is done ------------------------------

def draw_consequences(tournament, seed) -> list[str]:
    active = tournament.pairs.filter(status=EntrantStatus.ACTIVE).count()
    lines = [tournament.format_spec.draw_numbers(active)]
    lines.append(_("Зерно жеребьёвки: «%(s)s».") % {"s": seed} if seed else
                 _("Зерно жеребьёвки будет выбрано случайно и записано."))
    if tournament.draw_done_at:
        lines.append(str(tournament.format_spec.renumbered_note))
    return lines


def publish_consequences(rnd) -> list[str]:
    tables = rnd.parties.filter(pair_b__isnull=False).count()
    return rnd.tournament.format_spec.publish_lines(rnd.number, tables)


def discard_consequences(rnd) -> list[str]:
    tables = rnd.parties.count()
    return [ngettext("Черновик тура %(n)s (%(t)s стол) будет удалён; тур можно будет составить заново.",
                     "Черновик тура %(n)s (%(t)s столов) будет удалён; тур можно будет составить заново.", tables)
            % {"n": rnd.number, "t": tables}]


def withdraw_consequences(pair) -> list[str]:
    last = pair.tournament.rounds.exclude(status=RoundStatus.DRAFT).order_by("-number").first()
    return pair.tournament.format_spec.withdraw_lines(_pair_title(pair), last.number if last else None)


def undo_withdrawal_consequences(pair) -> list[str]:
    return pair.tournament.format_spec.undo_withdrawal_lines(_pair_title(pair))


@login_required
@chief_referee_page
def pair_early_view(request, tournament):
    """The chief referee's (and organizer's) page to pair the next round before every protocol is signed."""
    last = tournament.rounds.order_by("-number").first()
    tokens = open_table_tokens(last.number, open_protocols(tournament)) if last else []
    return render(request, "tournaments/pair_early.html", {
        "tournament": tournament, "last": last, "tables": open_tables_text(last.number, tokens) if tokens else "",
        "earlier": any(isinstance(t, str) for t in tokens), "form": PairRoundForm(),
    })
