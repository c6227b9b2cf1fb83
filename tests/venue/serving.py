"""`manage.py serve` for the tests that need the real thing: a fresh data folder, the first organizer «olga», a free
port, and the site waited for until its login page answers; stopped (SIGTERM, then SIGKILL) when the test is done."""
import contextlib
import os
import subprocess
import sys
import time

from tests.venue.test_serve_process import BASE, free_port, get

ORGANIZER, PASSWORD = "olga", "Hall-laptop-2026"


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


def serve_env(data_dir, port, **extra) -> dict:
    """The environment `make serve` runs in (production mode), without the caller's site settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DOMINO_", "SITE_URL", "DATABASE_URL"))}
    env.update({"DOMINO_MODE": "serve", "DOMINO_DATA_DIR": str(data_dir), "PORT": str(port),
                "DOMINO_ADMIN_USER": ORGANIZER, "DOMINO_ADMIN_PASSWORD": PASSWORD, **extra})
    return env


@contextlib.contextmanager
def running_site(data_dir, *, workers, threads=1, **extra_env):
    """(the serve process, its port, its log file, its environment) while the site answers."""
    port = free_port()
    env = serve_env(data_dir, port, **extra_env)
    log_path = data_dir / "serve.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--workers", str(workers), "--threads", str(threads)], cwd=BASE, env=env,
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        seconds_until_it_answers(port, log_path, limit=180)
        yield proc, port, log_path, env
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(40)
            except subprocess.TimeoutExpired:
                proc.kill()
