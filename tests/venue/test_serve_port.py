"""`make serve` after a crash: it waits (bounded) for a port an orphaned worker still holds, then serves."""
import socket
import threading
import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from config import wsgi
from core.ports import port_is_free
from events.management.commands import serve
from events.management.commands.serve import wait_for_port


def hold_port(seconds=None):
    """A listening socket on a free loopback port, as an orphaned worker holds it; closed after ``seconds``."""
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    if seconds is not None:
        timer = threading.Timer(seconds, holder.close)
        timer.start()
    return holder, port


def test_the_wait_ends_as_soon_as_the_port_is_freed():
    holder, port = hold_port(seconds=1.5)
    said = []
    try:
        assert not port_is_free("127.0.0.1", port)
        waited = wait_for_port("127.0.0.1", port, timeout=15, say=said.append, interval=0.1)
    finally:
        holder.close()
    assert 1.2 <= waited < 10
    assert port_is_free("127.0.0.1", port)
    assert len(said) == 1 and f"Port {port} on 127.0.0.1 is in use" in said[0] and "15 s" in said[0]


def test_the_wait_is_bounded_and_says_what_to_do():
    holder, port = hold_port()
    try:
        start = time.monotonic()
        with pytest.raises(CommandError) as err:
            wait_for_port("127.0.0.1", port, timeout=1, say=lambda _m: None, interval=0.1)
        assert 0.9 <= time.monotonic() - start < 5
    finally:
        holder.close()
    message = str(err.value)
    assert f"Port {port} on 127.0.0.1 is still in use after 1 s" in message and "ss -ltnp" in message


def test_every_address_counts_a_port_held_on_loopback():
    holder, port = hold_port()
    try:
        assert not port_is_free("0.0.0.0", port)
    finally:
        holder.close()


def test_a_free_port_is_not_waited_for():
    holder, port = hold_port()
    holder.close()
    said = []
    assert wait_for_port("127.0.0.1", port, timeout=5, say=said.append) < 0.5
    assert said == []


@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_serve_does_not_start_the_server_while_the_port_is_held(monkeypatch, capsys):
    started = []
    monkeypatch.setattr(serve.Command, "exec_server", lambda self, o: started.append(o["port"]))
    holder, port = hold_port()
    try:
        with pytest.raises(CommandError, match="still in use after 0.5 s"):
            call_command("serve", "--no-migrate", "--no-static", "--host", "127.0.0.1", "--port", str(port),
                         "--port-wait", "0.5")
        assert started == []
    finally:
        holder.close()
    call_command("serve", "--no-migrate", "--no-static", "--host", "127.0.0.1", "--port", str(port))
    assert started == [str(port)]


def _capture_exec(monkeypatch):
    """The server's start replaced: the (argv, environment) it would have been given, in a list."""
    execs = []
    monkeypatch.setattr(serve.os, "execve", lambda path, argv, env: execs.append((argv, env)))
    monkeypatch.setattr(serve.os, "chdir", lambda path: None)
    return execs


def _serve(monkeypatch, *args):
    """``manage.py serve`` on a free port up to the server's start: (argv, environment) it gives the server."""
    execs = _capture_exec(monkeypatch)
    holder, port = hold_port()
    holder.close()
    call_command("serve", "--no-migrate", "--no-static", "--host", "127.0.0.1", "--port", str(port), *args)
    assert len(execs) == 1
    return execs[0]


@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_serve_becomes_the_keeper_of_the_server_with_its_options(monkeypatch):
    keeper, env = _serve(monkeypatch, "--workers", "3", "--threads", "4", "--keep-alive", "15")
    assert keeper[1:3] == ["-m", "config.supervisor"]
    argv = keeper[keeper.index("--") + 1:]
    assert dict(zip(keeper[3:keeper.index("--"):2], keeper[4:keeper.index("--"):2])) == {
        "--host": "127.0.0.1", "--port": dict(zip(argv[3::2], argv[4::2]))["--port"]}
    assert argv[1:3] == ["-m", "config.server"]
    given = dict(zip(argv[3::2], argv[4::2]))
    assert given == {"--host": "127.0.0.1", "--port": given["--port"], "--workers": "3", "--threads": "4",
                     "--keep-alive": "15"}
    assert int(given["--port"]) > 0


@pytest.mark.django_db
@override_settings(DEBUG=False)
@pytest.mark.parametrize("name, value, message", [
    ("WEB_WORKERS", "abc", "invalid int value"), ("WEB_WORKERS", "0", "WEB_WORKERS"),
    ("WEB_WORKERS", "65", "WEB_WORKERS"), ("WEB_THREADS", "2.5", "invalid int value"),
    ("WEB_THREADS", "0", "WEB_THREADS"), ("WEB_KEEPALIVE", "twenty", "invalid int value"),
    ("WEB_KEEPALIVE", "0", "WEB_KEEPALIVE"), ("DOMINO_PORT_WAIT", "soon", "invalid float value"),
])
def test_a_wrong_setting_in_the_environment_is_refused_with_a_message(monkeypatch, name, value, message):
    monkeypatch.setenv(name, value)
    monkeypatch.setattr(serve.os, "execve", lambda path, argv, env: pytest.fail("the server started"))
    with pytest.raises(CommandError, match=message):
        call_command("serve", "--no-migrate", "--no-static")


@pytest.mark.django_db
@override_settings(DEBUG=False)
@pytest.mark.parametrize("given", ["0", "61", "-5"])
def test_a_keep_alive_out_of_bounds_is_refused_with_its_name(monkeypatch, given):
    monkeypatch.setattr(serve.os, "execve", lambda path, argv, env: pytest.fail("the server started"))
    with pytest.raises(CommandError, match="WEB_KEEPALIVE"):
        call_command("serve", "--no-migrate", "--no-static", "--keep-alive", given)


@pytest.mark.django_db
@override_settings(DEBUG=False)
@pytest.mark.parametrize("given, expected", [(None, "1"), ("0.5", "0.5"), ("5", "5")])
def test_the_workers_switch_threads_every_millisecond_unless_told(monkeypatch, given, expected):
    """make serve hands WEB_SWITCH_INTERVAL_MS (1 ms unless set) to every worker, which applies it on start."""
    if given is None:
        monkeypatch.delenv("WEB_SWITCH_INTERVAL_MS", raising=False)
    else:
        monkeypatch.setenv("WEB_SWITCH_INTERVAL_MS", given)
    monkeypatch.delenv("WEB_WARM", raising=False)
    argv, env = _serve(monkeypatch)
    assert env["WEB_SWITCH_INTERVAL_MS"] == expected
    # the site loaded once in the server's first process before the workers fork (config/server.py, core.warm)
    assert env["WEB_WARM"] == "1"
    assert "WEB_WARM" not in serve.os.environ  # the server's environment, not this process's

    applied = []
    monkeypatch.setattr(wsgi.sys, "setswitchinterval", applied.append)
    wsgi.switch_threads(env)
    assert applied == [float(expected) / 1000]
    wsgi.switch_threads({})  # not set (make run, the tests): Python's own interval stays
    assert applied == [float(expected) / 1000]


@pytest.mark.django_db
@override_settings(DEBUG=False)
@pytest.mark.parametrize("given, message", [("0", "WEB_SWITCH_INTERVAL_MS"), ("-1", "WEB_SWITCH_INTERVAL_MS"),
                                            ("1000", "WEB_SWITCH_INTERVAL_MS"), ("nan", "WEB_SWITCH_INTERVAL_MS"),
                                            ("abc", "invalid float value")])
def test_a_switch_interval_out_of_bounds_is_refused_with_its_name(monkeypatch, given, message):
    monkeypatch.setattr(serve.os, "execve", lambda path, argv, env: pytest.fail("the server started"))
    with pytest.raises(CommandError, match=message):
        call_command("serve", "--no-migrate", "--no-static", "--switch-interval-ms", given)


@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_the_preload_can_be_turned_off(monkeypatch):
    """WEB_PRELOAD=0: each worker loads the site itself on its first requests, as Django does by itself."""
    monkeypatch.setenv("WEB_PRELOAD", "0")
    monkeypatch.delenv("WEB_WARM", raising=False)
    argv, env = _serve(monkeypatch)
    assert "WEB_WARM" not in env
