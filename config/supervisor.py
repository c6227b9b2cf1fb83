"""``make serve``'s keeper: starts the HTTP server (config/server.py) and starts it again whenever it stops
without being asked to.

granian itself starts a worker that dies again, but it gives up — «Worker crash loop detected, exiting», the
port closed — when a worker it has just started dies within 5.5 s; and nothing starts granian's own process
again if that one is killed. So ``manage.py serve`` becomes this keeper (``python -m config.supervisor --
<server command>``), a small process without Django: it runs the server in a session of its own, and when the
server's process ends while nobody asked it to stop, it kills what is left of that session (workers orphaned by
a killed server would hold the port), waits for the port, and starts the server again — at once the first time,
then after 1, 2, 4 and at most 5 s while it keeps failing; a server that ran a minute is forgiven its past
failures. SIGTERM, SIGINT or SIGHUP to the keeper is passed on to the server, which finishes its requests
(``config.server.GRACEFUL_SECONDS``), and the keeper then exits with the server's status.

If the keeper itself is killed, the systemd unit of docs/deploy.md starts ``make serve`` again.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from core.ports import port_is_free

# Seconds to wait before each restart in a row; a server that ran FORGIVE_AFTER seconds starts the list again.
BACKOFF = (0.0, 1.0, 2.0, 4.0, 5.0)
FORGIVE_AFTER = 60.0
# Seconds the server has to stop after it is asked (its workers' GRACEFUL_SECONDS and a margin).
STOP_SECONDS = 30.0
PORT_WAIT = 30.0


def _kill_session(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class Keeper:
    """Runs ``command`` until asked to stop; ``host``/``port``: where it listens (waited for before a restart)."""

    def __init__(self, command, *, host=None, port=None, say=None, sleep=time.sleep):
        self.command, self.host, self.port = list(command), host, port
        self.say = say or (lambda text: print(f"[keeper] {text}", file=sys.stderr, flush=True))
        self.sleep = sleep
        self.stop_asked_at: float | None = None
        self.child: subprocess.Popen | None = None

    def ask_to_stop(self, signum, _frame=None) -> None:
        if self.stop_asked_at is None:
            self.stop_asked_at = time.monotonic()
        if self.child is not None and self.child.poll() is None:
            self.child.send_signal(signal.SIGTERM if signum == signal.SIGHUP else signum)

    @property
    def stopping(self) -> bool:
        return self.stop_asked_at is not None

    def run_once(self) -> int:
        """Start the server, wait until its process ends, clear its session; its exit status."""
        self.child = subprocess.Popen(self.command, start_new_session=True)
        try:
            while True:
                try:
                    return self.child.wait(0.5)
                except subprocess.TimeoutExpired:
                    if self.stopping and time.monotonic() - self.stop_asked_at > STOP_SECONDS:
                        _kill_session(self.child.pid)
        finally:
            _kill_session(self.child.pid)

    def _wait_for_port(self) -> None:
        if self.port is None:
            return
        deadline = time.monotonic() + PORT_WAIT
        while not port_is_free(self.host, self.port) and time.monotonic() < deadline and not self.stopping:
            self.sleep(0.1)

    def run(self) -> int:
        failures = 0
        while True:
            started = time.monotonic()
            status = self.run_once()
            if self.stopping:
                return status
            if time.monotonic() - started >= FORGIVE_AFTER:
                failures = 0
            delay = BACKOFF[min(failures, len(BACKOFF) - 1)]
            failures += 1
            self.say(f"the server stopped (status {status}) without being asked: starting it again"
                     + (f" in {delay:g} s" if delay else ""))
            self.sleep(delay)
            self._wait_for_port()
            if self.stopping:
                return status


def main(argv=None) -> int:
    """``python -m config.supervisor [--host H --port P] -- <server command>``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1:]
    named = dict(zip(options[::2], options[1::2]))
    keeper = Keeper(command, host=named.get("--host"), port=named.get("--port"))
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, keeper.ask_to_stop)
    status = keeper.run()
    return 128 - status if status < 0 else status  # killed by a signal: as a shell reports it


if __name__ == "__main__":
    sys.exit(main())
