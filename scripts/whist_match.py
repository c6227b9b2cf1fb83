"""The starter-and-matching search of scripts/build_whist_schedules.py: scripts/whist_match.c, compiled at run time.

``match(moduli, infinity, sit_out, seconds, seed, node_limit)`` compiles the C program with gcc into a
temporary directory (once per process), gives it the difference classes of the group (the class of
a − b, the same as of b − a) and returns the base round it found as a list of tables (A1, A2, B1, B2),
None for ∞ — or None when the time is spent. How it searches: whist_match.c's header. It is only a
search: what it returns is developed and re-counted by the build script like every other result, and
nothing at test time needs gcc (the results are shipped in whist_data.json).
"""
from __future__ import annotations

import atexit
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.pairing import whist_data  # noqa: E402

SOURCE = Path(__file__).with_name("whist_match.c")


@lru_cache(maxsize=1)
def _binary() -> Path:
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        raise RuntimeError("the matching search needs gcc (or cc) to compile scripts/whist_match.c")
    folder = tempfile.mkdtemp(prefix="whist_match_")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    binary = Path(folder) / "whist_match"
    subprocess.run([gcc, "-O2", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def difference_classes(group: whist_data.Group) -> tuple[list[list[int]], int]:
    """The class number of a − b for every a ≠ b (−1 on the diagonal) and the number of classes."""
    classes, table = {}, [[-1] * group.size for _ in range(group.size)]
    for a in range(group.size):
        for b in range(group.size):
            if a != b:
                d = group.sub(a, b)
                table[a][b] = classes.setdefault(min(d, group.neg(d)), len(classes))
    return table, len(classes)


def match(moduli, infinity, sit_out, seconds=60.0, seed=1, node_limit=20000):
    """A base round from random starters and an exhaustive matching of their pairs, or None in ``seconds``."""
    group = whist_data.Group(moduli)
    table, count = difference_classes(group)
    head = [group.size, count, int(bool(infinity)), len(sit_out), *sit_out, seconds, seed, node_limit]
    text = " ".join(map(str, head)) + "\n" + "\n".join(" ".join(map(str, row)) for row in table) + "\n"
    done = subprocess.run([str(_binary())], input=text, stdout=subprocess.PIPE, text=True, check=True,
                          timeout=seconds + 60)
    lines = done.stdout.split("\n")
    if lines[0] != "found":
        return None
    return [[None if x == -1 else x for x in map(int, line.split())] for line in lines[1:] if line.strip()]
