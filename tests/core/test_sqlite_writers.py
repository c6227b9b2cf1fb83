"""On SQLite a transaction's writer takes the file lock ``<database>.writers`` first (core.sqlite): the writers
queue there, and each goes on as soon as the one before lets go, at its commit or its rollback."""
import datetime
import fcntl
import threading
import time

import pytest
from django.db import connection, connections, transaction
from django.db.utils import OperationalError

from core.sqlite.base import DatabaseWrapper, wait_for_lock
from tournaments.models import Tournament

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite engine's own rule")


def _free(path) -> bool:
    """Whether another open file could take the writers' lock now."""
    with open(path, "a+b") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(other, fcntl.LOCK_UN)
        return True


def _eventually_free(path) -> bool:
    """Whether the lock is free within a few seconds (a helper thread may hold it for a moment)."""
    for _ in range(500):
        if _free(path):
            return True
        threading.Event().wait(0.01)
    return False


def _tournament(slug):
    return Tournament.objects.create(name=slug, slug=slug, start_date=datetime.date(2026, 12, 6))


def _lock_path():
    return f"{connection.settings_dict['NAME']}.writers"


def test_the_sites_sqlite_engine_queues_its_writers():
    assert isinstance(connections["default"], DatabaseWrapper)


@pytest.mark.django_db(transaction=True)
def test_a_transaction_holds_the_lock_until_its_commit_or_rollback():
    with transaction.atomic():
        _tournament("kubok")
        assert not _free(_lock_path())
    assert _free(_lock_path())
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        _tournament("kubok-2")
        assert not _free(_lock_path())
        1 / 0  # noqa: B018
    assert _free(_lock_path())
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["kubok"]


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
    threads[1].join(0.3)  # the second is waiting for the lock meanwhile
    assert order == []
    go_on.set()
    for t in threads:
        t.join(10)
    assert order == ["first commits", "second begins"]
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == ["first", "second"]


@pytest.mark.django_db(transaction=True)
def test_a_writer_waits_no_longer_than_the_databases_timeout():
    impatient = DatabaseWrapper({**connection.settings_dict, "OPTIONS": {
        **connection.settings_dict["OPTIONS"], "timeout": 0.2}}, alias="impatient")
    with open(_lock_path(), "a+b") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)
        try:
            with pytest.raises(OperationalError, match="database is locked"):
                impatient.ensure_connection()
                impatient._start_transaction_under_autocommit()
        finally:
            fcntl.flock(holder, fcntl.LOCK_UN)
            impatient.close()
    # the writer that gave up left its helper thread waiting: it takes the lock when it is let go and lets it go
    # at once — on a busy machine a moment later, so the lock is looked at until it is free (5 s at most)
    deadline = time.monotonic() + 5
    while not _free(_lock_path()) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _free(_lock_path())


@pytest.mark.django_db(transaction=True)
def test_a_writer_that_gave_up_leaves_the_lock_to_the_others_and_takes_it_again_later():
    """Its helper, still waiting when the writer gave up, lets the lock go as soon as it gets it; the writer's
    next transaction waits on another open file and holds the lock until its commit."""
    impatient = DatabaseWrapper({**connection.settings_dict, "OPTIONS": {
        **connection.settings_dict["OPTIONS"], "timeout": 0.2}}, alias="impatient")
    impatient.ensure_connection()
    abandoned = impatient._lock_file()
    try:
        with open(_lock_path(), "a+b") as holder:
            fcntl.flock(holder, fcntl.LOCK_EX)
            with pytest.raises(OperationalError, match="database is locked"):
                impatient._start_transaction_under_autocommit()
            assert abandoned.closed and not impatient._holding
            fcntl.flock(holder, fcntl.LOCK_UN)
        assert _eventually_free(_lock_path())  # the helper takes the lock and lets it go
        impatient._start_transaction_under_autocommit()
        assert impatient._holding and not _free(_lock_path())
        assert impatient._lock_file() is not abandoned
        impatient._rollback()
        assert _free(_lock_path())
    finally:
        impatient.close()


def test_a_writer_waiting_for_the_lock_gets_it_when_it_is_let_go(tmp_path):
    """The wait itself (``wait_for_lock``): no lock while another holds it, the lock once it is let go."""
    path = tmp_path / "db.writers"
    with open(path, "a+b") as holder, open(path, "a+b") as impatient, open(path, "a+b") as waiter:
        fcntl.flock(holder, fcntl.LOCK_EX)
        assert wait_for_lock(impatient, 0.05) is False  # its helper waits on, on that open file
        results = []
        thread = threading.Thread(target=lambda: results.append(wait_for_lock(waiter, 10)))
        thread.start()
        thread.join(0.2)
        assert results == []  # still waiting
        fcntl.flock(holder, fcntl.LOCK_UN)
        thread.join(10)
        assert results == [True] and not _free(path)
        fcntl.flock(waiter, fcntl.LOCK_UN)
        assert _eventually_free(path)  # the impatient one's helper, if it came second, let it go too


def test_a_database_in_memory_has_no_lock_file():
    memory = DatabaseWrapper({**connection.settings_dict, "NAME": ":memory:"}, alias="memory")
    assert memory._lock_file() is None
