"""make serve's HTTP server (config/server.py): granian running the site, as the hall needs it."""
import logging
import logging.config

import pytest

from config import server


def built(*args, environ=None):
    return server.build(server.options(list(args)), environ or {})


def test_the_site_runs_in_the_workers_and_threads_asked_for():
    s = built("--host", "127.0.0.1", "--port", "8123", "--workers", "8", "--threads", "2")
    assert (s.target, s.interface, s.bind_addr, s.bind_port) == ("config.wsgi:application", "wsgi", "127.0.0.1", 8123)
    assert (s.workers, s.blocking_threads) == (8, 2)
    assert s.http == "1" and s.websockets is False


def test_every_phone_of_a_big_hall_keeps_its_connection():
    """Each kept-alive connection holds a place in its worker. granian's own default shares its backlog out
    among the workers (128 each with eight): the 1,025th phone, and every referee after it, waited for a
    phone to leave. 2,000 phones on eight workers need 250 places a worker; each has a thousand."""
    s = built("--workers", "8")
    assert s.backpressure == server.CONNECTIONS_PER_WORKER >= 2000 // 8 * 2
    assert s.backpressure * s.workers >= 2000
    assert s.backlog == server.BACKLOG >= 1024


@pytest.mark.parametrize("seconds", [1, 20, 60])
def test_an_idle_connection_is_closed_after_the_keep_alive(seconds):
    s = built("--keep-alive", str(seconds))
    assert s.http1_settings.keep_alive is True
    assert s.http1_settings.header_read_timeout == seconds * 1000


def test_a_worker_that_dies_is_started_again_and_a_stopping_one_gets_time_to_finish():
    s = built()
    assert s.respawn_failed_workers is True
    assert s.workers_kill_timeout == server.GRACEFUL_SECONDS


@pytest.mark.parametrize("where", [None, ""])
def test_no_access_log_unless_asked(where):
    environ = {} if where is None else {"WEB_ACCESS_LOG": where}
    s = built(environ=environ)
    assert s.log_access is False and s.log_config is None


def test_the_access_log_goes_to_the_terminal_with_a_dash():
    s = built(environ={"WEB_ACCESS_LOG": "-"})
    assert s.log_access is True
    assert s.log_config["handlers"]["access"]["class"] == "logging.StreamHandler"


def test_the_access_log_goes_to_the_file_named(tmp_path):
    path = tmp_path / "access.log"
    s = built(environ={"WEB_ACCESS_LOG": str(path)})
    assert s.log_access is True
    handler = s.log_config["handlers"]["access"]
    assert (handler["class"], handler["filename"]) == ("logging.FileHandler", str(path))
    logging.config.dictConfig({**s.log_config, "disable_existing_loggers": False})
    try:
        logging.getLogger("granian.access").info("GET /t/x/standings/ 304")
    finally:  # granian's two loggers as they were: this process is not a server
        for name in ("granian.access", "_granian"):
            for h in logging.getLogger(name).handlers:
                h.close()
            logging.getLogger(name).handlers.clear()
    assert "GET /t/x/standings/ 304" in path.read_text()


def test_the_site_is_loaded_before_the_workers_fork_only_when_asked(monkeypatch):
    loaded = []
    monkeypatch.setattr(server.importlib, "import_module", loaded.append)
    assert server.preload({"WEB_WARM": "1"}) is True
    assert loaded == ["config.wsgi"]
    assert server.preload({}) is False and server.preload({"WEB_WARM": "0"}) is False
    assert loaded == ["config.wsgi"]


def test_main_preloads_then_serves(monkeypatch):
    steps = []

    class Started:
        def serve(self):
            steps.append("serve")

    monkeypatch.setattr(server, "preload", lambda environ: steps.append(("preload", environ.get("WEB_WARM"))))
    monkeypatch.setattr(server, "build", lambda o, environ: steps.append(("build", o.workers)) or Started())
    server.main(["--workers", "3"], {"WEB_WARM": "1"})
    assert steps == [("preload", "1"), ("build", 3), "serve"]
