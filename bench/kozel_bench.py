"""Benchmark of the scoring engine on Kozel, Morskoy kozel and hand-points parties (pure code, no database).

    .venv/bin/python bench/kozel_bench.py [--parties 500] [--seed 1]

Generates seeded random parties (``engine.rules.generate.random_partie``) for
each preset and prints how long scoring a whole partie takes (what a page does
after every deal entered), next to the sport preset ``pusto-shest``.

Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rules import Rules, score_protocol  # noqa: E402
from engine.rules.generate import random_partie  # noqa: E402

CONFIGS = [
    {"preset": "pusto-shest"},
    {"preset": "kozel"},
    {"preset": "kozel", "games_per_partie": 3},
    {"preset": "morskoy-kozel"},
    {"preset": "morskoy-kozel", "games_per_partie": 3, "eggs": "play_off"},
    {"preset": "hand-points"},
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parties", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'rules':<55} {'deals/partie':>12} {'ms/partie':>10} {'µs/deal':>8}")
    for config in CONFIGS:
        rules = Rules.from_config(config)
        rng = random.Random(args.seed)
        protocols = []
        for _ in range(args.parties):
            deals, remarks = random_partie(rng, rules)
            protocols.append({"format": "domino-protocol/2", "rules": config, "deals": deals, "remarks": remarks})
        timings = []
        for data in protocols:
            start = time.perf_counter()
            score_protocol(data)
            timings.append(time.perf_counter() - start)
        deals = statistics.mean(len(p["deals"]) for p in protocols)
        per_partie = statistics.mean(timings) * 1000
        print(f"{str(config):<55} {deals:>12.1f} {per_partie:>10.3f} {per_partie * 1000 / deals:>8.1f}")


if __name__ == "__main__":
    main()
