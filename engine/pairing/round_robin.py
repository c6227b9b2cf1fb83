"""Round robin by Berger tables (everyone meets everyone once; a bye when N is odd).

With n players (n even; a dummy "bye" number is added when N is odd) round r
(1 ≤ r ≤ n − 1) pairs i and j with i + j ≡ r + 1 (mod n − 1), taking residues in
1..n − 1; the player i with 2i ≡ r + 1 meets n. Table 1 is the game of n, then
(p + 1, p − 1), (p + 2, p − 2) … around the partner p of n — the classic Berger
tables (n = 6: 1–6 2–5 3–4 / 6–4 5–3 1–2 / 2–6 3–1 4–5 / 6–5 1–4 2–3 / 3–6 4–2 5–1).
"""
from __future__ import annotations

from .base import Pairing, PairingError, PairingResult


def _residue(x: int, m: int) -> int:
    return (x - 1) % m + 1


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """The pairs of one round for positions 1..n (n even), table order."""
    if n % 2 or n < 2:
        raise ValueError("n must be even and positive")
    m = n - 1
    if not 1 <= round_number <= m:
        raise PairingError(
            f"В круговом турнире из {n} позиций всего {m} туров.", code="round_robin_complete"
        )
    target = round_number + 1
    partner = next(i for i in range(1, n) if _residue(2 * i, m) == _residue(target, m))
    tables = [(partner, n) if round_number % 2 else (n, partner)]
    for t in range(1, n // 2):
        tables.append((_residue(partner + t, m), _residue(partner - t, m)))
    return tables


def rounds_needed(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def pair_round_robin(ids, round_number: int, *, inactive=()) -> PairingResult:
    """Pair round ``round_number`` for ``ids`` in draw order (position 1 = ids[0]).

    A pair in ``inactive`` (withdrawn) is not seated: its scheduled opponent has a bye.
    """
    ids = list(ids)
    if len(ids) < 2:
        raise PairingError("Для круговой системы нужно хотя бы две пары.", code="too_few_pairs")
    n = len(ids) + len(ids) % 2
    inactive = set(inactive)
    pairings, byes = [], []
    for x, y in berger_round(n, round_number):
        px = ids[x - 1] if x <= len(ids) else None
        py = ids[y - 1] if y <= len(ids) else None
        if px in inactive:
            px = None
        if py in inactive:
            py = None
        if px is not None and py is not None:
            pairings.append(Pairing(px, py, f"круговая система, тур {round_number}: позиции {x} и {y}"))
        elif px is not None or py is not None:
            lone = px if px is not None else py
            other_pos = y if px is not None else x
            if other_pos > len(ids):
                reason = "пропуск тура: нечётное число пар, по таблице Бергера"
            else:
                reason = "пропуск тура: соперник по таблице Бергера снялся с турнира"
            byes.append(Pairing(lone, None, reason))
    return PairingResult(pairings + byes, method="berger")
