"""The organizer's services of a team event: teams, numbers, line-ups (locked at publication, the last one
carried on), substitutions between rounds, settings; hostile input gets a Russian message."""
import pytest

from audit.models import AuditEntry
from events.services import finish_round, pair_round, publish_round
from events.simulation import link_signers, play_partie
from scoring.models import Protocol
from teams.models import LineUp, TeamMatch
from teams.rounds import pair_team_round
from teams.services import delete_team, lineup_for, register_team, set_lineup, set_team_settings, substitute_reserve
from teams.standings import load_team_standings
from tests.teams.conftest import make_team_event, rng, team_pairs
from tournaments.errors import InvalidInput, NotAllowed, RoundBlocked, TournamentError

pytestmark = pytest.mark.django_db


def test_teams_are_numbered_and_their_pairs_numbered_in_team_order(organizer):
    t = make_team_event(organizer, 3)
    for team in t.teams.all():
        assert [m.pair.number for m in team.members.order_by("slot")] == [2 * team.number - 1, 2 * team.number]
        assert all(m.pair.team_name == team.name for m in team.members.all())
    assert sorted(t.teams.values_list("number", flat=True)) == [1, 2, 3]
    assert AuditEntry.objects.filter(tournament=t, action="team.registered").count() == 3
    assert AuditEntry.objects.filter(tournament=t, action="teams.numbered").exists()


@pytest.mark.parametrize("kwargs, field, words", [
    ({"name": ""}, "name", "название команды"),
    ({"name": "x" * 201}, "name", "не длиннее"),
    ({"name": "Сборная\x00"}, "name", "Название команды"),
    ({"pairs": "две пары"}, "pairs", "укажите всех игроков"),
    ({"pairs": team_pairs(9, 1)}, "pairs", "укажите всех игроков"),
    ({"reserves": [{"name": ""}]}, "reserve1_name", "запасного 1"),
    ({"reserves": [{"name": "З"}] * 5}, "reserves", "не больше 4"),
    ({"reserves": [{"name": team_pairs(9)[0][0]["name"]}]}, "reserve1_name", "дважды"),
    ({"name": "команда 1"}, "name", "уже зарегистрирована"),
])
def test_a_bad_team_is_refused_in_russian(organizer, kwargs, field, words):
    t = make_team_event(organizer, 1, numbered=False)
    data = {"name": "Новая", "club": "", "pairs": team_pairs(9), "reserves": [], **kwargs}
    with pytest.raises(InvalidInput) as err:
        register_team(organizer, t, **data)
    assert err.value.details.get("field") == field
    assert words in err.value.message
    assert t.teams.count() == 1


def test_the_settings_are_checked_and_fixed_once_teams_register(organizer):
    t = make_team_event(organizer, 2, numbered=False)
    for kwargs, words in (({"pairs_per_team": 5}, "от 1 до 4"), ({"pairs_per_team": "два"}, "от 1 до 4"),
                          ({"win": 1, "draw": 1}, "больше очков"), ({"pairs_per_team": 3}, "менять нельзя"),
                          ({"tiebreaks": ["buchholz"]}, "Первый показатель")):
        with pytest.raises(InvalidInput) as err:
            set_team_settings(organizer, t, **{"pairs_per_team": 2, "win": 2, "draw": 1, "loss": 0, **kwargs})
        assert words in err.value.message
    event = set_team_settings(organizer, t, pairs_per_team=2, win=3, draw=1, loss=0,
                              tiebreaks=["match_points", "buchholz", "team_number"])
    assert (event.win_points, event.tiebreaks) == (3, ["match_points", "buchholz", "team_number"])


def test_a_team_round_makes_matches_of_pair_i_against_pair_i(organizer):
    t = make_team_event(organizer, 4)
    with pytest.raises(TournamentError) as err:
        pair_round(organizer, t)
    assert err.value.code == "team_event"
    rnd = pair_team_round(organizer, t)
    matches = list(TeamMatch.objects.filter(round=rnd).prefetch_related("tables__partie"))
    assert len(matches) == 2 and rnd.parties.count() == 4
    for m in matches:
        for table in m.tables.all():
            a = table.partie.pair_a.team_entry
            b = table.partie.pair_b.team_entry
            assert (a.team_id, b.team_id) == (m.team_a_id, m.team_b_id)
            assert a.slot == b.slot == table.board


def test_the_line_up_reseats_a_draft_then_locks_and_the_last_one_carries_on(organizer):
    t = make_team_event(organizer, 4)
    team = t.teams.get(number=1)
    first, second = lineup_for(team, 1)
    rnd = pair_team_round(organizer, t)
    set_lineup(organizer, team, 1, [second, first])
    match = TeamMatch.objects.get(round=rnd, team_a=team)
    assert [tb.partie.pair_a_id for tb in match.tables.order_by("board")] == [second, first]
    publish_round(organizer, rnd)
    with pytest.raises(RoundBlocked) as err:
        set_lineup(organizer, team, 1, [first, second])
    assert err.value.code == "lineup_locked" and "закрыта" in err.value.message
    assert LineUp.objects.get(team=team, round_number=1).pairs == [second, first]
    assert lineup_for(team, 3) == [second, first]  # no line-up for round 3: the last one
    entry = AuditEntry.objects.filter(tournament=t, action="team.lineup_set").latest("id")
    assert entry.after["round"] == 1


@pytest.mark.parametrize("pairs", [[], "1,2", [1], ["x", "y"], [10**30, 1]])
def test_a_bad_line_up_is_refused(organizer, pairs):
    t = make_team_event(organizer, 2)
    team = t.teams.get(number=1)
    with pytest.raises(InvalidInput):
        set_lineup(organizer, team, 1, pairs)
    other = t.teams.get(number=2)
    with pytest.raises(InvalidInput) as err:
        set_lineup(organizer, team, 1, lineup_for(other, 1))
    assert "ровно за одним столом" in err.value.message
    with pytest.raises(InvalidInput):
        set_lineup(organizer, team, 99, lineup_for(team, 1))


def test_a_reserve_comes_in_between_rounds_and_the_signed_protocols_keep_their_names(organizer):
    t = make_team_event(organizer, 2, rounds=2)
    team = t.teams.get(number=1)
    pair = team.members.get(slot=1).pair
    reserve = team.reserves.get()
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    with pytest.raises(RoundBlocked) as err:
        substitute_reserve(organizer, team, pair, 2, reserve)
    assert "только между турами" in err.value.message
    signers = link_signers(t, "1")
    for partie in rnd.parties.select_related("round__tournament", "pair_a", "pair_b"):
        play_partie(organizer, partie, rng(), signers)
    finish_round(organizer, rnd)
    partie = rnd.parties.get(pair_a=pair) if rnd.parties.filter(pair_a=pair).exists() else rnd.parties.get(pair_b=pair)
    header = Protocol.objects.get(partie=partie).signed_header
    leaving = sorted(pair.players.all(), key=lambda p: p.number)[1].name
    substitute_reserve(organizer, team, pair, 2, reserve)
    pair.refresh_from_db()
    assert reserve.name in [p.name for p in pair.players.all()]
    reserve.refresh_from_db()
    assert reserve.name == leaving  # the player who left is the team's reserve now
    assert Protocol.objects.get(partie=partie).signed_header == header
    assert leaving in str(header)
    assert AuditEntry.objects.filter(tournament=t, action="team.substituted").exists()
    with pytest.raises(InvalidInput):
        substitute_reserve(organizer, team, t.teams.get(number=2).members.first().pair, 1, reserve)


def test_only_the_organizer_runs_a_team_event(organizer, django_user_model):
    t = make_team_event(organizer, 2)
    stranger = django_user_model.objects.create_user("stranger")
    team = t.teams.get(number=1)
    with pytest.raises(TournamentError):
        set_lineup(stranger, team, 1, lineup_for(team, 1))
    with pytest.raises(TournamentError):
        pair_team_round(stranger, t)


def test_an_odd_team_has_a_bye_that_wins_its_match(organizer):
    t = make_team_event(organizer, 3, rounds=1)
    rnd = pair_team_round(organizer, t)
    bye = TeamMatch.objects.get(round=rnd, team_b__isnull=True)
    assert bye.tables.count() == 2 and all(tb.partie.pair_b_id is None for tb in bye.tables.all())
    publish_round(organizer, rnd)
    rows = {r.team.id: r for r in load_team_standings(t).rows}
    assert rows[bye.team_a_id].match_points == 2 and rows[bye.team_a_id].byes == 1


def test_the_organizer_deletes_a_team_before_the_numbers_only(organizer, django_user_model):
    t = make_team_event(organizer, 3, numbered=False)
    team = t.teams.get(name="Команда 2")
    stranger = django_user_model.objects.create_user("stranger-teams")
    with pytest.raises(NotAllowed):
        delete_team(stranger, team)
    delete_team(organizer, team)
    assert list(t.teams.values_list("name", flat=True)) == ["Команда 1", "Команда 3"]
    assert t.pairs.count() == 4 and AuditEntry.objects.filter(tournament=t, action="pair.deleted").count() == 2
