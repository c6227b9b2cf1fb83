"""The settings page posted back exactly as rendered changes nothing: ISO dates in every date field, signing method."""
import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from audit.models import AuditEntry
from events.forms_setup import CopyForm, TournamentForm
from events.services import setup
from tests.factories import make_tournament
from tests.form_html import form_values
from tournaments.models import SigningMethod, Tournament

pytestmark = pytest.mark.django_db

STORED = ("name", "slug", "start_date", "end_date", "venue", "rules_preset", "rules_overrides", "tiebreaks",
          "pairing_system", "rounds_planned", "signature_mode", "signing_method", "confirm_each_deal", "is_public")


def stored(tournament):
    tournament = Tournament.objects.get(pk=tournament.pk)
    return {f: getattr(tournament, f) for f in STORED}


@pytest.fixture
def dated(organizer):
    return make_tournament(4, end_date=datetime.date(2026, 12, 7), signing_method=SigningMethod.TABLE_PIN)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_settings_page_saved_unchanged_changes_nothing(client, organizer, dated, language):
    client.force_login(organizer)
    url = reverse("tournaments:edit", args=[dated.slug])
    before = stored(dated)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert 'value="2026-11-29"' in html and 'value="2026-12-07"' in html
    data = form_values(html, "setup-form")
    assert data["start_date"] == "2026-11-29" and data["end_date"] == "2026-12-07"
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert stored(dated) == before
    assert not AuditEntry.objects.filter(action="tournament.updated").exists()


def test_every_date_field_renders_iso_at_russian_locale():
    with translation.override("ru"):
        forms = [TournamentForm(initial={"start_date": datetime.date(2026, 12, 5),
                                         "end_date": datetime.date(2026, 12, 6)}),
                 CopyForm(initial={"start_date": datetime.date(2026, 12, 5), "end_date": datetime.date(2026, 12, 6)})]
        for form in forms:
            dates = [name for name, field in form.fields.items() if field.widget.input_type == "date"]
            assert dates == ["start_date", "end_date"]
            for name in dates:
                html = str(form[name])
                assert 'type="date"' in html and 'value="2026-12-0' in html and "05.12.2026" not in html


def test_signing_method_is_set_on_the_settings_page_and_audited(client, organizer, dated):
    client.force_login(organizer)
    url = reverse("tournaments:edit", args=[dated.slug])
    data = form_values(client.get(url).content.decode(), "setup-form")
    assert data["signing_method"] == SigningMethod.TABLE_PIN
    data["signing_method"] = SigningMethod.OWN_PHONE
    assert client.post(url, data).status_code == 302
    assert Tournament.objects.get(pk=dated.pk).signing_method == SigningMethod.OWN_PHONE
    entry = AuditEntry.objects.get(action="tournament.updated")
    assert entry.before == {"signing_method": "table_pin"} and entry.after == {"signing_method": "own_phone"}


def test_signing_method_chosen_at_creation_and_kept_by_a_copy(client, creator):
    client.force_login(creator)
    data = form_values(client.get(reverse("tournaments:create")).content.decode(), "setup-form")
    data.update(name="Кубок подписей", start_date="2026-12-05", signing_method=SigningMethod.REFEREE_ATTESTS)
    assert client.post(reverse("tournaments:create"), data).status_code == 302
    tournament = Tournament.objects.get(name="Кубок подписей")
    assert tournament.signing_method == SigningMethod.REFEREE_ATTESTS
    copy = setup.copy_tournament(creator, tournament, name="Копия", start_date=datetime.date(2027, 1, 1))
    assert copy.signing_method == SigningMethod.REFEREE_ATTESTS


def test_unknown_signing_method_is_refused_next_to_its_field(client, organizer, dated):
    client.force_login(organizer)
    url = reverse("tournaments:edit", args=[dated.slug])
    data = form_values(client.get(url).content.decode(), "setup-form")
    data["signing_method"] = "fax"
    response = client.post(url, data)
    assert response.status_code == 400
    assert Tournament.objects.get(pk=dated.pk).signing_method == SigningMethod.TABLE_PIN
