"""The transfer file's sections (``events.services.transfer_tables``): the apps above events register theirs, the
tables keep the order of the file format, and a section registered twice or out of order is refused."""
import dataclasses

import pytest
from django.core.exceptions import ImproperlyConfigured

from events.services import transfer_tables
from events.services.transfer_tables import Section, register_section, sections, tables
from signup.transfer import SECTION as SIGNUP
from teams.transfer import SECTION as TEAMS
from tournaments.models import Entrant

# The order of the tables is the file format's (docs/archive.md): a row refers only to rows of the tables before it.
FILE_ORDER = [
    "pairs", "players", "rounds", "qualifications", "parties", "protocols", "deals", "remarks", "sanctions",
    "signatures",
    "team_events", "teams", "team_pairs", "reserves", "lineups", "team_matches", "match_tables",
    "team_qualifications",
    "signup", "signup_entries",
    "roles", "audit",
]


def test_the_tables_keep_the_order_of_the_file_format():
    assert [name for name, _model, _scope in tables()] == FILE_ORDER
    assert [section.name for section in sections()] == ["tournament", "teams", "signup", "officials"]


def test_the_apps_register_their_own_sections():
    assert TEAMS in sections() and SIGNUP in sections()
    assert TEAMS.check is not None and SIGNUP.check is not None


@pytest.mark.parametrize("section", [
    TEAMS,                                                                 # the same section again
    dataclasses.replace(SIGNUP, order=999),                                # another under a taken name
    Section(name="more", order=999, tables=(("pairs2", Entrant, "tournament"),)),   # a model carried already
    Section(name="more", order=999, tables=(("teams", Entrant, "x"),)),             # a table's name taken
    Section(name="more", order=999, tables=(("tournament", Entrant, "x"),)),        # the head's name
    Section(name="more", order=TEAMS.order, tables=()),                    # two sections at one order
])
def test_a_section_registered_twice_or_clashing_is_refused(section):
    before = tables()
    with pytest.raises(ImproperlyConfigured):
        register_section(section)
    assert tables() == before


def test_a_table_that_refers_to_a_table_after_it_is_refused(monkeypatch):
    """The online registration's entries point to their teams: its section may not come before the teams'."""
    registered = {name: section for name, section in transfer_tables._sections.items() if name != "signup"}
    registered["signup"] = dataclasses.replace(SIGNUP, order=TEAMS.order - 1)
    monkeypatch.setattr(transfer_tables, "_sections", registered)
    monkeypatch.setattr(transfer_tables, "_layout", None)
    with pytest.raises(ImproperlyConfigured, match="signup_entries.*teams"):
        tables()
