"""What the pages of a team event share: the team event of an address (404 for any other tournament), the
organizer's refusal, a team of the tournament, the round whose line-ups are entered now, and the
organizer's teams page (shown again, with the form that has errors, by the pages that post to it)."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access.account_rights import wholly_his
from access.pages import organizer_page
from core.public import public_url

from .forms import CaptainForm, LineUpForm, SettingsForm, SubstitutionForm, TeamForm
from .models import Team
from .selectors import event_of, teams_of
from .services import lineup_for


def team_event(tournament):
    """The tournament, if it is a team event; a 404 otherwise."""
    if not tournament.format_spec.has_teams:
        raise Http404(_("Это не командный турнир."))
    return tournament


# The organizer's page of a team event: a 404 for any other tournament, then the 403 for anyone else.
team_organizer_page = organizer_page(kind=team_event)


def team_of(tournament, team_id) -> Team:
    return get_object_or_404(Team, tournament=tournament, pk=team_id)


def next_round_number(tournament) -> int:
    """The round whose line-ups are entered now: the draft round, else the one after the last."""
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return 1
    return last.number if last.status == "draft" else last.number + 1


def render_manage(request, tournament, *, team_form=None, forms_of=None, settings_form=None, status=200):
    """The organizer's teams page; ``forms_of[team id]``: that team's forms with errors, in place of blank ones."""
    event = event_of(tournament)
    settings_form = settings_form or SettingsForm(initial={
        "pairs_per_team": event.pairs_per_team, "win_points": event.win_points, "draw_points": event.draw_points,
        "loss_points": event.loss_points, **SettingsForm.tiebreak_initial(event.tiebreaks)})
    number = next_round_number(tournament)
    teams = teams_of(tournament)
    rows = []
    for team in teams:
        pairs = [m.pair for m in team.members.all()]
        by_id = {p.pk: p for p in pairs}
        current = [by_id[i] for i in lineup_for(team, number) if i in by_id]
        given = (forms_of or {}).get(team.pk, {})
        lineup = given.get("lineup") or LineUpForm(pairs=pairs, prefix=f"t{team.pk}", initial={
            "round": number, **{f"table{b}": str(p.pk) for b, p in enumerate(current, start=1)}})
        captain = getattr(team, "captain", None)
        rows.append({"team": team, "pairs": pairs, "lineup": lineup, "current": current,
                     "substitution": given.get("substitution") or SubstitutionForm(prefix=f"s{team.pk}"),
                     "captain": captain,
                     "captain_resettable": captain is not None and wholly_his(request.user, captain.user),
                     "captain_form": given.get("captain") or CaptainForm(prefix=f"c{team.pk}")})
    return render(request, "teams/manage.html", {
        "tournament": tournament, "event": event, "rows": rows, "number": number,
        "captain_url": public_url(reverse("teams:captain", args=[tournament.slug]), request),
        "team_form": team_form or TeamForm(pairs_per_team=event.pairs_per_team),
        "numbered": bool(tournament.draw_done_at), "rounds": tournament.rounds.order_by("number"),
        "settings_form": settings_form,
    }, status=status)
