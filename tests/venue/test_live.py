"""Live pages: the data version moves with every change, repeated polls are answered 304."""
import pytest
from django.db import transaction
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from scoring import live, services
from scoring.errors import ServiceError
from scoring.models import DataVersion
from tests.factories import make_round, make_tournament

pytestmark = pytest.mark.django_db

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}


@pytest.fixture
def cup():
    tournament = make_tournament(4)
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament


@pytest.fixture
def referee(django_user_model, cup):
    user = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=user, role=RoleKind.REFEREE)
    return user


def partie_of(cup, table=1):
    return cup.rounds.get(number=1).parties.get(table=table)


def test_a_recorded_deal_gives_a_new_stamp_in_its_transaction(cup, referee):
    before = live.current_stamp(cup.pk)
    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    after = live.current_stamp(cup.pk)
    assert after != before
    assert DataVersion.objects.get(tournament=cup).stamp == after


def test_a_refused_write_leaves_the_stamp(cup, referee):
    before = live.current_stamp(cup.pk)
    with pytest.raises(ServiceError):  # a deal 3 before deals 1 and 2
        services.record_deal(referee, partie_of(cup), {**DEAL, "n": 3}, expected_version=0)
    assert live.current_stamp(cup.pk) == before


def test_pair_and_round_changes_give_a_new_stamp(cup):
    before = live.current_stamp(cup.pk)
    pair = cup.pairs.get(number=1)
    pair.name = "Новое имя"
    pair.save()
    middle = live.current_stamp(cup.pk)
    assert middle != before
    make_round(cup, 2, [(1, 3), (2, 4)], status="draft")
    assert live.current_stamp(cup.pk) != middle


def test_other_tournaments_keep_their_stamp(cup, referee):
    other = make_tournament(2, slug="other-cup")
    other_stamp = live.current_stamp(other.pk)
    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    assert live.current_stamp(other.pk) == other_stamp


def test_one_protocol_write_bumps_the_version_row_once(cup, referee):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    second = {"n": 2, "result": "block", "hands": {"A1": 3, "B1": 10, "A2": 5, "B2": 7}}
    with CaptureQueriesContext(connection) as ctx:
        services.record_deal(referee, partie_of(cup), second, expected_version=1)
    bumps = [q for q in ctx.captured_queries if "scoring_dataversion" in q["sql"] and q["sql"].startswith("UPDATE")]
    assert len(bumps) == 1


def test_an_audit_entry_bumps_unless_a_protocol_writes_bump_stands_in_its_transaction(cup):
    """The note of a protocol write's bump is a commit hook (transaction.on_commit): a savepoint rolled back drops
    it with the bump, and the audit entry that follows bumps after all."""
    with transaction.atomic():
        live.bump(cup.pk, noted=True)
        written = live.current_stamp(cup.pk)
        live.bump(cup.pk, unless_bumped=True)  # the write's audit entry: its bump stands
        assert live.current_stamp(cup.pk) == written
        live.bump(cup.pk, unless_bumped=True)  # a second audit entry: the note covered one
        assert live.current_stamp(cup.pk) != written
    with transaction.atomic():
        try:
            with transaction.atomic():
                live.bump(cup.pk, noted=True)
                raise RuntimeError("the write is refused")
        except RuntimeError:
            pass
        before = live.current_stamp(cup.pk)
        live.bump(cup.pk, unless_bumped=True)
        assert live.current_stamp(cup.pk) != before


def test_standings_poll_answers_304_until_a_protocol_changes(client, cup, referee):
    url = reverse("reports:standings", args=[cup.slug])
    client.get(url)  # the first visit sets the CSRF cookie the page's forms need
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_a_304_does_no_scoring_work(client, cup, django_assert_max_num_queries):
    url = reverse("reports:projector", args=[cup.slug])
    etag = client.get(url)["ETag"]
    with django_assert_max_num_queries(2):  # the tournament, its stamp
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_projector_fragment_is_served_from_the_cache_between_changes(client, cup, referee,
                                                                    django_assert_max_num_queries):
    url = reverse("reports:projector", args=[cup.slug])
    first = client.get(url, HTTP_HX_REQUEST="true")
    with django_assert_max_num_queries(3):  # the tournament, its stamp, the cache row (database cache)
        second = client.get(url, HTTP_HX_REQUEST="true")
    assert second.status_code == 200
    assert second.content == first.content
    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    third = client.get(url, HTTP_HX_REQUEST="true")
    assert third["ETag"] != first["ETag"]


def test_dashboard_fragment_shows_the_new_score_after_a_deal(client, cup, referee):
    client.force_login(referee)
    url = reverse("referees:dashboard_tables", args=[cup.slug])
    first = client.get(url)
    assert first.status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    protocol = services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert f"{protocol.score_a} : {protocol.score_b}" in fresh.content.decode()


def test_the_dashboard_etag_belongs_to_the_user(client, cup, referee, django_user_model):
    client.force_login(referee)
    url = reverse("referees:dashboard_tables", args=[cup.slug])
    etag = client.get(url)["ETag"]
    other = django_user_model.objects.create_user("judge2", password="x")
    TournamentRole.objects.create(tournament=cup, user=other, role=RoleKind.REFEREE, tables=[2])
    client.force_login(other)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert 'id="table-1"' not in response.content.decode()


@pytest.mark.parametrize("page", ["referees:dashboard_tables", "referees:dashboard"])
def test_a_refused_user_never_gets_304_or_an_etag(client, cup, referee, django_user_model, page):
    """The tables fragment and the overview page alike."""
    client.force_login(referee)
    url = reverse(page, args=[cup.slug])
    etag = client.get(url)["ETag"]
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 403
    assert not response.has_header("ETag")


def test_an_unpublished_tournament_is_not_answered_304(client, cup):
    url = reverse("reports:standings", args=[cup.slug])
    client.get(url)
    etag = client.get(url)["ETag"]
    cup.is_public = False
    cup.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404


def test_deleting_a_tournament_does_not_fail_on_its_version_row(cup, referee):
    services.record_deal(referee, partie_of(cup), DEAL, expected_version=0)
    cup.rounds.all().delete()
    cup.delete()
    assert not DataVersion.objects.filter(tournament_id=cup.pk).exists()


# --- the whole round overview page and the cross table ---------------------------------------------

def _finish_and_sign(referee, partie):
    """The RULES.md §8 partie (47 : 35), signed by the referee alone (he attests the paper sheet)."""
    from tests.referees.conftest import DEALS as SECTION_8

    for version, deal in enumerate(SECTION_8):
        services.record_deal(referee, partie, deal, expected_version=version)
    return services.sign_protocol(referee, partie, role="referee", expected_version=len(SECTION_8))


def _touches(ctx, *tables):
    return [q["sql"] for q in ctx.captured_queries if any(f'"{t}"' in q["sql"] for t in tables)]


def test_the_overview_page_answers_304_without_reading_the_tables(client, cup, referee):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(referee)
    url = reverse("referees:dashboard", args=[cup.slug])
    client.get(url)  # the first visit sets the CSRF cookie the page's forms need
    first = client.get(url)
    assert first.status_code == 200 and 'id="tables"' in first.content.decode()
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert not _touches(ctx, "tournaments_partie", "scoring_protocol", "tournaments_round")
    assert len(ctx.captured_queries) <= 6  # session, user, tournament, role, data version, devices' queues


def test_a_signed_protocol_changes_the_overview_etag(client, django_user_model):
    cup = make_tournament(4, signing_method="referee_attests")
    make_round(cup, 1, [(1, 2), (3, 4)])
    referee = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    url = reverse("referees:dashboard", args=[cup.slug]) + "?round=1"
    client.get(url)
    before = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    _finish_and_sign(referee, partie_of(cup))
    signed = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert signed.status_code == 200 and signed["ETag"] != before["ETag"]
    assert 'class="table-state state-signed" id="table-1"' in signed.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=signed["ETag"]).status_code == 304


def test_the_cross_table_answers_304_without_scoring_work(client, cup):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cup.is_public = True
    cup.save()
    url = reverse("reports:crosstable", args=[cup.slug])
    client.get(url)  # the first visit sets the CSRF cookie the page's forms need
    first = client.get(url)
    assert first.status_code == 200 and "no-cache" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert not _touches(ctx, "scoring_protocol", "tournaments_partie", "tournaments_pair")
    assert len(ctx.captured_queries) <= 2  # the tournament, its data version


def test_a_signed_protocol_changes_the_cross_table(client, django_user_model):
    cup = make_tournament(4, signing_method="referee_attests", is_public=True)
    make_round(cup, 1, [(1, 2), (3, 4)])
    referee = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    url = reverse("reports:crosstable", args=[cup.slug])
    client.get(url)
    before = client.get(url)
    protocol = _finish_and_sign(referee, partie_of(cup))
    assert protocol.is_locked
    score = f"{protocol.score_a}:{protocol.score_b}"
    assert score not in before.content.decode()
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert score in after.content.decode()  # pair 1's cell of round 1
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
