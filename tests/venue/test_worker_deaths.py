"""The site outlives its workers: `manage.py serve` on a fresh data folder, its processes killed as a hall's
crashes would kill them, and the site answering again within 10 s each time (config/supervisor.py).

granian alone gave up after a worker and its replacement died within 5.5 s («Worker crash loop detected»),
and nothing started granian again when its own process died.
"""
import os
import signal
import time
from pathlib import Path

import pytest

from tests.venue.serving import answers, running_site, seconds_until_it_answers

ANSWER_WITHIN = 10.0


def children(pid) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def running(pid) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def granian(keeper_pid, timeout=30.0, *, not_=None) -> tuple[int, list[int]]:
    """(granian's main process, its workers) under the keeper, once every worker is there; with `not_`, a main
    process other than that one (a killed process stays in the list until the keeper has reaped it)."""
    deadline = time.monotonic() + timeout
    while True:
        mains = [pid for pid in children(keeper_pid) if pid != not_ and running(pid)]
        if mains:
            workers = children(mains[0])
            if len(workers) >= 2:
                return mains[0], workers
        assert time.monotonic() < deadline, "no granian under the keeper"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def keeper(tmp_path_factory):
    """One server for the module (its start is most of the time): the tests run in order, the last stops it."""
    with running_site(tmp_path_factory.mktemp("keeper"), workers=2) as (proc, port, log_path, _env):
        yield proc, port, log_path


def test_the_site_answers_again_after_any_number_of_worker_deaths(keeper):
    proc, port, log = keeper
    _main, workers = granian(proc.pid)
    os.kill(workers[0], signal.SIGKILL)
    time.sleep(2)
    _main, workers = granian(proc.pid)
    for pid in workers:  # the replacement too, within granian's 5.5 s: what made it give up
        os.kill(pid, signal.SIGKILL)
    assert seconds_until_it_answers(port, log) < ANSWER_WITHIN
    for _burst in range(4):
        _main, workers = granian(proc.pid)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
    assert seconds_until_it_answers(port, log) < ANSWER_WITHIN
    assert proc.poll() is None
    assert "Worker crash loop detected" not in log.read_text()  # granian started every worker again itself


def test_the_site_answers_again_after_the_server_process_dies(keeper):
    proc, port, log = keeper
    main, workers = granian(proc.pid)
    os.kill(main, signal.SIGKILL)
    start = time.monotonic()
    new_main, _workers = granian(proc.pid, timeout=ANSWER_WITHIN, not_=main)
    seconds_until_it_answers(port, log)
    assert time.monotonic() - start < ANSWER_WITHIN
    assert "starting it again" in log.read_text()  # the keeper did
    assert not any(running(pid) and pid not in children(new_main) for pid in workers), \
        "an orphaned worker of the killed server is still running"


def test_asked_to_stop_it_stops_and_is_not_started_again(keeper):
    proc, port, _log = keeper
    main, _workers = granian(proc.pid)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(40) == 0
    assert not running(main)
    time.sleep(1)
    assert not answers(port)
