"""Print a tournament's standings: ``manage.py standings SLUG [--after-round R] [--json] [--players | --teams]``."""
import json

from django.core.management.base import BaseCommand, CommandError

from engine.ranking.standings_individual import individual_row_json
from engine.ranking.tiebreaks import TiebreakError, resolve_tiebreaks
from engine.rules.config import KOZEL_PRESETS
from events.stage_selectors import final_standings_data
from scoring.reports import group_selectors, selectors, stage_selectors, team_data
from tournaments.models import FinalKind, PairingSystem, Tournament


class Command(BaseCommand):
    help = "Standings of pairs (or players) with the tournament's tie-break order."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--after-round", type=int, default=None, help="standings as after this round")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a text table")
        parser.add_argument("--players", action="store_true", help="individual standings of players")
        parser.add_argument("--stage", type=int, choices=(1, 2), default=None,
                            help="an event in stages: the standings of stage 1 alone, or of the final round robin "
                                 "or of each group")
        parser.add_argument("--final", action="store_true",
                            help="an event in stages: the final standings (stage 2's order, then stage 1's)")
        parser.add_argument("--teams", action="store_true", help="the team standing of a pair or individual event")

    def handle(self, slug, after_round=None, players=False, stage=None, final=False, teams=False, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with slug {slug!r}") from None
        try:
            resolve_tiebreaks(tournament.tiebreaks, swiss=tournament.pairing_system == PairingSystem.SWISS,
                              family="kozel" if tournament.rules_preset in KOZEL_PRESETS else "sport",
                              individual=tournament.format_spec.single_player_entries)
        except TiebreakError as exc:
            raise CommandError(f"tie-breaks of {slug}: {exc.message} ({exc.code})") from None
        if after_round is not None and after_round < 1:
            raise CommandError("--after-round must be 1 or more")
        if teams and players:
            raise CommandError("--teams and --players are two lists: choose one")
        own_table = tournament.format_spec.part("write_standings")  # a format whose entrants are teams
        if own_table is not None and not players:
            own_table(self, tournament, after_round, options["json"], stage, final)
            return
        if teams:
            self._write_teams(tournament, after_round, options["json"])
            return
        if stage is not None or final:
            self._write_stage(tournament, stage, final, after_round, options["json"])
            return
        if tournament.format_spec.single_player_entries:  # an individual event: its standings are the players'
            data = selectors.load_standings(tournament, after_round)
            rows = [individual_row_json(r, goats=data.goats, rating=data.rating, latin=data.latin) for r in data.rows]
            self._write_players(tournament, data, rows, options["json"])
            return
        if players:
            data = selectors.load_individual(tournament, after_round)
            rows = [p.to_json(goats=data.goats, rating=data.rating) for p in data.players]
        else:
            data = selectors.load_standings(tournament, after_round)
            rows = [r.to_json(goats=data.goats, rating=data.rating, latin=data.latin) for r in data.rows]
        if options["json"]:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        when = f"after round {data.shown_round or 0}"
        if data.provisional:
            when = f"round {data.shown_round} in play (provisional)"
        if data.stage is not None:  # an event in stages: these are the stage's standings (--final: the places)
            when = f"stage {data.stage}, {when} (final places: --final)"
        self.stdout.write(f"{tournament.name}: {when}; order: {', '.join(data.tiebreaks)}")
        if players:
            for r in rows:
                self.stdout.write(f"{r['rank'] or '—':>4}  {r['player']:<30} pair {r['pair']:>4}  "
                                  f"mp {r['match_points']:>3}  out {r['dominoes']:>3}  remarks {r['remarks']}")
            return
        goats = (" games goats+ goats-  dry" + (" rating" if data.rating else "")) if data.goats else ""
        goats += "  efect  sanct  card   chan  zap" if data.latin else ""
        self.stdout.write(" rank  pair  played  W  L   MP    for  against   diff  deals" + goats + "  status")
        for r in rows:
            extra = ""
            if data.goats:
                extra = f" {r['games_won']:>5} {r['goats_given']:>6} {r['goats_received']:>7} {r['dry_goats']:>4}"
                if data.rating:
                    extra += f" {'' if r['rating'] is None else r['rating']:>6}"
            if data.latin:
                extra += f" {r['efectividad']:>6} {r['sanction']:>6}  {r['card']:<6} {r['chancleta']:>4} {r['zapato']:>4}"
            self.stdout.write(
                f"{r['rank'] or '—':>5} {r['pair']:>5} {r['played']:>7} {r['wins']:>2} {r['losses']:>2} "
                f"{r['match_points']:>4} {r['points_for']:>6} {r['points_against']:>8} {r['difference']:>6} "
                f"{r['deals_won']:>6}{extra}  {'' if r['status'] == 'active' else r['status']}  {r['name']}"
            )

    def _write_stage(self, tournament, stage, final, after_round, as_json):
        if final:
            rows = final_standings_data(tournament)
        elif stage == 1:
            data = stage_selectors.stage1_standings(tournament, after_round)
            rows = [r.to_json(goats=data.goats, rating=data.rating) for r in data.rows]
        elif tournament.final_kind == FinalKind.GROUPS and stage_selectors.finalists(tournament):
            rows = [{"group": g.number, **r.to_json(goats=g.standings.goats, rating=g.standings.rating),
                     "goes_on": r.rank <= g.qualifiers}
                    for g in group_selectors.load_groups(tournament, stage_selectors.finalists(tournament))
                    for r in g.standings.rows]
        else:
            if tournament.final_kind != FinalKind.ROUND_ROBIN or not stage_selectors.finalists(tournament):
                raise CommandError(f"{tournament.slug}: stage 2 is not a confirmed final round robin or groups "
                                   "(a knockout: manage.py bracket)")
            data = stage_selectors.load_final_round_robin(tournament)
            rows = [r.to_json(goats=data.goats, rating=data.rating) for r in data.rows]
        self.write_rows(rows, as_json, lambda r: (f"{r['group']:>3} " if "group" in r else "")
                         + f"{r.get('place', r.get('rank')) or '—':>5} {r['pair']:>5}  {r['name']}")

    def write_rows(self, rows, as_json, line) -> None:
        """``rows`` as JSON, or a line each by ``line(row)``."""
        if as_json:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        for r in rows:
            self.stdout.write(line(r))

    def _write_players(self, tournament, data, rows, as_json):
        if as_json:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        stage = f"stage {data.stage}, " if data.stage is not None else ""
        self.stdout.write(f"{tournament.name}: {stage}after round {data.shown_round or 0}; "
                          f"order: {', '.join(data.tiebreaks)}")
        latin = " efect" if data.latin else ""  # the partnership game: efectividad ranks after the wins
        self.stdout.write(f" rank  player  name                            played  byes   MP   diff{latin}  status")
        for r in rows:
            efect = f" {r['efectividad']:>5}" if data.latin else ""
            self.stdout.write(f"{r['rank'] or '—':>5} {r['player']:>7}  {r['name'][:30]:<30} {r['played']:>7} "
                              f"{r['byes']:>5} {r['match_points']:>4} {r['difference']:>6}{efect}  {r['status']}")

    def _write_teams(self, tournament, after_round, as_json):
        data = team_data.load_team_standings(tournament, after_round)
        if data is None:
            raise CommandError(f"{tournament.slug} has no team standing (set it on the tournament's settings page)")
        rows = [t.to_json() for t in data.teams]
        if as_json:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        self.stdout.write(f"{tournament.name}: team standing by {data.mode}, best {data.best}, "
                          f"after round {data.standings.shown_round or 0}")
        self.stdout.write(" rank  MP  next MP  diff  next diff  team (counted entrants)")
        for r in rows:
            nxt = r["next"] or {}
            counted = ", ".join(str(e["entrant"]) for e in r["counted"])
            rank = f"{r['rank']}{'=' if r['tied'] else ''}"
            self.stdout.write(f"{rank:>5} {r['match_points']:>3} {nxt.get('match_points', '—'):>8} "
                              f"{r['difference']:>5} {nxt.get('difference', '—'):>10}  {r['team']} ({counted})"
                              + ("" if r["complete"] else "  incomplete"))
