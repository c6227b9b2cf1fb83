"""An event day after round 1, in the browser on a phone and on a laptop: «Настройки турнира» saved unchanged,
and a signed protocol reopened by the chief referee that puts the round back in play. The day from its start
is in test_event_day.py.
"""
import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring import services
from tests.referees.conftest import DEALS
from tests.versions import shown_version
from tournaments.models import Entrant, Player, RoundStatus, SigningMethod, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, NAME, PASSWORD, Walk, confirm, organizer, referee, state, wait  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_round_1(organizer, referee, slug):
    """Setup through the services the pages call: 8 pairs drawn, round 1 played, signed and finished."""
    import datetime

    from events.services import finish_round, pair_round, publish_round, run_draw

    t = Tournament.objects.create(name=NAME, slug=slug, start_date=datetime.date(2026, 12, 5),
                                  end_date=datetime.date(2026, 12, 6), rules_preset="pusto-shest", rounds_planned=3,
                                  signing_method=SigningMethod.REFEREE_ATTESTS)
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    for i in range(8):
        pair = Entrant.objects.create(tournament=t)
        Player.objects.create(pair=pair, name=f"Игрок {2 * i + 1}", number=1)
        Player.objects.create(pair=pair, name=f"Игрок {2 * i + 2}", number=2)
    run_draw(organizer, t, seed="day")
    rnd = publish_round(organizer, pair_round(organizer, t))
    for partie in rnd.parties.filter(pair_b__isnull=False):
        for deal in DEALS:
            services.record_deal(referee, partie, deal, expected_version=shown_version(partie))
        services.sign_protocol(referee, partie, role="referee", expected_version=shown_version(partie))
    finish_round(organizer, rnd)
    return t


@pytest.mark.parametrize("viewport,tag", [(PHONE, "390"), (LAPTOP, "1280")])
def test_settings_saved_unchanged(live_server, new_page, organizer, referee, artifacts, viewport, tag):
    """«Настройки турнира» opened and saved as they are, in a Russian browser: nothing changes."""
    from tests.tournaments.test_setup_dates import stored

    t = finished_round_1(organizer, referee, f"settings-{tag}")
    before = stored(t)
    walk = Walk(new_page(viewport), artifacts, f"settings-{tag}")
    page = walk.page
    login(page, live_server.url, "organizer", PASSWORD)
    page.goto(f"{live_server.url}/t/{t.slug}/manage/")
    page.click("#settings-link")
    expect(page.locator("#id_start_date")).to_have_value("2026-12-05")
    expect(page.locator("#id_end_date")).to_have_value("2026-12-06")
    expect(page.locator("#id_signing_method")).to_have_value(SigningMethod.REFEREE_ATTESTS)
    walk.shot("settings")
    page.click("#setup-form button[type=submit]")
    wait(page)
    expect(page.locator("body")).to_contain_text("Настройки турнира сохранены")
    expect(page.locator("body")).not_to_contain_text("Обязательное поле")
    assert stored(t) == before


@pytest.mark.parametrize("viewport,tag", [(PHONE, "390"), (LAPTOP, "1280")])
def test_reopened_protocol_puts_the_round_back_in_play(live_server, new_page, organizer, referee, django_user_model,
                                                       artifacts, viewport, tag):
    """The chief referee reopens a signed protocol of finished round 1: the round is in play again, the
    standings are provisional, and round 2 is paired only with a reason and the confirmed open table."""
    t = finished_round_1(organizer, referee, f"reopen-{tag}")
    chief = django_user_model.objects.create_user("chief", password=PASSWORD)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    base, manage = live_server.url, f"{live_server.url}/t/{t.slug}/manage/"
    partie = t.rounds.get(number=1).parties.get(table=2)

    desk = new_page(viewport)
    login(desk, base, "chief", PASSWORD)
    desk.goto(f"{base}/referee/partie/{partie.pk}/")
    desk.fill("#reopen [name=reason]", "ошибка в раздаче 2")
    desk.click("#reopen button[type=submit]")
    wait(desk)
    assert t.rounds.get(number=1).status == RoundStatus.PUBLISHED

    walk = Walk(new_page(viewport), artifacts, f"reopen-{tag}")
    page = walk.page
    login(page, base, "organizer", PASSWORD)
    page.goto(manage)
    state(page, "round_in_play", "Идёт тур 1 из 3")
    expect(page.locator("#main-action")).to_contain_text("не подписано протоколов — 1")
    expect(page.locator("ul.list")).to_contain_text("Опубликован")
    expect(page.locator("ul.list")).not_to_contain_text("Завершён")
    expect(page.locator("#open-tables")).to_contain_text("2")
    walk.shot("manage-reopened")
    page.goto(f"{base}/t/{t.slug}/standings/")
    expect(page.locator("main")).to_contain_text("тур 1 идёт (предварительно)")
    walk.shot("standings-provisional")

    # Without a reason round 2 is refused; with one, the open table is confirmed first.
    page.goto(manage)
    page.click("#pair-next button[type=submit]")
    wait(page)
    expect(page.locator("body")).to_contain_text("не подписаны протоколы столов: 2")
    assert not t.rounds.filter(number=2).exists()
    page.fill("#pair-next [name=override_reason]", "протокол стола 2 исправляют")
    page.click("#pair-next button[type=submit]")
    wait(page)
    expect(page.locator(".open-tables")).to_have_text("2")
    walk.shot("early-confirm")
    assert not t.rounds.filter(number=2).exists()
    confirm(page, "Составить тур, не дожидаясь подписей?")
    rnd2 = t.rounds.get(number=2)
    assert rnd2.override_reason == "протокол стола 2 исправляют" and rnd2.override_tables == [2]
    expect(page.locator(".override-note")).to_contain_text("протокол стола 2 исправляют")
    walk.shot("round2-early")
