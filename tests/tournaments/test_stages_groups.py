"""Stage 2 in groups whose best go to a bracket, through the services: the setting and its refusals, the
serpentine into groups, every group's round in one tournament round, group standings (stage-1 place as the
last tie-break), the bracket from the groups, a late correction of a group protocol refused once the bracket
is published, the final placing (docs/rules.md «Подгруппы и сетка»)."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from engine.pairing import PairingError
from events.services import pair_round, publish_round, withdraw_pair
from events.services.stages import confirm_qualification, set_final, stage2_pairings
from scoring.models import Protocol
from scoring.reports.group_selectors import load_groups
from scoring.reports.stage_selectors import final_standings, finalists
from scoring.services.stages import StageFixed, refuse_stage_change
from tests.factories import make_individual, make_round
from tests.tournaments.test_stages import cached, organizer, staged  # noqa: F401  (organizer: a fixture)
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import FinalKind, FinalMatch, RoundStatus, TournamentFormat

pytestmark = pytest.mark.django_db

GROUP_1, GROUP_2 = [1, 7, 2, 8], [3, 5, 4, 6]  # stage-1 seeds 1,3,5,7,2,4,6,8 by the serpentine
# inside group 1: 2 beats all, then 1 > 7 > 8 > 1 (three on one win: by seed 1, 7, 8); group 2: 3 > 5 > 4 > 6
BEATS = {(2, 1), (2, 7), (2, 8), (1, 7), (7, 8), (8, 1), (3, 5), (3, 4), (3, 6), (5, 4), (5, 6), (4, 6)}


def grouped(organizer, **extra):
    tournament = staged(organizer, n_pairs=8, tiebreaks=["match_points"])
    set_final(organizer, tournament, kind=FinalKind.GROUPS, groups=2, group_size=4, group_qualifiers=2, **extra)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status=RoundStatus.FINISHED)
    for partie in rnd.parties.all():
        cached(partie, 101, 50)  # winners 1, 3, 5, 7 on one match point, losers 2, 4, 6, 8 on none
    confirm_qualification(organizer, tournament)
    tournament.refresh_from_db()
    return tournament


def play(organizer, tournament, winners=BEATS):
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    for partie in rnd.parties.filter(pair_b__isnull=False).select_related("pair_a", "pair_b"):
        a, b = partie.pair_a.number, partie.pair_b.number
        cached(partie, 101, 50) if (a, b) in winners or (a, b) not in winners and (b, a) not in winners and a < b \
            else cached(partie, 50, 101)
    return rnd


def numbers(rnd):
    return {frozenset((p.pair_a.number, p.pair_b.number)) for p in rnd.parties.select_related("pair_a", "pair_b")
            if p.pair_b is not None}


@pytest.mark.parametrize("setting,field", [
    ({"groups": 3, "group_size": 4, "group_qualifiers": 2}, "final_group_size"),  # 12 of 8
    ({"groups": 2, "group_size": 4, "group_qualifiers": 4}, "final_group_qualifiers"),  # all of a group
    ({"groups": 1, "group_size": 8, "group_qualifiers": 2}, "final_groups"),
    ({"groups": "два", "group_size": 4, "group_qualifiers": 2}, "final_groups"),
    ({"groups": 2, "group_size": 2, "group_qualifiers": 1}, "final_group_size"),
])
def test_a_bad_group_setting_is_refused_beside_its_field(organizer, setting, field):
    tournament = staged(organizer, n_pairs=8)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.GROUPS, **setting)
    assert exc.value.field == field and exc.value.message
    assert not AuditEntry.objects.filter(action="stage.final_set").exists()


def test_an_individual_event_is_refused_groups_and_a_team_event_counts_its_teams(organizer):
    individual = make_individual(8, slug="solo")
    TournamentRole.objects.create(tournament=individual, user=organizer, role=RoleKind.ORGANIZER)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, individual, kind=FinalKind.GROUPS, groups=2, group_size=4, group_qualifiers=2)
    assert exc.value.code == "knockout_individual" and exc.value.field == "final_kind"
    teams = staged(organizer, n_pairs=8, slug="teams", format=TournamentFormat.TEAMS)  # 8 pairs, no team
    with pytest.raises(InvalidInput) as exc:  # groups of teams (tests/teams/test_team_groups.py)
        set_final(organizer, teams, kind=FinalKind.GROUPS, groups=2, group_size=4, group_qualifiers=2)
    assert exc.value.field == "final_group_size" and "играют 0 команд" in exc.value.message


@pytest.mark.parametrize("match", [FinalMatch.BEST_OF_3, FinalMatch.TOTAL_2])
def test_a_team_event_is_refused_a_bracket_match_of_several_team_matches(organizer, match):
    """A team event's stage 2 is played by teams (tests/teams/test_team_final.py); its bracket match is one team
    match, so best of 3 and a total of 2 are refused, nothing changes."""
    teams = staged(organizer, n_pairs=8, slug="teams-final", format=TournamentFormat.TEAMS)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, teams, kind=FinalKind.KNOCKOUT, size=2, match=match)
    assert exc.value.code == "team_match_format" and exc.value.field == "final_match"
    teams.refresh_from_db()
    assert teams.final_kind == FinalKind.NONE and not AuditEntry.objects.filter(action="stage.final_set").exists()


def test_the_groups_play_their_round_robins_in_the_same_rounds_and_the_bracket_follows(organizer):
    tournament = grouped(organizer, third_place=False)
    assert (tournament.final_size, tournament.final_groups, tournament.final_group_qualifiers) == (8, 2, 2)
    assert [q.pair.number for q in finalists(tournament)] == [1, 3, 5, 7, 2, 4, 6, 8]
    met = set()
    for _k in range(3):
        rnd = play(organizer, tournament)
        assert rnd.stage == 2 and rnd.parties.count() == 4  # both groups' round k in one tournament round
        assert all(pair <= set(GROUP_1) or pair <= set(GROUP_2) for pair in numbers(rnd))
        assert "подгруппа" in rnd.parties.first().reason
        met |= numbers(rnd)
    assert len(met) == 12  # every pair of each group met once
    groups = load_groups(tournament, finalists(tournament))
    assert [[r.pair.number for r in g.standings.rows] for g in groups] == [[2, 1, 7, 8], [3, 5, 4, 6]]
    assert [r.rank for r in groups[0].standings.rows] == [1, 2, 3, 4]  # 1, 7, 8 equal: by stage-1 place
    semis = play(organizer, tournament, winners={(2, 5), (1, 3)})
    # winners first (2 of group 1, 3 of group 2), each against the other group's runner-up
    assert numbers(semis) == {frozenset((2, 5)), frozenset((3, 1))}
    assert "сетка, круг 1" in semis.parties.first().reason
    final = play(organizer, tournament, winners={(1, 2)})
    assert numbers(final) == {frozenset((1, 2))}  # two of group 1 meet in the final, not sooner
    with pytest.raises(TournamentError):
        pair_round(organizer, tournament)  # the event is over
    places = final_standings(tournament)
    # the bracket (1 won, 2, then the semi-finals' losers by bracket seed: 3 (seed 2), 5 (seed 4)), then
    # the groups' thirds by stage-1 place (7 seed 4, 4 seed 6), the fourths (6 seed 7, 8 seed 8)
    assert [f.number for f in places] == [1, 2, 3, 5, 7, 4, 6, 8]
    assert [f.place for f in places] == list(range(1, 9))


def test_the_bracket_waits_for_the_groups(organizer):
    tournament = grouped(organizer)
    for _k in range(2):
        play(organizer, tournament)
    last = play(organizer, tournament)  # published, its protocols signed, not yet finished
    last.refresh_from_db()
    assert last.status == RoundStatus.PUBLISHED
    with pytest.raises(PairingError) as exc:
        stage2_pairings(tournament)
    assert exc.value.code == "groups_not_finished" and "Подгруппы ещё не доиграны" in exc.value.message


def test_a_group_correction_that_changes_the_bracket_is_refused_once_it_is_published(organizer):
    tournament = grouped(organizer)
    rounds = [play(organizer, tournament) for _k in range(3)]
    play(organizer, tournament, winners={(2, 5), (1, 3)})
    group_partie = next(p for r in rounds for p in r.parties.select_related("pair_a", "pair_b")
                        if {p.pair_a.number, p.pair_b.number} == {1, 8})
    refuse_stage_change(group_partie)  # as played: nothing to refuse
    side_1 = "A" if group_partie.pair_a.number == 1 else "B"
    # 1 now beats 8: 1 on two wins, still second of group 1 — the same bracket, accepted
    Protocol.objects.filter(partie=group_partie).update(
        score_a=101 if side_1 == "A" else 50, score_b=50 if side_1 == "A" else 101, winner=side_1)
    refuse_stage_change(group_partie)
    top = next(p for r in rounds for p in r.parties.select_related("pair_a", "pair_b")
               if {p.pair_a.number, p.pair_b.number} == {1, 2})
    side_1 = "A" if top.pair_a.number == 1 else "B"
    Protocol.objects.filter(partie=top).update(  # 1 beats 2: 1 would win group 1 and 2 come second
        score_a=101 if side_1 == "A" else 50, score_b=50 if side_1 == "A" else 101, winner=side_1)
    with pytest.raises(StageFixed) as exc:
        refuse_stage_change(top)
    assert exc.value.code == "groups_fixed" and "подгрупп" in exc.value.message and "тур 5" in exc.value.message


def test_the_commands_print_the_groups_and_the_bracket_with_the_group_places(organizer):
    tournament = grouped(organizer)
    for _k in range(3):
        play(organizer, tournament)
    play(organizer, tournament, winners={(2, 5), (1, 3)})
    out = io.StringIO()
    call_command("standings", tournament.slug, "--stage", "2", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [(r["group"], r["rank"], r["pair"], r["goes_on"]) for r in rows[:4]] == [
        (1, 1, 2, True), (1, 2, 1, True), (1, 3, 7, False), (1, 4, 8, False)]
    assert [r["pair"] for r in rows if r["group"] == 2] == GROUP_2[:1] + [5, 4, 6]
    out = io.StringIO()
    call_command("bracket", tournament.slug, "--json", stdout=out)
    bracket = json.loads(out.getvalue())
    first = bracket["rounds"][0]["matches"]
    assert bracket["size"] == 4 and [r["name"] for r in bracket["rounds"]][:2] == ["Полуфинал", "Финал"]
    assert [(m["a"]["entrant"], m["a"]["group"], m["a"]["group_place"], m["b"]["entrant"], m["b"]["group"])
            for m in first] == [(2, 1, 1, 5, 2), (3, 2, 1, 1, 1)]
    assert [m["winner"] for m in first] == [2, 1]


def test_the_stage_form_sets_groups_and_the_pages_show_each_groups_table(client, organizer):
    tournament = staged(organizer, n_pairs=8, tiebreaks=["match_points"])
    client.force_login(organizer)
    url = reverse("tournaments:final_settings", args=[tournament.slug])
    response = client.post(url, {"final_kind": "groups", "final_groups": "2", "final_group_size": "<b>4</b>",
                                 "final_group_qualifiers": "2", "final_match": "single"})
    assert response.status_code == 400 and "final_group_size" in response.content.decode()
    response = client.post(url, {"final_kind": "groups", "final_groups": "2", "final_group_size": "4",
                                 "final_group_qualifiers": "9", "final_match": "single"})
    assert response.status_code == 400 and "Из подгруппы в сетку выходят от 1 до 3" in response.content.decode()
    response = client.post(url, {"final_kind": "groups", "final_groups": "2", "final_group_size": "4",
                                 "final_group_qualifiers": "2", "final_match": "single", "final_third_place": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.final_kind, tournament.final_size, tournament.final_third_place) == ("groups", 8, True)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status=RoundStatus.FINISHED)
    for partie in rnd.parties.all():
        cached(partie, 101, 50)
    confirm_qualification(organizer, tournament)
    page = client.get(reverse("tournaments:qualification", args=[tournament.slug])).content.decode()
    assert "2 подгруппы по 4, в сетку — по 2 из каждой (4)" in page and 'id="group-2"' in page
    bracket = reverse("tournaments:bracket", args=[tournament.slug])
    assert bracket not in page and client.get(bracket).status_code == 404  # no bracket while the groups play
    play(organizer, tournament)
    page = client.get(reverse("reports:standings", args=[tournament.slug])).content.decode()
    assert 'id="group-1"' in page and 'id="group-2"' in page and "в сетку" in page
    assert "сыграно туров: 1 из 3" in page
    board = client.get(reverse("reports:projector", args=[tournament.slug])).content.decode()
    assert "Подгруппа 1" in board and "Подгруппа 2" in board


def test_a_pair_who_leaves_during_the_groups_is_not_paired_again_and_stays_last_of_its_group(organizer):
    tournament = grouped(organizer)
    play(organizer, tournament)
    pair_2 = tournament.pairs.get(number=2)
    withdraw_pair(organizer, pair_2, note="ушла")
    second = play(organizer, tournament)
    assert all(2 not in pair for pair in numbers(second))
    bye = second.parties.filter(pair_b__isnull=True).select_related("pair_a").get()
    assert bye.pair_a.number in GROUP_1 and "подгруппа 1" in bye.reason  # its scheduled opponent sits out
    group_1 = load_groups(tournament, finalists(tournament))[0]
    assert group_1.standings.rows[-1].pair.number == 2 and group_1.standings.rows[-1].rank == 4


def test_a_group_correction_waits_for_a_bracket_draft_paired_from_the_old_places_to_be_deleted(organizer):
    tournament = grouped(organizer)
    rounds = [play(organizer, tournament) for _k in range(3)]
    draft = pair_round(organizer, tournament)
    assert draft.status == RoundStatus.DRAFT
    top = next(p for r in rounds for p in r.parties.select_related("pair_a", "pair_b")
               if {p.pair_a.number, p.pair_b.number} == {1, 2})
    side_1 = "A" if top.pair_a.number == 1 else "B"
    Protocol.objects.filter(partie=top).update(
        score_a=101 if side_1 == "A" else 50, score_b=50 if side_1 == "A" else 101, winner=side_1)
    with pytest.raises(StageFixed) as exc:
        refuse_stage_change(top)
    assert exc.value.code == "bracket_draft" and "Удалите черновик" in exc.value.message
    draft.delete()
    refuse_stage_change(top)  # no bracket yet: the groups may still change
