"""The organizer's list of entries: «Подтвердить все» (a confirmation naming each entry, the limit kept, audited),
the search (GET, hostile input refused beside the field), the export with contacts (xlsx, CSV), who may do
each; and the settings page offering nothing the service would refuse."""
import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from access.accounts import create_player_account
from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import run_draw
from signup.approvals import approval_plan, approve_entries
from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tests.factories import make_referee, make_tournament
from tournaments.errors import NotAllowed
from tournaments.models import Player

from .conftest import open_for, pair_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def approving(organizer, cup):
    """The cup asking approval (limit 2): three plain entries and one with a concern (a name of another entry)."""
    open_for(organizer, cup, limit=2, approval_required=True)
    a, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    b, _c = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма", player1_city="Ржев"))
    c, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    return a, b, c


def _url(cup, name, *args):
    return reverse(f"tournaments:{name}", args=[cup.slug, *args])


def test_approve_all_asks_first_naming_each_entry_and_its_place(cup, organizer, client, approving):
    a, b, c = approving
    twin, _c = submit_entry(cup, pair_data("Волков Сергей", "Иванов Иван"))  # «Иванов Иван» is in entry a too
    client.force_login(organizer)
    listing = client.get(_url(cup, "signup_entries")).text
    assert 'id="approve-all">Подтвердить все (2)<' in listing  # a and twin name the same player: not counted
    page = client.post(_url(cup, "signup_approve_all"))
    assert page.status_code == 200
    assert "«Сидоров Сидор — Кузнецов Кузьма» — подтверждена и становится участником турнира." in page.text
    assert "«Смирнов Алексей — Попов Дмитрий» — подтверждена и становится участником турнира." in page.text
    assert "осталось 2" in page.text and "Волков" not in page.text  # the clashing ones are decided one by one
    assert f'value="{b.pk},{c.pk}"' in page.text
    assert all(e.status == EntryStatus.PENDING for e in Entry.objects.all())  # nothing done yet
    client.post(_url(cup, "signup_approve_all"), {"entries": f"{b.pk},{c.pk}", "confirmed": "1"})
    statuses = dict(Entry.objects.values_list("pk", "status"))
    assert statuses == {a.pk: "pending", b.pk: "accepted", c.pk: "accepted", twin.pk: "pending"}
    assert AuditEntry.objects.filter(tournament=cup, action="signup.approved").count() == 2
    summary = AuditEntry.objects.get(tournament=cup, action="signup.approved_all")
    assert summary.user == organizer and "подтверждено заявок: 2, из них получили место: 2" in summary.note


def test_approve_all_keeps_the_limit_the_ones_beyond_it_wait(cup, organizer, client, approving):
    a, b, c = approving
    plan, held = approval_plan(cup)
    assert [(p.entry.pk, p.outcome, p.position) for p in plan] == [(a.pk, "place", None), (b.pk, "place", None),
                                                                   (c.pk, "wait", 1)]
    assert held == 0
    client.force_login(organizer)
    page = client.post(_url(cup, "signup_approve_all")).text
    assert "«Смирнов Алексей — Попов Дмитрий» — подтверждена, но мест нет: встанет в лист ожидания (место 1)." in page
    client.post(_url(cup, "signup_approve_all"), {"entries": f"{a.pk},{b.pk},{c.pk}", "confirmed": "1"})
    assert [e.status for e in Entry.objects.order_by("submitted_at")] == ["accepted", "accepted", "waiting"]
    assert cup.pairs.count() == 2  # as many as the limit, as single approvals would give


def test_approve_all_approves_only_the_entries_its_page_named(cup, organizer, approving):
    a, b, _c = approving
    late, _code = submit_entry(cup, pair_data("Лебедев Олег", "Козлов Борис"))  # sent after the page was shown
    approved = approve_entries(organizer, cup, [a.pk, b.pk])
    assert [e.pk for e in approved] == [a.pk, b.pk]
    late.refresh_from_db()
    assert late.status == EntryStatus.PENDING


def test_approve_all_with_nothing_to_approve_says_so(cup, organizer, client):
    client.force_login(organizer)
    response = client.post(_url(cup, "signup_approve_all"), follow=True)
    assert "Подтверждать нечего" in response.text
    response = client.post(_url(cup, "signup_approve_all"), {"entries": "x,-1,", "confirmed": "1"}, follow=True)
    assert response.status_code == 200 and "Подтверждать нечего" in response.text
    response = client.post(_url(cup, "signup_approve_all"), {"entries": "99999999999999", "confirmed": "1"},
                           follow=True)
    assert response.status_code == 200 and "уже не ждут подтверждения" in response.text


@pytest.fixture
def strangers(cup, organizer, django_user_model):
    """Who may not: another tournament's organizer, this tournament's player (his account) and referee."""
    other = make_tournament(0, slug="other-cup")
    official = django_user_model.objects.create_user("other-organizer")
    TournamentRole.objects.create(tournament=other, user=official, role=RoleKind.ORGANIZER)
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    player = create_player_account(organizer, cup, Player.objects.filter(pair__tournament=cup).first(),
                                   username="ivanov", password="Domino-2026-long")
    return {"other organizer": official, "player": player.user, "referee": make_referee(cup)}


@pytest.mark.parametrize("who", ["other organizer", "player", "referee", "anonymous"])
def test_approve_all_and_the_export_are_the_organizer_s_only(cup, organizer, strangers, who, approving):
    client = Client()
    if who != "anonymous":
        client.force_login(strangers[who])
    for method, url, data in (("post", _url(cup, "signup_approve_all"), {}),
                              ("post", _url(cup, "signup_approve_all"),
                               {"entries": ",".join(str(e.pk) for e in approving), "confirmed": "1"}),
                              ("get", _url(cup, "signup_export", "xlsx"), {}),
                              ("get", _url(cup, "signup_export", "csv"), {})):
        response = getattr(client, method)(url, data)
        if who == "anonymous":
            assert response.status_code == 302 and "/login/" in response["Location"]
        else:
            assert response.status_code == 403
        assert "Смирнов" not in response.content.decode(errors="replace")
    assert not Entry.objects.filter(status=EntryStatus.ACCEPTED, pk__in=[e.pk for e in approving]).exists()
    assert not AuditEntry.objects.filter(action="signup.approved_all").exists()
    with pytest.raises(NotAllowed):
        approve_entries(strangers.get(who) or strangers["player"], cup, [approving[0].pk])


def test_the_export_holds_every_entry_with_its_contacts_and_no_formula(organizer, client):
    tournament = make_tournament(0, slug="export-cup", numbered=False)
    open_for(organizer, tournament, limit=None, ask_contact=True, ask_birth_year=True)
    submit_entry(tournament, pair_data("=HYPERLINK(\"http://x\")", "Петров Пётр", contact="+7 900 123-45-67",
                                       player1_birth_year="1980", player2_city="Ржев"))
    client.force_login(organizer)
    response = client.get(_url(tournament, "signup_export", "xlsx"))
    assert response.status_code == 200 and 'filename="entries-export-cup.xlsx"' in response["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = rows[0]
    assert header[:3] == ["№ заявки", "Статус", "Подана"] and "Телефон или e-mail" in header
    first, second = rows[1], rows[2]
    assert first[header.index("Игрок")] == '=HYPERLINK("http://x")'
    assert sheet.cell(row=2, column=header.index("Игрок") + 1).data_type == "s"  # text, not a formula
    assert first[header.index("Год рождения")] == 1980 and first[header.index("Телефон или e-mail")] == "+7 900 123-45-67"
    assert second[header.index("Игрок")] == "Петров Пётр" and second[header.index("Город")] == "Ржев"
    response = client.get(_url(tournament, "signup_export", "csv"))
    assert response["Content-Type"].startswith("text/csv") and response.content.startswith(b"\xef\xbb\xbf")
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert lines[0][0] == "№ заявки" and lines[1][lines[0].index("Игрок")] == "'=HYPERLINK(\"http://x\")"
    assert client.get(_url(tournament, "signup_export", "pdf")).status_code == 404


@pytest.fixture
def listed(cup, organizer):
    open_for(organizer, cup, limit=None)
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр", player1_club="Спартак"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма", player2_city="Ржев"))
    submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))


@pytest.mark.parametrize("query, found", [
    ("иванов", ["Иванов Иван"]), ("СПАРТАК", ["Иванов Иван"]), ("ржев", ["Сидоров Сидор"]),
    ("петр", ["Иванов Иван"]),  # «ё» = «е»
    ("попов смирнов", ["Смирнов Алексей"]), ("  ", ["Иванов Иван", "Сидоров Сидор", "Смирнов Алексей"]),
    ("' OR 1=1 --", []), ("%", []), ("<script>alert(1)</script>", []),
])
def test_the_search_finds_by_name_club_or_city(cup, organizer, client, listed, query, found):
    client.force_login(organizer)
    response = client.get(_url(cup, "signup_entries"), {"q": query})
    assert response.status_code == 200
    shown = re.findall(r'<span class="player">([^<(]+?)(?: <small|</span>)', response.text)
    assert [name for name in shown if name in ("Иванов Иван", "Сидоров Сидор", "Смирнов Алексей")] == found
    assert "<script>alert" not in response.text
    if query.strip() and not found:
        assert 'id="search-empty"' in response.text


def test_the_search_works_for_a_referee_too(cup, listed, client):
    client.force_login(make_referee(cup))
    response = client.get(_url(cup, "signup_entries"), {"q": "ржев"})
    assert "Сидоров Сидор" in response.text and "Иванов Иван" not in response.text


@pytest.mark.parametrize("query, message", [
    ("я" * 101, "Запрос — не длиннее 100 знаков"),
    ("Иванов\x00", "управляющий символ"),
    ("\u202eвонавИ", "направления письма"),
])
def test_hostile_search_input_is_refused_beside_the_field(cup, organizer, client, listed, query, message):
    client.force_login(organizer)
    response = client.get(_url(cup, "signup_entries"), {"q": query})
    assert response.status_code == 200
    error = re.search(r'id="search-error">(.*?)</div>', response.text, re.S).group(1)
    assert message in error
    assert "Иванов Иван" in response.text and "Смирнов Алексей" in response.text  # every entry still listed


def test_the_list_s_buttons_name_the_main_action(cup, organizer, client, approving):
    a, _b, _c = approving
    client.force_login(organizer)
    page = client.get(_url(cup, "signup_entries")).text
    assert f'class="primary" id="approve-{a.pk}"' in page
    assert f'class="secondary danger-outline" id="refuse-{a.pk}"' in page


def test_after_the_draw_the_settings_page_offers_no_opening_and_says_what_to_do(cup, organizer, client):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    run_draw(organizer, cup)
    client.force_login(organizer)
    page = client.get(_url(cup, "signup_settings")).text
    assert "Сохранить и открыть" not in page and 'id="settings-form"' not in page
    assert re.search(r'id="open-refused">Жеребьёвка проведена: регистрация закрыта\.', page)
    assert 'id="what-now"' in page and reverse("tournaments:manage", args=[cup.slug]) in page
    # a stale page's «open» is refused with the same reason, nothing changed
    response = client.post(_url(cup, "signup_settings"), {"action": "open", "opens_at": "2026-01-01T10:00",
                                                          "closes_at": "2099-01-01T10:00"})
    assert response.status_code == 400 and "Жеребьёвка проведена" in response.text


def test_after_closing_on_site_the_settings_page_says_why_and_what_to_do(cup, organizer, client):
    client.force_login(organizer)
    client.post(_url(cup, "signup_close_on_site"), {"confirmed": "1"})
    page = client.get(_url(cup, "signup_settings")).text
    assert 'id="closed-on-site"' in page and "Открыть её снова или изменить её настройки нельзя." in page
    assert 'id="what-now"' in page and "Сохранить и открыть" not in page and 'id="close-registration"' not in page


def test_approve_all_tells_each_player_as_a_single_approval_does(cup, organizer, approving):
    from signup.models import EntryMessage, MessageKind
    a, b, c = approving
    approve_entries(organizer, cup, [a.pk, b.pk, c.pk])
    told = {m.entry_id: m.kind for m in EntryMessage.objects.exclude(kind=MessageKind.SUBMITTED)}
    assert told == {a.pk: MessageKind.APPROVED, b.pk: MessageKind.APPROVED, c.pk: MessageKind.APPROVED}
    waiting = EntryMessage.objects.get(entry=c, kind=MessageKind.APPROVED)
    assert Entry.objects.get(pk=c.pk).status == EntryStatus.WAITING and "1" in waiting.text  # his place in line
    actions = list(AuditEntry.objects.filter(tournament=cup, action__in=["signup.accepted", "signup.moved_up"])
                   .values_list("action", flat=True))
    assert actions == ["signup.accepted", "signup.accepted"]  # approved now, not «поднята из листа ожидания»
