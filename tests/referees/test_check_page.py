"""The check page of every protocol (scoring.checks): the organizer and the chief referee see at a glance
whether every result is what its records score and every signature still vouches for its records."""
import pytest
from django.urls import reverse

from scoring.checks import check_tournament
from scoring.models import Deal, Protocol
from scoring.scores import rescore

from .helpers import play, sign_all

URL = reverse("tournaments:check", args=["cup"])


@pytest.fixture
def signed(table):
    play(table.referee, table.partie)
    sign_all(table)
    play(table.referee, table.other_partie)  # played, not signed
    return table


def page(client, user):
    client.force_login(user)
    return client.get(URL)


def test_all_agree(client, signed):
    response = page(client, signed.organizer)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Проверено протоколов: 2, из них подписано: 1." in html
    assert 'id="check-ok"' in html and 'id="check-table"' not in html
    manage = client.get(reverse("tournaments:manage", args=["cup"])).content.decode()
    assert URL in manage  # reached from the organizer's page


def test_records_changed_after_signing_are_listed_with_the_signatures_and_the_way_to_reopen(client, signed):
    deal = Deal.objects.get(protocol__partie=signed.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))
    rescore(Protocol.objects.get(partie=signed.partie), cascade=False)  # the cache agrees: only the signatures differ
    html = page(client, signed.chief).content.decode()
    assert 'id="check-bad"' in html and "Не сходится 1 протокол." in html
    row = html[html.index(f'id="check-{signed.partie.pk}"'):]
    row = row[:row.index("</li>\n")]
    assert "Записи изменены после подписи: подписи (A1, B1, A2, B2, судья) их не подтверждают." in row
    assert reverse("referees:partie", args=[signed.partie.pk]) in row
    assert reverse("protocols:protocol", args=[signed.partie.pk]) in row
    assert f'id="check-{signed.other_partie.pk}"' not in html
    assert "открывает заново" in html and 'id="rescore"' not in html  # signatures: nothing to rescore


def test_a_cached_result_that_differs_from_the_engine_is_listed(client, signed):
    Protocol.objects.filter(partie=signed.other_partie).update(score_a=999)
    html = page(client, signed.organizer).content.decode()
    row = html[html.index(f'id="check-{signed.other_partie.pk}"'):]
    assert "Сохранённый итог расходится с пересчётом по записям протокола." in row[:row.index("</li>\n")]
    assert 'id="rescore"' in html and "Пересчитать итог 1 протокола" in html
    assert reverse("referees:partie", args=[signed.other_partie.pk]) not in row[:row.index("</li>\n")]


def test_prior_remarks_that_differ_are_listed(client, signed):
    Protocol.objects.filter(partie=signed.other_partie).update(prior_remarks_a=3)
    report = check_tournament(signed.tournament)
    assert [(f.protocol.partie_id, f.kind) for f in report.findings] == [(signed.other_partie.pk, "prior")]
    assert "Замечания прошлых туров" in page(client, signed.organizer).content.decode()


def test_rows_the_engine_refuses_are_listed_with_its_message(client, signed):
    deal = Deal.objects.get(protocol__partie=signed.other_partie, n=1)
    Deal.objects.filter(pk=deal.pk).update(hands={"A1": 500})
    report = check_tournament(signed.tournament)
    refused = [f for f in report.findings if f.kind == "refused"]
    assert len(refused) == 1 and refused[0].message
    html = page(client, signed.organizer).content.decode()
    assert "Записи протокола не проходят проверку правил: " in html
    from django.utils.html import escape
    assert escape(refused[0].message) in html


def test_only_the_organizer_and_the_chief_referee_see_it(client, signed):
    for user in (signed.referee, signed.players["A1"], signed.foreign_referee, signed.nobody, signed.staff):
        assert page(client, user).status_code == 403
    client.logout()
    response = client.get(URL)
    assert response.status_code == 302 and "login" in response["Location"]
    assert page(client, signed.chief).status_code == 200


def test_the_check_reads_and_writes_nothing(client, signed):
    deal = Deal.objects.get(protocol__partie=signed.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))
    before = list(Protocol.objects.order_by("pk").values())
    page(client, signed.organizer)
    assert list(Protocol.objects.order_by("pk").values()) == before


def test_one_round_at_a_time(client, signed):
    Protocol.objects.filter(partie=signed.other_partie).update(score_a=999)  # round 2
    client.force_login(signed.organizer)
    html = client.get(URL + "?round=1").content.decode()
    assert "из них подписано: 0." in html and 'id="check-ok"' in html
    html = client.get(URL + "?round=2").content.decode()
    assert "Проверено протоколов: 2, из них подписано: 1." in html and 'id="check-bad"' in html
    for hostile in ("99", "x", "-1", "١", "<b>", "1e9", "9" * 40):  # unknown: the whole tournament, no error
        response = client.get(URL, {"round": hostile})
        assert response.status_code == 200 and 'id="check-bad"' in response.content.decode()


def test_the_button_rewrites_drifted_results_audits_them_and_keeps_records_and_signatures(client, signed):
    from audit.models import AuditEntry
    from scoring.integrity import fingerprint_mismatches

    Protocol.objects.filter(partie=signed.partie).update(score_a=999, prior_remarks_b=4)   # signed
    Protocol.objects.filter(partie=signed.other_partie).update(score_b=-5)                 # not signed
    signed_before = Protocol.objects.get(partie=signed.partie)
    deals_before = list(Deal.objects.order_by("pk").values())
    client.force_login(signed.chief)
    response = client.post(URL + "?round=2")
    assert response.status_code == 302 and response["Location"].endswith("?round=2")
    html = client.get(response["Location"]).content.decode()
    assert "Пересчитано протоколов: 2." in html and 'id="check-ok"' in html
    assert check_tournament(signed.tournament).findings == []
    protocol = Protocol.objects.get(partie=signed.partie)
    assert protocol.score_a != 999 and protocol.prior_remarks_b == 0 and protocol.is_locked
    assert protocol.signatures.count() == signed_before.signatures.count() == 5
    assert fingerprint_mismatches(protocol)[1] == []
    assert list(Deal.objects.order_by("pk").values()) == deals_before
    entries = AuditEntry.objects.filter(action="protocol.rescored").order_by("partie_id")
    assert [e.partie_id for e in entries] == sorted([signed.partie.pk, signed.other_partie.pk])
    entry = entries.get(partie=signed.partie)
    assert entry.before["cached"][0] == 999 and entry.before["prior_remarks"] == [0, 4]
    assert entry.after["cached"][0] == protocol.score_a and entry.user == signed.chief


def test_only_the_organizer_and_the_chief_referee_may_rescore(client, signed):
    from scoring.errors import NotAllowed
    from scoring.services import rescore_drifted

    Protocol.objects.filter(partie=signed.other_partie).update(score_b=-5)
    for user in (signed.referee, signed.players["A1"], signed.nobody):
        client.force_login(user)
        assert client.post(URL).status_code == 403
        with pytest.raises(NotAllowed):
            rescore_drifted(user, signed.tournament)
    assert Protocol.objects.get(partie=signed.other_partie).score_b == -5
    assert rescore_drifted(signed.organizer, signed.tournament) == 1


def test_the_chief_referee_reaches_it_from_the_round_overview(client, signed):
    client.force_login(signed.chief)
    html = client.get(reverse("referees:dashboard", args=["cup"])).content.decode()
    assert URL in html
    client.force_login(signed.referee)
    assert URL not in client.get(reverse("referees:dashboard", args=["cup"])).content.decode()
