"""Seats, the lead and the shuffle (docs/rules.md §2–§3)."""
from __future__ import annotations

# Clockwise order of play: A1 → B1 → A2 → B2 → A1.
CLOCKWISE = ("A1", "B1", "A2", "B2")
SEATS = ("A1", "A2", "B1", "B2")
SIDES = ("A", "B")


def side_of(seat: str) -> str:
    return seat[0]


def other_side(side: str) -> str:
    return "B" if side == "A" else "A"


def partner_of(seat: str) -> str:
    return seat[0] + ("2" if seat[1] == "1" else "1")


def seats_of(side: str) -> tuple[str, str]:
    return (side + "1", side + "2")


def lead_and_shuffle(n: int, first_lead: str = "A1") -> tuple[str, str]:
    """Who leads deal ``n`` (1-based) and who shuffles it.

    The lead passes clockwise regardless of the result, starting from
    ``first_lead``; the shuffler is the player on the leader's left, the next
    seat clockwise [interpretation of docs/rules.md §3].
    """
    if n < 1:
        raise ValueError("deal numbers start at 1")
    start = CLOCKWISE.index(first_lead)
    lead_index = (start + n - 1) % 4
    return CLOCKWISE[lead_index], CLOCKWISE[(lead_index + 1) % 4]
