"""Every benchmark of bench/ one after the other, each printing its own figures (``make bench``).

    .venv/bin/python bench/run_all.py              # small sizes: a few minutes on a laptop
    .venv/bin/python bench/run_all.py --full       # the sizes of the published figures (long)
    .venv/bin/python bench/run_all.py kozel pages  # only the benchmarks whose name contains a word

Each benchmark runs in its own process, in its own throw-away data folder (never ``var/``), with the
arguments of its line below; the two that read a simulated tournament share one throw-away SQLite
file, migrated and filled by ``manage.py simulate`` first. At the end: the wall time of each and
whether it ended well. Figures only; nothing about time is asserted. The load test with servers
(``bench/load_test.py``) and the mutation score (``make mutation``) are run on their own.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
SIM_SLUG = "kozel-bench"

# name, script and arguments on the small size, the same on the published size.
BENCHES = [
    ("engine-kozel", ["bench/kozel_bench.py", "--parties", "100"], ["bench/kozel_bench.py"]),
    ("pairing", ["bench/pairing_bench.py", "typical"], ["bench/pairing_bench.py"]),
    ("pairing-individual", ["bench/pairing_bench.py", "individual-small"], ["bench/pairing_bench.py", "individual"]),
    ("whist", ["bench/whist_bench.py", "8", "13", "64"], ["bench/whist_bench.py"]),
    ("reports", ["bench/reports_bench.py", "--pairs", "100", "--rounds", "5", "--repeat", "2"],
     ["bench/reports_bench.py"]),
    ("pages", ["bench/pages_bench.py", "--pairs", "1000", "--repeat", "2"], ["bench/pages_bench.py"]),
    ("live pages", ["bench/live_pages_bench.py", "--pairs", "64", "--repeat", "2"],
     ["bench/live_pages_bench.py", "--pairs", "514"]),
    ("fastpath", ["bench/fastpath_bench.py", "--polls", "200", "--versions", "6"],
     ["bench/fastpath_bench.py", "--polls", "1000", "--versions", "20"]),
    ("manage", ["bench/manage_bench.py", "--pairs", "1000", "--repeat", "2"], ["bench/manage_bench.py"]),
    ("registry", ["bench/registry_bench.py", "--persons", "2000", "--repeat", "2"], ["bench/registry_bench.py"]),
    ("deal-entry", ["bench/deal_entry_bench.py", "--tables", "8"], ["bench/deal_entry_bench.py"]),
    ("deal-answer", ["bench/deal_answer_bench.py", "--tables", "8"], ["bench/deal_answer_bench.py"]),
    ("pin-tries", ["bench/pin_tries_bench.py", "--tables", "2", "--tries", "200"], ["bench/pin_tries_bench.py"]),
    ("transfer", ["bench/transfer_bench.py", "--pairs", "40", "--rounds", "3"], ["bench/transfer_bench.py"]),
    ("xlsx-bomb", ["bench/xlsx_bomb_bench.py", "--megabytes", "50"], ["bench/xlsx_bomb_bench.py"]),
    ("simulate", ["bench/simulate_bench.py", "--presets", "kozel", "--pairs", "20", "--rounds", "3"],
     ["bench/simulate_bench.py"]),
    ("kozel-standings", ["bench/kozel_standings_bench.py", SIM_SLUG, "--repeat", "2"],
     ["bench/kozel_standings_bench.py", SIM_SLUG]),
]
NEEDS_SIMULATED = {"simulate", "kozel-standings"}


def _env(data_dir: str, database_url: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(DOMINO_DATA_DIR=data_dir, DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


def _simulated_database(folder: str, full: bool) -> str:
    """A migrated SQLite file in ``folder`` with one Kozel tournament played through the services."""
    url = f"sqlite:///{folder}/bench.sqlite3"
    env = _env(folder, url)
    size = ["--pairs", "200", "--rounds", "5"] if full else ["--pairs", "20", "--rounds", "3"]
    for command in (["migrate", "--noinput", "-v", "0"], ["createcachetable"],
                    ["simulate", "--preset", "kozel", *size, "--system", "swiss", "--seed", "2", "--slug", SIM_SLUG]):
        subprocess.run([PY, "manage.py", *command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="run only the benchmarks whose name contains one of these words")
    parser.add_argument("--full", action="store_true", help="the sizes of the published figures (long)")
    args = parser.parse_args(argv)
    chosen = [b for b in BENCHES if not args.only or any(word in b[0] for word in args.only)]
    if not chosen:
        print("no benchmark matches: " + ", ".join(name for name, _, _ in BENCHES))
        return 2
    results = []
    with tempfile.TemporaryDirectory(prefix="domino-bench-all.") as root:
        simulated = None
        for name, small, full in chosen:
            folder = tempfile.mkdtemp(prefix=f"{name}.", dir=root)
            print(f"\n=== {name}: {' '.join(full if args.full else small)}", flush=True)
            started = time.perf_counter()
            try:
                url = None
                if name in NEEDS_SIMULATED:
                    simulated = simulated or _simulated_database(root, args.full)
                    url = simulated
                code = subprocess.run([PY, *(full if args.full else small)], cwd=ROOT, env=_env(folder, url)).returncode
            except subprocess.CalledProcessError as exc:
                code = exc.returncode
            results.append((name, time.perf_counter() - started, code))
    print(f"\n{'benchmark':<18}{'seconds':>9}  result")
    for name, seconds, code in results:
        print(f"{name:<18}{seconds:>9.1f}  {'ok' if code == 0 else f'exit {code}'}")
    return 0 if all(code == 0 for _, _, code in results) else 1


if __name__ == "__main__":
    sys.exit(main())
