"""The partnership game in an individual event (players with a new partner every round): each player takes his
side's result, efectividad and card, a sit-out is a bye, the players rank as pairs do (partidas won, efectividad,
points for, then the player's number); a black card withdraws both players of the side. A team event of the game
is still refused."""
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from engine.rules.latin.options import percent_half_up
from events.simulation import simulate
from scoring.models import Protocol
from scoring.reports.selectors import load_standings
from tournaments.models import EntrantStatus, Partie, Tournament

pytestmark = pytest.mark.django_db

T = 200


@pytest.fixture
def event(organizer):
    simulate(organizer, pairs=9, rounds=3, system="swiss", seed="iv", slug="copa-individual", preset="latin",
             format="individual", no_shows=1)
    return Tournament.objects.get(slug="copa-individual")


def reckoned(tournament) -> dict:
    """{player entry id: [won, efectividad, points for]} from each protocol's cached rows, seat by seat."""
    rows = {e.id: [0, 0, 0] for e in tournament.pairs.all()}
    for partie in Partie.objects.filter(round__tournament=tournament):
        if partie.pair_b_id is None:  # a sit-out: won, the target, half of it as efectividad
            for pid in (partie.pair_a_id, partie.partner_a_id):
                if pid:
                    rows[pid][0] += 1
                    rows[pid][1] += percent_half_up(T, 50)
                    rows[pid][2] += T
            continue
        p = Protocol.objects.get(partie=partie)
        for side, ids in (("A", (partie.pair_a_id, partie.partner_a_id)),
                          ("B", (partie.pair_b_id, partie.partner_b_id))):
            result = p.result_a if side == "A" else p.result_b
            for pid in ids:
                rows[pid][0] += result == "win"
                rows[pid][1] += p.efectividad_a if side == "A" else p.efectividad_b
                rows[pid][2] += p.score_a if side == "A" else p.score_b
    return rows


def test_the_players_rank_by_partidas_won_then_efectividad(event):
    standings = load_standings(event)
    assert standings.tiebreaks == ("wins", "efectividad", "points_for", "player_number")
    rows = reckoned(event)
    numbers = {e.id: e.number for e in event.pairs.all()}
    expected = sorted(rows, key=lambda pid: (-rows[pid][0], -rows[pid][1], -rows[pid][2], numbers[pid]))
    assert [r.pair.id for r in standings.rows] == expected
    for r in standings.rows:
        assert (r.wins, r.efectividad, r.points_for) == tuple(rows[r.pair.id])
    assert sum(r.byes for r in standings.rows) >= 3  # nine players: one sits out each round
    assert any(Protocol.objects.filter(partie__round__tournament=event, no_show__in=("A", "B")))


def test_every_page_and_file_of_the_individual_event_opens_with_its_figures(event, client, organizer):
    slug = event.slug
    client.force_login(organizer)
    page = client.get(reverse("reports:standings", args=[slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Эффект." in page and "Очки партн." not in page and "Бухгольц" not in page
    partie = Partie.objects.filter(round__tournament=event, pair_b__isnull=False).first()
    urls = [f"/t/{slug}/grid/", reverse("reports:projector", args=[slug]),
            reverse("protocols:protocol", args=[partie.pk]), reverse("referees:partie", args=[partie.pk]),
            reverse("reports:standings_xlsx", args=[slug]), reverse("reports:standings_pdf", args=[slug]),
            reverse("reports:workbook", args=[slug]), reverse("tournaments:final_report", args=[slug]),
            reverse("reports:protocol_pdf", args=[slug, partie.pk]), reverse("reports:blank_sheets", args=[slug, 1])]
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_a_black_card_withdraws_both_players_of_the_side():
    from scoring.services import ensure_protocol, give_sanction
    from tests.factories import make_referee
    from tests.individual_tables import individual_event

    event, rnd = individual_event(rules_preset="latin")
    partie = rnd.parties.get(table=1)  # players 1 + 4 against 2 + 3
    referee = make_referee(event)
    give_sanction(referee, partie, seat="B2", card="black", hand=1, confirm=True,
                  expected_version=ensure_protocol(partie).version)
    status = dict(event.pairs.values_list("number", "status"))
    assert (status[2], status[3]) == (EntrantStatus.WITHDRAWN, EntrantStatus.WITHDRAWN)
    assert (status[1], status[4]) == (EntrantStatus.ACTIVE, EntrantStatus.ACTIVE)
    assert set(event.pairs.filter(number__in=(2, 3)).values_list("withdrawn_after_round", flat=True)) == {1}


def test_a_team_event_of_the_game_is_refused():
    with pytest.raises(ValidationError) as err:
        Tournament(name="Copa", slug="copa", start_date="2027-01-01", rules_preset="latin",
                   format="teams").full_clean()
    assert err.value.message_dict["format"] == [
        "Домино по парам пока не играется командами: выберите парный или личный зачёт."]
