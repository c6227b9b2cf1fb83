"""Tournaments on the site: create, edit, copy — rights, slugs, rules as the difference from the preset, errors."""
import datetime
from html import unescape

import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from engine.rules import config
from events.forms_rules import preset_values
from events.forms_setup import TournamentForm
from events.services import setup
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.errors import NotAllowed, SetupRejected
from tournaments.models import Tournament
from tournaments.presets import preset_label

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def form_data(**changes):
    """What the create page posts when the organizer keeps the preset and types a name."""
    form = TournamentForm()
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else str(value)
    data.update(name="Кубок Ёлкина 2026", slug="", start_date="2026-12-05", rounds_planned="5")
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


# --- who may create, who may edit ------------------------------------------------------

def test_user_without_add_tournament_is_refused(client, django_user_model):
    django_user_model.objects.create_user("player", password="domino2026")
    client.login(username="player", password="domino2026")
    assert client.get(reverse("tournaments:create")).status_code == 403
    assert client.post(reverse("tournaments:create"), form_data()).status_code == 403
    assert not Tournament.objects.exists()
    with pytest.raises(NotAllowed):
        setup.create_tournament(django_user_model.objects.get(username="player"), {"name": "X"})


def test_creator_becomes_organizer_and_overrides_are_the_difference(client, creator):
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(rule_deals_per_partie="8"))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert response["Location"] == reverse("tournaments:manage", args=[t.slug])
    assert t.slug == "kubok-yolkina-2026" and t.name == "Кубок Ёлкина 2026"
    assert TournamentRole.objects.filter(tournament=t, user=creator, role=RoleKind.ORGANIZER).exists()
    assert t.rules_preset == "pusto-shest" and t.rules_overrides == {"deals_per_partie": 8}
    assert t.rules().forfeit_score == 320  # left blank: the preset's rule, 40 per deal
    assert t.tiebreaks == []
    assert AuditEntry.objects.filter(tournament=t, action="tournament.created", user=creator).exists()


def test_federation_preset_with_its_own_numbers_stores_no_override(client, creator):
    client.force_login(creator)
    values = {k: ("on" if v is True else None if v is False else str(v))
              for k, v in preset_values()["federation"].items()}
    response = client.post(reverse("tournaments:create"), form_data(rules_preset="federation", **values))
    assert response.status_code == 302, response.content.decode()[:3000]
    t = Tournament.objects.get()
    assert t.rules_preset == "federation" and t.rules_overrides == {}


def test_staff_who_is_not_the_organizer_cannot_edit(client, django_user_model):
    t = make_tournament(2)
    staff = django_user_model.objects.create_user("staff", password="x", is_staff=True)
    client.force_login(staff)
    assert client.get(reverse("tournaments:edit", args=[t.slug])).status_code == 403
    assert client.post(reverse("tournaments:edit", args=[t.slug]), form_data(name="Чужой")).status_code == 403
    with pytest.raises(NotAllowed):
        setup.update_tournament(staff, t, {"name": "Чужой"})
    t.refresh_from_db()
    assert t.name == "Кубок города"


def test_organizer_edits_and_the_change_is_audited(client, creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    client.force_login(creator)
    page = client.get(reverse("tournaments:edit", args=[t.slug]))
    assert page.status_code == 200
    data = form_data(name="Кубок осени", slug=t.slug, rule_target_points="250", tiebreak_order="custom",
                     tiebreak_1="points_for", tiebreak_2="difference")
    response = client.post(reverse("tournaments:edit", args=[t.slug]), data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.name == "Кубок осени" and t.rules_overrides == {"target_points": 250}
    assert t.tiebreaks == ["points_for", "difference"]
    entry = AuditEntry.objects.get(tournament=t, action="tournament.updated")
    assert entry.before["name"] == "Кубок" and entry.after["name"] == "Кубок осени"
    assert entry.after["tiebreaks"] == ["points_for", "difference"]


def test_rules_are_frozen_once_a_protocol_is_signed(creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    make_tournament(0, slug="unused")  # another tournament's protocols do not count
    for i in (1, 2):
        pair = t.pairs.create(number=i)
        pair.players.create(name=f"Игрок {i}", number=1)
    rnd = make_round(t, 1, [(1, 2)])
    protocol = Protocol.objects.create(partie=rnd.parties.get(), status=ProtocolStatus.IN_PLAY)
    setup.update_tournament(creator, t, {"rules_overrides": {"deals_per_partie": 8}})  # not signed yet
    protocol.status = ProtocolStatus.SIGNED
    protocol.save()
    with pytest.raises(SetupRejected) as err:
        setup.update_tournament(creator, t, {"rules_preset": "federation"})
    assert "подписаны" in err.value.errors["rules_preset"][0]
    with pytest.raises(SetupRejected):
        setup.update_tournament(creator, t, {"tiebreaks": ["points"]})
    setup.update_tournament(creator, t, {"venue": "Клуб «Дубль»"})  # other settings still change
    # the same rules written another way are not a change
    setup.update_tournament(creator, t, {"rules_overrides": {"deals_per_partie": 8, "target_points": 200}})
    t.refresh_from_db()
    assert t.rules_preset == "pusto-shest" and t.rules().deals_per_partie == 8
    assert t.venue == "Клуб «Дубль»"


def test_rounds_planned_not_below_rounds_paired(creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    for i in (1, 2):
        t.pairs.create(number=i).players.create(name=f"Игрок {i}", number=1)
    make_round(t, 1, [(1, 2)])
    make_round(t, 2, [(2, 1)])
    with pytest.raises(SetupRejected) as err:
        setup.update_tournament(creator, t, {"rounds_planned": 1})
    assert "rounds_planned" in err.value.errors


# --- slugs --------------------------------------------------------------------------

def test_slug_transliterates_cyrillic():
    assert setup.slug_from_name("Кубок Ёлкина 2026") == "kubok-yolkina-2026"
    assert setup.slug_from_name("Щука и Цапля: ЖЭК №5") == "shchuka-i-tsaplya-zhek-no5"
    assert setup.slug_from_name("<script>") == "script"
    assert setup.slug_from_name("٣٣٣") == "tournament"


def test_taken_slug_gets_a_number(creator):
    a = setup.create_tournament(creator, {"name": "Кубок Ёлкина 2026", "start_date": datetime.date(2026, 1, 1)})
    b = setup.create_tournament(creator, {"name": "Кубок Ёлкина 2026", "start_date": datetime.date(2027, 1, 1)})
    assert (a.slug, b.slug) == ("kubok-yolkina-2026", "kubok-yolkina-2026-2")


def test_a_slug_typed_that_is_taken_is_refused_next_to_the_field(client, creator):
    make_tournament(0, slug="cup")
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(slug="cup"))
    assert response.status_code == 400
    assert "уже занято" in str(response.context["form"].errors["slug"])


# --- hostile values: a Russian message next to the field, never a 500 --------------------

HOSTILE = [
    ("rounds_planned", "٣", "цифрами 0–9"),
    ("rounds_planned", "²", "цифрами 0–9"),
    ("rounds_planned", "99999999999999999999", "цифрами 0–9"),
    ("rounds_planned", "0", "Не меньше 1"),
    ("rounds_planned", "=1+1", "цифрами 0–9"),
    ("rule_deals_per_partie", "6", "делиться на 4"),
    ("rule_deals_per_partie", "-4", "цифрами 0–9"),
    ("rule_target_points", "100001", "от 1 до 100000"),
    ("rule_lone_double_blank", "70", "от 0 до 69"),
    ("rule_block_scoring", "<script>alert(1)</script>", "Выберите корректный вариант"),
    ("rules_preset", "kozel-2", "Выберите корректный вариант"),
    ("name", "Я" * 10_000, "не более 200"),
    ("slug", "кубок", "латинских букв"),
    ("slug", "<b>x</b>", "латинских букв"),
    ("start_date", "2026-13-45", "правильную дату"),
    ("ladder_2_points", "²", "цифрами 0–9"),
    ("ladder_2_block_pips", "169", "от 0 до 168"),
    ("tiebreak_2", "match_points", "уже выбран"),
]


@pytest.mark.parametrize("field,value,message", HOSTILE)
def test_hostile_value_gets_a_message_next_to_its_field(client, creator, field, value, message):
    client.force_login(creator)
    changes = {field: value}
    if field.startswith("tiebreak_"):
        changes.update(tiebreak_order="custom", tiebreak_1="match_points")
    response = client.post(reverse("tournaments:create"), form_data(**changes), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors, errors
    assert message in " ".join(errors[field])
    html = response.content.decode()
    row = html[html.index(f'id="row-{field}"'):]
    row = row[:row.index('<div class="field', 1)] if '<div class="field' in row[1:] else row[:6000]
    assert "errorlist" in row and message in unescape(row)  # the message sits in the field's own block
    assert "<script>alert" not in html
    assert not Tournament.objects.exists()


def test_markup_in_the_name_is_kept_as_text(client, creator):
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(name="<b>Кубок</b> =1+1"), follow=True)
    t = Tournament.objects.get()
    assert t.name == "<b>Кубок</b> =1+1" and t.slug == "b-kubok-b-1-1"
    assert "&lt;b&gt;Кубок&lt;/b&gt;" in response.content.decode()


# --- presets ------------------------------------------------------------------------

def test_create_page_lists_presets_by_russian_name(client, creator):
    client.force_login(creator)
    html = client.get(reverse("tournaments:create")).content.decode()
    assert preset_label("pusto-shest") in html and preset_label("federation") in html
    assert ">pusto-shest<" not in html
    assert 'name="rule_deals_per_partie"' in html and 'name="ladder_1_kind"' in html


def test_a_preset_added_to_the_engine_appears_without_changing_the_form(monkeypatch):
    from dataclasses import replace

    monkeypatch.setattr(config, "PRESETS", config.PRESETS + ("kozel-test",))
    monkeypatch.setitem(config.PRESET_DEFAULTS, "kozel-test",
                        replace(config.PRESET_DEFAULTS["pusto-shest"], preset="kozel-test", deals_per_partie=12))
    monkeypatch.setitem(config.PRESET_OPTIONS, "kozel-test", config.PRESET_OPTIONS["pusto-shest"])
    monkeypatch.setattr(config, "SPORT_PRESETS", config.SPORT_PRESETS + ("kozel-test",))
    form = TournamentForm()
    assert "kozel-test" in dict(form.fields["rules_preset"].choices)
    form = TournamentForm(form_data(rules_preset="kozel-test", rule_deals_per_partie="12"))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["rules_overrides"] == {}


# --- copy ---------------------------------------------------------------------------

def test_copy_takes_rules_tiebreaks_and_officials_but_not_pairs(client, creator, django_user_model):
    source = setup.create_tournament(creator, {
        "name": "Кубок весны", "start_date": datetime.date(2026, 3, 1), "rules_preset": "federation",
        "rules_overrides": {"target_points": 300}, "tiebreaks": ["points"], "rounds_planned": 5})
    for i in (1, 2):
        source.pairs.create(number=i).players.create(name=f"Игрок {i}", number=1)
    referee = django_user_model.objects.create_user("ref", password="x")
    chief = django_user_model.objects.create_user("chief", password="x")
    TournamentRole.objects.create(tournament=source, user=referee, role=RoleKind.REFEREE, tables=[1, 2])
    TournamentRole.objects.create(tournament=source, user=chief, role=RoleKind.CHIEF_REFEREE)
    source.signing_key_pem = "KEY"
    source.save()
    client.force_login(creator)
    response = client.post(reverse("tournaments:copy", args=[source.slug]),
                           {"name": "Кубок осени", "start_date": "2026-10-01"})
    assert response.status_code == 302
    copy = Tournament.objects.get(name="Кубок осени")
    assert copy.slug == "kubok-oseni"
    assert (copy.rules_preset, copy.rules_overrides, copy.tiebreaks) == ("federation", {"target_points": 300},
                                                                        ["points"])
    assert copy.rounds_planned == 5 and copy.pairs.count() == 0 and copy.signing_key_pem == ""
    roles = {(r.user.username, r.role, tuple(r.tables)) for r in copy.roles.select_related("user")}
    assert roles == {("secretary", "organizer", ()), ("ref", "referee", (1, 2)), ("chief", "chief_referee", ())}
    assert source.pairs.count() == 2
    assert AuditEntry.objects.filter(tournament=copy, action="tournament.copied").exists()


def test_copy_needs_the_right_to_create(client, django_user_model):
    source = make_tournament(2)
    organizer = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=source, user=organizer, role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    assert client.post(reverse("tournaments:copy", args=[source.slug]),
                       {"name": "Копия", "start_date": "2026-10-01"}).status_code == 403
    assert Tournament.objects.count() == 1


def test_edit_page_round_trips_the_rules_when_they_are_frozen(client, creator):
    t = setup.create_tournament(creator, {
        "name": "Кубок", "start_date": datetime.date(2026, 12, 5), "rules_preset": "federation",
        "rules_overrides": {"target_points": 300, "remark_ladder": [{"kind": "warning"}, "disqualification"]},
        "tiebreaks": ["points_for", "buchholz"]})
    for i in (1, 2):
        t.pairs.create(number=i).players.create(name=f"Игрок {i}", number=1)
    rnd = make_round(t, 1, [(1, 2)])
    Protocol.objects.create(partie=rnd.parties.get(), status=ProtocolStatus.SIGNED)
    client.force_login(creator)
    page = client.get(reverse("tournaments:edit", args=[t.slug]))
    assert 'id="rules-frozen"' in page.content.decode()
    form = page.context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is True:
            data[name] = "on"
        elif value is not None and value is not False:
            data[name] = value.isoformat() if hasattr(value, "isoformat") else str(value)
    data["name"] = "Кубок (перенесён)"
    response = client.post(reverse("tournaments:edit", args=[t.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    t.refresh_from_db()
    assert t.name == "Кубок (перенесён)" and t.tiebreaks == ["points_for", "buchholz"]
    assert t.rules().target_points == 300 and [s.kind for s in t.rules().remark_ladder] == ["warning",
                                                                                             "disqualification"]
    data["rule_target_points"] = "350"
    refused = client.post(reverse("tournaments:edit", args=[t.slug]), data)
    assert refused.status_code == 400 and "подписаны" in " ".join(refused.context["form"].non_field_errors())


@pytest.mark.parametrize("field,value,message", [
    ("slug", "<b>x</b>", "латинских букв"),
    ("name", "Я" * 10_000, "не более 200"),
    ("start_date", "٣٣٣", "правильную дату"),
    ("end_date", "2020-01-01", "раньше, чем начался"),
])
def test_copy_form_shows_hostile_values_next_to_the_field(client, creator, field, value, message):
    source = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 3, 1)})
    client.force_login(creator)
    data = {"name": "Копия", "start_date": "2026-10-01", field: value}
    response = client.post(reverse("tournaments:copy", args=[source.slug]), data)
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert Tournament.objects.count() == 1
