"""Knockout matches of several parties and walkovers, through the services: the setting and its refusals, a
best-of-3 match paired partie by partie, a total over two parties, a finalist who leaves during stage 2, the
bracket's JSON with each match's parties."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import pair_round, publish_round, transfer, withdraw_pair
from events.services.stages import confirm_qualification, set_final
from events.stage_selectors import bracket_data
from scoring.models import Protocol
from scoring.services.stages import StageFixed, refuse_stage_change
from tests.factories import make_individual, make_round
from tests.tournaments.test_stages import cached, organizer, staged  # noqa: F401  (organizer: a fixture)
from tournaments.errors import InvalidInput, RoundBlocked
from tournaments.models import FinalKind, RoundStatus

pytestmark = pytest.mark.django_db




def qualified(organizer, tournament, **final):
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, **final)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.FINISHED)
    for partie, (a, b) in zip(rnd.parties.order_by("table"), [(47, 35), (60, 0), (40, 30)]):
        cached(partie, a, b)  # stage 1: 3, 1, 5 win; then 6 (−10), 2 (−12), 4
    confirm_qualification(organizer, tournament)
    tournament.refresh_from_db()


def play(organizer, tournament, scores):
    """Pair and publish the next round; ``scores``: {pair number: its points} for each partie of it."""
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    for partie in rnd.parties.filter(pair_b__isnull=False).select_related("pair_a", "pair_b"):
        cached(partie, scores[partie.pair_a.number], scores[partie.pair_b.number])
    return rnd


def bracket_json(slug):
    out = io.StringIO()
    call_command("bracket", slug, "--json", stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("value", ["best-of-5", "<script>", "1", "Лучший из трёх", "best-of-3\x00"])
def test_a_bad_match_setting_is_refused_with_a_message(organizer, value):
    tournament = staged(organizer)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4, match=value)
    assert exc.value.field == "final_match" and "матч сетки" in exc.value.message


def test_a_total_of_points_needs_the_sport_game(organizer):
    tournament = staged(organizer, preset="kozel")
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4, match="total-2")
    assert exc.value.code == "total_needs_points"
    set_final(organizer, tournament, kind=FinalKind.ROUND_ROBIN, size=4, match="total-2")
    tournament.refresh_from_db()
    assert tournament.final_match == "single"  # a round robin has no bracket matches


def test_a_best_of_three_final_is_paired_partie_by_partie_until_two_wins(organizer):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2, match="best-of-3")  # the final: №3 against №1
    play(organizer, tournament, {3: 101, 1: 60})
    second = play(organizer, tournament, {3: 40, 1: 101})  # 1 : 1
    assert "партия 2" in second.parties.get().reason
    third = play(organizer, tournament, {3: 101, 1: 99})
    assert (third.number, third.stage) == (4, 2)
    with pytest.raises(RoundBlocked) as exc:
        pair_round(organizer, tournament)
    assert exc.value.code == "rounds_complete"
    final = bracket_json(tournament.slug)["rounds"][0]["matches"][0]
    assert final["winner"] == 3 and final["state"] == "decided"
    assert [(p["round"], p["a"], p["b"], p["winner"]) for p in final["parties"]] == [
        (2, 101, 60, 3), (3, 40, 101, 1), (4, 101, 99, 3)]


def test_a_match_decided_two_nil_plays_no_third_partie_while_the_other_goes_on(organizer):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=4, match="best-of-3")  # semi-finals 3–6 and 1–5
    play(organizer, tournament, {3: 101, 6: 0, 1: 101, 5: 50})
    play(organizer, tournament, {3: 101, 6: 0, 1: 20, 5: 101})
    rnd = play(organizer, tournament, {1: 101, 5: 30})  # only 1–5 plays its third partie
    assert [(p.pair_a.number, p.pair_b.number) for p in rnd.parties.all()] == [(1, 5)]
    final = play(organizer, tournament, {3: 101, 1: 0})
    assert [(p.pair_a.number, p.pair_b.number) for p in final.parties.all()] == [(1, 3)]
    semis = bracket_data(tournament)["rounds"][0]["matches"]
    assert [m["wins"] for m in semis] == [[2, 0], [2, 1]]


def test_a_total_over_two_parties_goes_to_the_higher_sum(organizer):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2, match="total-2")
    play(organizer, tournament, {3: 30, 1: 101})
    play(organizer, tournament, {3: 101, 1: 20})  # 131 : 121
    with pytest.raises(RoundBlocked):
        pair_round(organizer, tournament)
    final = bracket_json(tournament.slug)["rounds"][0]["matches"][0]
    assert final["winner"] == 3 and [p["a"] for p in final["parties"]] == [30, 101]
    assert bracket_data(tournament)["rounds"][0]["matches"][0]["totals"] == [131, 121]


def test_a_finalist_who_withdraws_is_not_paired_and_the_opponent_advances_by_walkover(organizer):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=4, third_place=True)  # semi-finals 3–6 and 1–5
    play(organizer, tournament, {3: 101, 6: 0, 1: 101, 5: 50})
    withdraw_pair(organizer, tournament.pairs.get(number=1), note="заболел")
    entry = AuditEntry.objects.get(action="stage.walkover")
    assert entry.after == {"pair": 1, "round": "круг 2, матч 1", "opponent": 3}
    rnd = pair_round(organizer, tournament)  # the final is not played: only the third-place match
    assert [(p.pair_a.number, p.pair_b.number) for p in rnd.parties.all()] == [(5, 6)]
    data = bracket_json(tournament.slug)
    final = data["rounds"][1]["matches"][0]
    assert (final["winner"], final["state"], final["walkover"], final["parties"]) == (3, "walkover", True, [])
    note = bracket_data(tournament)["rounds"][1]["matches"][0]["note"]
    assert note == "без игры: №1 снялся с турнира"


@pytest.mark.parametrize("kind, code", [(FinalKind.KNOCKOUT, "knockout_individual")])
def test_an_individual_event_is_told_why_it_has_no_bracket(client, organizer, kind, code):
    tournament = make_individual(8, rounds_planned=1)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=kind, size=4)
    assert exc.value.code == code and exc.value.field == "final_kind"
    client.force_login(organizer)
    response = client.post(reverse("tournaments:final_settings", args=[tournament.slug]),
                           {"final_kind": kind, "final_size": "4", "final_match": "single"})
    assert response.status_code == 400 and exc.value.message in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.final_kind == FinalKind.NONE


@pytest.mark.parametrize("value", ["<script>alert(1)</script>", "best-of-9", "x" * 5000, "total-2\u202e"])
def test_a_hostile_match_setting_on_the_page_gets_the_message_beside_the_field(client, organizer, value):
    tournament = staged(organizer)
    client.force_login(organizer)
    response = client.post(reverse("tournaments:final_settings", args=[tournament.slug]),
                           {"final_kind": "knockout", "final_size": "4", "final_match": value})
    assert response.status_code == 400
    assert "Выберите, как играется матч сетки, из списка." in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.final_kind, tournament.final_match) == ("none", "single")


def test_the_bracket_match_setting_travels_with_an_exported_tournament(organizer, tmp_path):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2, match="total-2")
    transfer.export_tournament(tournament, tmp_path / "cup.json")
    copy = transfer.import_tournament(tmp_path / "cup.json", slug="copy").tournament
    assert (copy.final_kind, copy.final_match) == ("knockout", "total-2")


def test_a_correction_that_would_decide_a_match_sooner_is_refused_once_its_next_partie_is_paired(organizer):
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2, match="best-of-3")
    play(organizer, tournament, {3: 101, 1: 60})
    second = play(organizer, tournament, {3: 40, 1: 101})  # 1 : 1, a third partie
    play(organizer, tournament, {3: 101, 1: 99})
    partie = second.parties.get()
    refuse_stage_change(partie)  # as played: nothing to refuse
    Protocol.objects.filter(partie=partie).update(score_a=40, score_b=101, winner="B")  # №3 (side B) would win
    with pytest.raises(StageFixed) as exc:  # 2 : 0 after round 3, yet round 4 holds a third partie
        refuse_stage_change(partie)
    assert exc.value.code == "bracket_fixed" and "тур 4" in exc.value.message
