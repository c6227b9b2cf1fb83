"""An entrant's team (the team standing's): entered on registration, late registration, the import and the pair's
edit page when the tournament keeps a team standing; audited; a hostile value is refused in Russian."""
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from audit.models import AuditEntry
from events.services import edit_pair, import_pairs, register_late_pair, register_pair
from events.services.imports import COLUMNS
from tests.factories import make_individual, make_round, make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.errors import ImportRejected, InvalidInput
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db
PAIR = [{"name": "Ёлкин Пётр", "club": "Тверь"}, {"name": "Щукин Иван", "club": "Клин"}]


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def logged(client, organizer):
    client.force_login(organizer)
    return client


def test_the_services_keep_the_team_and_the_audit_says_so(organizer):
    t = make_tournament(0, team_standing="team")
    pair = register_pair(organizer, t, players=PAIR, team_name="  Сборная   области ")
    assert pair.team_name == "Сборная области"
    assert AuditEntry.objects.get(tournament=t, action="pair.registered").after["team_name"] == "Сборная области"
    edit_pair(organizer, pair, players=PAIR, team_name="Тверь-1", note="ошибка в заявке")
    entry = AuditEntry.objects.get(tournament=t, action="pair.edited")
    assert (entry.before["team_name"], entry.after["team_name"]) == ("Сборная области", "Тверь-1")
    edit_pair(organizer, pair, players=[{"name": "Ёлкин Пётр", "club": "Тверь"}, {"name": "Щукин Иван", "club": ""}])
    pair.refresh_from_db()
    assert pair.team_name == "Тверь-1"  # a form without the team leaves it as it is


@pytest.mark.parametrize("team, message", [
    ("Я" * 201, "Команда — не длиннее 200 символов."),
    ("Север\x00", "Команда:"),
])
def test_a_hostile_team_is_refused_with_a_russian_message(organizer, team, message):
    t = make_tournament(0, team_standing="team")
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=PAIR, team_name=team)
    assert err.value.message.startswith(message) and err.value.details["field"] == "team_name"
    assert not Entrant.objects.filter(tournament=t).exists()


def test_the_manage_page_asks_for_the_team_only_with_a_team_standing(logged):
    plain = make_tournament(0, slug="plain")
    assert 'name="team_name"' not in logged.get(reverse("tournaments:manage", args=[plain.slug])).content.decode()
    t = make_tournament(0, team_standing="club")
    html = logged.get(reverse("tournaments:manage", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'name="team_name"' in html and "Команда (для командного зачёта)" in html
    data = {"player1_name": "Ёлкин Пётр", "player2_name": "Щукин Иван", "team_name": "Север"}
    assert logged.post(reverse("tournaments:pair_add", args=[t.slug]), data).status_code == 302
    assert Entrant.objects.get(tournament=t).team_name == "Север"
    data = {"player1_name": "Иванов Иван", "player2_name": "Петров Пётр", "team_name": "С" * 201}
    response = logged.post(reverse("tournaments:pair_add", args=[t.slug]), data, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400 and response.context["pair_form"].errors["team_name"]


def test_the_pair_s_edit_page_changes_its_team(logged):
    t = make_tournament(2, team_standing="team")
    pair = t.pairs.get(number=1)
    url = reverse("tournaments:pair_edit", args=[t.slug, pair.pk])
    assert 'name="team_name"' in logged.get(url).content.decode()
    players = {f"player{p.number}_name": p.name for p in pair.players.all()}
    response = logged.post(url, {"form": "edit", **players, "team_name": "Юг", "note": "заявка клуба"})
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.team_name == "Юг"


def test_a_late_pair_and_an_individual_entrant_take_a_team(organizer, logged):
    t = make_tournament(4, team_standing="team")
    make_round(t, 1, [(1, 2), (3, 4)])
    late = register_late_pair(organizer, t, players=PAIR, team_name="Север")
    assert (late.team_name, late.joined_round) == ("Север", 2)
    solo = make_individual(0, team_standing="team")
    response = logged.post(reverse("tournaments:pair_add", args=[solo.slug]),
                           {"player1_name": "Сомов Лев", "team_name": "Север"})
    assert response.status_code == 302 and Entrant.objects.get(tournament=solo).team_name == "Север"


def test_the_import_reads_the_team_column_and_its_template_has_one(organizer, logged):
    t = make_tournament(0, team_standing="team")
    header = [h for k, h, _r in COLUMNS if "federation" not in k] + ["Команда"]
    rows = [row + [team] for row, team in zip(pair_rows(3), ["Север", "", "Юг"])]
    import_pairs(organizer, t, xlsx_bytes(rows, header=header), "pairs.xlsx")
    assert sorted(t.pairs.values_list("team_name", flat=True)) == ["", "Север", "Юг"]
    template = logged.get(reverse("tournaments:import_template", args=[t.slug])).content
    book = load_workbook(io.BytesIO(template))
    assert [c.value for c in book.active[1]][-1] == "Команда" and [c.value for c in book["Образец"][3]][-1] == "Тверь-1"
    plain = make_tournament(0, slug="plain")
    template = logged.get(reverse("tournaments:import_template", args=[plain.slug])).content
    assert "Команда" not in [c.value for c in load_workbook(io.BytesIO(template)).active[1]]
    bad = [pair_rows(1, start=5)[0] + ["=HYPERLINK(\"x\")"], pair_rows(1, start=6)[0] + ["Ю" * 201]]
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(bad, header=header), "pairs.xlsx")
    assert [(row, column) for row, column, _m in err.value.errors] == [(2, "Команда (I)"), (3, "Команда (I)")]
    assert "формула" in err.value.errors[0][2] and "не длиннее 200" in err.value.errors[1][2]
    assert t.pairs.count() == 3
