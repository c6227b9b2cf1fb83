"""An individual event speaks of players and sides, never of pairs that do not exist
(``tournaments.formats.IndividualFormat``): the PIN slips, the signing page, the referee's confirmations, the
remark ladder and the no-show controls of a table of four."""
import re

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import make_referee, make_round, make_tournament
from tests.individual_tables import individual_event, names_by_number
from tests.referees.helpers import play

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_pin_slips_of_an_individual_event_name_the_player_and_his_page(client, organizer):
    t, _rnd = individual_event()
    client.force_login(organizer)
    page = _text(client.post(reverse("referees:player_pins", args=[t.slug]), {"player": str(
        t.pairs.get(number=4).players.get().pk)}))
    slip = page.split('class="slip"')[1]
    assert "игрок №4" in slip and "ваша страница игрока" in slip
    assert "пара" not in slip and "пары" not in slip


def test_the_pin_slips_of_a_pair_event_still_name_the_pair(client, organizer):
    t = make_tournament(4)
    client.force_login(organizer)
    page = _text(client.post(reverse("referees:player_pins", args=[t.slug]), {"player": str(
        t.pairs.get(number=2).players.first().pk)}))
    assert "пара №2" in page and "страница вашей пары" in page


def test_the_signing_page_of_an_individual_event_heads_the_number_column_with_the_player(client, organizer):
    t, _rnd = individual_event()
    client.force_login(organizer)
    page = _text(client.get(reverse("referees:signing", args=[t.slug])))
    head = page.split('id="players-table"')[1].split("</thead>")[0]
    assert "<th>№ игрока</th>" in head and "<th>Пара</th>" not in head
    assert "№ пары" not in page and "страницы пары" not in page


def test_the_referee_s_countersignature_names_both_players_of_each_side(client):
    t, rnd = individual_event()
    names = names_by_number(t)
    referee = make_referee(t)
    partie = rnd.parties.get(table=1)  # 1 + 4 against 2 + 3
    protocol = play(referee, partie)
    client.force_login(referee)
    page = _text(client.post(reverse("referees:sign", args=[partie.pk]),
                             {"role": "referee", "version": str(protocol.version)}))
    confirm = page.split('id="confirm"')[1].split("</p>")[0]
    assert (f"№1 {names[1]} + №4 {names[4]} — №2 {names[2]} + №3 {names[3]}, "
            f"счёт {protocol.score_a} : {protocol.score_b}") in confirm
    assert "пара" not in confirm


def test_a_pair_event_s_countersignature_keeps_the_pair_numbers(client):
    t = make_tournament(4)
    rnd = make_round(t, 1, [(2, 3), (1, 4)])
    referee = make_referee(t)
    partie = rnd.parties.get(table=1)
    protocol = play(referee, partie)
    client.force_login(referee)
    page = _text(client.post(reverse("referees:sign", args=[partie.pk]),
                             {"role": "referee", "version": str(protocol.version)}))
    assert f"пара №2 — пара №3, счёт {protocol.score_a} : {protocol.score_b}" in page


def test_the_table_page_of_an_individual_event_speaks_of_sides(client):
    t, rnd = individual_event()
    referee = make_referee(t)
    partie = rnd.parties.get(table=1)
    play(referee, partie, deals=[])  # the protocol exists, nothing entered yet
    client.force_login(referee)
    page = _text(client.get(reverse("referees:partie", args=[partie.pk])))
    ladder = page.split('id="ladder"')[1].split("</p>")[0]
    assert "Следующее замечание стороны A" in ladder and "пары" not in ladder
    no_show = page.split('id="no_show"')[1].split("</section>")[0]
    assert "Неявка стороны (поражение неявкой)" in no_show and "Неявка стороны A (обоих игроков)" in no_show
    assert "Неявка пары" not in no_show and "игроки пары" not in no_show
    question = _text(client.post(reverse("referees:no_show", args=[partie.pk]), {"side": "B", "version": "0"}))
    confirm = question.split('id="confirm"')[1].split("</form>")[0]
    assert "неявку обоих игроков стороны B" in confirm and "Да, отметить неявку стороны B" in confirm
    assert "пара" not in confirm.split("</p>")[0].lower()


def test_the_countersignature_of_a_no_show_names_the_absent_player(client):
    t, rnd = individual_event()
    names = names_by_number(t)
    referee = make_referee(t)
    partie = rnd.parties.get(table=1)  # seat A2 is player 4
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)
    client.force_login(referee)
    page = _text(client.post(reverse("referees:sign", args=[partie.pk]),
                             {"role": "referee", "version": str(protocol.version)}))
    confirm = page.split('id="confirm"')[1].split("</p>")[0]
    assert f"Не явились: A2 №4 {names[4]}" in confirm and "Пара A не явилась" not in confirm
