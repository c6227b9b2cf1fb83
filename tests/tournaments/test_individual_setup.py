"""An individual event on the settings form: the organizer chooses the format; it is fixed once anyone is registered."""
import datetime

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from events.services import setup
from tests.tournaments.test_setup import form_data
from tournaments.errors import SetupRejected
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_create_form_offers_both_formats_and_creates_an_individual_event(client, creator):
    client.force_login(creator)
    page = client.get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Парный зачёт" in page and "Личный зачёт" in page
    response = client.post(reverse("tournaments:create"), form_data(format="individual"))
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.is_individual
    assert AuditEntry.objects.get(tournament=tournament, action="tournament.created").after["format"] == "individual"
    edit = client.get(reverse("tournaments:edit", args=[tournament.slug])).content.decode()
    assert '<option value="individual" selected>' in edit


def test_an_unknown_format_is_refused_next_to_the_field(client, creator):
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(format="<b>teams</b>"), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "Выберите корректный вариант" in " ".join(response.context["form"].errors["format"])
    assert not Tournament.objects.exists()


def test_the_format_changes_freely_before_anyone_registers_and_is_audited(creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    assert not t.is_individual
    setup.update_tournament(creator, t, {"format": "individual"})
    t.refresh_from_db()
    assert t.is_individual
    entry = AuditEntry.objects.get(tournament=t, action="tournament.updated")
    assert entry.before == {"format": "pairs"} and entry.after == {"format": "individual"}


def test_a_format_change_after_registration_is_refused_with_a_russian_message(client, creator):
    t = setup.create_tournament(creator, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    t.pairs.create(number=1).players.create(name="Ёлкин Пётр", number=1)
    with pytest.raises(SetupRejected) as err:
        setup.update_tournament(creator, t, {"format": "individual"})
    assert "Участники уже зарегистрированы" in err.value.errors["format"][0]
    client.force_login(creator)
    response = client.post(reverse("tournaments:edit", args=[t.slug]),
                           form_data(name="Кубок", slug=t.slug, format="individual"), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "менять нельзя" in " ".join(response.context["form"].errors["format"])
    t.refresh_from_db()
    assert not t.is_individual and not AuditEntry.objects.filter(tournament=t, action="tournament.updated").exists()
    # the same format posted again with the other settings changes those settings
    response = client.post(reverse("tournaments:edit", args=[t.slug]), form_data(name="Кубок зимы", slug=t.slug))
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.name == "Кубок зимы" and not t.is_individual


def test_a_copy_keeps_the_format(creator):
    source = setup.create_tournament(creator, {"name": "Личный кубок", "start_date": datetime.date(2026, 3, 1),
                                               "format": "individual"})
    copy = setup.copy_tournament(creator, source, name="Личный кубок осени", start_date=datetime.date(2026, 10, 1))
    assert copy.is_individual
