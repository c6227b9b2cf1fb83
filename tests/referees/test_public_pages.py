"""The pages a player reads without logging in: his pair's page, the round's results, links between pages."""
import re

from django.urls import reverse

from scoring import services
from tests.versions import shown_version
from tournaments.models import Player, RoundStatus

from .conftest import DEALS
from .helpers import play, sign_all


def _names(table, number):
    return [p.name for p in Player.objects.filter(pair__tournament=table.tournament, pair__number=number)
            .order_by("number")]


def test_pair_page_lists_rounds_tables_opponents_seats_scores_protocols_and_remarks(client, table):
    play(table.referee, table.partie)
    services.give_remark(table.referee, table.partie, deal=4, seat="B2", reason="talking",
                         expected_version=shown_version(table.partie))
    sign_all(table)
    html = client.get(reverse("tournaments:pair", args=["cup", 7])).content.decode()
    for name in _names(table, 7) + _names(table, 3) + _names(table, 8):
        assert name in html
    round2 = html.split('id="round-2"', 1)[1].split("</li>", 1)[0]
    assert "стол 1" in round2 and "35 : 48" in round2 and "поражение" in round2
    assert "<b>B1</b>" in round2 and "<b>B2</b>" in round2
    assert reverse("protocols:protocol", args=[table.partie.pk]) in round2
    assert reverse("reports:protocol_pdf", args=["cup", table.partie.pk]) in round2
    assert "Разговоры" in round2 and _names(table, 7)[1] in round2
    round1 = html.split('id="round-1"', 1)[1].split("</li>", 1)[0]
    assert "протокол" in round1.lower() and "protocol_pdf" not in round1 and ".pdf" not in round1
    # The opponents' page shows the same game from their side, without the remark (it was not theirs).
    html3 = client.get(reverse("tournaments:pair", args=["cup", 3])).content.decode()
    round2 = html3.split('id="round-2"', 1)[1].split("</li>", 1)[0]
    assert "48 : 35" in round2 and "победа" in round2 and "Разговоры" not in round2


def test_pair_page_hides_draft_rounds_and_unknown_pairs(client, table):
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    html = client.get(reverse("tournaments:pair", args=["cup", 7])).content.decode()
    assert 'id="round-1"' in html and 'id="round-2"' not in html
    assert client.get(reverse("tournaments:pair", args=["cup", 99])).status_code == 404


def test_search_by_surname_finds_the_pair(client, table):
    surname = _names(table, 7)[0].split()[0]
    url = reverse("tournaments:pair_search", args=["cup"])
    html = client.get(url, {"q": surname.lower()}).content.decode()
    assert reverse("tournaments:pair", args=["cup", 7]) in html
    for hostile in ("<script>alert(1)</script>", "=1+1", "٣", "x" * 10000):
        r = client.get(url, {"q": hostile})
        assert r.status_code == 200 and "<script>alert(1)</script>" not in r.content.decode()
    detail = client.get(reverse("tournaments:detail", args=["cup"])).content.decode()
    assert 'id="pair-search"' in detail


def test_round_page_shows_results_links_and_polls(client, table):
    play(table.referee, table.partie)
    url = reverse("tournaments:pairings", args=["cup", 2])
    html = client.get(url).content.decode()
    row = re.search(r'<tr[^>]*id="table-1".*?</tr>', html, re.S).group(0)
    assert "48 : 35" in row and reverse("protocols:protocol", args=[table.partie.pk]) in row
    assert reverse("tournaments:pair", args=["cup", 3]) in row and reverse("tournaments:pair", args=["cup", 7]) in row
    results = reverse("tournaments:round_results", args=["cup", 2])
    assert f'hx-get="{results}" hx-trigger="every 15s"' in html
    part = client.get(results, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in part and 'id="round-results"' in part and "48 : 35" in part
    sign_all(table)
    assert "48 : 35 ✔" in client.get(results, HTTP_HX_REQUEST="true").content.decode()


def test_protocol_page_links_back_to_tournament_round_and_both_pairs(client, table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    html = client.get(reverse("protocols:protocol", args=[table.partie.pk])).content.decode()
    crumbs = html.split('id="crumbs"', 1)[1].split("</nav>", 1)[0]
    for url in (reverse("tournaments:detail", args=["cup"]), reverse("tournaments:pairings", args=["cup", 2]),
                reverse("tournaments:pair", args=["cup", 3]), reverse("tournaments:pair", args=["cup", 7])):
        assert url in crumbs


def test_cross_table_and_standings_link_to_protocols_and_pairs(client, table):
    play(table.referee, table.partie)
    cross = client.get(reverse("reports:crosstable", args=["cup"])).content.decode()
    assert reverse("protocols:protocol", args=[table.partie.pk]) in cross
    assert reverse("tournaments:pair", args=["cup", 7]) in cross
    standings = client.get(reverse("reports:standings", args=["cup"])).content.decode()
    assert reverse("tournaments:pair", args=["cup", 7]) in standings


def test_player_sees_no_referee_links_and_his_name_in_the_header(client, table):
    user = table.players["A1"]
    user.first_name, user.last_name = "Иван", "Смирнов"
    user.save()
    client.force_login(user)
    html = client.get(reverse("tournaments:detail", args=["cup"])).content.decode()
    assert reverse("referees:dashboard", args=["cup"]) not in html
    assert "Смирнов Иван" in html.split("</header>")[0]
    client.force_login(table.referee)
    html = client.get(reverse("tournaments:detail", args=["cup"])).content.decode()
    assert reverse("referees:dashboard", args=["cup"]) in html


def test_pair_page_with_a_huge_number_is_not_found(client, table):
    assert client.get(f"/t/cup/pair/{'9' * 40}/").status_code == 404


def test_protocol_page_writes_the_referee_signature_without_a_space_before_the_colon(client, table):
    play(table.referee, table.partie)
    sign_all(table)
    html = client.get(reverse("protocols:protocol", args=[table.partie.pk])).content.decode()
    signatures = html.split('class="signatures"', 1)[1].split("</ul>", 1)[0]
    assert re.search(r"Судья: \S", signatures) and not re.search(r"Судья\s+:", signatures)
    assert re.search(r"Игрок A1: \S", signatures)
