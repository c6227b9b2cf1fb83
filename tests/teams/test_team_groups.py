"""Stage 2 of a team event in groups whose best go to a bracket of team matches (docs/rules.md I.9.5), through
the services: the setting counted in teams, the serpentine into groups of teams, every group's round in one
tournament round paired by team numbers, the group standings (stage-1 seed after the team criteria, the team
number left out), the bracket from the groups, the bracket waiting for the groups, the final places, a late
correction of a group match refused once the bracket is published, and what the pages, the workbook and the
commands show."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from engine.pairing import PairingError
from events.services import publish_round
from events.services.stages import confirm_qualification, set_final, stage2_pairings
from events.stage_selectors import bracket_data, groups_data
from scoring.models import Protocol
from scoring.services.stages import StageFixed, refuse_stage_change
from teams.finals import load_team_bracket, team_final_standings, team_finalists, teams_out
from teams.groups import load_team_groups
from teams.models import TeamMatch
from teams.rounds import pair_team_round
from teams.workbook import team_workbook
from tests.teams.conftest import make_team_event
from tests.teams.test_team_final import cached, matches_of, play
from tournaments.errors import InvalidInput
from tournaments.models import FinalKind, RoundStatus

pytestmark = pytest.mark.django_db

# Stage-1 seeds of the two groups by the serpentine: 1 4 5 8 and 2 3 6 7. In group 1 the seed-8 team beats
# everyone and seeds 1 > 4 > 5 > 1 go round in a circle, all by 101 : 40, so those three are equal on every
# team criterion (one win, the same table points, difference, Buchholz and head-to-head): the seed orders
# them 1, 4, 5, never the team number. In group 2 the better seed wins.
CIRCLE = {(1, 4), (4, 5), (5, 1)}


def group_winner(seed_a, seed_b) -> bool:
    """Does the team of stage-1 seed ``seed_a`` beat seed ``seed_b`` in the groups?"""
    if 8 in (seed_a, seed_b):
        return seed_a == 8
    if (seed_a, seed_b) in CIRCLE or (seed_b, seed_a) in CIRCLE:
        return (seed_a, seed_b) in CIRCLE
    return seed_a < seed_b


def by_seed(t, wins):
    seeds = {q.team.number: q.seed for q in team_finalists(t)}
    return lambda a, b: [(101, 40) if wins(seeds[a], seeds[b]) else (40, 101)]


def grouped(organizer, n=10, **extra):
    """``n`` teams of one pair, stage 1 one round won by the lower numbers (by margins that differ), then two
    groups of four whose best two go to a bracket of four."""
    t = make_team_event(organizer, n, k=1, rounds=1)
    set_final(organizer, t, kind=FinalKind.GROUPS, groups=2, group_size=4, group_qualifiers=2, **extra)
    play(organizer, t, lambda a, b: [(101, 101 - 10 * (n + 1 - a))])
    t.refresh_from_db()
    qualified = confirm_qualification(organizer, t)
    return t, [q.team.number for q in qualified]


def test_groups_of_teams_are_counted_in_active_teams_and_take_one_team_match(organizer):
    t = make_team_event(organizer, 6)  # 6 teams of 2 pairs: 12 pairs, only 6 teams
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, t, kind=FinalKind.GROUPS, groups=2, group_size=4, group_qualifiers=2)
    assert exc.value.field == "final_group_size" and "6 команд" in exc.value.message
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, t, kind=FinalKind.GROUPS, groups=2, group_size=3, group_qualifiers=1, match="best-of-3")
    assert exc.value.code == "team_match_format"
    set_final(organizer, t, kind=FinalKind.GROUPS, groups=2, group_size=3, group_qualifiers=1)
    t.refresh_from_db()
    assert (t.final_kind, t.final_size, t.final_groups, t.final_group_qualifiers) == (FinalKind.GROUPS, 6, 2, 1)


def test_the_group_phase_pairs_every_group_by_team_numbers_and_ranks_by_the_team_criteria_then_the_seed(organizer):
    t, seeds = grouped(organizer, third_place=True)
    team = {s: seeds[s - 1] for s in range(1, 9)}  # stage-1 seed -> team number
    group_1, group_2 = {team[s] for s in (1, 4, 5, 8)}, {team[s] for s in (2, 3, 6, 7)}
    for k in range(3):
        rnd = play(organizer, t, by_seed(t, group_winner))
        assert rnd.stage == 2 and rnd.number == 2 + k
        met = matches_of(rnd)
        assert len(met) == 4 and all(m <= group_1 or m <= group_2 for m in met)  # never across the groups
    groups = load_team_groups(t, team_finalists(t), teams_out(t))
    assert [[r.team.number for r in g.rows] for g in groups] == [[team[8], team[1], team[4], team[5]],
                                                                [team[2], team[3], team[6], team[7]]]
    tied = groups[0].rows[1:]
    assert len({(r.match_points, r.table_points, r.difference, r.buchholz) for r in tied}) == 1
    assert [r.rank for r in groups[0].rows] == [1, 2, 3, 4]
    # the bracket of four: group winners seeds 1-2, runners-up 3-4, so two of a group meet only in the final
    first = stage2_pairings(t)
    assert {frozenset((p.a, p.b)) for p in first.pairings} == {frozenset((team[8], team[3])),
                                                               frozenset((team[2], team[1]))}
    data = bracket_data(t)
    assert data["from_groups"] and data["size"] == 4
    sides = [(s["entrant"], s["group"], s["group_place"]) for m in data["rounds"][0]["matches"]
             for s in (m["a"], m["b"])]
    assert sorted(sides) == sorted([(team[8], 1, 1), (team[3], 2, 2), (team[2], 2, 1), (team[1], 1, 2)])
    semis = play(organizer, t, by_seed(t, lambda a, b: a < b))  # now the better stage-1 seed wins
    assert matches_of(semis) == {frozenset((team[8], team[3])), frozenset((team[2], team[1]))}
    last = play(organizer, t, by_seed(t, lambda a, b: a < b))
    assert matches_of(last) == {frozenset((team[1], team[3])), frozenset((team[8], team[2]))}
    assert load_team_bracket(t).complete
    places = team_final_standings(t)
    # the bracket (1, 3 the final; 2 won the third place), then the groups' thirds and fourths by seed,
    # then the two teams of stage 1 alone
    assert [p["team"] for p in places[:8]] == [team[s] for s in (1, 3, 2, 8, 4, 6, 5, 7)]
    assert [p["stage"] for p in places] == [2] * 8 + [1, 1] and [p["place"] for p in places] == list(range(1, 11))


def test_the_bracket_waits_for_the_groups_and_a_group_change_is_refused_once_it_is_published(organizer):
    t, seeds = grouped(organizer)
    for _k in range(2):
        play(organizer, t, by_seed(t, group_winner))
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    for m in rnd.team_matches.select_related("team_a", "team_b"):
        for tbl, score in zip(m.tables.select_related("partie"), by_seed(t, group_winner)(m.team_a.number,
                                                                                          m.team_b.number)):
            cached(tbl.partie, *score)
    with pytest.raises(PairingError) as exc:  # the last group round is not finished yet
        stage2_pairings(t)
    assert exc.value.code == "groups_not_finished" and "Подгруппы ещё не доиграны" in exc.value.message
    from events.services import finish_round
    finish_round(organizer, rnd)
    bracket_round = pair_team_round(organizer, t)
    publish_round(organizer, bracket_round)
    # turn a group match around: the seed-8 team loses to seed 1, so group 1's winner changes
    team = {s: seeds[s - 1] for s in range(1, 9)}
    match = TeamMatch.objects.filter(round__stage=2, round__number__lte=4).get(
        team_a__number__in=(team[1], team[8]), team_b__number__in=(team[1], team[8]))
    partie = match.tables.get().partie
    protocol = Protocol.objects.get(partie=partie)
    protocol.score_a, protocol.score_b = protocol.score_b, protocol.score_a
    protocol.winner = "A" if protocol.score_a > protocol.score_b else "B"
    protocol.save()
    with pytest.raises(StageFixed) as exc:
        refuse_stage_change(partie)
    assert exc.value.code == "groups_fixed"


def test_the_groups_of_teams_on_the_pages_in_the_workbook_and_the_commands(organizer, client):
    t, seeds = grouped(organizer)
    for _k in range(3):
        play(organizer, t, by_seed(t, group_winner))
    data = groups_data(t)
    assert [[r["number"] for r in g["rows"]] for g in data] == [[seeds[s - 1] for s in (8, 1, 4, 5)],
                                                                [seeds[s - 1] for s in (2, 3, 6, 7)]]
    assert data[0]["teams"] and data[0]["rows"][0]["match_points"] == 6 and data[0]["played"] == data[0]["of"] == 3
    assert [r["goes_on"] for r in data[0]["rows"]] == [True, True, False, False]
    page = client.get(reverse("teams:standings", args=[t.slug])).content.decode()
    assert 'id="groups"' in page and "Подгруппа 2" in page and "Матчей" in page
    sheet = load_workbook(io.BytesIO(team_workbook(t)))["Группы"]
    lines = list(sheet.values)
    assert lines[0][:4] == ("Подгруппа", "Место", "№", "Команда") and len(lines) == 9
    assert [(line[0], line[1], line[2], line[-1]) for line in lines[1:3]] == [(1, 1, seeds[7], "да"),
                                                                               (1, 2, seeds[0], "да")]
    out = io.StringIO()
    call_command("standings", t.slug, "--stage", "2", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [(r["group"], r["rank"], r["team"], r["goes_on"]) for r in rows[:4]] == [
        (1, 1, seeds[7], True), (1, 2, seeds[0], True), (1, 3, seeds[3], False), (1, 4, seeds[4], False)]
    assert load_team_bracket(t) is not None and t.rounds.filter(status=RoundStatus.FINISHED).count() == 4
