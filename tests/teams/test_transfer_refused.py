"""A team event is neither written to nor read from a transfer file (its teams, line-ups and matches are not in
the archive's format yet): both ways refuse with a message, never a file that silently loses them."""
import json

import pytest

from tests.factories import make_tournament
from tournaments.models import TournamentFormat
from tournaments.services import transfer


@pytest.mark.django_db
def test_a_team_event_is_refused_both_ways(tmp_path):
    pairs = make_tournament(2, slug="pair-cup")
    data = json.loads(json.dumps(transfer.export_data(pairs), cls=transfer._Encoder))
    teams = make_tournament(0, slug="team-cup", format=TournamentFormat.TEAMS)
    with pytest.raises(transfer.TransferError, match="Командный турнир в файл переноса пока не записывается"):
        transfer.export_tournament(teams, tmp_path / "teams.json")
    assert not (tmp_path / "teams.json").exists()
    data["tournament"]["format"] = TournamentFormat.TEAMS
    with pytest.raises(transfer.TransferError, match="Командный турнир из файла переноса пока не загружается"):
        transfer.import_data(data, slug="team-copy")
