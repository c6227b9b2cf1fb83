"""A tournament with every kind of page to attack: a signed round, a round in play, every role."""
import pytest

from tests.referees.conftest import DEALS, fast_password_hasher, table  # noqa: F401  (fixtures)
from tests.reports.conftest import play, sign

# What a careless or malicious visitor types: words for numbers, numbers beyond any database,
# digits of other scripts, markup, spreadsheet formulas, a NUL byte and a very long text.
HOSTILE = [
    "abc", "1" + "0" * 30, str(2**63), str(2**31), "-1", "²", "٣", "1.5", "1e9",
    "<img src='/etc/passwd'/>", "=HYPERLINK(\"http://evil\")", "\x00", "x" * 10_000, "",
]
HOSTILE_IDS = ["0", "1" + "0" * 30, str(2**63), str(2**63 - 1), str(2**31), str(2**31 - 1), "40000"]


@pytest.fixture
def world(table):  # noqa: F811
    """The §8 table of ``table`` plus round 1 played and signed at table 1."""
    protocol = play(table.round1, 1, DEALS)
    table.signed = sign(protocol, "Игрок 1", "Игрок 2", "Игрок 3", "Игрок 4")
    return table
