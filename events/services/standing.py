"""What the pairing needs to know about the rounds played: scores, opponents, byes, the order of the pairs."""
from __future__ import annotations

from dataclasses import dataclass, field

from scoring.reports.selectors import load_standings
from tournaments.games import game_of
from tournaments.models import Partie


@dataclass
class PairRecord:
    pair_id: int
    number: int
    match_points: int = 0
    points_for: int = 0
    points_against: int = 0
    opponents: set = field(default_factory=set)  # pair numbers
    byes: int = 0
    met_in: dict = field(default_factory=dict)  # opponent number -> round number

    @property
    def sort_key(self):
        return (-self.match_points, -(self.points_for - self.points_against), -self.points_for, self.number)


def records(tournament, before_round: int, rules=None) -> dict[int, PairRecord]:
    """{pair id: PairRecord} over the rounds numbered below ``before_round`` (all numbered pairs)."""
    rules = rules or tournament.rules()
    bye_mp = {"win": rules.match_points_win, "draw": rules.match_points_draw,
              "loss": rules.match_points_loss}.get(rules.bye_result, rules.match_points_win)
    out, joined = {}, {}
    for p in tournament.pairs.filter(number__isnull=False).values("id", "number", "joined_round"):
        out[p["id"]] = PairRecord(p["id"], p["number"])
        if p["joined_round"]:
            joined[p["id"]] = p["joined_round"]
    late_mp = {"none": 0, "loss": rules.match_points_loss, "draw": rules.match_points_draw,
               "bye": bye_mp}[rules.late_entry_result]
    for pid, first in joined.items():
        missed = min(first, before_round) - 1  # rounds 1 .. first - 1 were played without the pair
        out[pid].match_points += late_mp * missed
        if rules.late_entry_result == "bye":
            out[pid].points_for += rules.bye_points_for * missed
            out[pid].points_against += rules.bye_points_against * missed
    parties = (
        Partie.objects.filter(round__tournament=tournament, round__number__lt=before_round)
        .select_related("protocol", "round")
        .only("pair_a_id", "pair_b_id", "round__number", "protocol__winner", "protocol__score_a",
              "protocol__score_b")
    )
    for partie in parties:
        a = out.get(partie.pair_a_id)
        if a is None:
            continue
        if partie.pair_b_id is None:
            a.byes += 1
            a.match_points += bye_mp
            a.points_for += rules.bye_points_for
            a.points_against += rules.bye_points_against
            continue
        b = out.get(partie.pair_b_id)
        if b is None:
            continue
        a.opponents.add(b.number)
        b.opponents.add(a.number)
        a.met_in[b.number] = b.met_in[a.number] = partie.round.number
        protocol = getattr(partie, "protocol", None)
        if protocol is None:
            continue
        a.points_for += protocol.score_a
        a.points_against += protocol.score_b
        b.points_for += protocol.score_b
        b.points_against += protocol.score_a
        if protocol.winner == "A":
            a.match_points += rules.match_points_win
            b.match_points += rules.match_points_loss
        elif protocol.winner == "B":
            b.match_points += rules.match_points_win
            a.match_points += rules.match_points_loss
    return out


def pairing_order(tournament, before_round: int, recs, rules=None) -> list[PairRecord]:
    """``recs`` in the order the pairing ranks them (a pair's place within its score group).

    Sport presets: ``sort_key`` (point difference, points for, number). The Kozel family
    (RULES-KOZEL.md §5.4): own points are bad when the losers record, and goats count first, so
    within a score group the pairs keep the order of the tournament's own standings after the
    rounds played (goats difference, point difference read by ``recorder``, …); the score
    groups themselves are the match points as ``records`` counts them.
    """
    rules = rules or tournament.rules()
    if not game_of(rules).pairs_by_standings:
        return sorted(recs, key=lambda r: r.sort_key)
    rows = load_standings(tournament, after_round=before_round - 1).rows
    place = {row.pair.number: k for k, row in enumerate(rows)}
    return sorted(recs, key=lambda r: (-r.match_points, place.get(r.number, len(place)), r.number))
