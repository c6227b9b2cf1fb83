"""Stage 2 of a team event (docs/rules.md I.9.5) through the services: the setting, the best N teams of stage 1
(ties at the cut, a withdrawn team), the knockout bracket of team matches (seeding and byes, a drawn match
decided by the rule, the third-place match, the final places), the final round robin of teams with and without
carry-over, and a late stage-1 correction refused once stage 2 is published."""
import pytest

from audit.models import AuditEntry
from events.services import finish_round, publish_round, withdraw_pair
from events.services.stages import confirm_qualification, next_stage, set_final, undo_qualification
from events.simulation import link_signers, sign_as_required
from events.stage_selectors import bracket_data
from scoring import services as protocol_services
from scoring.models import Protocol
from scoring.services.stages import StageFixed
from teams.finals import (
    load_team_bracket,
    load_team_final_round_robin,
    team_final_standings,
    team_finalists,
)
from teams.models import Team, TeamMatch, TeamQualification
from teams.rounds import pair_team_round
from teams.services import set_team_settings
from tests.referees.conftest import DEALS
from tests.teams.conftest import make_team_event
from tests.tournaments.test_stages import MIRRORED
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, RoundBlocked, TournamentError
from tournaments.models import FinalKind, RoundStatus

pytestmark = pytest.mark.django_db


def cached(partie, a, b):
    winner = "A" if a > b else "B" if b > a else ""
    Protocol.objects.create(partie=partie, score_a=a, score_b=b, winner=winner, finished=True,
                            status=ProtocolStatus.SIGNED)


def play(organizer, t, scores):
    """Pair, publish and record one round: ``scores(team A number, team B number)`` gives each table's points."""
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    for m in rnd.team_matches.select_related("team_a", "team_b"):
        if m.team_b is None:
            continue
        for tbl, (a, b) in zip(m.tables.order_by("board").select_related("partie"),
                               scores(m.team_a.number, m.team_b.number)):
            cached(tbl.partie, a, b)
    finish_round(organizer, rnd)
    return rnd


def matches_of(rnd) -> set:
    return {frozenset((m.team_a.number, m.team_b.number)) for m in rnd.team_matches.filter(team_b__isnull=False)
            .select_related("team_a", "team_b")}


def by_number(k=1, margin=lambda a, b: 61):
    """The lower team number wins every table by ``margin``."""
    return lambda a, b: [(101, 101 - margin(a, b))] * k


def seed_winner(t, wins, k=1):
    """In stage 2 the team with the better (``wins="better"``) or worse seed wins every table 101 : 40."""
    seeds = {q.team.number: q.seed for q in team_finalists(t)}

    def scores(a, b):
        a_wins = (seeds[a] < seeds[b]) == (wins == "better")
        return [(101, 40) if a_wins else (40, 101)] * k
    return scores


def stage1_played(organizer, n, *, k=1, rounds=1, kind=FinalKind.KNOCKOUT, size=4, **final):
    t = make_team_event(organizer, n, k=k, rounds=rounds)
    set_final(organizer, t, kind=kind, size=size, **final)
    for _ in range(rounds):
        play(organizer, t, by_number(k, margin=lambda a, b: 10 * (n + 1 - a)))  # bigger wins for smaller numbers
    t.refresh_from_db()
    return t


def test_a_team_event_takes_a_knockout_or_a_round_robin_counted_in_active_teams(organizer):
    t = make_team_event(organizer, 6)
    set_final(organizer, t, kind=FinalKind.KNOCKOUT, size=6, third_place=True)
    t.refresh_from_db()
    assert (t.final_kind, t.final_size, t.final_third_place) == (FinalKind.KNOCKOUT, 6, True)
    with pytest.raises(InvalidInput) as exc:  # 6 teams of 2 pairs: 12 pairs, but only 6 teams
        set_final(organizer, t, kind=FinalKind.ROUND_ROBIN, size=7)
    assert exc.value.field == "final_size" and "6 команд" in exc.value.message
    set_final(organizer, t, kind=FinalKind.ROUND_ROBIN, size=4, carry_over=True)
    t.refresh_from_db()
    assert (t.final_kind, t.final_size, t.final_carry_over) == (FinalKind.ROUND_ROBIN, 4, True)


@pytest.mark.parametrize("kwargs, field, code", [
    ({"kind": FinalKind.KNOCKOUT, "size": 4, "match": "best-of-3"}, "final_match", "team_match_format"),
    ({"kind": FinalKind.KNOCKOUT, "size": 4, "match": "total-2"}, "final_match", "team_match_format"),
    ({"kind": FinalKind.KNOCKOUT, "size": "четыре"}, "final_size", None),
    ({"kind": FinalKind.KNOCKOUT, "size": ["4"]}, "final_size", None),
    ({"kind": FinalKind.KNOCKOUT, "size": 1}, "final_size", None),
    ({"kind": FinalKind.KNOCKOUT, "size": 10**9}, "final_size", None),
    ({"kind": FinalKind.ROUND_ROBIN, "size": 2}, "final_size", None),
    ({"kind": "плей-офф", "size": 4}, "final_kind", None),
    ({"kind": FinalKind.KNOCKOUT, "size": 2, "third_place": True}, "final_third_place", None),
    ({"kind": FinalKind.GROUPS, "groups": 2, "group_size": 4, "group_qualifiers": 2}, "final_group_size", None),
    ({"kind": FinalKind.GROUPS, "groups": 2, "group_size": 3, "group_qualifiers": 1, "match": "total-2"},
     "final_match", "team_match_format"),
])
def test_a_hostile_stage_2_of_a_team_event_is_refused_and_nothing_changes(organizer, kwargs, field, code):
    t = make_team_event(organizer, 6)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, t, **kwargs)
    assert exc.value.field == field and exc.value.message
    if code:
        assert exc.value.code == code
    t.refresh_from_db()
    assert t.final_kind == FinalKind.NONE and not AuditEntry.objects.filter(action="stage.final_set").exists()


def test_the_best_teams_qualify_a_tie_at_the_cut_asks_its_order_and_undo_forgets(organizer):
    t = make_team_event(organizer, 6, k=1, rounds=1)
    set_team_settings(organizer, t, pairs_per_team=1, win=2, draw=1, loss=0, tiebreaks=["match_points",
                                                                                         "table_points"])
    set_final(organizer, t, kind=FinalKind.KNOCKOUT, size=2)
    with pytest.raises(RoundBlocked) as exc:
        confirm_qualification(organizer, t)
    assert exc.value.code == "stage1_not_finished"
    play(organizer, t, by_number())
    winners = sorted({min(p) for p in matches_of(t.rounds.get(number=1))})
    with pytest.raises(InvalidInput) as exc:  # three winners equal on both criteria, two places
        confirm_qualification(organizer, t)
    assert exc.value.code == "tie_at_cut" and sorted(exc.value.details["tied"]) == winners
    for hostile in (["x"], [winners[0]], [winners[0], winners[1], 99], [winners[0], winners[1], winners[1]]):
        with pytest.raises(InvalidInput):
            confirm_qualification(organizer, t, tie_order=hostile)
    assert not TeamQualification.objects.exists()
    order = [winners[2], winners[0], winners[1]]
    qualified = confirm_qualification(organizer, t, tie_order=order)
    assert [q.team.number for q in qualified] == order[:2] and [q.seed for q in qualified] == [1, 2]
    entry = AuditEntry.objects.get(action="stage.qualified")
    assert [f["team"] for f in entry.after["finalists"]] == order[:2]
    with pytest.raises(TournamentError):
        confirm_qualification(organizer, t, tie_order=order)
    undo_qualification(organizer, t)
    assert not TeamQualification.objects.exists()
    assert AuditEntry.objects.filter(action="stage.qualification_undone").count() == 1


def test_the_standings_changed_since_the_page_refuse_the_confirmation(organizer):
    t = stage1_played(organizer, 6, size=3)
    with pytest.raises(InvalidInput) as exc:
        confirm_qualification(organizer, t, expected=[6, 5, 4])
    assert exc.value.code == "standings_changed" and not TeamQualification.objects.exists()


def test_a_withdrawn_team_never_qualifies_the_next_one_moves_up(organizer):
    t = stage1_played(organizer, 6, k=2, size=3)
    first = [q.team.number for q in confirm_qualification(organizer, t)]
    undo_qualification(organizer, t)
    best = Team.objects.get(tournament=t, number=first[0])
    withdraw_pair(organizer, best.members.get(slot=2).pair)
    again = [q.team.number for q in confirm_qualification(organizer, t)]
    assert first[0] not in again and again[:2] == first[1:] and len(again) == 3


def test_a_knockout_of_8_teams_is_seeded_1_8_4_5_2_7_3_6(organizer):
    t = stage1_played(organizer, 10, size=8)
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]
    rnd = play(organizer, t, seed_winner(t, "better"))
    assert rnd.stage == 2 and rnd.number == 2
    s = lambda a, b: frozenset((seeds[a - 1], seeds[b - 1]))  # noqa: E731
    assert matches_of(rnd) == {s(1, 8), s(4, 5), s(2, 7), s(3, 6)}
    assert all(len(m.tables.all()) == 1 for m in rnd.team_matches.all())
    semis = play(organizer, t, seed_winner(t, "better"))
    assert matches_of(semis) == {s(1, 4), s(2, 3)}


def test_a_knockout_of_5_teams_gives_the_top_three_seeds_a_bye(organizer):
    t = stage1_played(organizer, 6, k=2, size=5)
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]
    first = play(organizer, t, seed_winner(t, "worse", k=2))
    assert matches_of(first) == {frozenset((seeds[3], seeds[4]))}  # only 4 – 5 play; 1, 2, 3 pass
    assert all(m.tables.count() == 2 for m in first.team_matches.all())  # a team match at K tables
    second = play(organizer, t, seed_winner(t, "better", k=2))
    assert matches_of(second) == {frozenset((seeds[0], seeds[4])), frozenset((seeds[1], seeds[2]))}


def test_a_drawn_team_match_goes_to_the_point_difference(organizer):
    t = stage1_played(organizer, 4, k=2, size=2)
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]

    def one_table_each(a, b):  # the better seed wins table 1 by 11, the other wins table 2 by 61
        better_is_a = a == seeds[0]
        return [(101, 90), (40, 101)] if better_is_a else [(90, 101), (101, 40)]
    final = play(organizer, t, one_table_each)
    result = load_team_bracket(t).final
    assert result.decided and result.winner.entrant == Team.objects.get(tournament=t, number=seeds[1]).pk
    assert [p["team"] for p in team_final_standings(t)[:2]] == [seeds[1], seeds[0]]
    shown = bracket_data(t)["rounds"][0]["matches"][0]
    assert shown["winner"] == seeds[1] and [(p["a"], p["b"]) for p in shown["parties"]] == [(1, 1)]
    assert shown["note"] == "" and shown["decided"] == f"очки столов и выигранные столы поровну — у №{seeds[1]} лучше разница очков (+50)"
    with pytest.raises(RoundBlocked):
        next_stage(t, final.number + 1)


def test_the_third_place_match_and_the_final_places(organizer):
    t = stage1_played(organizer, 6, size=4, third_place=True)
    stage1 = [p["team"] for p in team_final_standings(t)]  # before confirming: stage 1's order
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]
    assert seeds == stage1[:4]
    play(organizer, t, seed_winner(t, "worse"))
    last = play(organizer, t, seed_winner(t, "worse"))
    assert matches_of(last) == {frozenset((seeds[3], seeds[2])), frozenset((seeds[0], seeds[1]))}
    bracket = load_team_bracket(t)
    assert bracket.complete and bracket.third_place.decided
    places = team_final_standings(t)
    assert [p["team"] for p in places] == [seeds[3], seeds[2], seeds[1], seeds[0]] + stage1[4:]
    assert [p["place"] for p in places] == [1, 2, 3, 4, 5, 6]
    assert [p["stage"] for p in places] == [2, 2, 2, 2, 1, 1]


@pytest.mark.parametrize("carry_over", [False, True])
def test_the_final_round_robin_of_teams_with_and_without_carry_over(organizer, carry_over):
    t = stage1_played(organizer, 4, kind=FinalKind.ROUND_ROBIN, size=3, carry_over=carry_over)
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]
    met_in_stage1 = [p for p in matches_of(t.rounds.get(number=1)) if p <= set(seeds)]
    played = set()
    for _ in range(3):  # three teams: three Berger rounds, one bye each
        rnd = play(organizer, t, seed_winner(t, "worse"))
        assert rnd.stage == 2 and {n for p in matches_of(rnd) for n in p} <= set(seeds)
        played |= matches_of(rnd)
    assert played == {frozenset((a, b)) for a in seeds for b in seeds if a < b}
    with pytest.raises(RoundBlocked):
        next_stage(t, t.rounds.count() + 1)
    rows = load_team_final_round_robin(t)
    assert [r.team.number for r in rows] == seeds[::-1]  # the worse seed won every match
    assert sum(r.played for r in rows) == 2 * (3 + (len(met_in_stage1) if carry_over else 0))
    assert [p["team"] for p in team_final_standings(t)[:3]] == seeds[::-1]


def test_a_late_stage_1_correction_that_changes_the_teams_is_refused_once_stage_2_is_published(organizer):
    t = make_team_event(organizer, 4, k=1, rounds=1)
    set_final(organizer, t, kind=FinalKind.KNOCKOUT, size=2)
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    close, easy = list(TeamMatch.objects.filter(round=rnd).order_by("number"))
    first = close.tables.get().partie
    signers = link_signers(t, 1)
    for deal in DEALS:  # team A of the close match wins 48 : 35
        protocol_services.record_deal(organizer, first, deal, expected_version=shown_version(first))
    sign_as_required(organizer, first, signers)
    cached(easy.tables.get().partie, 101, 0)
    finish_round(organizer, rnd)
    qualified = [q.team.number for q in confirm_qualification(organizer, t)]
    assert close.team_a.number in qualified and close.team_b.number not in qualified
    publish_round(organizer, pair_team_round(organizer, t))
    protocol_services.reopen_protocol(organizer, first, "ошибка в раздаче 1", expected_version=shown_version(first))
    before = Protocol.objects.get(partie=first)
    with pytest.raises(StageFixed) as exc:  # deal 1 went to side B: team B would win and go on instead
        protocol_services.correct_deal(organizer, first, MIRRORED[0], expected_version=shown_version(first))
    assert exc.value.code == "finalists_fixed"
    assert f"выбыли бы команды: №{close.team_a.number}; вышли бы: №{close.team_b.number}" in exc.value.message
    after = Protocol.objects.get(partie=first)
    assert (after.score_a, after.score_b, after.version) == (before.score_a, before.score_b, before.version)
    protocol_services.correct_deal(organizer, first, {"n": 2, "result": "block",  # the same teams go on
                                                      "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                                   expected_version=shown_version(first))
    assert Protocol.objects.get(partie=first).score_a > before.score_a


def test_a_stage_2_round_of_a_team_event_is_paired_only_after_the_confirmation(organizer):
    t = stage1_played(organizer, 4, size=2)
    with pytest.raises(RoundBlocked) as exc:
        pair_team_round(organizer, t)
    assert exc.value.code == "qualification_needed"
    confirm_qualification(organizer, t)
    rnd = pair_team_round(organizer, t)
    assert rnd.stage == 2 and rnd.status == RoundStatus.DRAFT
    with pytest.raises(RoundBlocked) as exc:  # the draft holds stage 2's first round: the qualification stays
        undo_qualification(organizer, t)
    assert exc.value.code == "draft_exists" and TeamQualification.objects.exists()
    publish_round(organizer, rnd)
    with pytest.raises(RoundBlocked) as exc:
        undo_qualification(organizer, t)
    assert exc.value.code == "stage2_published"


def test_a_team_match_drawn_at_every_table_waits_for_the_extra_deal(organizer):
    t = stage1_played(organizer, 4, size=4)
    confirm_qualification(organizer, t)
    play(organizer, t, lambda a, b: [(60, 60)])  # protocols corrected by hand to a draw: nobody goes on
    assert all(m.state == "extra_deal" for m in load_team_bracket(t).rounds[0])
    with pytest.raises(TournamentError) as exc:
        pair_team_round(organizer, t)
    assert exc.value.code == "extra_deal_needed" and "за столом 1" in exc.value.message


def test_a_team_that_loses_a_pair_in_stage_2_gives_its_match_away(organizer):
    t = stage1_played(organizer, 4, k=2, size=4)
    seeds = [q.team.number for q in confirm_qualification(organizer, t)]
    gone = Team.objects.get(tournament=t, number=seeds[0])
    withdraw_pair(organizer, gone.members.get(slot=1).pair)
    entry = AuditEntry.objects.get(action="stage.walkover")
    assert (entry.after["team"], entry.after["opponent"]) == (seeds[0], seeds[3])
    semis = play(organizer, t, seed_winner(t, "better", k=2))
    assert matches_of(semis) == {frozenset((seeds[1], seeds[2]))}  # seed 1 is not paired: 4 goes on
    bracket = load_team_bracket(t)
    assert bracket.rounds[0][0].state == "walkover"
    assert bracket.final.a.entrant == Team.objects.get(tournament=t, number=seeds[3]).pk
