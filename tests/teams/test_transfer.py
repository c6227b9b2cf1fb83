"""A team event out of an installation and back under a new slug: its teams, pairs, reserves, line-ups, a
substitution, the matches with their tables and a bye survive, so the team standings, the protocols (signed ones
with their frozen headers and signatures) and the match sheets' data are the same; a team section that does not fit
the schema or its event is refused, naming the place."""
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management.base import CommandError
from django.db.models.signals import post_save

from events.services import finish_round, publish_round, transfer
from events.simulation import link_signers, play_partie
from scoring.checks import check_tournament
from scoring.models import Protocol, Signature
from teams.models import LineUp, TeamMatch
from teams.pdf import match_sheet_pdf
from teams.rounds import pair_team_round
from teams.selectors import pairings_json, round_matches
from teams.services import lineup_for, set_lineup, substitute_reserve
from tests.commands import run
from tests.teams.conftest import make_team_event, rng
from tests.tournaments.test_transfer import pdf_text
from tournaments.choices import ProtocolStatus
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def no_more_roles():
    """The ``organizer`` fixture gives its account a role in every tournament created: not in the imported one,
    whose roles come from the file."""
    post_save.disconnect(sender=Tournament, dispatch_uid="tests-organizer-role")


def play_round(organizer, t, signers):
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    for partie in rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b"):
        play_partie(organizer, partie, rng(), signers)
    finish_round(organizer, rnd)
    return rnd


@pytest.fixture
def played(organizer):
    """Three teams of two pairs (so a bye each round), three Swiss rounds played and signed through the services;
    after round 1 a reserve comes into a pair of team 1, and team 2 enters a line-up for round 2 (tables swapped)."""
    t = make_team_event(organizer, 3, rounds=3)
    Tournament.objects.filter(pk=t.pk).update(rules_overrides={"target_points": 25})  # short parties: a fast test
    t.refresh_from_db()
    signers = link_signers(t, "1")
    play_round(organizer, t, signers)
    team = t.teams.get(number=1)
    substitute_reserve(organizer, team, team.members.get(slot=1).pair, 2, team.reserves.get())
    second = t.teams.get(number=2)
    set_lineup(organizer, second, 2, list(reversed(lineup_for(second, 2))))
    play_round(organizer, t, signers)
    play_round(organizer, t, signers)
    return t


def players_of(t) -> list:
    return sorted((p.pair.number, p.number, p.name, p.club) for team in t.teams.all() for m in team.members.all()
                  for p in m.pair.players.all())


def lineups_of(t) -> list:
    return sorted((lu.team.number, lu.round_number, [t.pairs.get(pk=pk).number for pk in lu.pairs])
                  for lu in LineUp.objects.filter(team__tournament=t).select_related("team"))


def protocols_of(t) -> dict:
    out = {}
    for p in Protocol.objects.filter(partie__round__tournament=t).select_related("partie__round"):
        signatures = sorted(Signature.objects.filter(protocol=p).values_list("seat", "name", "fingerprint"))
        out[(p.partie.round.number, p.partie.table)] = (p.status, p.score_a, p.score_b, p.winner, p.signed_header,
                                                        signatures, list(p.deals.values_list("n", "result", "hands")))
    return out


def sheets_of(t) -> list:
    """What each match sheet prints: the match, its tables (pairs, scores, status) and its result."""
    out = []
    for rnd in Round.objects.filter(tournament=t).order_by("number"):
        for view in round_matches(rnd):
            m = view.match
            tables = [(mt.board, partie.table, partie.pair_a.number, partie.pair_b.number if partie.pair_b else None,
                       protocol.score_a if protocol else None, protocol.score_b if protocol else None, status)
                      for mt, partie, protocol, status, _fingerprint in view.tables]
            out.append((rnd.number, m.number, m.team_a.number, m.team_b.number if m.team_b else None, tables,
                        view.result, view.result_tables))
    return out


def test_a_team_event_goes_out_and_comes_back_the_same(played, tmp_path):
    path = tmp_path / "teams.json"
    run("export_tournament", played.slug, str(path))
    data = json.loads(path.read_text("utf-8"))
    assert len(data["teams"]) == 3 and len(data["team_pairs"]) == 6 and len(data["match_tables"]) == 12
    assert data["lineups"] and data["reserves"] and data["team_events"]
    no_more_roles()
    run("import_tournament", str(path), "--slug", "team-copy")
    copy = Tournament.objects.get(slug="team-copy")
    assert copy.format == "teams" and copy.team_event.pairs_per_team == 2
    assert run("standings", "team-copy", "--json") == run("standings", played.slug, "--json")
    assert json.loads(run("standings", "team-copy", "--json"))[0]["match_points"] > 0
    for k in (1, 2, 3):
        assert pairings_json(copy, k) == pairings_json(played, k)
    assert TeamMatch.objects.filter(round__tournament=copy, team_b__isnull=True).count() == 3  # a bye a round
    assert players_of(copy) == players_of(played)
    assert sorted(copy.teams.values_list("number", "name", "club", "reserves__name")) == sorted(
        played.teams.values_list("number", "name", "club", "reserves__name"))
    assert lineups_of(copy) == lineups_of(played) and lineups_of(copy)[0][2] == [4, 3]
    assert protocols_of(copy) == protocols_of(played)
    signed = Protocol.objects.filter(partie__round__tournament=copy, status=ProtocolStatus.SIGNED)
    assert signed.count() == 6 and all(p.signed_header["tournament"] == played.slug for p in signed)
    # the reserve came in after round 1: round 1's signed header still names the player who left
    leaving = played.teams.get(number=1).reserves.get().name
    assert any(leaving in json.dumps(p.signed_header, ensure_ascii=False)
               for p in signed.filter(partie__round__number=1))
    report = check_tournament(copy)
    assert (report.checked, report.signed, report.findings) == (6, 6, [])
    assert sheets_of(copy) == sheets_of(played)
    assert all(view[5] is not None and view[5].complete for view in sheets_of(copy))
    for t in (copy, played):  # the printed sheet of a match of round 2 too
        rnd = t.rounds.get(number=2)
        t.sheet = pdf_text(match_sheet_pdf(t, rnd, round_matches(rnd)[0]))
    assert copy.sheet == played.sheet and "Итог матча: очки столов" in copy.sheet


@pytest.fixture
def small(organizer):
    """Two teams, round 1 paired and published (its matches and tables), a line-up for round 2."""
    t = make_team_event(organizer, 2, rounds=2)
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    team = t.teams.get(number=1)
    set_lineup(organizer, team, 2, list(reversed(lineup_for(team, 2))))
    no_more_roles()
    return json.loads(json.dumps(transfer.export_data(t), cls=transfer._Encoder))


def _other_team_pair(data, team_row_id):
    return next(r["pair"] for r in data["team_pairs"] if r["team"] != team_row_id)


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["lineups"][0]["pairs"].__setitem__(1, "два"), "lineups[0].pairs[1] — значение неверного типа"),
    (lambda d: d["teams"][1].update(name="x" * 201), "teams[1].name — текст длиннее 200 знаков"),
    (lambda d: d["team_matches"][0].update(team_b="B"), "team_matches[0].team_b — значение неверного типа"),
    (lambda d: d["team_pairs"][0].pop("slot") and d["team_pairs"][0].update(place=1), "team_pairs[0].place"),
    (lambda d: d.update(teamz=[]), "teamz — неизвестные поля"),
])
def test_a_team_section_that_fails_the_schema_is_refused_naming_the_path(small, tmp_path, damage, words):
    damage(small)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(small, ensure_ascii=False), "utf-8")
    before = Tournament.objects.count()
    with pytest.raises(CommandError) as refused:
        run("import_tournament", str(path), "--slug", "team-bad")
    assert words in str(refused.value) and "docs/archive.schema.json" in str(refused.value), str(refused.value)
    assert Tournament.objects.count() == before


def _seat_another_team(d):
    """Side A of match table 1 gets a pair of the other team."""
    table = d["match_tables"][0]
    match = next(m for m in d["team_matches"] if m["id"] == table["match"])
    partie = next(p for p in d["parties"] if p["id"] == table["partie"])
    partie["pair_a"] = _other_team_pair(d, match["team_a"])


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["lineups"][0].update(pairs=[_other_team_pair(d, d["lineups"][0]["team"])] * 2),
     "Раздел «lineups», запись .*: в расстановке каждая пара команды"),
    (lambda d: d["team_pairs"][0].update(slot=3), "Раздел «team_pairs», запись .*: место пары в команде — от 1 до 2"),
    (lambda d: d["team_matches"][0].update(team_b=d["team_matches"][0]["team_a"]), "сама с собой"),
    (lambda d: _seat_another_team(d), "Раздел «match_tables», запись .*: за столом матча — пары не из команд"),
    (lambda d: d["tournament"].update(format="pairs"), "в турнире не командного зачёта нет команд"),
])
def test_a_team_section_that_does_not_fit_its_event_is_refused_and_leaves_nothing(small, damage, words):
    damage(small)
    before = Tournament.objects.count()
    with pytest.raises(transfer.TransferError, match=words):
        transfer.import_data(small, slug="team-bad")
    assert Tournament.objects.count() == before


def test_the_team_example_of_docs_archive_md_conforms_and_is_imported(db, tmp_path):
    text = (Path(settings.BASE_DIR) / "docs" / "archive.md").read_text("utf-8")
    example = json.loads(text.split("Пример командного турнира", 1)[1].split("```json", 1)[1].split("```", 1)[0])
    path = tmp_path / "clubs.json"
    path.write_text(json.dumps(example, ensure_ascii=False), "utf-8")
    assert "соответствует схеме" in run("archive_schema", "--check", str(path))
    run("import_tournament", str(path))
    clubs = Tournament.objects.get(slug="clubs")
    assert pairings_json(clubs, 1) == {"round": 1, "matches": [
        {"match": 1, "a": 1, "b": 2, "tables": [{"table": 1, "A": 1, "B": 2}]}]}
    assert [r["name"] for r in json.loads(run("standings", "clubs", "--json"))] == ["Север", "Юг"]
    assert lineups_of(clubs) == [(1, 1, [1])] and clubs.teams.get(number=1).reserves.get().name == "Запасной Игорь"
