"""On SQLite the site runs Django's own engine with its documented options: WAL, transactions that begin
IMMEDIATE, and a busy timeout, so that a second writer waits for the first's commit instead of failing with
"database is locked", and both are written."""
import datetime
import threading

import pytest
from django.db import connection, transaction

from tournaments.models import Tournament

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite engine's own rule")


def _tournament(slug):
    return Tournament.objects.create(name=slug, slug=slug, start_date=datetime.date(2026, 12, 6))


def test_the_sites_sqlite_is_djangos_engine_with_immediate_transactions_and_a_timeout():
    settings_dict = connection.settings_dict
    assert settings_dict["ENGINE"] == "django.db.backends.sqlite3"
    assert settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert settings_dict["OPTIONS"]["timeout"] >= 20
    assert "journal_mode=WAL" in settings_dict["OPTIONS"]["init_command"]


@pytest.mark.django_db(transaction=True)
def test_a_second_writer_goes_on_when_the_first_commits_and_both_are_written():
    order, inside = [], threading.Event()
    go_on = threading.Event()

    def first():
        with transaction.atomic():
            _tournament("first")
            inside.set()
            go_on.wait(10)
            order.append("first commits")
        connection.close()

    def second():
        inside.wait(10)
        with transaction.atomic():
            order.append("second begins")
            _tournament("second")
        connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    inside.wait(10)
    threads[1].join(0.3)  # the second is waiting for the write lock meanwhile
    assert order == []
    go_on.set()
    for t in threads:
        t.join(10)
    assert order == ["first commits", "second begins"]
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == ["first", "second"]
