"""The servers of the load test (bench/load_test.py): ``manage.py serve`` in production mode on loopback, one or
two for a setup, the children that prepare and check the database in the servers' environment (load_test.py's
sub-commands ``_prepare`` and ``_verify``), and a throw-away PostgreSQL."""
from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
PY = sys.executable
LOAD_TEST = Path(__file__).with_name("load_test.py")  # the children run its sub-commands


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Setup:
    def __init__(self, name, env, servers):
        self.name, self.env, self.servers, self.procs = name, env, servers, []

    def child(self, *argv, timeout=600):
        out = subprocess.run([PY, str(LOAD_TEST), *argv], env=self.env, cwd=BASE, capture_output=True, text=True,
                             timeout=timeout)
        if out.returncode:
            raise SystemExit(f"{self.name}: {' '.join(argv)} failed:\n{out.stderr[-3000:]}")
        return json.loads(out.stdout.strip().splitlines()[-1])

    def start(self, workers, threads):
        subprocess.run([PY, "manage.py", "serve", "--prepare-only"], env=self.env, cwd=BASE, check=True,
                       stdout=subprocess.DEVNULL)
        for port in self.servers:
            log = open(Path(self.env["DOMINO_DATA_DIR"]) / f"server-{port}.log", "w")
            self.procs.append(subprocess.Popen(
                [PY, "manage.py", "serve", "--no-migrate", "--no-static", "--host", "127.0.0.1", "--port", str(port),
                 "--workers", str(workers), "--threads", str(threads)],
                env=self.env, cwd=BASE, stdout=log, stderr=subprocess.STDOUT))
        for port in self.servers:
            deadline = time.time() + 60
            while time.time() < deadline:
                try:
                    c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                    c.request("GET", "/login/")
                    if c.getresponse().status == 200:
                        break
                except OSError:
                    time.sleep(0.3)
            else:
                raise SystemExit(f"{self.name}: the server on port {port} did not start")

    def stop(self):
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()


def start_postgres():
    """A throw-away PostgreSQL on loopback (as .ci/run does); returns (url, stop)."""
    pgbin = next((Path(d) for d in ["/usr/local/bin", *sorted(Path("/usr/lib/postgresql").glob("*/bin"))]
                  if (Path(d) / "initdb").exists()), None)
    if pgbin is None:
        raise SystemExit("PostgreSQL server binaries not found")
    tmp = Path(tempfile.mkdtemp(prefix="domino-load-pg."))
    runas = []
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
        runas = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*runas, pgbin / "initdb", "-D", tmp / "data", "-U", "domino", "--auth=trust", "-E", "UTF8"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*runas, pgbin / "pg_ctl", "-D", tmp / "data", "-l", tmp / "log", "-w", "-o",
                    f"-h 127.0.0.1 -p {port} -k {tmp} -c max_connections=300", "start"], check=True,
                   stdout=subprocess.DEVNULL)

    def stop():
        subprocess.run([*runas, pgbin / "pg_ctl", "-D", tmp / "data", "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)

    return f"postgres://domino@127.0.0.1:{port}/postgres", stop
