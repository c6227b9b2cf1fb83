"""Killed server processes while a hall enters its deals: how long the site is away, and whether a deal is lost.

Starts ``manage.py serve`` in production mode on a fresh SQLite data folder, as bench/load_test.py does
(bench/load_servers.py): the keeper (config/supervisor.py) runs granian (config/server.py), whose main process
forks the workers. ``--tables`` referees then enter their parties through the real pages (bench/load_devices.py)
at a hall's pace: each table sits down within the first ``--think`` seconds and plays each deal ``--think`` s
± 20 % before entering it; a partie has four deals, so the entry lasts about five times ``--think``. Meanwhile
a killer, one event after the other:

1. ``kill -9`` of a granian worker, then, 5 s later, of the worker granian started in its place: a worker
   that dies within 5.5 s of its start is a crash loop to granian, which exits; the keeper starts it again;
2. a burst of ``kill -9`` of workers (``BURST_KILLS`` within ``BURST_SECONDS``), whichever are alive at
   each moment, fresh ones included;
3. ``kill -9`` of granian's main process (the keeper clears its session and starts it again).

The processes are found from the keeper's pid (``/proc/<pid>/task/<pid>/children``). A prober asks for
``/login/`` every 0.1 s on a new connection throughout; for each kill: the seconds until the site answered
200 again after the last failed probe that followed it (or, when no probe failed, the first answer).

A referee's device that meets a connection error (or a 5xx answer) does what the table page does
(static/referees/offline.js): it keeps the entry and sends the very same form — the same one-time key, the
same fields — again, every ``RETRY_SECONDS``, until the server answers; nothing typed is dropped. At the end
the database is compared with what was typed: load_test.py's ``_verify`` (every table's deals and totals
against the engine's score of what the devices saw saved) and, deal by deal, what each table typed against
what is stored (lost: a typed deal not stored as typed; doubled: a stored deal that repeats another typed
deal, or one more than the table typed).

Printed: a row per event (the deals first sent from its first kill until the next event's first kill), what
the site did in between, and each kill. Figures only; nothing about time is asserted (the exit status is 1
when a deal is lost or doubled, or a table differs from what its device saw saved).

    .venv/bin/python bench/worker_deaths.py                       # 16 tables, think 12 s: about two minutes
    .venv/bin/python bench/worker_deaths.py --tables 32 --think 8 --seed 3
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from load_devices import Device, Stats, play_table
from load_servers import BASE, PY, Setup, free_port
from load_test import _django

sys.path.insert(0, str(BASE))

PROBE_EVERY = 0.1  # seconds between two probes of /login/
PROBE_TIMEOUT = 1.0  # a probe unanswered this long is a failure
STABLE_SECONDS = 3.0  # the site answered every probe this long after an event's last kill: the next event may come
GIVE_UP_SECONDS = 60.0  # an event whose site does not answer this long: the run goes on, the event is reported
RETRY_SECONDS = 1.0  # a device's pause before sending an unanswered entry again (the page: at each sign of a network)
SEND_SECONDS = 15.0  # a send that hangs is given up and tried again (offline.js: SEND_MS)
DEVICE_GIVES_UP = 180.0  # a device that had no answer this long stops trying (reported: «gave up»)
REPLACEMENT_AFTER = 5.0  # seconds between a worker's kill and the kill of its replacement (granian's limit: 5.5)
BURST_KILLS, BURST_SECONDS = 10, 8.0
GAP_SECONDS = 2.0  # between two events, once the site is stable
WITHIN_SECONDS = 10.0  # the site answers again within this after a kill, or it is reported as a defect


# --- child side: the deals stored -------------------------------------------------------------------

def recorded(args):
    """Every listed table's stored deals, in order (``{partie: [deal, ...]}``)."""
    _django()
    from scoring.models import Protocol

    parties = [int(p) for p in args.parties.split(",") if p]
    stored = {str(p): [] for p in parties}
    for protocol in Protocol.objects.filter(partie_id__in=parties).prefetch_related("deals"):
        stored[str(protocol.partie_id)] = [d.to_json() for d in protocol.deals.all()]
    print(json.dumps(stored))


# --- the processes -----------------------------------------------------------------------------------

def children(pid) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (OSError, ValueError):
        return []


def granian_main(keeper) -> int | None:
    kids = children(keeper)
    return kids[0] if kids else None


def granian_workers(keeper) -> list[int]:
    main = granian_main(keeper)
    return children(main) if main else []


def kill(pid) -> bool:
    try:
        os.kill(pid, signal.SIGKILL)
        return True
    except ProcessLookupError:
        return False


# --- the prober --------------------------------------------------------------------------------------

class Prober(threading.Thread):
    """``GET /login/`` on a new connection every ``PROBE_EVERY`` s: (sent at, answered at, 200 or not)."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.samples, self.lock, self.done = port, [], threading.Lock(), threading.Event()

    def probe(self) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PROBE_TIMEOUT)
        try:
            conn.request("GET", "/login/")
            response = conn.getresponse()
            response.read()
            return response.status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            conn.close()

    def run(self):
        while not self.done.is_set():
            sent = time.monotonic()
            ok = self.probe()
            with self.lock:
                self.samples.append((sent, time.monotonic(), ok))
            self.done.wait(max(0.0, PROBE_EVERY - (time.monotonic() - sent)))

    def since(self, moment):
        with self.lock:
            return [s for s in self.samples if s[0] >= moment]

    def stable_after(self, moment) -> bool:
        """Every probe sent after ``moment`` and after the last failure was answered, for ``STABLE_SECONDS``."""
        samples = self.since(moment)
        failures = [s for s in samples if not s[2]]
        start = max(moment, failures[-1][1]) if failures else moment
        after = [s for s in samples if s[0] >= start]
        return bool(after) and after[-1][1] - start >= STABLE_SECONDS

    def answered_again(self, kill_at, until) -> tuple[float | None, bool]:
        """Seconds from ``kill_at`` until the first 200 after the last probe failed that was sent before
        ``until`` (none failed: the first 200); whether a probe failed at all."""
        samples = self.since(kill_at)
        failures = [s for s in samples if not s[2] and s[0] < until]
        start = failures[-1][0] if failures else kill_at
        ok = next((s for s in samples if s[2] and s[0] >= start), None)
        return (None if ok is None else ok[1] - kill_at), bool(failures)


class TreeWatch(threading.Thread):
    """granian's main process and its workers, every 20 ms: the moments either changed."""

    def __init__(self, keeper):
        super().__init__(daemon=True)
        self.keeper, self.changes, self.done = keeper, [], threading.Event()

    def run(self):
        last = None
        while not self.done.is_set():
            main = granian_main(self.keeper)
            now = (main, frozenset(children(main)) if main else frozenset())
            if now != last:
                self.changes.append((time.monotonic(), *now))
                last = now
            self.done.wait(0.02)

    def after(self, kill_at, killed, main_at_kill, workers, until):
        """Seconds from ``kill_at`` until: granian's main process was gone, a new one ran, its first worker ran,
        ``workers`` workers ran without the one killed (None: not before ``until``)."""
        changes = [c for c in self.changes if kill_at <= c[0] < until]
        gone = next((t for t, main, _ in changes if main != main_at_kill), None)
        new = next((t for t, main, _ in changes if main not in (None, main_at_kill)), None)
        first = next((t for t, main, alive in changes if main not in (None, main_at_kill) and alive), None)
        full = next((t for t, main, alive in changes if main not in (None, killed) and killed not in alive
                     and len(alive) >= workers), None)
        return [None if t is None else t - kill_at for t in (gone, new, first, full)]


# --- the referees' devices ---------------------------------------------------------------------------

class Book:
    """What the devices typed, what the server accepted, and the errors they met (with when)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.typed = {}  # (partie, n) -> (first sent at, deal)
        self.accepted = set()
        self.errors, self.retries = [], []  # (when, what) / when
        self.repeats, self.gave_up = 0, []

    def type(self, partie, deal):
        with self.lock:
            self.typed.setdefault((str(partie), deal["n"]), (time.monotonic(), deal))


class PatientDevice(Device):
    """A load-test device that, like the table page, sends the same request again until the server answers."""

    def __init__(self, port, stats, session, book):
        self.book = book
        super().__init__(port, stats, session)
        self.conn.timeout = SEND_SECONDS

    def request(self, method, path, body=None, what="", extra=None):
        first = time.monotonic()
        while True:
            try:
                status, data, location = super().request(method, path, body, what, extra)
            except http.client.HTTPException as exc:  # an answer cut short by a killed worker
                self.conn.close()
                status, data, location = None, f"{type(exc).__name__}: {exc}", None
            if status is not None and status < 500:
                if what == "deal" and status == 200 and '"repeated": true' in data:
                    with self.book.lock:
                        self.book.repeats += 1
                return status, data, location
            with self.book.lock:
                self.book.errors.append((time.monotonic(), f"{what or path}: {status or data[:60]}"))
            if time.monotonic() - first > DEVICE_GIVES_UP:
                with self.book.lock:
                    self.book.gave_up.append(f"{method} {path}")
                return status, data, location
            time.sleep(RETRY_SECONDS)
            with self.book.lock:
                self.book.retries.append(time.monotonic())

    def post_deal(self, partie, deal, version, lone_double_blank):
        self.book.type(partie, deal)
        status = super().post_deal(partie, deal, version, lone_double_blank)
        if self.n != deal["n"]:  # the page moved on: the server took it
            with self.book.lock:
                self.book.accepted.add((str(partie), deal["n"]))
        return status


# --- the killer --------------------------------------------------------------------------------------

class Killer(threading.Thread):
    EVENTS = ("a worker, its replacement 5 s later", f"a burst: {BURST_KILLS} worker kills in {BURST_SECONDS:g} s",
              "granian's main process")

    def __init__(self, keeper, prober, workers, rng, first_at):
        super().__init__(daemon=True)
        self.keeper, self.prober, self.workers, self.rng, self.first_at = keeper, prober, workers, rng, first_at
        self.kills = {name: [] for name in self.EVENTS}  # event -> [(when, what, pid)]
        self.ended = {}  # event -> when the site was stable again (None: not within GIVE_UP_SECONDS)
        self.error = None

    def wait_for_workers(self, timeout=60.0) -> list[int]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            workers = granian_workers(self.keeper)
            if len(workers) >= self.workers:
                return workers
            time.sleep(0.05)
        return granian_workers(self.keeper)

    def hit(self, event, pid, what):
        main = granian_main(self.keeper)
        if pid and kill(pid):
            self.kills[event].append((time.monotonic(), what, pid, main))

    def settle(self, event):
        last = self.kills[event][-1][0] if self.kills[event] else time.monotonic()
        deadline = last + GIVE_UP_SECONDS
        while time.monotonic() < deadline:
            if self.prober.stable_after(last):
                self.ended[event] = time.monotonic()
                return
            time.sleep(0.1)
        self.ended[event] = None

    def run(self):
        try:
            self.first_at.wait()
            crash, burst, main = self.EVENTS
            before = self.wait_for_workers()
            self.hit(crash, self.rng.choice(before), "worker")
            time.sleep(REPLACEMENT_AFTER)
            fresh = [w for w in granian_workers(self.keeper) if w not in before]
            self.hit(crash, fresh[0] if fresh else None, "its replacement")
            self.settle(crash)
            time.sleep(GAP_SECONDS)

            self.wait_for_workers()
            start = time.monotonic()
            for i in range(BURST_KILLS):
                time.sleep(max(0.0, start + i * BURST_SECONDS / BURST_KILLS - time.monotonic()))
                alive = granian_workers(self.keeper)
                if alive:
                    self.hit(burst, self.rng.choice(alive), "worker")
            self.settle(burst)
            time.sleep(GAP_SECONDS)

            self.wait_for_workers()
            self.hit(main, granian_main(self.keeper), "granian main")
            self.settle(main)
        except Exception as exc:  # reported, never silent
            self.error = repr(exc)


# --- the run -----------------------------------------------------------------------------------------

def default_workers() -> int:
    """As ``make serve`` chooses (events/management/commands/serve.py): four a core, 2 to 8."""
    return max(2, min(8, 4 * (os.cpu_count() or 1)))


def compare(typed, stored):
    """Deal by deal: {(partie, n): "ok" | "lost"} for what was typed, and the doubled stored deals' keys."""
    verdict, doubled = {}, []
    by_table = {}
    for (partie, n), (_, deal) in typed.items():
        by_table.setdefault(partie, {})[n] = deal
    for partie, deals in by_table.items():
        rows = {d["n"]: d for d in stored.get(partie, [])}
        bodies = [{k: v for k, v in d.items() if k != "n"} for d in deals.values()]
        for n, deal in deals.items():
            verdict[(partie, n)] = "ok" if rows.get(n) == deal else "lost"
        for n, row in rows.items():
            if deals.get(n) == row:
                continue
            body = {k: v for k, v in row.items() if k != "n"}
            if n not in deals or body in bodies:  # one more than typed, or another typed deal once again
                # Counted with the table's deal typed just before it (the one it most likely repeats).
                doubled.append((partie, max([m for m in deals if m < n], default=n)))
    return verdict, doubled


def child(setup, *argv):
    out = subprocess.run([PY, __file__, *argv], env=setup.env, cwd=BASE, capture_output=True, text=True, timeout=600)
    if out.returncode:
        raise SystemExit(f"{' '.join(argv[:1])} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(args) -> int:
    from engine.rules import Rules

    data_dir = tempfile.mkdtemp(prefix="domino-worker-deaths.")
    env = {**os.environ, "DOMINO_MODE": "serve", "DOMINO_DATA_DIR": data_dir,
           "DJANGO_SECRET_KEY": "worker-deaths-" + os.urandom(8).hex(),
           "DOMINO_ADMIN_USER": "load-organizer", "DOMINO_ADMIN_PASSWORD": "Load-test-2026!"}
    env.pop("DATABASE_URL", None)
    env.pop("WEB_ACCESS_LOG", None)
    port = free_port()
    env["SITE_URL"] = f"http://127.0.0.1:{port}"
    setup = Setup("sqlite", env, [port])
    print(f"== SQLite, 1 server x {args.workers} workers x {args.threads} threads, {args.tables} tables, "
          f"think {args.think:g} s ± 20 %, seed {args.seed}", flush=True)
    try:
        setup.start(args.workers, args.threads)
        keeper = setup.procs[0].pid  # manage.py serve became the keeper (execve): the same pid
        data = setup.child("_prepare", "--tables", str(args.tables))
        rules = Rules.from_config({"preset": "pusto-shest"})
        parties, sessions = data["parties"][:args.tables], data["sessions"]
        print(f"   keeper {keeper}, granian {granian_main(keeper)}, workers {granian_workers(keeper)}", flush=True)

        stats, book, sent = Stats(), Book(), {}
        results = {"failed": 0, "lock": threading.Lock(), "conflicts_expected": 0, "double_saved": 0}
        starts = random.Random(f"start:{args.seed}")
        threads = []
        for i in range(args.tables):
            device = PatientDevice(port, stats, sessions[i], book)
            threads.append(threading.Thread(target=play_table, args=(
                parties[i], [device], random.Random(f"table:{args.seed}:{i}"), rules, args.think, (), sent, results,
                data["lone_double_blank"], starts.uniform(0, args.think) if args.think else 0.0)))
        prober, tree = Prober(port), TreeWatch(keeper)
        tree.start()
        first_at = threading.Event()
        killer = Killer(keeper, prober, args.workers, random.Random(f"kills:{args.seed}"), first_at)
        prober.start()
        killer.start()
        t0 = time.monotonic()
        for t in threads:
            t.start()
        # The first kill once every table has sat down and entered about one deal.
        threading.Timer(max(1.0, 1.2 * args.think), first_at.set).start()
        for t in threads:
            t.join()
        entry_seconds = time.monotonic() - t0
        killer.join()
        prober.done.set()
        tree.done.set()
        prober.join()

        sent_file = Path(data_dir) / "sent.json"
        sent_file.write_text(json.dumps(sent))
        checked = setup.child("_verify", "--sent", str(sent_file))
        stored = child(setup, "_recorded", "--parties", ",".join(str(p) for p in parties))
        log = "".join(p.read_text(errors="replace") for p in Path(data_dir).glob("server-*.log"))
    finally:
        setup.stop()
        shutil.rmtree(data_dir, ignore_errors=True)

    verdict, doubled = compare(book.typed, stored)
    return report(args, killer, prober, tree, book, verdict, doubled, checked, sent, parties, stored, log, t0,
                  entry_seconds, results)


def report(args, killer, prober, tree, book, verdict, doubled, checked, sent, parties, stored, log, t0, entry_seconds,
           results) -> int:
    events = list(Killer.EVENTS)
    starts = [killer.kills[e][0][0] if killer.kills[e] else None for e in events]
    bounds = [t0] + [s for s in starts if s is not None] + [float("inf")]
    names = ["before the kills"] + [e for e, s in zip(events, starts) if s is not None]

    def window(moment):
        return max(i for i, b in enumerate(bounds[:-1]) if moment >= b)

    rows, answered_max, defects = [], {}, []
    for e in events:
        kills = killer.kills[e]
        times = []
        for k, (at, *_) in enumerate(kills):
            until = kills[k + 1][0] if k + 1 < len(kills) else (killer.ended.get(e) or float("inf"))
            seconds, _failed = prober.answered_again(at, until)
            times.append(seconds)
        answered_max[e] = (None if not times or any(s is None for s in times) else max(times))
    deal_window = {key: window(at) for key, (at, _) in book.typed.items()}
    for i, name in enumerate(names):
        keys = [k for k, w in deal_window.items() if w == i]
        errors = sum(1 for at, _ in book.errors if window(at) == i)
        retries = sum(1 for at in book.retries if window(at) == i)
        kills = len(killer.kills[name]) if name in killer.kills else 0
        seconds = answered_max.get(name) if name in killer.kills else None
        rows.append((name, kills, seconds, len(keys), sum(k in book.accepted for k in keys),
                     sum(verdict[k] == "ok" for k in keys), sum(verdict[k] == "lost" for k in keys),
                     sum(1 for d in doubled if deal_window.get(d) == i), f"{errors}/{retries}"))
    total = ("all", sum(r[1] for r in rows), None, *(sum(r[c] for r in rows) for c in range(3, 8)),
             f"{len(book.errors)}/{len(book.retries)}")

    head = ("event", "kills", "s to 200", "sent", "accepted", "in DB", "lost", "doubled", "errors/retries")
    widths = (36, 6, 9, 6, 9, 6, 5, 8, 15)
    print()
    print("".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths))))
    for row in [*rows, total]:
        cells = [row[0], row[1], "-" if row[2] is None and row[1] == 0 or row[0] == "all"
                 else ("never" if row[2] is None else f"{row[2]:.1f}"), *row[3:]]
        print("".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))

    print("\n   each kill (seconds from the start of the entry; seconds until /login/ answered 200 again):")
    for e in events:
        kills = killer.kills[e]
        for k, (at, what, pid, _main) in enumerate(kills):
            until = kills[k + 1][0] if k + 1 < len(kills) else (killer.ended.get(e) or float("inf"))
            seconds, failed = prober.answered_again(at, until)
            shown = "never" if seconds is None else f"{seconds:.1f} s"
            print(f"     {e:36} {what:16} pid {pid:<8} at {at - t0:6.1f} s  -> {shown}"
                  f"{'' if failed else ' (no probe failed)'}")
            if seconds is None or seconds > WITHIN_SECONDS:
                defects.append(f"after the kill of {what} {pid} ({e}) the site answered "
                               f"{'never' if seconds is None else f'only after {seconds:.1f} s'}")
        if kills:
            at, what, pid, main = kills[-1]
            gone, new, first, full = tree.after(at, pid, main, args.workers, killer.ended.get(e) or float("inf"))
            shown = {k: "-" if v is None else f"+{v:.1f} s" for k, v in
                     (("gone", gone), ("new", new), ("first", first), ("full", full))}
            if gone is None:
                print(f"       after its last kill: granian's main process ran on; {args.workers} workers again "
                      f"{shown['full']}")
            else:
                print(f"       after its last kill: granian's main process gone {shown['gone']}, a new one "
                      f"{shown['new']}, its first worker {shown['first']}, {args.workers} workers {shown['full']}")
        if killer.ended.get(e, 0) is None:
            defects.append(f"{e}: the site was not answering steadily {GIVE_UP_SECONDS:g} s after the last kill")

    failed, away, down_since = 0, 0.0, None
    for sent_at, answered_at, ok in prober.samples:
        failed += not ok
        if not ok and down_since is None:
            down_since = sent_at
        elif ok and down_since is not None:
            away, down_since = away + answered_at - down_since, None
    print(f"\n   entry lasted {entry_seconds:.1f} s; probes of /login/ {len(prober.samples)}, failed {failed}; "
          f"the site away {away:.1f} s in all")
    print(f"   granian exits on «Worker crash loop detected»: {log.count('Worker crash loop detected')}; "
          f"keeper restarts: {log.count('without being asked: starting it again')}; "
          f"granian worker respawns: {log.count('Respawning worker')}")
    print(f"   answers to a resent deal that the form key recognised (nothing written again): {book.repeats}")
    kinds = sorted({what.split(':', 1)[0] + ': ' + what.split(': ', 1)[1][:40] for _, what in book.errors})
    print(f"   error kinds: {kinds[:8]}")
    print(f"   _verify (every table against what its device saw saved): lost tables {checked['lost']}, "
          f"differing tables {checked['wrong']}; tables never finished: "
          f"{[p for p in parties if str(p) not in sent]}; devices that gave up: {book.gave_up}")
    if killer.error:
        defects.append(f"the killer stopped: {killer.error}")
    lost = sorted(k for k, v in verdict.items() if v == "lost")
    if lost:
        defects.append("deals typed but not stored as typed (table, n): "
                       + ", ".join(f"{p}/{n}" for p, n in lost[:20]))
        for p, n in lost[:5]:
            defects.append(f"  table {p} deal {n}: typed {book.typed[(p, n)][1]}; stored "
                           f"{next((d for d in stored.get(p, []) if d['n'] == n), None)}")
    if doubled:
        defects.append("deals stored twice (table, deal typed before): " + ", ".join(f"{p}/{n}" for p, n in doubled))
    if checked["lost"] or checked["wrong"]:
        defects.append(f"_verify: lost tables {checked['lost']}, differing tables {checked['wrong']}")
    if results["failed"] or book.gave_up:
        defects.append(f"tables that could not open their page: {results['failed']}; gave up: {book.gave_up}")
    print("\n   " + ("\n   ".join(["DEFECTS:", *defects]) if defects else "no deal lost or doubled; the site "
                    f"answered again within {WITHIN_SECONDS:g} s after every kill"))
    data_defect = bool(lost or doubled or checked["lost"] or checked["wrong"] or book.gave_up or results["failed"])
    return 1 if data_defect else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    if len(sys.argv) > 1 and sys.argv[1] == "_recorded":
        parser.add_argument("cmd")
        parser.add_argument("--parties")
        return recorded(parser.parse_args())
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--think", type=float, default=12.0,
                        help="seconds a deal takes to play at a table (± 20 %%; each table sits down within the "
                             "first such interval); four deals a partie: the entry lasts about five times this")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals, the tables' start and the kills")
    parser.add_argument("--workers", type=int, default=default_workers(), help="granian's workers (make serve's)")
    parser.add_argument("--threads", type=int, default=2)
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
