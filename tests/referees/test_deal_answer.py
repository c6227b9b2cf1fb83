"""The table page's quick answer to a deal its script posts (referees/deal_answer.py), against the page itself."""
import json
import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from engine.rules.generate import random_deal
from events.services.clock import start_round_clock
from scoring import services
from scoring.models import Deal
from tests.queries import own_queries
from tests.tournaments.clock_helpers import hall  # noqa: F401
from tests.versions import shown_version

from .conftest import DEALS, MIRRORED
from .helpers import form_of, play, sign_all

QUICK = {"accept": "application/json"}
KEY = re.compile(r'(name="(?:form_key|csrfmiddlewaretoken)" value=")[^"]+(")')


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def page_of(client, table):
    return client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()


def shape_of(page):
    return re.search(r'data-shape="([^"]*)"', page).group(1)


def between(page, start, end):
    """The page's text from ``start`` up to and including ``end`` (its first one after ``start``)."""
    i = page.index(start)
    return page[i:page.index(end, i) + len(end)]


def same(a, b):
    """Two drawings of the same fragment: equal but for the one-time keys and CSRF tokens, fresh on every drawing."""
    return KEY.sub(r"\1\2", a.strip()) == KEY.sub(r"\1\2", b.strip())


def quick_post(client, table, deal, shape, **more):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = client.post(url, form_of(deal, shown_version(table.partie), **more), headers={**QUICK, "x-page-shape": shape})
    assert r["Content-Type"].startswith("application/json")
    return r.status_code, json.loads(r.content)


def test_the_answer_carries_what_the_page_shows_after_the_same_deals(ref_client, table):
    page = page_of(ref_client, table)
    for deal in DEALS[:3]:
        status, answer = quick_post(ref_client, table, deal, shape_of(page))
        assert status == 200 and answer["result"] == "saved"
        assert "reload" not in answer  # the partie goes on: the page changes only where the fragments go
        page = page_of(ref_client, table)
        assert answer["shape"] == shape_of(page)
        assert same(answer["totals"], between(page, '<div class="scoreboard" id="totals">', "</p>"))
        assert same(answer["deals"], between(page, '<ol class="deals" id="deal-list">', "</ol>"))
        if 'id="time"' in page:
            assert same(answer["time"], between(page, '<section class="card" id="time">', "</section>"))
        else:
            assert not answer["time"].strip()
        head = re.search(r'<section class="card" id="entry">\s*(.*?)\s*<p class="muted small">', page, re.S).group(1)
        assert same(answer["head"], head)
        assert answer["version"] == int(re.search(r'data-version="(\d+)"', page).group(1))
        assert answer["next"] == int(re.search(r'name="n" value="(\d+)"', page).group(1)) == deal["n"] + 1
        assert re.search(r'id="score-a">(\d+)<', answer["totals"]).group(1) == \
            re.search(r'id="score-a">(\d+)<', page).group(1)
        assert answer["messages"] == [{"tags": "success", "text": f"Раздача {deal['n']} сохранена."}]
        assert re.fullmatch(r"[A-Za-z0-9_-]{16,64}", answer["form_key"])
    assert 'id="no_show"' not in page  # what the page's script removes after a first deal
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 3


def section(page, name):
    return between(page, f'<section class="card" id="{name}">', "</section>")


def test_the_last_deal_brings_the_signatures_as_the_page_then_shows_them(ref_client, table):
    play(table.referee, table.partie, DEALS[:3])
    status, answer = quick_post(ref_client, table, DEALS[3], shape_of(page_of(ref_client, table)))
    assert status == 200 and answer["result"] == "saved" and answer["next"] is None
    assert answer["ended"] and "reload" not in answer and "form_key" not in answer and "head" not in answer
    assert answer["anchor"] == "deals" and answer["status"] == "awaiting_signatures"
    assert answer["messages"] == [{"tags": "success", "text": "Раздача 4 сохранена."}]
    page = page_of(ref_client, table)  # the page as it is opened after the same deals
    assert "Раздача 4 сохранена." not in page  # the message was shown by the answer, none waits in the session
    assert answer["shape"] == shape_of(page) and 'id="entry"' not in page and 'id="deal-form"' not in page
    assert same(answer["signatures"], section(page, "signatures"))
    assert 'name="seat" value="A1"' in answer["signatures"]  # the players' forms to sign with
    assert same(answer["totals"], between(page, '<div class="scoreboard" id="totals">', "</p>"))
    assert same(answer["deals"], between(page, '<ol class="deals" id="deal-list">', "</ol>"))
    assert same(answer["time"], section(page, "time") if 'id="time"' in page else "")
    assert answer["version"] == int(re.search(r'data-version="(\d+)"', page).group(1))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_federation_partie_under_the_round_clock_is_entered_without_its_page_drawn_again(client, hall, seed):
    """The federation's rules: a first lead, the time section, the round's clock on the page; whatever the
    deals, the quick answers bring the page to what the server draws."""
    start_round_clock(hall.chief, hall.round)
    client.force_login(hall.referee)
    url = reverse("referees:partie", args=[hall.partie.pk])
    page = client.get(url).content.decode()
    assert 'id="round-clock"' in page
    rng, rules, answer = random.Random(seed), hall.tournament.rules(), {"next": 1}
    while answer["next"] is not None:
        deal = random_deal(rng, answer["next"], rules)
        r = client.post(reverse("referees:deal_save", args=[hall.partie.pk]),
                        form_of(deal, shown_version(hall.partie)), headers={**QUICK, "x-page-shape": shape_of(page)})
        answer = json.loads(r.content)
        assert r.status_code == 200 and answer["result"] == "saved"
        page = client.get(url).content.decode()
        if "reload" in answer:  # only when the page changes elsewhere too: a tie's extra deal comes
            assert 'id="extra-deal"' in page and answer["next"] is not None
        assert answer["shape"] == shape_of(page)
    assert answer["ended"] and same(answer["signatures"], section(page, "signatures"))
    assert 'id="round-clock"' not in page and 'id="deal-form"' not in page  # the script removes them


def test_a_ties_extra_deal_that_ends_the_partie_brings_the_signatures_too(ref_client, table):
    play(table.referee, table.partie, MIRRORED)
    before = page_of(ref_client, table)
    assert 'id="extra-deal"' in before  # a tie after four deals: the page asks for an extra deal
    status, answer = quick_post(ref_client, table, DEALS[0] | {"n": 5}, shape_of(before))
    assert answer["ended"] and "reload" not in answer
    page = page_of(ref_client, table)
    assert 'id="extra-deal"' not in page and answer["shape"] == shape_of(page)  # the script removes it
    assert same(answer["signatures"], section(page, "signatures"))


def test_the_last_deal_from_a_page_of_another_shape_names_the_page_with_its_message_waiting(ref_client, table):
    play(table.referee, table.partie, DEALS[:3])
    status, answer = quick_post(ref_client, table, DEALS[3], "an-old-page")
    assert status == 200 and answer["result"] == "saved" and answer["next"] is None and "ended" not in answer
    assert answer["reload"] == reverse("referees:partie", args=[table.partie.pk]) + "#deals"
    page = ref_client.get(answer["reload"].split("#")[0]).content.decode()
    assert "Раздача 4 сохранена." in page and answer["shape"] == shape_of(page)


def test_a_page_drawn_with_a_remark_more_does_not_end_with_fragments(ref_client, table):
    """A page drawn before another device added a remark lacks it: it is sent to the page."""
    play(table.referee, table.partie, DEALS[:3])
    shape = shape_of(page_of(ref_client, table))
    services.give_remark(table.referee, table.partie, deal=3, seat="A1", reason="talking",
                         expected_version=shown_version(table.partie))
    status, answer = quick_post(ref_client, table, DEALS[3], shape)
    assert answer["result"] == "saved" and answer["reload"].endswith("#deals") and "ended" not in answer


def test_a_page_of_another_shape_is_sent_to_the_page(ref_client, table):
    status, answer = quick_post(ref_client, table, DEALS[0], "an-old-page")
    assert answer["result"] == "saved" and answer["reload"].endswith("#deals")
    assert "Раздача 1 сохранена." in page_of(ref_client, table)


def test_the_same_form_sent_twice_is_saved_once(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    data = form_of(DEALS[0], 0, form_key="k" * 24)
    headers = {**QUICK, "x-page-shape": shape_of(page_of(ref_client, table))}
    first, again = (json.loads(ref_client.post(url, data, headers=headers).content) for _ in range(2))
    assert not first["repeated"] and again["repeated"] and again["version"] == first["version"]
    assert again["messages"][0]["text"].startswith("Эта форма уже была отправлена")
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1


def refused_both_ways(client, table, data, page_status):
    """The quick answer and the plain page to the same refused form; nothing saved by either."""
    url = reverse("referees:deal_save", args=[table.partie.pk])
    before = list(Deal.objects.filter(protocol__partie=table.partie).values_list("n", "hands"))
    quick = client.post(url, data, headers=QUICK)
    plain = client.post(url, data)
    assert quick.status_code == plain.status_code == page_status
    assert list(Deal.objects.filter(protocol__partie=table.partie).values_list("n", "hands")) == before
    answer = json.loads(quick.content)
    assert answer["result"] == "refused" and answer["message"]
    return answer, plain.content.decode()


def test_bad_input_is_refused_with_the_pages_message(ref_client, table):
    data = form_of({"n": 1, "result": "domino", "hands": {"A2": 14, "B1": 5, "B2": 23}}, 0)  # who went out?
    answer, page = refused_both_ways(ref_client, table, data, 422)
    assert answer["errors"]["out"] in page
    assert re.search(r'id="err-out"[^>]*>\s*([^<]+)', page).group(1).strip() in answer["message"]


def test_an_impossible_deal_is_refused_by_the_service_with_the_pages_message(ref_client, table):
    data = form_of({"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 0, "B2": 30}}, 0)
    answer, page = refused_both_ways(ref_client, table, data, 422)
    assert answer["code"] != "invalid" and answer["message"] in page


def test_a_stale_version_is_refused_with_the_pages_conflict_message(ref_client, table):
    play(table.referee, table.partie, DEALS[:1])
    answer, page = refused_both_ways(ref_client, table, form_of(DEALS[1], 0), 409)
    assert re.search(r'id="conflict" role="alert">([^<]+)<', page).group(1) == answer["message"]


def test_a_locked_protocol_is_refused_with_the_pages_message(ref_client, table):
    play(table.referee, table.partie)
    sign_all(table)
    data = form_of({"n": 5, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
                   shown_version(table.partie))
    answer, page = refused_both_ways(ref_client, table, data, 422)
    assert answer["message"] in page


def test_the_plain_form_still_redirects_to_the_page(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, form_of(DEALS[0], 0))
    assert r.status_code == 302 and r["Location"] == reverse("referees:partie", args=[table.partie.pk]) + "#deals"
    assert "Раздача 1 сохранена." in ref_client.get(r["Location"]).content.decode()


def test_the_quick_answer_asks_few_queries_whatever_the_deal(ref_client, table):
    page = page_of(ref_client, table)
    counts = []
    for deal in DEALS[:3]:
        with CaptureQueriesContext(connection) as q:
            answer = quick_post(ref_client, table, deal, shape_of(page))[1]
        assert "reload" not in answer
        counts.append(len(own_queries(q)))
    assert counts[1] == counts[2]  # a longer protocol asks no more
    assert max(counts) <= 24, counts


def test_the_answer_draws_from_the_rows_the_service_wrote_without_reading_them_again(ref_client, table):
    page = page_of(ref_client, table)
    for deal in DEALS:  # the last one brings the signatures
        with CaptureQueriesContext(connection) as q:
            answer = quick_post(ref_client, table, deal, shape_of(page))[1]
        assert "reload" not in answer and f"Раздача {deal['n']} сохранена." in answer["messages"][0]["text"]
        sql = own_queries(q)
        last_write = max(i for i, text in enumerate(sql) if text.startswith('INSERT INTO "referees_auditentry"'))
        assert any('FROM "scoring_deal"' in text for text in sql[:last_write])  # the service read them
        assert not [text for text in sql[last_write:]
                    if any(f'FROM "{t}"' in text for t in ("scoring_deal", "scoring_remark", "scoring_signature"))]
