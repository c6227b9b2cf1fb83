"""An individual event's public pages: a player's own page round by round, the search that leads to it, the grid."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from events import individual_selectors
from events.services import pair_round, publish_round, run_draw
from scoring import pin_tries
from scoring.models import Protocol, Remark
from tests.factories import make_individual, make_tournament
from tests.queries import own_queries
from tests.tournaments.individual_events import five_players, set_result
from tournaments.models import Player, SigningMethod

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian_after(settings):
    """A page under /en/ leaves English active in the thread: the next test's addresses are Russian again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def numbers(people):
    return [p.number for p in people]


def test_a_players_rounds_table_seat_partner_opponents_and_result():
    t = five_players()
    one = t.pairs.get(number=1)
    r1, r2 = individual_selectors.player_rounds(t, one, organizer=False)  # the draft round 3 is not public
    assert (r1.round, r1.table, r1.seat, r1.partner.number, numbers(r1.opponents)) == (1, 1, "A1", 2, [3, 4])
    assert (r1.result, r1.score, r1.locked) == ("win", (101, 40), True)
    assert (r2.round, r2.seat, r2.partner.number, numbers(r2.opponents)) == (2, "A1", 3, [5, 2])
    assert (r2.result, r2.score, r2.locked, r2.awaiting) == ("loss", (30, 101), False, True)
    assert len(individual_selectors.player_rounds(t, one, organizer=True)) == 3


def test_a_player_of_side_b_reads_his_own_figures_first():
    t = five_players()
    five = t.pairs.get(number=5)
    sat, played = individual_selectors.player_rounds(t, five, organizer=False)
    assert (sat.round, sat.sitout, sat.partner, sat.opponents, sat.result) == (1, True, None, (), "sitout")
    assert (played.seat, played.partner.number, numbers(played.opponents)) == ("B1", 2, [1, 3])
    assert (played.result, played.score, played.figure, played.mark) == ("win", (101, 30), "101:30", "+")
    two = t.pairs.get(number=2)
    first, second = individual_selectors.player_rounds(t, two, organizer=False)
    assert (first.seat, first.result, second.seat, second.result) == ("A2", "win", "B2", "win")


def test_the_player_page_shows_every_round_and_links_the_protocol_and_its_signed_pdf(client):
    t = five_players()
    r1 = t.rounds.get(number=1).parties.get(table=1)
    r2 = t.rounds.get(number=2).parties.get(table=1)
    html = client.get(reverse("tournaments:player", args=[t.slug, 1])).content.decode()
    assert "Игрок №1" in html and "Иванов Иван" in html
    round1 = html[html.index('id="round-1"'):html.index('id="round-2"')]
    assert "стол 1" in round1 and "место A1" in round1 and "101 : 40" in round1 and "победа" in round1
    assert "Петров Иван" in round1 and "Семёнов Пётр" in round1 and "Кузнецов Иван" in round1
    assert reverse("protocols:protocol", args=[r1.pk]) in round1
    assert reverse("reports:protocol_pdf", args=[t.slug, r1.pk]) in round1
    round2 = html[html.index('id="round-2"'):]
    assert "30 : 101" in round2 and "поражение" in round2
    assert reverse("protocols:protocol", args=[r2.pk]) in round2
    assert reverse("reports:protocol_pdf", args=[t.slug, r2.pk]) not in round2  # not signed yet
    assert 'id="round-3"' not in html  # a draft round is the organizer's
    assert "очков матча: 1" in html  # one win (1 point), one loss (0)


def test_a_sit_out_reads_as_such_and_counts_the_bye_result(client):
    t = five_players()
    html = client.get(reverse("tournaments:player", args=[t.slug, 5])).content.decode()
    round1 = html[html.index('id="round-1"'):html.index('id="round-2"')]
    assert "пропуск тура" in round1 and "стол" not in round1
    assert "очков матча: 2" in html  # the bye scored as a win (the preset's default) and a win


def test_an_unknown_number_and_a_pair_event_answer_404(client):
    t = five_players()
    for number in (6, 0, 2**31, 10**12):
        assert client.get(f"/t/{t.slug}/player/{number}/").status_code == 404, number
    pairs = make_tournament(4)
    assert client.get(reverse("tournaments:player", args=[pairs.slug, 1])).status_code == 404
    assert client.get(reverse("tournaments:grid", args=[pairs.slug])).status_code == 404
    assert client.get(reverse("tournaments:pair", args=[pairs.slug, 1])).status_code == 200  # pair events unchanged


def test_an_unpublished_individual_event_is_hidden_from_the_public(client):
    t = five_players()
    t.is_public = False
    t.save(update_fields=["is_public"])
    assert client.get(reverse("tournaments:player", args=[t.slug, 1])).status_code == 404
    assert client.get(reverse("tournaments:grid", args=[t.slug])).status_code == 404


def test_the_pair_address_and_the_cross_table_of_an_individual_event_lead_to_its_pages(client):
    t = five_players()
    r = client.get(reverse("tournaments:pair", args=[t.slug, 3]))
    assert r.status_code == 302 and r["Location"] == reverse("tournaments:player", args=[t.slug, 3])
    r = client.get(reverse("reports:crosstable", args=[t.slug]))
    assert r.status_code == 302 and r["Location"] == reverse("tournaments:grid", args=[t.slug])


@pytest.mark.parametrize("query", ["семенов", "СЕМЁНОВ", "  Семен  ", "ёнов"])
def test_search_by_surname_folds_yo_and_leads_to_the_player_page(client, query):
    t = five_players()
    html = client.get(reverse("tournaments:pair_search", args=[t.slug]), {"q": query}).content.decode()
    assert "Найти игрока" in html
    found = html[html.index('id="found"'):]
    assert "Семёнов Пётр" in found and "игрок №3" in found
    assert reverse("tournaments:player", args=[t.slug, 3]) in found


@pytest.mark.parametrize("query", ["%", "_", "<script>alert(1)</script>", "'; DROP TABLE x;--", "\u202e", "ё" * 500])
def test_search_with_odd_characters_finds_nobody_and_does_not_fail(client, query):
    t = five_players()
    r = client.get(reverse("tournaments:pair_search", args=[t.slug]), {"q": query})
    assert r.status_code == 200
    html = r.content.decode()
    assert "Никого не найдено" in html and "<script>alert" not in html


def test_the_pair_search_of_a_pair_event_still_names_pairs(client):
    t = make_tournament(2)
    html = client.get(reverse("tournaments:pair_search", args=[t.slug]), {"q": "Иванов"}).content.decode()
    assert "Найти свою пару" in html and "пара №1" in html
    assert reverse("tournaments:pair", args=[t.slug, 1]) in html


def _played(organizer, n, rounds):
    t = make_individual(n, numbered=False, slug=f"solo-{n}")
    run_draw(organizer, t, seed="solo")
    for number in range(1, rounds + 1):
        rnd = pair_round(organizer, t)
        publish_round(organizer, rnd)
        for k, partie in enumerate(rnd.parties.filter(pair_b__isnull=False).order_by("table")):
            set_result(rnd, partie.table, 101, 40 + k, signed=number < rounds or k % 2 == 0)
    return t


def _own_count(client, name, args) -> int:
    """The page's queries of the site's own tables (not the shared cache's, a table under PostgreSQL)."""
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(reverse(f"tournaments:{name}", args=args)).status_code == 200
    return len(own_queries(ctx))


def test_the_player_page_and_the_grid_read_a_fixed_number_of_queries(client, organizer):
    small, large = _played(organizer, 8, 2), _played(organizer, 40, 3)
    counts = {}
    for t in (small, large):
        for name, args in (("player", [t.slug, 5]), ("grid", [t.slug])):
            counts[(t.pk, name)] = _own_count(client, name, args)
    assert counts[(large.pk, "player")] == counts[(small.pk, "player")]
    assert counts[(large.pk, "grid")] == counts[(small.pk, "grid")]
    assert _own_count(client, "grid", [large.slug]) <= 14
    assert _own_count(client, "player", [large.slug, 17]) <= 14


def test_the_grid_has_a_line_per_player_and_a_cell_per_round():
    t = five_players()
    data = individual_selectors.grid(t)
    assert data.rounds == [1, 2]  # the draft is the organizer's
    assert [line.person.number for line in data.lines] == [1, 2, 3, 4, 5]
    one, two, three, four, five = data.lines
    c1, c2 = one.cells
    assert (c1.table, c1.partner.number, c1.opponent_numbers, c1.mark, c1.figure) == (1, 2, "3, 4", "+", "101:40")
    assert (c2.partner.number, c2.opponent_numbers, c2.mark, c2.figure) == (3, "5, 2", "−", "30:101")
    assert four.cells[1].sitout and five.cells[0].sitout
    assert (three.cells[0].mark, three.cells[0].figure) == ("−", "40:101")
    assert [line.match_points for line in data.lines] == [1, 2, 0, 1, 2]  # a sit-out scores the bye result (a win)
    assert individual_selectors.grid(t, organizer=True).rounds == [1, 2, 3]


def test_the_grid_page_shows_the_cells_and_links_the_players_and_protocols(client):
    t = five_players()
    html = client.get(reverse("tournaments:grid", args=[t.slug])).content.decode()
    line = html[html.index('id="player-1"'):html.index('id="player-2"')]
    assert "ст. 1 · с 2" in line and "против 3, 4" in line and "+ 101:40" in line and "− 30:101" in line
    assert reverse("tournaments:player", args=[t.slug, 1]) in line
    assert reverse("protocols:protocol", args=[t.rounds.get(number=1).parties.get(table=1).pk]) in line
    five = html[html.index('id="player-5"'):]
    assert "пропуск тура" in five
    assert "Тур 3" not in html


def test_the_pages_speak_english_under_the_en_prefix(client):
    t = five_players()
    grid = client.get(f"/en/t/{t.slug}/grid/").content.decode()
    assert "Round-by-round grid" in grid and "t. 1 · w. 2" in grid and "against 3, 4" in grid
    player = client.get(f"/en/t/{t.slug}/player/5/").content.decode()
    assert "Player no. 5" in player and "Partner" in player and "match points: 2" in player
    assert "Find a player" in client.get(f"/en/t/{t.slug}/pairs/").content.decode()


def test_the_tournament_page_of_an_individual_event_leads_to_the_grid_and_the_players_search(client):
    t = five_players()
    html = client.get(reverse("tournaments:detail", args=[t.slug])).content.decode()
    assert reverse("tournaments:grid", args=[t.slug]) in html and "Таблица по турам" in html
    assert "Найдите себя по фамилии" in html and "Найдите свою пару" not in html
    pairs = make_tournament(2)
    html = client.get(reverse("tournaments:detail", args=[pairs.slug])).content.decode()
    assert reverse("reports:crosstable", args=[pairs.slug]) in html and "Найдите свою пару по фамилии" in html
    assert reverse("tournaments:grid", args=[pairs.slug]) not in html


def test_the_grid_shows_a_hundred_players_a_page_and_survives_odd_page_numbers(client):
    t = make_individual(103, slug="solo-big")
    url = reverse("tournaments:grid", args=[t.slug])
    first = client.get(url).content.decode()
    assert 'id="player-100"' in first and 'id="player-101"' not in first and "страница 1 из 2" in first
    last = client.get(url, {"page": "2"}).content.decode()
    assert 'id="player-101"' in last and 'id="player-103"' in last and 'id="player-1"' not in last
    for odd in ("abc", "-1", "0", "10**9", "٣", "99999999999999999999"):
        assert client.get(url, {"page": odd}).status_code == 200, odd


def test_a_remark_shows_on_the_page_of_the_player_who_got_it_only(client):
    t = five_players()
    protocol = Protocol.objects.get(partie__round__number=1, partie__round__tournament=t)
    Remark.objects.create(protocol=protocol, deal=2, seat="A2", reason="talking")
    two = client.get(reverse("tournaments:player", args=[t.slug, 2])).content.decode()
    round1 = two[two.index('id="round-1"'):two.index('id="round-2"')]
    assert "Замечания: раздача 2 — Разговоры" in round1
    one = client.get(reverse("tournaments:player", args=[t.slug, 1])).content.decode()
    assert "Замечания" not in one  # his partner's remark, not his


@pytest.fixture
def own_phone():
    t = five_players()
    t.signing_method = SigningMethod.OWN_PHONE
    t.save(update_fields=["signing_method"])
    return t


def test_a_player_signed_in_gets_his_signing_link_on_his_own_page(client, own_phone, django_user_model):
    t = own_phone
    awaiting = t.rounds.get(number=2).parties.get(table=1)
    three = Player.objects.get(pair__tournament=t, pair__number=3)
    three.user = django_user_model.objects.create_user("p-three")
    three.save(update_fields=["user"])
    client.force_login(three.user)
    page = client.get(reverse("tournaments:player", args=[t.slug, 3]))
    body = page.content.decode()
    assert 'id="sign-2"' in body and pin_tries.table_token(awaiting) in body and 'id="sign-1"' not in body
    assert "no-store" in page.headers["Cache-Control"]
    other = client.get(reverse("tournaments:player", args=[t.slug, 5])).content.decode()  # not his page
    assert 'id="sign-2"' not in other and 'id="scan-2"' in other and pin_tries.table_token(awaiting) not in other


def test_the_pin_slips_pair_link_keeps_its_key_through_to_the_player_page(client, own_phone):
    t = own_phone
    awaiting = t.rounds.get(number=2).parties.get(table=1)
    five = Player.objects.get(pair__tournament=t, pair__number=5)
    five.pin_hash = "pbkdf2_sha256$1$salt$hash"
    five.save(update_fields=["pin_hash"])
    key = pin_tries.slip_key(five)
    body = client.get(reverse("tournaments:pair", args=[t.slug, 5]), {"k": key}, follow=True).content.decode()
    assert 'id="sign-2"' in body and pin_tries.table_token(awaiting) in body
    for bad in ("", "0" * len(key), "x" * 3000):
        body = client.get(reverse("tournaments:player", args=[t.slug, 5]), {"k": bad}).content.decode()
        assert 'id="sign-2"' not in body and pin_tries.table_token(awaiting) not in body


def test_the_reports_links_of_an_individual_event_name_its_grid(client):
    t = five_players()
    html = client.get(reverse("reports:standings", args=[t.slug])).content.decode()
    nav = html[html.index('class="reports-nav'):]
    nav = nav[:nav.index("</nav>")]
    assert reverse("tournaments:grid", args=[t.slug]) in nav and "Турнирная таблица" not in nav
    pairs = make_tournament(2)
    html = client.get(reverse("reports:standings", args=[pairs.slug])).content.decode()
    nav = html[html.index('class="reports-nav'):]
    nav = nav[:nav.index("</nav>")]
    assert reverse("reports:crosstable", args=[pairs.slug]) in nav and "Таблица по турам" not in nav
