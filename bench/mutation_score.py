"""Mutation score per file from the last `mutmut run` (`make mutation` prints it).

Reads mutants/**/*.py.meta and prints, per mutated file, killed / checked and the
mutants that survived (or had no test), so that each can be judged: a test is
missing, or the mutant is equivalent or only changes a message.

    python bench/mutation_score.py            # every file
    python bench/mutation_score.py engine/rules/deal.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

KILLED = {1, 3, 36, 24, -24, 152, 255}   # a failing test, pytest's internal error, a timeout (an endless loop)


def scores(root: Path = Path("mutants")):
    rows = []
    for meta in sorted(root.rglob("*.py.meta")):
        codes = json.loads(meta.read_text("utf-8")).get("exit_code_by_key", {})
        checked = {k: v for k, v in codes.items() if v is not None}
        if not checked:
            continue
        killed = sum(1 for v in checked.values() if v in KILLED)
        left = sorted(k for k, v in checked.items() if v not in KILLED)
        rows.append((str(meta.relative_to(root))[: -len(".meta")], killed, len(checked), left))
    return rows


def main(argv: list[str]) -> int:
    rows = scores()
    if argv:
        rows = [r for r in rows if any(r[0].startswith(a) for a in argv)]
    if not rows:
        print("No mutation results: run `make mutation` (or `mutmut run`) first.")
        return 1
    total_killed = total = 0
    for path, killed, checked, left in rows:
        total_killed += killed
        total += checked
        print(f"{path:40} {killed:5} / {checked:<5} {100 * killed / checked:5.1f} %")
        for name in left:
            print(f"    left: {name}")
    print(f"{'all':40} {total_killed:5} / {total:<5} {100 * total_killed / total:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
