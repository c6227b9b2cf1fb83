"""What the team event adds to ``tournaments.formats.TeamsFormat``, registered by ``TeamsConfig.ready()``: the
count of teams, the team match points, the public page's links and list of teams, the captions of a round's
tables (their match and teams), the management page's section (read only), and the ``pairings`` and
``simulate`` commands' team events."""
from __future__ import annotations

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.formats import Link

from .models import Captain, MatchTable, Team
from .report import team_event_flowables
from .selectors import pairings_json
from .simulation import simulate_event
from .standings import event_of
from .standings_command import write_team_event
from .workbook import team_tables

# The calendar counts every tournament's teams in its one query (``formats.count_annotations``).
COUNT_ANNOTATION = Count("teams", distinct=True)
MANAGE_TEMPLATE = "teams/_manage_section.html"
MANAGE_LINKS_TEMPLATE = "teams/_manage_links.html"
ROUND_VIEW = "teams:round"
ACTIONS = {"register": "teams:manage", "draw": "teams:number", "pair_round": "teams:pair_round"}


def team_count(tournament) -> int:
    return Team.objects.filter(tournament=tournament).count()


def match_points(tournament) -> tuple[int, int, int]:
    event = event_of(tournament)
    return event.win_points, event.draw_points, event.loss_points


def public_links(tournament) -> list[Link]:
    slug = tournament.slug
    standings = reverse("teams:standings", args=[slug])
    return [Link(_("Положение команд"), standings, "team-standings"),
            Link(_("Для экрана в зале"), standings + "?projector=1", "team-projector"),
            Link(_("Страница капитана"), reverse("teams:captain", args=[slug]), "captain-link"),
            Link(_("Положение пар"), reverse("reports:standings", args=[slug]), "pair-standings")]


def standings_documents(tournament) -> list[Link]:
    """The public page's team standings file, before the pairs'."""
    return [Link(_("Положение команд (PDF)"), reverse("teams:standings_pdf", args=[tournament.slug]),
                 "team-standings-pdf")]


def entrant_rows(tournament, limit: int) -> tuple[list[dict], int]:
    """The public page's teams (number, name, club), at most ``limit``, and how many more."""
    teams = list(Team.objects.filter(tournament=tournament).order_by("number", "name")[:limit + 1])
    rows = [{"number": t.number, "player1": t.name, "player2": "", "club": t.club, "active": True}
            for t in teams[:limit]]
    more = Team.objects.filter(tournament=tournament).count() - limit if len(teams) > limit else 0
    return rows, more


def _caption(t: MatchTable) -> str:
    m = t.match
    teams = str(m.team_a) + (f" — {m.team_b}" if m.team_b_id else "")
    return _("Матч %(m)s · %(teams)s, стол матча %(b)s") % {"m": m.number, "teams": teams, "b": t.board}


def table_captions(rnd) -> dict:
    """{partie id: «Матч 2 · №3 Команда 3 — №5 Команда 5, стол матча 1»} of the round's tables (one query)."""
    rows = MatchTable.objects.filter(match__round=rnd).select_related("match__team_a", "match__team_b")
    return {t.partie_id: _caption(t) for t in rows}


def table_caption(partie) -> str:
    t = MatchTable.objects.filter(partie=partie).select_related("match__team_a", "match__team_b").first()
    return _caption(t) if t is not None else ""


PARTS = dict(count=team_count, count_annotation=COUNT_ANNOTATION, match_points=match_points,
             public_links=public_links, entrant_rows=entrant_rows, table_captions=table_captions, table_caption=table_caption,
             manage_template=MANAGE_TEMPLATE, manage_links_template=MANAGE_LINKS_TEMPLATE, round_view=ROUND_VIEW, actions=ACTIONS,
             pairings_json=pairings_json, simulate=simulate_event, report_section=team_event_flowables,
             write_standings=write_team_event, standings_documents=standings_documents,
             workbook_tables=team_tables)


def captain_pages(user) -> list[tuple[str, str]]:
    """A captain's own pages (the calendar's «Ваши страницы»): his team's line-up page in each event."""
    captaincies = Captain.objects.filter(user=user, team__tournament__archived_at__isnull=True).select_related(
        "team__tournament").order_by("-team__tournament__start_date")
    return [(_("%(t)s — капитан команды «%(team)s»") % {"t": c.team.tournament.name, "team": c.team.name},
             reverse("teams:captain", args=[c.team.tournament.slug])) for c in captaincies]
