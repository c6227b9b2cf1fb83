"""The protocols' check page on a phone: the list of what does not add up fits the screen."""
import pytest
from django.urls import reverse

from scoring.models import Deal, Protocol
from tests.referees.conftest import PASSWORD
from tests.referees.helpers import play, sign_all

from .conftest import login
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [360, 820])
def test_check_page_on_a_phone_and_a_tablet(live_server, new_page, table, artifacts, width):
    play(table.referee, table.partie)
    sign_all(table)
    deal = Deal.objects.get(protocol__partie=table.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))
    play(table.referee, table.other_partie)
    Protocol.objects.filter(partie=table.other_partie).update(score_a=999)
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(live_server.url + reverse("tournaments:check", args=["cup"]))
    assert "Не сходятся 2 протокола." in page.inner_text("#check-bad")
    assert "подписи (A1, B1, A2, B2, судья)" in page.inner_text(f"#check-{table.partie.pk}")
    page.screenshot(path=str(artifacts / f"check-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []
    page.click(f"#check-{table.partie.pk} a:has-text('Открыть заново')")
    assert page.url.endswith(reverse("referees:partie", args=[table.partie.pk]))
