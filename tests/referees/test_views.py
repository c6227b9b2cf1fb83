"""The referee pages through Django's test client: thin views over the services."""
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from scoring import services
from scoring.models import Deal, Protocol
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus

from .conftest import DEALS, MIRRORED, PASSWORD
from .helpers import play, sign_all


def deal_post(n, version, **fields):
    data = {"n": n, "version": version}
    data.update(fields)
    return data


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def test_entry_page_shows_seats_lead_and_numeric_inputs(ref_client, table):
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for seat, _player in (("A1", 3), ("B2", 7)):
        name = table.partie.pair_a.players.get(number=1).name if seat == "A1" else \
            table.partie.pair_b.players.get(number=2).name
        assert name in html
    assert 'inputmode="numeric"' in html
    assert html.count('class="tile"') == 28
    assert "Заходит" in html and 'id="lead-info"' in html


def test_saving_a_deal_and_the_running_totals(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, deal_post(1, 0, result="domino", out="A1", hand_A2="14", tiles_B1="0-0", hand_B2="23"))
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=table.partie, n=1)
    assert deal.hands == {"A2": 14, "B1": ["0-0"], "B2": 23}
    page = ref_client.get(r["Location"]).content.decode()
    assert 'id="score-a">33<' in page


def test_preview_scores_without_saving(ref_client, table):
    url = reverse("referees:deal_preview", args=[table.partie.pk])
    r = ref_client.post(url, deal_post(1, 0, result="domino", out="A1", hand_A2="14", hand_B1="5", hand_B2="23"))
    assert r.status_code == 200
    assert 'id="preview-running">28 : 0<' in r.content.decode()
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def test_preview_puts_an_impossible_count_next_to_its_field(ref_client, table):
    url = reverse("referees:deal_preview", args=[table.partie.pk])
    r = ref_client.post(url, deal_post(1, 0, result="block", hand_A1="9", hand_A2="10", hand_B1="0", hand_B2="30"))
    html = r.content.decode()
    assert 'id="err-hand_B1" class="field-error" hx-swap-oob="true">Раздача 1, место B1: игрок не выходил' in html


def test_bad_deal_error_next_to_field_and_nothing_saved(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, deal_post(1, 0, result="block", hand_A1="9", hand_A2="abc", hand_B1="4", hand_B2="30"))
    assert r.status_code == 422
    assert "Введите число очков" in r.content.decode()
    r = ref_client.post(url, deal_post(1, 0, result="block", hand_A1="9", hand_A2="10", hand_B1="4", hand_B2="80"))
    assert r.status_code == 422
    assert 'id="err-hand_B2" class="field-error">Раздача 1, место B2: 80 очков невозможно' in r.content.decode()
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def test_stale_page_gets_conflict_and_sees_current_state(ref_client, table):
    services.record_deal(table.referee2, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, deal_post(1, 0, result="block", hand_A1="9", hand_A2="10", hand_B1="4", hand_B2="30"))
    assert r.status_code == 409
    html = r.content.decode()
    assert 'id="conflict"' in html and 'id="score-a">33<' in html


def test_correction_form_is_prefilled(ref_client, table):
    play(table.referee, table.partie, DEALS[:2])
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk]) + "?correct=1").content.decode()
    assert "Исправление раздачи 1" in page and 'value="0-0"' in page
    r = ref_client.post(reverse("referees:deal_save", args=[table.partie.pk]),
                        deal_post(1, 2, correct="True", result="domino", out="A1", hand_A2="14", hand_B1="3", hand_B2="23"))
    assert r.status_code == 302
    assert Protocol.objects.get(partie=table.partie).score_a == 26 + 15


def test_remark_effect_and_disqualification_confirmation(ref_client, table):
    first = table.round1.parties.get(table=1)
    for seat in ("A1", "A2", "A1", "A2"):
        services.give_remark(table.referee, first, deal=1, seat=seat, reason="time",
                             expected_version=shown_version(first))
    r = ref_client.post(reverse("referees:remark_preview", args=[table.partie.pk]), {"seat": "A1"})
    assert "5-е замечание пары A" in r.content.decode() and "подтверждение" in r.content.decode()
    url = reverse("referees:remark_save", args=[table.partie.pk])
    r = ref_client.post(url, {"seat": "A1", "reason": "talking", "deal": 1, "version": 0})
    assert r.status_code == 200 and 'id="confirm-disqualification"' in r.content.decode()
    assert not Protocol.objects.filter(partie=table.partie).exists()  # asking to confirm writes nothing
    r = ref_client.post(url, {"seat": "A1", "reason": "talking", "deal": 1, "version": 0,
                              "confirm_disqualification": "True"})
    assert r.status_code == 302
    assert Protocol.objects.get(partie=table.partie).disqualified == "A"


def test_player_signs_on_table_device_with_password(ref_client, table):
    play(table.referee, table.partie)
    url = reverse("referees:sign", args=[table.partie.pk])
    r = ref_client.post(url, {"seat": "A1", "password": "wrong", "version": shown_version(table.partie)})
    assert r.status_code == 422 and "Неверный пароль" in r.content.decode()
    r = ref_client.post(url, {"seat": "A1", "password": PASSWORD, "version": shown_version(table.partie)})
    assert r.status_code == 302
    sig = Protocol.objects.get(partie=table.partie).signatures.get()
    assert sig.user == table.players["A1"] and sig.seat == "A1"


def test_player_cannot_post_a_deal(client, table):
    client.force_login(table.players["B1"])
    page = client.get(reverse("referees:partie", args=[table.partie.pk]))
    assert page.status_code == 200 and 'id="deal-form"' not in page.content.decode()
    r = client.post(reverse("referees:deal_save", args=[table.partie.pk]), deal_post(1, 0, result="wrong_pass", offender="A1"))
    assert r.status_code == 403
    assert client.get(reverse("referees:partie", args=[table.other_partie.pk])).status_code == 403
    assert not Deal.objects.exists()


def test_dashboard_states_and_polling(client, table):
    play(table.referee, table.partie)
    services.record_deal(table.referee, table.other_partie, DEALS[0],
                         expected_version=shown_version(table.other_partie))
    client.force_login(table.chief)
    page = client.get(reverse("referees:dashboard", args=[table.tournament.slug]) + "?round=2").content.decode()
    assert 'hx-trigger="every 5s"' in page
    part = client.get(reverse("referees:dashboard_tables", args=[table.tournament.slug]) + "?round=2").content.decode()
    assert 'id="table-1"' in part and "state-awaiting_signatures" in part and "state-in_play" in part
    assert "Ждут подписей: <b>1</b>" in part and "Не начаты: <b>2</b>" in part
    client.force_login(table.table2_referee)
    part = client.get(reverse("referees:dashboard_tables", args=[table.tournament.slug]) + "?round=2").content.decode()
    assert 'id="table-2"' in part and 'id="table-1"' not in part
    client.force_login(table.players["A1"])
    assert client.get(reverse("referees:dashboard", args=[table.tournament.slug])).status_code == 403


def test_dashboard_query_count_does_not_grow_with_tables(client, table, django_assert_max_num_queries, settings):
    # Count the page's own queries: on PostgreSQL the live-page cache is a database table and adds its own.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from tests.factories import make_round, make_tournament

    big = make_tournament(200, slug="big")
    make_round(big, 1, [(2 * i + 1, 2 * i + 2) for i in range(100)])
    from access.models import RoleKind, TournamentRole

    TournamentRole.objects.create(tournament=big, user=table.chief, role=RoleKind.CHIEF_REFEREE)
    client.force_login(table.chief)
    with django_assert_max_num_queries(12):
        r = client.get(reverse("referees:dashboard_tables", args=["big"]))
    assert r.content.decode().count('class="table-state state-') == 100


def test_audit_pages(client, table):
    play(table.referee, table.partie)
    client.force_login(table.referee)
    assert client.get(reverse("referees:audit_partie", args=[table.partie.pk])).status_code == 403
    client.force_login(table.chief)
    page = client.get(reverse("referees:audit_partie", args=[table.partie.pk])).content.decode()
    assert page.count("Раздача внесена") == 4
    page = client.get(reverse("referees:audit_tournament", args=[table.tournament.slug])).content.decode()
    assert "Раздача внесена" in page and "referee" in page


def test_public_protocol_page(client, table):
    play(table.referee, table.partie)
    sign_all(table)
    page = client.get(reverse("protocols:protocol", args=[table.partie.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "48" in html and "35" in html and "Подписан" in html
    assert client.get(reverse("protocols:protocol", args=[table.other_partie.pk])).status_code == 200
    assert not Protocol.objects.filter(partie=table.other_partie).exists()
    table.round2.status = "draft"
    table.round2.save()
    assert client.get(reverse("protocols:protocol", args=[table.partie.pk])).status_code == 404


def test_reopen_from_page(client, table):
    play(table.referee, table.partie)
    sign_all(table)
    client.force_login(table.chief)
    url = reverse("referees:reopen", args=[table.partie.pk])
    r = client.post(url, {"reason": "", "version": shown_version(table.partie)})
    assert r.status_code == 422 and "Укажите причину" in r.content.decode()
    r = client.post(url, {"reason": "Ошибка в раздаче 2", "version": shown_version(table.partie)})
    assert r.status_code == 302
    assert Protocol.objects.get(partie=table.partie).status == ProtocolStatus.AWAITING_SIGNATURES
    assert AuditEntry.objects.filter(action="protocol.reopened", note="Ошибка в раздаче 2").exists()


def test_entry_page_query_count_is_small(ref_client, table, django_assert_max_num_queries):
    play(table.referee, table.partie)
    with django_assert_max_num_queries(25):
        page = ref_client.get(reverse("referees:partie", args=[table.partie.pk]))
    assert page.status_code == 200


def test_player_confirms_a_deal_from_his_phone(client, table):
    table.tournament.confirm_each_deal = True
    table.tournament.save()
    services.record_deal(table.referee, table.partie, DEALS[0],
                         expected_version=shown_version(table.partie))  # won by A
    client.force_login(table.players["B1"])
    page = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert reverse("referees:confirm_deal", args=[table.partie.pk, 1]) in page
    r = client.post(reverse("referees:confirm_deal", args=[table.partie.pk, 1]),
                    {"version": shown_version(table.partie)})
    assert r.status_code == 302
    assert Deal.objects.get(protocol__partie=table.partie, n=1).confirmed_by == table.players["B1"]


def test_winner_cannot_confirm_from_the_page(client, table):
    table.tournament.confirm_each_deal = True
    table.tournament.save()
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    client.force_login(table.players["A1"])
    r = client.post(reverse("referees:confirm_deal", args=[table.partie.pk, 1]),
                    {"version": shown_version(table.partie)})
    assert r.status_code == 403
    assert Deal.objects.get(protocol__partie=table.partie, n=1).confirmed_by is None


def test_federation_time_up_from_the_page(ref_client, table):
    table.tournament.rules_preset = "federation"
    table.tournament.save()
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert reverse("referees:first_lead", args=[table.partie.pk]) in page
    r = ref_client.post(reverse("referees:first_lead", args=[table.partie.pk]), {"first_lead": "B1", "version": 0})
    assert r.status_code == 302
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert "Время вышло" in page and "заход B1" in page
    r = ref_client.post(reverse("referees:time_up", args=[table.partie.pk]), {"version": 2})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.ended_by_time and protocol.status == ProtocolStatus.AWAITING_SIGNATURES


def test_no_show_from_the_page(ref_client, table):
    url = reverse("referees:no_show", args=[table.partie.pk])
    r = ref_client.post(url, {"side": "A", "version": 0})
    page = r.content.decode()
    assert r.status_code == 200 and 'id="confirm"' in page and "Пара №7 получит победу неявкой" in page
    assert not Protocol.objects.filter(partie=table.partie).exists()  # asking to confirm writes nothing
    r = ref_client.post(url, {"side": "A", "version": 0, "confirm": "1"})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=table.partie)
    assert (protocol.no_show, protocol.score_a, protocol.score_b) == ("A", 0, 160)


def test_withdraw_remark_from_the_page(ref_client, table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    protocol = services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="time",
                                    expected_version=shown_version(table.partie))
    remark = protocol.remarks.get()
    url = reverse("referees:remark_withdraw", args=[table.partie.pk, remark.pk])
    r = ref_client.post(url, {"reason": "", "version": protocol.version})
    assert r.status_code == 422 and "почему замечание снимается" in r.content.decode()
    r = ref_client.post(url, {"reason": "не тот игрок", "version": protocol.version})
    assert r.status_code == 302 and not Protocol.objects.get(partie=table.partie).remarks.exists()


def test_after_a_no_show_no_remark_form_is_offered_and_a_stale_one_is_refused_in_words(ref_client, table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=shown_version(table.partie))
    html = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="remark-form"' not in html and 'id="remarks"' not in html
    r = ref_client.post(reverse("referees:remark_save", args=[table.partie.pk]),
                        {"seat": "A1", "reason": "time", "deal": "1", "version": shown_version(table.partie)})
    body = r.content.decode()
    assert r.status_code == 422 and "завершена неявкой" in body and "противоречит" not in body
    assert not table.partie.protocol.remarks.exists()


def test_correction_saved_unchanged_from_the_page_keeps_the_signatures(ref_client, table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    version = shown_version(table.partie)
    page = ref_client.get(reverse("referees:partie", args=[table.partie.pk]) + "?correct=1").content.decode()
    assert "Исправление раздачи 1" in page
    # Deal 1 as the correction form holds it: A1 went out; B1's hand is the tile 0-0, its count filled in by the page.
    r = ref_client.post(reverse("referees:deal_save", args=[table.partie.pk]),
                        deal_post(1, version, correct="True", result="domino", out="A1", hand_A2="14", hand_B1="10",
                                  tiles_B1="0-0", hand_B2="23"), follow=True)
    html = r.content.decode()
    assert r.status_code == 200 and "Раздача 1 не изменена" in html and "Подписи игроков сняты" not in html
    assert shown_version(table.partie) == version
    assert table.partie.protocol.signatures.filter(seat="A1").exists()


EXTRA = "Дополнительная раздача (ничья)"


def lead_info(client, partie):
    html = client.get(reverse("referees:partie", args=[partie.pk])).content.decode()
    return html[html.index('id="lead-info"'):html.index("</p>", html.index('id="lead-info"'))]


def test_a_ties_extra_deal_is_named_so_and_no_other(ref_client, table):
    for deal in MIRRORED:
        assert EXTRA not in lead_info(ref_client, table.partie)
        play(table.referee, table.partie, [deal])
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.score_a == protocol.score_b and protocol.status != ProtocolStatus.AWAITING_SIGNATURES
    assert "Раздача 5" in ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert EXTRA in lead_info(ref_client, table.partie)


def test_the_fifth_deal_of_a_partie_to_a_target_is_no_extra_deal(client, table):
    """The federation's partie is played to 200 points: its fifth deal is an ordinary one (docs/rules.md)."""
    table.tournament.rules_preset = "federation"
    table.tournament.save(update_fields=["rules_preset"])
    client.force_login(table.referee)
    play(table.referee, table.partie, MIRRORED)
    assert Protocol.objects.get(partie=table.partie).status != ProtocolStatus.AWAITING_SIGNATURES
    assert "Раздача 5" in client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert EXTRA not in lead_info(client, table.partie)
