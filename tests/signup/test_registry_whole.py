"""What an online entry gives of a player — club, city, birth year, federation ID — reaches the registry whole, and
is used for matching: docs/registry.md §2's own example, «Ёлкин Пётр» of Тверь registered online, then
«ЕЛКИН Петр, Тверь» registered by an organizer elsewhere, is proposed as the same person."""
import pytest

from events.services import register_pair
from people.models import Person
from signup.services import submit_entry
from tests.factories import make_tournament
from tournaments.errors import TournamentError

from .conftest import open_for

pytestmark = pytest.mark.django_db


def elkin_entry(cup):
    return submit_entry(cup, {
        "player1_name": "Ёлкин Пётр", "player1_club": "Дом домино", "player1_city": "Тверь",
        "player1_birth_year": "1961", "player1_federation_id": "RUS-1001",
        "player2_name": "Партнёров Павел", "player2_club": "Дом домино", "player2_city": "Тверь"})[0]


@pytest.fixture
def cup(organizer):
    tournament = make_tournament(0, slug="open-cup", numbered=False)
    open_for(organizer, tournament, ask_birth_year=True)
    return tournament


def test_a_new_person_gets_everything_the_entry_gave(cup):
    entry = elkin_entry(cup)
    person = entry.pair.players.get(name="Ёлкин Пётр").person
    assert (person.club, person.city, person.birth_year, person.federation_id) == (
        "Дом домино", "Тверь", 1961, "RUS-1001")


def test_a_known_person_s_blanks_are_filled_never_overwritten(cup):
    known = Person.objects.create(name="Ёлкин Пётр", federation_id="RUS-1001", club="Старый клуб")
    entry = elkin_entry(cup)
    assert entry.pair.players.get(name="Ёлкин Пётр").person == known
    known.refresh_from_db()
    assert (known.club, known.city, known.birth_year) == ("Старый клуб", "Тверь", 1961)


def test_the_organizer_elsewhere_is_asked_whether_it_is_the_same_player(cup, organizer):
    person = elkin_entry(cup).pair.players.get(name="Ёлкин Пётр").person
    other = make_tournament(0, slug="other-cup", numbered=False)
    with pytest.raises(TournamentError) as refused:
        register_pair(organizer, other, players=[{"name": "ЕЛКИН Петр", "club": "Тверь"},
                                                 {"name": "Другой Игрок", "club": "Тверь"}])
    assert "Ёлкин Пётр" in str(refused.value.message) or "Ёлкин Пётр" in str(getattr(refused.value, "errors", ""))
    assert Person.objects.filter(name_key=person.name_key).count() == 1  # no second person was made
