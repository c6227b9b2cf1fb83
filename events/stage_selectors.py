"""What the pages, the projector, the PDF and the ``bracket`` command show of an event in stages: the
bracket as plain data with the round names, the entrants' labels and tables, and the qualification preview
with the criterion that decided each place."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.pairing.bracket import BYE, EXTRA_DEAL, WALKOVER
from engine.ranking.qualification import QualificationError
from engine.rules import ProtocolError
from scoring.models import Protocol
from scoring.reports.group_selectors import bracket_entrants, group_round_count, group_size, is_groups, load_groups
from scoring.reports.stage_selectors import (
    PairStage2,
    final_standings,
    finalists,
    has_final,
    load_bracket,
    round_name,
    round_title,
    stage1_standings,
    stage2_published,
    stage2_round_names,
)
from scoring.reports.tabular import TIEBREAK_LABELS
from scoring.scores import score
from tournaments.models import FinalKind, FinalMatch, Partie, RoundStatus

from .services.stages import stage2_done

STATE_TEXT = {EXTRA_DEAL: gettext_lazy("ничья: нужна дополнительная раздача")}


def decided_text(decided, winner) -> str:
    """Under a team match of the bracket won on equal table points: what decided it for team №``winner``
    (``teams.finals.team_deciders``; docs/rules.md I.9.5)."""
    key, board, won, lost, difference = decided
    if key == "tables_won":
        return _("очки столов поровну — у №%(n)s больше выигранных столов (%(w)s : %(l)s)") % {
            "n": winner, "w": won, "l": lost}
    if key == "difference":
        return _("очки столов и выигранные столы поровну — у №%(n)s лучше разница очков (%(d)+d)") % {
            "n": winner, "d": difference}
    if key == "board":
        return _("всё поровну — №%(n)s выиграла партию за столом %(b)s") % {"n": winner, "b": board}
    return ""


def decided_by_extra(partie_ids) -> set:
    """The parties among ``partie_ids`` whose winner the extra deals (in the Kozel family: the extra games)
    gave: they stood tied at the partie's end (RULES.md §5). Asked of the engine (``extra_played``) on the
    protocols as stored; a forfeit or a partie without a winner is none of them."""
    protocols = (Protocol.objects.filter(partie_id__in=list(partie_ids), finished=True, no_show="")
                 .exclude(winner="").select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
                 .prefetch_related("deals", "remarks"))
    out = set()
    for protocol in protocols:
        try:
            if score(protocol).decided_by_extra:
                out.add(protocol.partie_id)
        except ProtocolError:  # impossible rows: the protocol's own page says so; the bracket marks nothing
            continue
    return out


def bracket_data(tournament) -> dict | None:
    """The bracket as ``bracket SLUG --json`` prints it, plus labels, tables and states for the pages.

    ``{"size": N, "rounds": [{"name", "round", "matches": [{"a": {"seed", "entrant"} | None, "b": … | None
    (a bye), "winner": entrant | None, "parties": [{"round", "table", "partie", "a", "b", "winner"}], …}]}]}``;
    the third-place match is the last "round" of the list. A partie's "a" and "b" are the points of the
    match's sides A and B.
    """
    bracket, sides = pages_of(tournament).bracket_view(tournament)
    if bracket is None:
        return None
    numbers, labels, where, in_group = sides.numbers, sides.labels, sides.where, sides.in_group
    # a pair event's games are parties (a team match is decided by its tables, never by one partie's deals)
    extra = set() if sides.matches is not None else decided_by_extra(
        g.ref for rnd in bracket.rounds + ([[bracket.third_place]] if bracket.third_place else [])
        for m in rnd for g in m.games if g.finished)

    def side(slot):
        if slot is None:
            return None
        out = {"seed": slot.seed, "entrant": numbers[slot.entrant], "label": labels[slot.entrant]}
        if slot.entrant in in_group:
            out["group"], out["group_place"] = in_group[slot.entrant]
        return out

    def partie_json(game, m):
        rnd, table = where.get(game.ref, (None, None))
        if sides.matches is not None:  # a team match: its page (the round's matches), not one table's protocol
            return {"round": rnd, "table": table, "partie": None, "match": sides.matches.get(game.ref),
                    "finished": game.finished, "a": game.points_of(m.a.entrant), "b": game.points_of(m.b.entrant),
                    "winner": numbers.get(game.winner) if game.winner is not None else None}
        return {"round": rnd, "table": table, "partie": game.ref, "finished": game.finished,
                "extra": game.ref in extra, "a": game.points_of(m.a.entrant), "b": game.points_of(m.b.entrant),
                "winner": numbers.get(game.winner) if game.winner is not None else None}

    def match_json(m):
        a, b = side(m.a), side(m.b)
        parties = [partie_json(g, m) for g in m.games] if m.a and m.b else []
        last = parties[-1] if parties else {}
        note, decided = STATE_TEXT.get(m.state, ""), ""
        if m.decided and m.games and m.games[-1].ref in sides.deciders:
            decided = decided_text(sides.deciders[m.games[-1].ref], numbers[m.winner.entrant])
        if m.state == WALKOVER:
            note = _("без игры: №%(n)s снялся с турнира") % {"n": numbers[m.loser.entrant]}
        return {
            "a": a, "b": b, "sides": [a, b],
            "winner": numbers[m.winner.entrant] if m.winner is not None and (m.decided or m.state == BYE) else None,
            "bye": m.state == BYE, "walkover": m.state == WALKOVER, "state": m.state, "note": str(note),
            "round_number": last.get("round"), "table": last.get("table"), "partie": last.get("partie"),
            "team_match": last.get("match"), "decided": decided,
            # the partie that decided the match was won in extra deals (the pages mark it, with a legend)
            "extra": bool(m.decided and parties and parties[-1].get("extra")),
            "parties": parties, "wins": list(m.wins), "totals": list(m.totals) if bracket.match_format ==
            FinalMatch.TOTAL_2 else None,
        }

    out = [{"name": round_name(len(matches)), "round": i, "third": False,
            "matches": [{**match_json(m), "key": f"{i}-{m.index + 1}"} for m in matches]}
           for i, matches in enumerate(bracket.rounds, start=1)]
    if bracket.third_place is not None:
        out.append({"name": _("Матч за 3-е место"), "round": bracket.round_count, "third": True,
                    "matches": [{**match_json(bracket.third_place), "key": "third"}]})
    return {"size": bracket.size, "slots": bracket.slots, "complete": bracket.complete, "rounds": out,
            "byes": any(m.state == BYE for m in bracket.rounds[0]),
            "third_place": bracket.third_place is not None, "match_format": bracket.match_format,
            "extra_decided": any(m["extra"] for r in out for m in r["matches"]),
            "several": bracket.match_format != FinalMatch.SINGLE, "from_groups": bool(in_group)}


def qualification_page(tournament, tie_order=None) -> dict:
    """The organizer's qualification page: stage 1's standings with each place's decisive criterion, the
    finalists (confirmed or proposed), and what stops the confirmation."""
    pages = pages_of(tournament)
    confirmed = pages.finalists(tournament)
    data = {"has_final": has_final(tournament), "confirmed": confirmed, "published": stage2_published(tournament),
            "places": [], "error": "", "tied_at_cut": [], "kind": tournament.final_kind,
            "size": tournament.final_size, "teams": pages.by_teams}
    if not data["has_final"]:
        return data
    data["played"] = tournament.rounds.filter(stage=1, status=RoundStatus.FINISHED).count()
    if not data["played"] and not confirmed:  # nothing played: no places, no seeds (everyone would stand on 0)
        return data
    standings, labels, order = pages.stage1_view(tournament)  # a team event's: its team standings and criteria
    data["tiebreaks"] = [str(labels.get(n, n)) for n in order]
    seeds = pages.seeds(confirmed)
    try:
        result = pages.preview_qualification(tournament, tie_order, standings)
    except QualificationError as exc:
        data["error"] = exc.message
        return data
    last = len(result.places) - 1
    for i, p in enumerate(result.places):
        label = str(labels.get(p.decided_by, p.decided_by)) if p.decided_by else ""
        why = (_("выше следующего: %(c)s") % {"c": label} if label else
               _("равен следующему по всем показателям") if i < last else "")
        data["places"].append({
            "rank": p.row.rank, "number": p.row.pair.number, "label": p.row.pair.label,
            "match_points": p.row.match_points, "difference": p.row.difference, "tied": p.tied,
            "seed": seeds.get(p.row.pair.id) if confirmed else p.seed,
            "decided_by": label, "why": why,
        })
    removed = [r for r in pages.qualification_rows(tournament, standings) if r.rank is None]
    data["removed"] = [{"number": r.pair.number, "label": r.pair.label, "status": r.status} for r in removed]
    data["tied_at_cut"] = result.tied_at_cut
    data["proposed"] = [p.row.pair.number for p in result.finalists]
    return data


def groups_data(tournament) -> list[dict] | None:
    """Each group's table for the standings page and the projector (None: stage 2 is not in groups, or its
    entrants are not confirmed): the group place, number, entrant, parties (a team event: matches), wins,
    losses, match points (team match points), difference, and whether the place goes on to the bracket."""
    if not is_groups(tournament):
        return None
    return pages_of(tournament).groups_data(tournament)


def _pair_groups_data(tournament) -> list[dict] | None:
    qualified = finalists(tournament)
    if not qualified:
        return None
    out = []
    for g in load_groups(tournament, qualified):
        out.append({"number": g.number, "qualifiers": g.qualifiers, "played": len(g.standings.rounds),
                    "of": group_round_count(tournament), "rows": [
            {"rank": r.rank, "number": r.pair.number, "label": r.pair.label, "played": r.played, "wins": r.wins,
             "losses": r.losses, "match_points": r.match_points, "difference": r.difference,
             "status": r.status, "goes_on": r.rank <= g.qualifiers} for r in g.standings.rows]})
    return out


def group_setting_text(tournament) -> str:
    """«4 подгруппы по 4, в сетку — по 2 из каждой (8)»; "" when stage 2 is not in groups."""
    if not is_groups(tournament) or not tournament.final_groups:
        return ""
    q = tournament.final_group_qualifiers or 0
    return _("%(g)s подгруппы по %(s)s, в сетку — по %(q)s из каждой (%(n)s)") % {
        "g": tournament.final_groups, "s": group_size(tournament), "q": q, "n": q * tournament.final_groups}


def final_standings_data(tournament) -> list[dict]:
    """The event's final places: {"place", "pair", "name", "stage", "seed"} (a team event's: "team" for "pair")."""
    return pages_of(tournament).final_standings_data(tournament)


def _pair_final_standings_data(tournament) -> list[dict]:
    return [{"place": f.place, "pair": f.number, "name": f.label, "stage": f.stage, "seed": f.seed}
            for f in final_standings(tournament)]


def stage2_rounds_left(tournament) -> bool:
    """Stage 2's finalists are confirmed and some of its rounds are still to be paired."""
    return stage2_next(tournament) == PAIR_STAGE2


CONFIRM_STAGE2, PAIR_STAGE2 = "confirm", "pair"


def stage2_next(tournament) -> str | None:
    """What an event in stages still needs once every round so far is finished: ``CONFIRM_STAGE2`` (stage 2's
    entrants are not confirmed yet), ``PAIR_STAGE2`` (a round of stage 2 is still to be paired), or None (an
    event of one stage, or stage 2 is over: the event is finished)."""
    if not has_final(tournament):
        return None
    qualified = pages_of(tournament).finalists(tournament)
    if not qualified:
        return CONFIRM_STAGE2
    return PAIR_STAGE2 if not stage2_done(tournament, qualified) else None


def is_knockout(tournament) -> bool:
    """Stage 2 has a bracket to show: a knockout's entrants are confirmed, or the groups are over."""
    if tournament.final_kind == FinalKind.GROUPS:
        return load_bracket(tournament) is not None
    return tournament.final_kind == FinalKind.KNOCKOUT and bool(pages_of(tournament).finalists(tournament))


@dataclass
class BracketSides:
    """How a bracket's entrants and games are shown: each entrant's number and label (by entrant id), where
    each game was played ({game ref: (round, table)}), the group place an entrant came from, and for a
    format whose bracket "partie" is a match of several tables (teams): each match's number and what decided
    a match won on equal points (``matches`` None: a game is one partie)."""

    numbers: dict
    labels: dict
    where: dict
    in_group: dict = field(default_factory=dict)
    matches: dict | None = None
    deciders: dict = field(default_factory=dict)


class PairStagePages(PairStage2):
    """What the stage pages show of stage 2 played by the event's pairs (or players). A format whose stage 2
    is played by other entrants registers an object with the same methods (``register_stage_pages``; the team
    event's ``teams.stage2.TeamStage2``)."""

    by_teams = False

    def bracket_view(self, tournament):
        """(the bracket, its ``BracketSides``), or (None, None) before it stands."""
        qualified = finalists(tournament)
        bracket = load_bracket(tournament, qualified)
        if bracket is None:
            return None, None
        numbers = {q.pair_id: q.pair.number for q in qualified}
        labels = {q.pair_id: q.pair.name or " — ".join(p.name for p in q.pair.players.all()) for q in qualified}
        in_group = {}
        if is_groups(tournament):
            in_group = {pid: (g, place) for g, place, pid in bracket_entrants(tournament, qualified) or ()}
        where = {p["id"]: (p["round__number"], p["table"]) for p in Partie.objects.filter(
            round__tournament=tournament, round__stage=2, pair_b__isnull=False).values("id", "round__number", "table")}
        return bracket, BracketSides(numbers, labels, where, in_group)

    def stage1_view(self, tournament):
        """(stage 1's standings, the labels of its criteria, its criteria in order)."""
        standings = stage1_standings(tournament)
        return standings, TIEBREAK_LABELS, standings.tiebreaks

    def seeds(self, confirmed) -> dict:
        return {q.pair_id: q.seed for q in confirmed}

    def qualification_rows(self, tournament, standings) -> list:
        return standings.rows

    def groups_data(self, tournament):
        return _pair_groups_data(tournament)

    def final_standings_data(self, tournament) -> list[dict]:
        return _pair_final_standings_data(tournament)


PAIR_PAGES = PairStagePages()
_PAGES: dict = {}


def register_stage_pages(format_code: str, pages) -> None:
    """What the stage pages of one format's events show (called from its app's ``ready()``)."""
    if format_code in _PAGES:
        raise ValueError(f"the stage pages of the format {format_code!r} are registered twice")
    _PAGES[format_code] = pages


def pages_of(tournament):
    """The stage pages' object for this event: its format's registered one, else the pairs'."""
    return _PAGES.get(tournament.format, PAIR_PAGES)


__all__ = ["bracket_data", "final_standings_data", "group_setting_text", "groups_data", "is_knockout", "stage2_next", "stage2_rounds_left", "qualification_page", "round_name",
           "round_title", "stage2_round_names"]
