"""Load test: N referees enter four-deal parties at N tables at once through the real pages.

Starts its own servers in production mode (``manage.py serve``) on loopback, side by side:
``sqlite`` — one server on a fresh SQLite data folder (the venue laptop); ``pg`` — two app servers
on one PostgreSQL (``--pg-url``, or ``--pg-url start`` for a throw-away server in a temporary folder).
Each referee logs in, opens his table, and for every deal posts the entry form (CSRF token and the
``version`` field read from the page) and follows the redirect, until the partie is over (a tie
adds a deal). ``--dual`` tables are entered from two devices at once: before deals 1 and 3 both
devices post the same deal with the same version, so exactly one of them must be refused with a
version conflict (409). Afterwards every table's deals and totals in the database are compared with
the engine's score of what was sent. Prints figures; asserts nothing about time.

Two paces. ``--think 0``: maximum pressure — all tables start at once and post each deal as soon as the
page is back. ``--think T``: a hall's pace — each table sits down at a random moment within the first T
seconds (``--seed``), then every deal takes T s ± 20 % to play before it is entered, so saves spread
over time as in a hall instead of arriving in bursts; a four-deal partie then lasts about 5 T. In both,
a single client alone on the same servers is measured first in the same run (``lone_p50_ms``).

    python bench/load_test.py --tables 256 --dual 16 --think 0 --setups sqlite,pg --pg-url start
    python bench/load_test.py --tables 256 --dual 16 --think 10 --setups sqlite,pg --pg-url start  # hall x5

``--spectators N``: N phones keep the standings, the projector and the public round page open meanwhile,
each polling every ``--poll-interval`` s (5) with its ETag on a kept-alive connection (bench/load_spectators.py);
printed beside the deals: the polls' p50/p95 and errors, a lone poll's p50 (one phone before the hall starts),
and the knee (the polling rate at which poll p95 passes 100 ms, raised step by step once the tables are done):

    python bench/load_test.py --tables 256 --dual 16 --think 10 --spectators 2000

The exact command lines of the published figures are in docs/deploy.md (section 4).

Internal sub-commands (run in a child with the server's environment): ``_prepare`` and ``_verify``.
The servers are started by bench/load_servers.py, the referees' devices are in bench/load_devices.py.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import load_spectators
from load_devices import JITTER, PASSWORD, Device, Stats, play_table
from load_servers import BASE, Setup, free_port, start_postgres

sys.path.insert(0, str(BASE))
SEATS = ("A1", "B1", "A2", "B2")


# --- child side: the database ------------------------------------------------------------

def _django():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def prepare(args):
    """A tournament with one published round of ``tables`` tables (+1 for the lone client) and referees."""
    _django()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import transaction

    from access.models import RoleKind, TournamentRole
    from tournaments.models import Entrant, Partie, Player, Round, Tournament

    User = get_user_model()
    n = args.tables + 1
    slug = f"load-{int(time.time())}-{random.randrange(1000)}"
    hashed = make_password(PASSWORD)
    with transaction.atomic():
        t = Tournament.objects.create(name=f"Нагрузка {n}", slug=slug, start_date="2026-11-30", is_public=True,
                                      rules_preset="pusto-shest", pairing_system="swiss", rounds_planned=1)
        pairs = Entrant.objects.bulk_create([Entrant(tournament=t, number=i + 1) for i in range(2 * n)])
        Player.objects.bulk_create([Player(pair=p, number=k, name=f"Игрок {p.number}-{k}")
                                    for p in pairs for k in (1, 2)])
        rnd = Round.objects.create(tournament=t, number=1, status="published")
        parties = Partie.objects.bulk_create([Partie(round=rnd, table=i + 1, pair_a=pairs[2 * i],
                                                     pair_b=pairs[2 * i + 1]) for i in range(n)])
        users = User.objects.bulk_create([User(username=f"{slug}-r{i + 1}", password=hashed) for i in range(n)])
        TournamentRole.objects.bulk_create([TournamentRole(tournament=t, user=u, role=RoleKind.REFEREE,
                                                           tables=[i + 1]) for i, u in enumerate(users)])
    sessions = []
    for u in users:
        s = SessionStore()
        s["_auth_user_id"] = str(u.pk)
        s["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        s["_auth_user_hash"] = u.get_session_auth_hash()
        s.create()
        sessions.append(s.session_key)
    rules = t.rules()
    print(json.dumps({"slug": slug, "parties": [p.pk for p in parties], "users": [u.username for u in users],
                      "sessions": sessions, "lone_double_blank": rules.lone_double_blank,
                      "engine": settings.DATABASES["default"]["ENGINE"]}))


def verify(args):
    """Compare every table's recorded deals and totals with the engine's score of what was sent."""
    _django()
    from scoring.models import Protocol
    from scoring.protocol_state import engine_score, protocol_json

    sent = json.loads(Path(args.sent).read_text())
    lost, wrong = [], []
    protocols = {p.partie_id: p for p in Protocol.objects.filter(partie_id__in=[int(k) for k in sent])
                 .prefetch_related("deals", "remarks", "signatures").select_related("partie__round__tournament")}
    for key, deals in sent.items():
        protocol = protocols.get(int(key))
        if protocol is None or protocol.deals.count() != len(deals):
            lost.append(int(key))
            continue
        data = protocol_json(protocol)
        expected = engine_score({**data, "deals": deals})
        recorded = [d.to_json() for d in protocol.deals.all()]
        if (recorded != deals or (protocol.score_a, protocol.score_b) != (expected.totals_a, expected.totals_b)
                or not expected.finished):
            wrong.append(int(key))
    print(json.dumps({"lost": lost, "wrong": wrong}))


# --- parent side: the run ---------------------------------------------------------------------------

def pace(args) -> str:
    if not args.think:
        return ("maximum pressure: every table starts at once and posts its next deal as soon as its page is "
                "back (no pause)")
    per_s = args.tables / args.think
    return (f"a hall's pace: each table sits down at a random moment within the first {args.think:g} s "
            f"(seed {args.seed}), then plays each deal for {args.think:g} s ± {JITTER:.0%} before entering it, "
            f"so saves spread over time (about {per_s:.1f} deals/s from {args.tables} tables)")


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


class Spectators:
    """The phones' process (bench/load_spectators.py): a lone phone first, then all of them while the hall plays."""

    def __init__(self, port, slug, args):
        self.args = args
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.proc = context.Process(target=load_spectators.serve, daemon=True,
                                    args=(child, port, slug, args.spectators, args.poll_interval, args.seed))
        self.proc.start()
        self.conn.send(("lone",))
        self.lone = self.conn.recv()

    def start(self):
        self.conn.send(("start",))
        self.conn.recv()
        time.sleep(self.args.poll_interval + 1)  # every phone has opened its page and polls at its pace
        self.conn.send(("phase",))
        self.opening = self.conn.recv()

    def finish(self):
        self.conn.send(("phase",))
        during = self.conn.recv()
        n, interval = self.args.spectators, self.args.poll_interval
        self.conn.send(("ramp", [r for r in RAMP if r > n / interval / 2], 5.0))
        ramp = self.conn.recv()
        self.conn.send(("stop",))
        self.conn.recv()
        self.proc.join(30)
        lone_p50 = self.lone["all"]["p50_ms"]
        return {
            "spectators": f"{n} phones polling every {interval:g} s (standings, projector, round page)",
            "poll_p50_p95_ms": [during["p50_ms"], during["p95_ms"]], "polls": during["polls"],
            "polls_per_s": during["polls_per_s"], "poll_errors": during["errors"],
            "poll_error_kinds": during["error_kinds"], "poll_statuses": during["statuses"],
            "poll_reconnects": during["reconnects"], "opening_errors": self.opening["errors"],
            "lone_poll_p50_ms": lone_p50, "lone_poll_by_page_p50_ms": {
                k: self.lone[k]["p50_ms"] for k in load_spectators.KINDS},
            "poll_p95_within_20x_lone": during["p95_ms"] <= 20 * lone_p50,
            "knee_polls_per_s": load_spectators.knee(ramp),
            "ramp_quiet_hall": [(s["target_polls_per_s"], s["polls_per_s"], s["p95_ms"]) for s in ramp],
        }


RAMP = (100, 200, 400, 800, 1200, 1600, 2400, 3200, 4800)


def run_setup(setup, args):
    from engine.rules import Rules

    print(f"\n== {setup.name}: {len(setup.servers)} server(s) x "
          f"{args.workers if len(setup.servers) == 1 else (args.pg_workers or max(1, args.workers // 2))} workers "
          f"x {args.threads} threads, "
          f"{args.tables} tables ({args.dual} from two devices), think {args.think} s", flush=True)
    print(f"   pace: {pace(args)}", flush=True)
    workers = args.workers if len(setup.servers) == 1 else (args.pg_workers or max(1, args.workers // 2))
    setup.start(workers, args.threads)
    try:
        data = setup.child("_prepare", "--tables", str(args.tables))
        rules = Rules.from_config({"preset": "pusto-shest"})
        parties, sessions, users = data["parties"], data["sessions"], data["users"]
        ports = setup.servers

        # Logins through the real page (each costs a password hash); the other referees reuse a session.
        login_stats = Stats()
        page_logins = min(args.page_logins, args.tables)
        logged = sum(Device(ports[i % len(ports)], login_stats).login(users[i]) for i in range(page_logins))

        spectators = Spectators(ports[0], data["slug"], args) if args.spectators else None
        # One client alone first: the reference latency.
        lone_stats, lone_sent = Stats(), {}
        lone = Device(ports[-1], lone_stats, sessions[-1])
        play_table(parties[-1], [lone], random.Random("lone"), rules, 0, (), lone_sent,
                   {"failed": 0, "lock": threading.Lock(), "conflicts_expected": 0, "double_saved": 0},
                   data["lone_double_blank"])

        stats, sent = Stats(), {}
        starts = random.Random(f"start:{args.seed}")  # when each table sits down (hall pace)
        results = {"failed": 0, "lock": threading.Lock(), "conflicts_expected": 0, "double_saved": 0}
        threads = []
        for i in range(args.tables):
            # Log in on one server, enter on the other (one site, whichever server answers).
            devices = [Device(ports[(i + 1) % len(ports)], stats, sessions[i])]
            if i < args.dual:
                devices.append(Device(ports[i % len(ports)], stats, sessions[i]))
            rng = random.Random(f"table:{args.seed}:{i}")
            start = starts.uniform(0, args.think) if args.think else 0.0
            threads.append(threading.Thread(target=play_table, args=(
                parties[i], devices, rng, rules, args.think, (1, 3), sent, results, data["lone_double_blank"],
                start)))
        if spectators:
            spectators.start()
        load_before, steal0 = os.getloadavg(), stolen_seconds()
        cpu0 = time.process_time()  # this process: the simulated referees' devices
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - t0
        polls = spectators.finish() if spectators else None
        if os.environ.get("DOMINO_LOAD_TIMELINE"):  # a folder: every request of the hall, a line each
            with open(Path(os.environ["DOMINO_LOAD_TIMELINE"]) / "deals.jsonl", "a") as out:
                out.writelines(json.dumps(row) + "\n" for row in stats.timeline)
        client_cpu = time.process_time() - cpu0
        load_after, steal1 = os.getloadavg(), stolen_seconds()

        sent_file = Path(setup.env["DOMINO_DATA_DIR"]) / "sent.json"
        sent_file.write_text(json.dumps({**sent, **lone_sent}))
        checked = setup.child("_verify", "--sent", str(sent_file))
        missing = [p for p in parties[:-1] if str(p) not in sent]
        deal_posts = sum(len(v) for v in sent.values())
        report = {
            "setup": setup.name, "pace": "hall" if args.think else "max", "think_s": args.think,
            "tables": args.tables, "requests": stats.requests, "seconds": round(elapsed, 1),
            "throughput_rps": round(stats.requests / elapsed, 1), "deals_saved": deal_posts,
            "deals_per_s": round(deal_posts / elapsed, 1),
            "errors": len(stats.errors), "error_kinds": sorted(set(stats.errors))[:8],
            "conflicts_expected": results["conflicts_expected"], "conflicts_seen": stats.conflicts,
            "double_saved": results["double_saved"],
            "tables_lost": len(checked["lost"]) + len(missing), "tables_wrong": len(checked["wrong"]),
            "p50_ms": round(percentile(stats.latencies, 50) * 1000), "p95_ms": round(percentile(stats.latencies, 95) * 1000),
            "p99_ms": round(percentile(stats.latencies, 99) * 1000),
            "lone_p50_ms": round(percentile(lone_stats.latencies, 50) * 1000),
            # The hall's target; under maximum pressure latency is queueing by design (None).
            "p95_within_5x_lone": (percentile(stats.latencies, 95) <= 5 * percentile(lone_stats.latencies, 50)
                                   if args.think else None),
            "deal_p50_p95_ms": [round(percentile(stats.by_kind.get("deal", []), p) * 1000) for p in (50, 95)],
            "page_p50_p95_ms": [round(percentile(stats.by_kind.get("table page", []), p) * 1000) for p in (50, 95)],
            "page_logins": f"{logged}/{page_logins}",
            "lone_deal_p50_ms": round(percentile(lone_stats.by_kind.get("deal", []), 50) * 1000),
            "deal_p95_within_5x_lone_deal_p50": (percentile(stats.by_kind.get("deal", []), 95)
                                                 <= 5 * percentile(lone_stats.by_kind.get("deal", []), 50)),
            "login_p50_ms": round(percentile([x for i, x in enumerate(login_stats.latencies) if i % 2], 50) * 1000),
            # The devices run on the same cores as the servers: their share of the machine's CPU time.
            "client_cpu_share": f"{100 * client_cpu / (elapsed * (os.cpu_count() or 1)):.0f} %",
            "loadavg_1m_before": round(load_before[0], 2), "loadavg_1m_after": round(load_after[0], 2),
            # A virtual machine's cores taken by its host during the hall and the quiet ramp (CPU seconds, all
            # cores): a run with seconds of it measured a slower machine, not the site.
            "host_steal_s": None if steal0 is None or steal1 is None else round(steal1 - steal0, 2),
        }
        if polls:
            report.update(polls)
        for key, value in report.items():
            print(f"  {key:20} {value}")
        logs = "".join(p.read_text(errors="replace") for p in Path(setup.env["DOMINO_DATA_DIR"]).glob("server-*.log"))
        print(f"  {'database is locked':20} {logs.count('database is locked')} in the server logs")
        return report
    finally:
        setup.stop()


def stolen_seconds():
    """The CPU time the host gave to others, all cores, since boot (Linux ``/proc/stat``); None elsewhere."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def wait_for_quiet(below: float, limit: float) -> float:
    """Seconds waited until the 1-minute load average was under ``below`` (at most ``limit``): a run that starts
    while the one before it still weighs on the machine measures that run too."""
    start = time.monotonic()
    while os.getloadavg()[0] >= below and time.monotonic() - start < limit:
        time.sleep(5)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = sys.argv[1] if len(sys.argv) > 1 else ""
    if sub == "_prepare":
        parser.add_argument("cmd")
        parser.add_argument("--tables", type=int)
        return prepare(parser.parse_args())
    if sub == "_verify":
        parser.add_argument("cmd")
        parser.add_argument("--sent")
        return verify(parser.parse_args())
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--dual", type=int, default=16, help="tables entered from two devices at once")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a deal takes to play at a table (± 20 %%; each table sits down at a random "
                             "moment within the first such interval); 0: maximum pressure, no pause at all")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals, the tables' start and the jitter")
    parser.add_argument("--setups", default="sqlite", help="sqlite, pg or sqlite,pg")
    parser.add_argument("--pg-url", default="start", help="PostgreSQL URL, or 'start' for a throw-away server")
    parser.add_argument("--workers", type=int, default=8, help="as make serve on two cores")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--pg-workers", type=int, default=None,
                        help="workers of each of the two PostgreSQL app servers (default: half of --workers)")
    parser.add_argument("--spectators", type=int, default=0,
                        help="phones polling the standings, the projector and the round page meanwhile")
    parser.add_argument("--poll-interval", type=float, default=5.0, help="seconds between a phone's polls")
    parser.add_argument("--page-logins", type=int, default=8,
                        help="referees who log in through the login page (the rest reuse a session)")
    parser.add_argument("--quiet-below", type=float, default=0.0,
                        help="before starting, wait (at most --quiet-wait s) until the 1-minute load average is under "
                             "this (0: start at once); the load it started at is printed (loadavg_1m_before)")
    parser.add_argument("--quiet-wait", type=float, default=300.0)
    args = parser.parse_args()
    args.dual = min(args.dual, args.tables)
    if args.quiet_below > 0:
        waited = wait_for_quiet(args.quiet_below, args.quiet_wait)
        print(f"waited {waited:.0f} s for the 1-minute load to fall under {args.quiet_below} "
              f"(now {os.getloadavg()[0]:.2f})", flush=True)

    reports, stops = [], []
    try:
        for name in args.setups.split(","):
            data_dir = tempfile.mkdtemp(prefix=f"domino-load-{name}.")
            env = {**os.environ, "DOMINO_MODE": "serve", "DOMINO_DATA_DIR": data_dir,
                   "DJANGO_SECRET_KEY": "load-test-" + os.urandom(8).hex(),
                   "DOMINO_ADMIN_USER": "load-organizer", "DOMINO_ADMIN_PASSWORD": "Load-test-2026!"}
            env.pop("DATABASE_URL", None)
            env.pop("WEB_ACCESS_LOG", None)  # as make serve runs by default: no line per request
            ports = [free_port()]
            if name == "pg":
                url = args.pg_url
                if url == "start":
                    url, stop = start_postgres()
                    stops.append(stop)
                env["DATABASE_URL"] = url
                env.setdefault("DB_CONN_MAX_AGE", "60")
                ports.append(free_port())
            env["SITE_URL"] = f"http://127.0.0.1:{ports[0]}"
            try:
                reports.append(run_setup(Setup(name, env, ports), args))
            finally:
                shutil.rmtree(data_dir, ignore_errors=True)
    finally:
        for stop in stops:
            stop()
    print("\n" + json.dumps(reports, ensure_ascii=False))


if __name__ == "__main__":
    main()
