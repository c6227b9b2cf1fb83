"""The team standing on the settings page: by club / city or by the entrant's team, M counted; every bad value is
refused next to its field in Russian, every change audited; it is no rule, so signatures do not fix it."""
import datetime

import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import setup, transfer
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tests.tournaments.test_setup import form_data
from tournaments.choices import ProtocolStatus
from tournaments.errors import SetupRejected
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_create_page_sets_a_team_standing_and_the_audit_keeps_it(client, creator):
    client.force_login(creator)
    page = client.get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Командный зачёт" in page and "По клубу / городу игроков" in page and 'name="team_best"' in page
    response = client.post(reverse("tournaments:create"), form_data(team_standing="club", team_best="3"))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.team_standing, t.team_best, t.has_team_standing) == ("club", 3, True)
    after = AuditEntry.objects.get(tournament=t, action="tournament.created").after
    assert (after["team_standing"], after["team_best"]) == ("club", 3)
    edit = client.get(reverse("tournaments:edit", args=[t.slug])).content.decode()
    assert '<option value="club" selected>' in edit and 'name="team_best" value="3"' in edit


def test_a_change_is_audited_and_allowed_after_signatures(creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    assert (t.team_standing, t.team_best, t.has_team_standing) == ("none", 2, False)
    t.pairs.create(number=1).players.create(name="Ёлкин Пётр", number=1)
    t.pairs.create(number=2).players.create(name="Щукин Иван", number=1)
    rnd = make_round(t, 1, [(1, 2)])
    Protocol.objects.create(partie=rnd.parties.get(), status=ProtocolStatus.SIGNED)
    assert t.rules_locked()
    setup.update_tournament(creator, t, {"team_standing": "team", "team_best": 4})
    t.refresh_from_db()
    assert (t.team_standing, t.team_best) == ("team", 4)  # the results stay as signed: only the teams' sums change
    entry = AuditEntry.objects.get(tournament=t, action="tournament.updated")
    assert entry.before == {"team_standing": "none", "team_best": 2}
    assert entry.after == {"team_standing": "team", "team_best": 4}


def test_a_copy_keeps_the_team_standing(creator):
    source = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 3, 1),
                                               "team_standing": "team", "team_best": 3})
    copy = setup.copy_tournament(creator, source, name="Кубок осени", start_date=datetime.date(2026, 10, 1))
    assert (copy.team_standing, copy.team_best) == ("team", 3)


@pytest.mark.parametrize("changes, field, message", [
    ({"team_best": "0"}, "team_best", "Не меньше 1."),
    ({"team_best": "21"}, "team_best", "Не больше 20."),
    ({"team_best": "два"}, "team_best", "целое число цифрами 0–9"),
    ({"team_best": "٣"}, "team_best", "целое число цифрами 0–9"),
    ({"team_best": "-1"}, "team_best", "целое число цифрами 0–9"),
    ({"team_standing": "club", "team_best": ""}, "team_best", "сколько лучших участников команды"),
    ({"team_standing": "<b>teams</b>"}, "team_standing", "Выберите корректный вариант"),
    ({"team_standing": None}, "team_standing", "Обязательное поле"),
])
def test_hostile_values_on_the_form_are_refused_next_to_their_field(client, creator, changes, field, message):
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(**changes), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field]), response.context["form"].errors
    assert not Tournament.objects.exists()


def test_a_blank_m_without_a_team_standing_keeps_the_default(client, creator):
    client.force_login(creator)
    assert client.post(reverse("tournaments:create"), form_data(team_best="")).status_code == 302
    assert Tournament.objects.get().team_best == 2


@pytest.mark.parametrize("data, field, message", [
    ({"team_standing": "teams"}, "team_standing", "выберите «нет», «по клубу / городу игроков»"),
    ({"team_standing": None}, "team_standing", "выберите «нет»"),
    ({"team_standing": ["club"]}, "team_standing", "выберите «нет»"),
    ({"team_best": "3"}, "team_best", "целое число от 1 до 20"),
    ({"team_best": 0}, "team_best", "целое число от 1 до 20"),
    ({"team_best": 2.5}, "team_best", "целое число от 1 до 20"),
    ({"team_best": True}, "team_best", "целое число от 1 до 20"),
    ({"team_best": 10 ** 12}, "team_best", "целое число от 1 до 20"),
])
def test_hostile_values_reaching_the_service_are_refused_in_russian(creator, data, field, message):
    t = make_tournament(2)
    TournamentRole.objects.create(tournament=t, user=creator, role=RoleKind.ORGANIZER)
    with pytest.raises(SetupRejected) as err:
        setup.update_tournament(creator, t, data)
    assert message in " ".join(err.value.errors[field]), err.value.errors
    t.refresh_from_db()
    assert (t.team_standing, t.team_best) == ("none", 2)
    assert not AuditEntry.objects.filter(tournament=t, action="tournament.updated").exists()


def test_a_transferred_tournament_keeps_its_team_standing_and_the_entrants_teams(tmp_path):
    t = make_tournament(2, team_standing="team", team_best=3)
    t.pairs.filter(number=1).update(team_name="Север")
    transfer.export_tournament(t, tmp_path / "cup.json")
    copy = transfer.import_tournament(tmp_path / "cup.json", slug="cup-copy").tournament
    assert (copy.team_standing, copy.team_best) == ("team", 3)
    assert dict(copy.pairs.values_list("number", "team_name")) == {1: "Север", 2: ""}
