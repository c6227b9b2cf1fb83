"""The organizer's list of entries with a stranger's entries in it (docs/registration.md §3 «Чужие заявки»), in
Chromium at 360, 390 and 820 px: the concerns beside the entries, the ticks and the removal's form fit the screen;
the organizer ticks the stranger's entries, confirms, and the real player's entry is left for him to approve."""
import pytest

from access.models import RoleKind, TournamentRole
from people.models import Person
from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tests.factories import make_tournament
from tests.signup.conftest import open_for, pair_data

from .conftest import login
from .test_pair_pages import WIDTHS, no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MASTER = "Ёлкин-Преображенский Константин"


def test_the_stranger_s_entries_are_shown_ticked_and_removed(live_server, new_page, django_user_model, artifacts):
    organizer = django_user_model.objects.create_user("signup-organizer", password="domino2026")
    tournament = make_tournament(0, slug="signup-strangers", numbered=False)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    open_for(organizer, tournament, limit=2)
    submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    Person.objects.create(name=MASTER, club="Санкт-Петербург", federation_id="RU-2024-000123")
    fake, _c = submit_entry(tournament, pair_data(MASTER, "Выдуманный Партнёр"))
    real, _c = submit_entry(tournament, pair_data(MASTER, "Сидоров Сидор", player1_federation_id="RU-2024-000123"))
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        login(page, live_server.url, "signup-organizer", "domino2026")
        page.goto(f"{live_server.url}/t/{tournament.slug}/manage/registration/entries/")
        assert page.locator(f"#entry-{fake.pk} .concern").count() == 2  # claims the person, and the same player
        assert page.locator(f"#entry-{real.pk} .concern").count() == 1  # only beside the stranger's
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "ul.signup-entries .names") is True
        page.screenshot(path=str(artifacts / f"signup-strangers-{w}.png"), full_page=True)
    page.check(f"#pick-{fake.pk}")
    page.fill("#remove-reason", "выдуманный партнёр")
    page.click("#remove-selected")
    page.wait_for_load_state("networkidle")
    assert "Выдуманный Партнёр" in page.locator("ul.consequences").inner_text()
    assert no_horizontal_scroll(page)
    page.click("form.stack button[type=submit]")
    page.wait_for_load_state("networkidle")
    fake.refresh_from_db(), real.refresh_from_db()
    assert fake.status == EntryStatus.REFUSED and fake.refusal_reason == "выдуманный партнёр"
    assert real.status == EntryStatus.PENDING and page.locator(f"#restore-{fake.pk}").count() == 1
    accepted = Entry.objects.filter(tournament=tournament, status=EntryStatus.ACCEPTED)
    assert [e.players[0]["name"] for e in accepted] == ["Иванов Иван"]
