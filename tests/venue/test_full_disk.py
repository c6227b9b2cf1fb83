"""A full disk: reading never writes, a cache that cannot be written is a miss, a refused write says so.

The full disk is simulated where the writes happen: every INSERT, UPDATE or DELETE answers SQLite's
"database or disk is full", and the file cache cannot create its file (ENOSPC).
"""
import errno
from collections import namedtuple
from unittest import mock

import pytest
from django.core.cache.backends import filebased
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from core import error_pages
from referees import selectors
from scoring import live, services
from scoring.models import DataVersion, Protocol
from tests.referees.conftest import DEALS, fast_password_hasher, table  # noqa: F401  (fixtures)
from tests.site_log import site_log

pytestmark = pytest.mark.django_db

WRITES = ("insert", "update", "delete", "replace")
DEAL_POST = {"n": 1, "version": 0, "result": "domino", "out": "A1", "hand_A2": "14", "tiles_B1": "0-0",
             "hand_B2": "23"}


def refuse_writes(execute, sql, params, many, context):
    if sql.lstrip().lower().startswith(WRITES):
        raise OperationalError("database or disk is full")
    return execute(sql, params, many, context)


def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def full_disk():
    with connection.execute_wrapper(refuse_writes), mock.patch.object(filebased.tempfile, "mkstemp", no_space):
        yield


@pytest.fixture
def referee(client, table):  # noqa: F811
    client.force_login(table.referee)
    return client


def test_opening_a_table_writes_nothing_and_the_first_write_creates_its_protocol(referee, table):  # noqa: F811
    services.give_remark(table.referee, table.earlier_partie, deal=1, seat="A1", reason="time",
                         expected_version=0)  # pair 3 sits on side A of both parties
    response = referee.get(reverse("referees:partie", args=[table.partie.pk]))
    assert response.status_code == 200
    assert not Protocol.objects.filter(partie=table.partie).exists()
    shown = selectors.load_protocol(table.partie)
    assert (shown.prior_remarks_a, shown.prior_remarks_b, shown.version) == (1, 0, 0)
    assert list(shown.deals.all()) == [] and shown.deals.count() == 0

    assert referee.post(reverse("referees:deal_save", args=[table.partie.pk]), DEAL_POST).status_code == 302
    protocol = Protocol.objects.get(partie=table.partie)
    assert (protocol.prior_remarks_a, protocol.version, protocol.deals.count()) == (1, 1, 1)


def test_read_only_pages_answer_on_a_full_disk(referee, table, full_disk):  # noqa: F811
    slug = table.tournament.slug
    pages = [reverse("referees:partie", args=[table.partie.pk]), reverse("referees:dashboard", args=[slug]),
             reverse("referees:dashboard_tables", args=[slug]),
             reverse("reports:standings", args=[slug]), reverse("reports:crosstable", args=[slug]),
             reverse("reports:projector", args=[slug]), reverse("tournaments:pairings", args=[slug, 2])]
    for url in pages:
        for _ in range(2):  # the second time is when a cache written the first time would be read
            response = referee.get(url)
            assert response.status_code == 200, url
    anonymous = Client()
    assert anonymous.get(reverse("reports:standings", args=[slug])).status_code == 200


def test_a_write_on_a_full_disk_says_so_in_one_log_line(referee, table, full_disk):  # noqa: F811
    with site_log() as log:
        response = referee.post(reverse("referees:deal_save", args=[table.partie.pk]), DEAL_POST)
    assert response.status_code == error_pages.DISK_FULL_STATUS
    page = response.content.decode()
    assert "Диск сервера заполнен" in page and "ничего не потеряно" in page
    assert "могло не сохраниться" not in page
    lines = log.getvalue().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("disk full: POST /referee/partie/"), lines
    assert "database or disk is full" in lines[0]


def test_a_cache_that_cannot_be_read_or_written_is_a_miss():
    class Broken:
        def get(self, key, default=None):
            raise OSError(errno.EIO, "Input/output error")

        def set(self, key, value, timeout):
            raise OSError(errno.ENOSPC, "No space left on device")

    cache = live.SafeCache(Broken())
    assert cache.get("live:x") is None
    assert cache.set("live:x", b"page") is False


def test_the_data_version_is_read_without_writing(table):  # noqa: F811
    DataVersion.objects.filter(tournament=table.tournament).delete()
    first, second = live.current_stamp(table.tournament.pk), live.current_stamp(table.tournament.pk)
    assert first != second  # a stamp for each request, cached nowhere
    assert not DataVersion.objects.filter(tournament=table.tournament).exists()
    assert live.cache.set(f"live:{first}-page", b"x") is False


Usage = namedtuple("Usage", "total used free")


@pytest.mark.parametrize("free_mb, warned", [(120, True), (20_000, False)])
def test_the_organizer_is_warned_when_free_space_runs_low(client, table, free_mb, warned):  # noqa: F811
    client.force_login(table.organizer)
    usage = Usage(100_000 * 2**20, 0, free_mb * 2**20)
    with mock.patch("core.disk.shutil.disk_usage", return_value=usage):
        page = client.get(reverse("tournaments:manage", args=[table.tournament.slug])).content.decode()
    assert ('id="disk-warning"' in page) is warned
    if warned:
        assert "На диске сервера осталось 120 МБ" in page


def test_the_referees_pages_are_not_stored(referee, table):  # noqa: F811
    response = referee.get(reverse("referees:partie", args=[table.partie.pk]))
    assert "no-store" in response["Cache-Control"]
    response = referee.get(reverse("reports:standings", args=[table.tournament.slug]))
    assert "no-store" not in response.get("Cache-Control", "")
    polled = referee.get(reverse("referees:dashboard_tables", args=[table.tournament.slug]))
    assert polled.has_header("ETag") and "no-store" not in polled["Cache-Control"]
    again = referee.get(reverse("referees:dashboard_tables", args=[table.tournament.slug]),
                        HTTP_IF_NONE_MATCH=polled["ETag"])
    assert again.status_code == 304
