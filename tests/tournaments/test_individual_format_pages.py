"""An individual event's pages (``tournaments.formats.IndividualFormat``): a sit-out is no table on the round's page,
published or a draft; the partner of a player who did not come sees the round as his sit-out, as the standings
count it (docs/rules-individual.md §6), not his side's forfeit score."""
import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.reports import selectors
from tests.factories import make_referee
from tests.individual_tables import individual_event

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def _sitout_row(page: str) -> str:
    rows = page.split('id="round-results"')[1].split("<tr")
    return next(r for r in rows if "Пропускает тур" in r)


def test_the_round_page_lists_a_sit_out_without_a_table(client):
    t, _rnd = individual_event()  # player 9 sits out (his partie is table 3)
    row = _sitout_row(_text(client.get(reverse("tournaments:pairings", args=[t.slug, 1]))))
    assert "№9" in row or ">9<" in row
    assert 'data-label="Стол"' not in row and ">3<" not in row and 'id="table-3"' not in row


def test_the_draft_round_lists_a_sit_out_without_a_table(client, organizer):
    t, _rnd = individual_event(status="draft")
    client.force_login(organizer)
    row = _sitout_row(_text(client.get(reverse("tournaments:pairings", args=[t.slug, 1]))))
    assert 'data-label="Стол"' not in row and ">3<" not in row


def test_the_partner_of_an_absent_player_sees_a_sit_out_not_the_forfeit(client):
    t, rnd = individual_event()
    referee = make_referee(t)
    partie = rnd.parties.get(table=1)  # 1 + 4 against 2 + 3: player 4 (seat A2) does not come
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)
    assert (protocol.score_a, protocol.score_b) == (0, t.rules().forfeit_score)
    standings = {r.pair.number: r for r in selectors.load_standings(t).rows}
    assert (standings[1].points_for, standings[1].points_against) == (0, 0)  # the bye's, as the standings count
    page = _text(client.get(reverse("tournaments:player", args=[t.slug, 1])))
    round_1 = page.split('id="round-1"')[1].split("</li>")[0]
    assert f"0 : {t.rules().forfeit_score}" not in round_1
    assert "пропуск тура" in round_1 and "партнёр №4 не явился" in round_1
    absent = _text(client.get(reverse("tournaments:player", args=[t.slug, 4])))
    assert f"0 : {t.rules().forfeit_score}" in absent.split('id="round-1"')[1].split("</li>")[0]
