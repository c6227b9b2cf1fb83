"""The site outlives its workers: `manage.py serve` on a fresh data folder, its processes killed as a hall's
crashes would kill them, and the site answering again within 10 s each time (config/supervisor.py).

granian alone gave up after a worker and its replacement died within 5.5 s («Worker crash loop detected»),
and nothing started granian again when its own process died.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.venue.test_serve_process import BASE, free_port, get

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


def answers(port) -> bool:
    try:
        return get(port, "/login/")[0].status == 200
    except OSError:
        return False


def seconds_until_it_answers(port, log, limit=60.0) -> float:
    start = time.monotonic()
    while not answers(port):
        assert time.monotonic() - start < limit, log.read_text()[-3000:]
        time.sleep(0.1)
    return time.monotonic() - start


def granian(keeper_pid, timeout=30.0) -> tuple[int, list[int]]:
    """(granian's main process, its workers) under the keeper, once every worker is there."""
    deadline = time.monotonic() + timeout
    while True:
        mains = children(keeper_pid)
        if mains:
            workers = children(mains[0])
            if len(workers) >= 2:
                return mains[0], workers
        assert time.monotonic() < deadline, "no granian under the keeper"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def keeper(tmp_path_factory):
    """One server for the module (its start is most of the time): the tests run in order, the last stops it."""
    tmp_path = tmp_path_factory.mktemp("keeper")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DOMINO_", "SITE_URL", "DATABASE_URL"))}
    env.update({"DOMINO_MODE": "serve", "DOMINO_DATA_DIR": str(tmp_path), "PORT": str(port),
                "DOMINO_ADMIN_USER": "olga", "DOMINO_ADMIN_PASSWORD": "Hall-laptop-2026"})
    log_path = tmp_path / "serve.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--workers", "2", "--threads", "1"], cwd=BASE, env=env, stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        seconds_until_it_answers(port, log_path, limit=180)
        yield proc, port, log_path
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(40)
            except subprocess.TimeoutExpired:
                proc.kill()


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
    assert seconds_until_it_answers(port, log) < ANSWER_WITHIN
    new_main, _workers = granian(proc.pid)
    assert new_main != main
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
