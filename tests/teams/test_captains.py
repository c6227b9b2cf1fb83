"""The captains' accounts of a team event: the organizer gives a captain an account; the captain enters his own
team's line-up while the round is a draft and never another team's; after publication he is refused; every
write is audited; the opponent's line-up of a round not yet published stays hidden; hostile input gets a Russian
message and never a server error."""
import pytest
from django.urls import reverse

from audit.actions import sentence
from audit.models import AuditEntry
from core.errors import InvalidInput, NotAllowed
from events.services import publish_round
from teams.captains import create_captain, remove_captain, reset_captain_password
from teams.models import Captain, LineUp, TeamMatch
from teams.rounds import pair_team_round
from teams.services import lineup_for, set_lineup
from tests.teams.conftest import make_team_event
from tournaments.errors import RoundBlocked

pytestmark = pytest.mark.django_db

PASSWORD = "Kapitan-2026!"


def captain(organizer, t, number, username):
    return create_captain(organizer, t.teams.get(number=number), username=username, full_name="Капитанов Пётр",
                          password=PASSWORD)


def test_the_organizer_gives_a_captain_an_account_once_and_only_he_may(organizer, django_user_model):
    t = make_team_event(organizer, 2)
    team = t.teams.get(number=1)
    made = captain(organizer, t, 1, "cap-1")
    assert made.user.check_password(PASSWORD) and made.user.get_full_name() == "Пётр Капитанов"
    entry = AuditEntry.objects.get(tournament=t, action="team.captain_added")
    assert entry.after["username"] == "cap-1" and PASSWORD not in str(entry.after)
    assert sentence(entry) == f"капитан команды №1 «{team.name}»: учётная запись «cap-1» (Пётр Капитанов)"
    with pytest.raises(InvalidInput) as err:
        captain(organizer, t, 1, "cap-2")
    assert err.value.code == "captain_exists" and "уже есть капитан" in err.value.message
    with pytest.raises(NotAllowed):
        create_captain(made.user, t.teams.get(number=2), username="cap-3", full_name="Ким Ян", password=PASSWORD)
    for kwargs, field, words in (({"username": "два слова"}, "username", "без пробелов"),
                                 ({"username": "cap-1"}, "username", "уже занято"),
                                 ({"full_name": "  "}, "full_name", "Укажите фамилию и имя капитана"),
                                 ({"password": "123"}, "password", "")):
        with pytest.raises(InvalidInput) as err:
            create_captain(organizer, t.teams.get(number=2), **{"username": "cap-9", "full_name": "Ким Ян",
                                                                 "password": PASSWORD, **kwargs})
        assert err.value.details.get("field") == field and words in err.value.message
    assert not Captain.objects.filter(team__number=2, team__tournament=t).exists()
    issued = reset_captain_password(organizer, team)
    made.user.refresh_from_db()
    assert made.user.check_password(issued.password) and not made.user.check_password(PASSWORD)
    remove_captain(organizer, team)
    made.user.refresh_from_db()
    assert not made.user.is_active and not Captain.objects.filter(team=team).exists()
    removed = AuditEntry.objects.get(tournament=t, action="team.captain_removed")
    assert removed.after == {"deactivated": True} and "cap-1" in sentence(removed)
    assert AuditEntry.objects.filter(tournament=t, action="team.captain_password_reset").exists()


def test_a_captain_sets_his_own_line_up_in_the_draft_never_another_teams_nor_after_publication(organizer):
    t = make_team_event(organizer, 4)
    own, other = t.teams.get(number=1), t.teams.get(number=2)
    user = captain(organizer, t, 1, "cap-1").user
    first, second = lineup_for(own, 1)
    rnd = pair_team_round(organizer, t)
    set_lineup(user, own, 1, [second, first])
    match = TeamMatch.objects.get(round=rnd, team_a=own) if TeamMatch.objects.filter(round=rnd, team_a=own).exists() \
        else TeamMatch.objects.get(round=rnd, team_b=own)
    side = "pair_a_id" if match.team_a_id == own.pk else "pair_b_id"
    assert [getattr(tb.partie, side) for tb in match.tables.order_by("board")] == [second, first]
    entry = AuditEntry.objects.filter(tournament=t, action="team.lineup_set").latest("id")
    assert entry.user == user and entry.after["by"] == "captain"
    assert sentence(entry).endswith("(внёс капитан команды)")
    with pytest.raises(NotAllowed) as err:
        set_lineup(user, other, 1, list(reversed(lineup_for(other, 1))))
    assert "капитан этой команды" in err.value.message
    assert not LineUp.objects.filter(team=other).exists()
    publish_round(organizer, rnd)
    with pytest.raises(RoundBlocked) as err:
        set_lineup(user, own, 1, [first, second])
    assert "закрыта" in err.value.message
    assert LineUp.objects.get(team=own, round_number=1).pairs == [second, first]
    set_lineup(user, own, 2, [first, second])  # the next round is still open to him
    remove_captain(organizer, own)
    with pytest.raises(NotAllowed):
        set_lineup(user, own, 3, [second, first])


def test_the_captain_page_and_the_hidden_line_up_of_the_opponent(client, organizer):
    t = make_team_event(organizer, 4)
    t.is_public = True
    t.save(update_fields=["is_public"])
    own, other = t.teams.get(number=1), t.teams.get(number=2)
    user = captain(organizer, t, 1, "cap-1").user
    create_captain(organizer, other, username="cap-2", full_name="Ким Ян", password=PASSWORD)
    url = reverse("teams:captain", args=[t.slug])
    assert client.get(url).status_code == 302  # login first
    client.force_login(user)
    page = client.get(url).content.decode()
    assert own.name in page and "Расстановка на тур 1" in page and other.name not in page
    o1, o2 = lineup_for(other, 1)
    set_lineup(organizer, other, 1, [o2, o1])
    numbers = dict(other.members.values_list("pair_id", "pair__number"))
    first, second = lineup_for(own, 1)
    assert client.post(url, {"captain-round": "1", "captain-table1": str(second),
                             "captain-table2": str(first)}).status_code == 302
    assert LineUp.objects.get(team=own, round_number=1).pairs == [second, first]
    for bad, words in (({"captain-table1": str(o1)}, "Выберите"),
                       ({"captain-table2": str(second)}, "ровно за одним столом"),
                       ({"captain-round": "99"}, "целое число"), ({"captain-round": "<b>"}, "целое число")):
        data = {"captain-round": "1", "captain-table1": str(second), "captain-table2": str(first), **bad}
        response = client.post(url, data)
        assert response.status_code == 400 and words in response.content.decode()
    opponent = client.get(reverse("teams:team", args=[t.slug, 2])).content.decode()
    assert "до публикации тура не видна" in opponent
    row = opponent.split('id="lineup-1"')[1].split("</tr>")[0]
    assert f"№{numbers[o2]}" not in row and f"№{numbers[o1]}" not in row
    mine = client.get(reverse("teams:team", args=[t.slug, 1])).content.decode()
    assert 'id="captain-link"' in mine and "до публикации тура не видна" not in mine.split('id="lineup-1"')[1][:300]
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    opponent = client.get(reverse("teams:team", args=[t.slug, 2])).content.decode()
    row = opponent.split('id="lineup-1"')[1].split("</tr>")[0]
    assert f"№{numbers[o2]}" in row and "закрыта" in row
    response = client.post(url, {"captain-round": "1", "captain-table1": str(first), "captain-table2": str(second)})
    assert response.status_code == 400 and "закрыта" in response.content.decode()
    client.force_login(organizer)
    assert "Страница капитана" not in client.get(url).content.decode()  # the organizer is no captain


def test_the_organizer_makes_the_captain_on_the_teams_page(client, organizer):
    t = make_team_event(organizer, 2)
    team = t.teams.get(number=1)
    client.force_login(organizer)
    url = reverse("teams:captain_add", args=[t.slug, team.pk])
    prefix = f"c{team.pk}"
    response = client.post(url, {f"{prefix}-full_name": "Ким Ян", f"{prefix}-username": "a b",
                                 f"{prefix}-password": PASSWORD})
    assert response.status_code == 400 and "без пробелов" in response.content.decode()
    assert client.post(url, {f"{prefix}-full_name": "Ким Ян", f"{prefix}-username": "kim",
                             f"{prefix}-password": PASSWORD}).status_code == 302
    page = client.get(reverse("teams:manage", args=[t.slug])).content.decode()
    assert "Капитан: kim" in page and "/teams/captain/" in page
    reset = client.post(reverse("teams:captain_password", args=[t.slug, team.pk]))
    assert reset.status_code == 200 and 'id="password"' in reset.content.decode()
    client.force_login(Captain.objects.get(team=team).user)
    assert client.post(url, {f"{prefix}-full_name": "Ли Ян", f"{prefix}-username": "li",
                             f"{prefix}-password": PASSWORD}).status_code == 403
    assert client.post(reverse("teams:captain_remove", args=[t.slug, team.pk])).status_code == 403
