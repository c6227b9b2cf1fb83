"""Events in stages through the services: the stage-2 settings, qualification from stage 1's standings (ties
at the cut, the decisive criterion, withdrawn pairs), its undo, stage-2 rounds paired from the finalists, the
final standings, and a late stage-1 correction refused once stage 2 is published."""
import random

import pytest
from django.utils import timezone

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import pair_round, publish_round, transfer
from events.services.stages import confirm_qualification, set_final, undo_qualification
from events.simulation import link_signers, play_partie, sign_as_required
from scoring import services as protocol_services
from scoring.models import Protocol
from scoring.reports.stage_selectors import final_standings, finalists, load_final_round_robin, stage1_standings
from scoring.services.stages import StageFixed
from tests.factories import make_round, make_tournament
from tests.referees.conftest import DEALS
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, RoundBlocked, TournamentError
from tournaments.models import EntrantStatus, FinalKind, Qualification, RoundStatus, SignatureMode

pytestmark = pytest.mark.django_db

MIRRORED = [  # DEALS with the sides exchanged: B wins 47 : 35
    {"n": 1, "result": "domino", "out": "B1", "hands": {"B2": 14, "A1": ["0-0"], "A2": 23}},
    {"n": 2, "result": "block", "hands": {"B1": 9, "B2": 10, "A1": 4, "A2": 30}},
    {"n": 3, "result": "domino", "out": "A2", "hands": {"B1": 8, "B2": 17, "A1": 5}},
    {"n": 4, "result": "wrong_pass", "offender": "B2"},
]


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org")


def staged(organizer, n_pairs=6, **kwargs):
    tournament = make_tournament(n_pairs, rounds_planned=1, draw_done_at=timezone.now(), draw_seed="s",
                                 draw_closed=True, signature_mode=SignatureMode.ONE_PER_PAIR, **kwargs)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    return tournament


def cached(partie, a, b):
    """A signed protocol's cached result (setup: the standings read only the cache)."""
    winner = "A" if a > b else "B" if b > a else ""
    Protocol.objects.create(partie=partie, score_a=a, score_b=b, winner=winner, finished=True,
                            status=ProtocolStatus.SIGNED, locked_at=timezone.now())


def stage1(tournament, results, pairings=((1, 2), (3, 4), (5, 6))):
    rnd = make_round(tournament, 1, list(pairings), status=RoundStatus.FINISHED)
    for partie, (a, b) in zip(rnd.parties.order_by("table"), results):
        cached(partie, a, b)
    return rnd


def test_knockout_is_refused_when_a_partie_may_end_drawn(organizer):
    tournament = staged(organizer, overrides={"extra_deal_on_tie": False})
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    assert exc.value.code == "knockout_needs_extra_deal"
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.ROUND_ROBIN, size=9)
    assert exc.value.field == "final_size" and "6" in exc.value.message
    set_final(organizer, tournament, kind=FinalKind.ROUND_ROBIN, size=4, carry_over=True)
    tournament.refresh_from_db()
    assert (tournament.final_kind, tournament.final_size, tournament.final_carry_over) == ("round-robin", 4, True)
    assert AuditEntry.objects.filter(action="stage.final_set").count() == 1


@pytest.mark.parametrize(("preset", "overrides", "decided"), [
    ("latin", {}, True),  # equal totals at the target or at time: the next hand decides
    ("latin", {"time_tie": "draw"}, False),
    ("kozel", {"extra_game_on_tie": False}, False),
    ("kozel", {"extra_game_on_tie": True}, True),
    ("federation", {"extra_deal_on_tie": True}, True),
])
def test_a_knockout_asks_the_game_whether_every_partie_has_a_winner(organizer, preset, overrides, decided):
    tournament = staged(organizer, preset=preset, overrides=overrides)
    if decided:
        set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
        tournament.refresh_from_db()
        assert tournament.final_kind == "knockout"
        return
    with pytest.raises(InvalidInput) as exc:
        set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    assert exc.value.code == "knockout_needs_extra_deal" and exc.value.field == "final_kind"
    if preset == "latin":
        assert "по истечении времени должна играться следующая раздача" in exc.value.message


def test_a_tie_across_the_cut_needs_the_organizers_order(organizer):
    tournament = staged(organizer, tiebreaks=["match_points"])
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=2)
    stage1(tournament, [(47, 35), (60, 0), (40, 30)])  # winners 1, 3, 5 all on 1 match point
    with pytest.raises(InvalidInput) as exc:
        confirm_qualification(organizer, tournament)
    assert exc.value.code == "tie_at_cut" and exc.value.details["tied"] == [1, 3, 5]
    assert "№1, №3, №5" in exc.value.message
    with pytest.raises(InvalidInput) as exc:
        confirm_qualification(organizer, tournament, tie_order=[5, 3])
    assert exc.value.code == "tie_order_mismatch"
    confirm_qualification(organizer, tournament, tie_order=[5, 1, 3])
    assert [(q.seed, q.pair.number) for q in finalists(tournament)] == [(1, 5), (2, 1)]
    entry = AuditEntry.objects.get(action="stage.qualified")
    assert entry.after["tie_order"] == [5, 1, 3] and [f["pair"] for f in entry.after["finalists"]] == [5, 1]


def test_the_decisive_criterion_is_recorded_and_a_withdrawn_pair_never_qualifies(organizer):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=2)
    stage1(tournament, [(47, 35), (60, 0), (40, 30)])
    tournament.pairs.filter(number=3).update(status=EntrantStatus.WITHDRAWN, withdrawn_after_round=1)
    confirm_qualification(organizer, tournament, expected=[1, 5])
    qualified = finalists(tournament)
    assert [q.pair.number for q in qualified] == [1, 5]
    assert qualified[0].decided_by == "difference" and qualified[1].decided_by == "match_points"
    assert Qualification.objects.filter(tournament=tournament, pair__number=3).count() == 0


def test_confirmation_waits_for_stage_1_and_refuses_a_changed_table(organizer):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.ROUND_ROBIN, size=3)
    rnd = stage1(tournament, [(47, 35), (60, 0), (40, 30)])
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    with pytest.raises(RoundBlocked) as exc:
        confirm_qualification(organizer, tournament)
    assert exc.value.code == "stage1_not_finished"
    rnd.status = RoundStatus.FINISHED
    rnd.save()
    with pytest.raises(InvalidInput) as exc:
        confirm_qualification(organizer, tournament, expected=[1, 3, 5])
    assert exc.value.code == "standings_changed"
    assert not Qualification.objects.exists()


def test_stage_2_rounds_pair_only_the_finalists_and_undo_stops_at_publication(organizer):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    stage1(tournament, [(47, 35), (60, 0), (40, 30)])  # 3, 1, 5 win; then 2 (−12), 6 (−10) … 4 last
    with pytest.raises(RoundBlocked) as exc:
        pair_round(organizer, tournament)
    assert exc.value.code == "qualification_needed"
    confirm_qualification(organizer, tournament)
    assert [q.pair.number for q in finalists(tournament)] == [3, 1, 5, 6]
    rnd = pair_round(organizer, tournament)
    assert (rnd.number, rnd.stage) == (2, 2)
    assert sorted(tuple(sorted((p.pair_a.number, p.pair_b.number))) for p in rnd.parties.all()) == [(1, 5), (3, 6)]
    with pytest.raises(RoundBlocked) as exc:
        undo_qualification(organizer, tournament)
    assert exc.value.code == "draft_exists"
    publish_round(organizer, rnd)
    with pytest.raises(RoundBlocked) as exc:
        undo_qualification(organizer, tournament)
    assert exc.value.code == "stage2_published"
    with pytest.raises(TournamentError):
        set_final(organizer, tournament, kind=FinalKind.NONE)


def test_undo_before_stage_2_lets_the_organizer_confirm_again(organizer):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=2)
    stage1(tournament, [(47, 35), (60, 0), (40, 30)])
    confirm_qualification(organizer, tournament)
    undo_qualification(organizer, tournament)
    assert not Qualification.objects.exists()
    assert AuditEntry.objects.filter(action="stage.qualification_undone").count() == 1
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    assert len(confirm_qualification(organizer, tournament)) == 4


def test_a_stage_1_correction_that_changes_the_finalists_is_refused_once_stage_2_is_published(organizer):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=2)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.PUBLISHED)
    first, second, third = rnd.parties.order_by("table")
    signers = link_signers(tournament, 1)
    for deal in DEALS:  # table 1 for real: pair 1 wins 48 : 35 (+13)
        protocol_services.record_deal(organizer, first, deal, expected_version=shown_version(first))
    sign_as_required(organizer, first, signers)
    cached(second, 60, 0)
    cached(third, 40, 30)  # pair 5: +10, just below pair 1
    rnd.status = RoundStatus.FINISHED
    rnd.save()
    confirm_qualification(organizer, tournament)
    assert [q.pair.number for q in finalists(tournament)] == [3, 1]
    publish_round(organizer, pair_round(organizer, tournament))
    protocol_services.reopen_protocol(organizer, first, "ошибка в раздаче 1", expected_version=shown_version(first))
    before = Protocol.objects.get(partie=first)
    with pytest.raises(StageFixed) as exc:  # deal 1 went out on side B: pair 2 would win and pair 1 drop out
        protocol_services.correct_deal(organizer, first, MIRRORED[0], expected_version=shown_version(first))
    assert exc.value.code == "finalists_fixed"
    assert "выбыли бы: №1; вышли бы: №2" in exc.value.message
    protocol = Protocol.objects.get(partie=first)
    assert (protocol.score_a, protocol.score_b, protocol.version) == (before.score_a, before.score_b, before.version)
    assert protocol.deals.get(n=1).out == "A1"  # nothing was written
    # a correction that leaves the same finalists is accepted
    protocol_services.correct_deal(organizer, first, {"n": 2, "result": "block",
                                                      "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                                   expected_version=shown_version(first))
    assert Protocol.objects.get(partie=first).score_a > before.score_a


def test_a_final_round_robin_with_carry_over_and_the_final_standings(organizer):
    tournament = staged(organizer, n_pairs=4)
    tournament = set_final(organizer, tournament, kind=FinalKind.ROUND_ROBIN, size=3, carry_over=True)
    stage1(tournament, [(47, 35), (60, 0)], pairings=((1, 2), (3, 4)))  # 3, 1, then 2 (−12), 4 (−60)
    confirm_qualification(organizer, tournament)
    assert [q.pair.number for q in finalists(tournament)] == [3, 1, 2]
    rng = random.Random(4)
    signers = link_signers(tournament, 4)
    for _ in range(3):
        rnd = pair_round(organizer, tournament)
        assert rnd.stage == 2 and {p.pair_a.number for p in rnd.parties.all()} | {
            p.pair_b.number for p in rnd.parties.all() if p.pair_b} <= {1, 2, 3}
        publish_round(organizer, rnd)
        for partie in rnd.parties.filter(pair_b__isnull=False):
            play_partie(organizer, partie, rng, signers)
    final = load_final_round_robin(tournament)
    assert {r.pair.number for r in final.rows} == {1, 2, 3}
    assert sum(r.played for r in final.rows) == 2 * (3 + 1)  # three final parties and the carried 1–2
    assert [r.played for r in stage1_standings(tournament).rows] == [1, 1, 1, 1]
    places = final_standings(tournament)
    assert [(f.place, f.stage) for f in places] == [(1, 2), (2, 2), (3, 2), (4, 1)]
    assert [f.number for f in places[:3]] == [r.pair.number for r in final.rows] and places[3].number == 4


def test_the_finalists_and_the_stages_travel_with_an_exported_tournament(organizer, tmp_path):
    tournament = staged(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4, third_place=True)
    stage1(tournament, [(47, 35), (60, 0), (40, 30)])
    confirm_qualification(organizer, tournament)
    publish_round(organizer, pair_round(organizer, tournament))
    transfer.export_tournament(tournament, tmp_path / "cup.json")
    copy = transfer.import_tournament(tmp_path / "cup.json", slug="copy").tournament
    assert (copy.final_kind, copy.final_size, copy.final_third_place) == ("knockout", 4, True)
    assert [(q.seed, q.pair.number) for q in finalists(copy)] == [(1, 3), (2, 1), (3, 5), (4, 6)]
    assert list(copy.rounds.order_by("number").values_list("stage", flat=True)) == [1, 2]
