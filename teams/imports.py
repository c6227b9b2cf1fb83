"""Teams from a spreadsheet (.xlsx) or CSV: read, shown for confirmation, then registered all or none.

The file has one row a player (the template, ``template_xlsx``): the team's name (the rows of one team share
it, compared as ``names.fold`` does), the team's club / region, the pair (1…K, or «З» for a reserve), the
player's name, his club / city, rating and federation ID. The file is read as the pairs' import reads it
(``events.services.import_files``: bounded, hostile files refused in Russian, formulas reported) and every
error of every row is reported at once, each with its row and its column's letter (``ImportRejected``).

**[толкование]** The registry: a player with a federation ID is linked to the registry's person holding that
ID, or a new person is created with it; a player without one is left unlinked, as the team form leaves him
(the organizer links him later on the registry's pages).
"""
from __future__ import annotations

import io

from django.db import transaction
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from access.permissions import require_organizer
from audit.log import log_action
from core.cells import cells
from core.locking import locked
from core.names import fold
from core.text import UnsafeText
from core.text import clean_text as clean_unicode
from events.services.import_files import Formula, filled_rows, open_sheet
from events.services.registration import pair_label, pair_problems, registered_names
from people.models import Person
from tournaments.errors import ImportRejected, InvalidInput, TournamentError
from tournaments.models import Tournament

from .services import (
    RESERVES_MAX,
    create_team,
    require_team_event,
    require_team_registration_open,
    team_problems,
)
from .standings import event_of

# (key, header as printed in the template, required)
COLUMNS = [
    ("team", "Команда", True),
    ("team_club", "Клуб / регион команды", False),
    ("pair", "Пара", True),
    ("name", "Игрок", True),
    ("club", "Клуб / город", False),
    ("rating", "Рейтинг", False),
    ("federation_id", "ID федерации", False),
]
HEADER_OF = {key: header for key, header, _req in COLUMNS}
RESERVE_WORDS = {"з", "зап", "запасной", "запасная", "резерв", "r", "reserve"}
EXAMPLE = [["Тверь-1", "Тверь", 1, "Иванов Иван", "Тверь", 1500, ""],
           ["Тверь-1", "Тверь", 1, "Петров Пётр", "Тверь", "", ""],
           ["Тверь-1", "Тверь", 2, "Сидоров Сидор", "", "", ""],
           ["Тверь-1", "Тверь", 2, "Кузнецов Кузьма", "", "", ""],
           ["Тверь-1", "Тверь", "З", "Смирнов Семён", "", "", ""]]


def template_xlsx(pairs_per_team: int) -> bytes:
    """The file organizers fill in: the header row only; the example is on a second sheet, never imported."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Команды"
    ws.append(cells(ws, [header for _key, header, _req in COLUMNS]))
    example = wb.create_sheet("Образец")
    example.append([_("Образец заполнения: одна строка — один игрок; в команде %(k)s пар(ы) по два игрока и до "
                      "%(r)s запасных («З» в столбце «Пара»).") % {"k": pairs_per_team, "r": RESERVES_MAX}])
    example.append([header for _key, header, _req in COLUMNS])
    for row in EXAMPLE:
        example.append(cells(example, row))
    for sheet in (ws, example):
        for k in range(1, len(COLUMNS) + 1):
            sheet.column_dimensions[get_column_letter(k)].width = 22
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _pair_of(value, k: int):
    """The pair's number 1…k, "reserve", or None (not one of them)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip().lower().rstrip(".")
    if text in RESERVE_WORDS:
        return "reserve"
    if text.isdigit() and text.isascii() and 1 <= int(text) <= k:
        return int(text)
    return None


class _Report:
    """The errors of the file: (row, "Header (letter)", message)."""

    def __init__(self, positions):
        self.letter = {key: get_column_letter(k + 1) for key, k in positions.items()}
        self.errors = []

    def add(self, row: int, key: str, message: str) -> None:
        self.errors.append((row, f"{HEADER_OF.get(key, key)} ({self.letter.get(key, '?')})", message))


def _rows(sheet, report, k: int) -> list[dict]:
    """Every filled row of the data area as {"row", "team", "team_club", "pair", "player"} with its cells'
    formulas and a bad pair reported; the row limit refuses the whole file."""
    out = []
    for row_number, cell in filled_rows(sheet):
        bad = False
        for key, v in cell.items():
            if isinstance(v, Formula):
                report.add(row_number, key, _("в ячейке формула «%(f)s»: впишите текст или число, а не формулу")
                           % {"f": str(v)[:40]})
                cell[key], bad = "", True
        pair = _pair_of(cell.get("pair"), k)
        if pair is None and str(cell.get("pair") or "").strip():
            report.add(row_number, "pair", _("пара — номер от 1 до %(k)s или «З» для запасного") % {"k": k})
            bad = True
        elif pair is None and not bad:
            report.add(row_number, "pair", _("укажите пару: номер от 1 до %(k)s или «З» для запасного") % {"k": k})
            bad = True
        try:
            team = clean_unicode(cell.get("team"))
        except UnsafeText as exc:
            report.add(row_number, "team", f"{exc.message}")
            team, bad = "", True
        if not team and not bad:
            report.add(row_number, "team", _("укажите команду игрока"))
            bad = True
        out.append({"row": row_number, "team": team, "team_club": cell.get("team_club"), "pair": pair, "bad": bad,
                    "player": {"name": cell.get("name"), "club": cell.get("club"), "rating": cell.get("rating"),
                               "federation_id": cell.get("federation_id")}})
    return out


def _teams(rows, report, k: int) -> list[dict]:
    """The rows grouped into teams (in the order of their first rows), each team's pairs and reserves with
    the rows they came from; a pair without two players or more than ``RESERVES_MAX`` reserves reported."""
    teams: dict = {}
    for r in rows:
        if not r["team"]:
            continue
        team = teams.setdefault(fold(r["team"]), {"row": r["row"], "name": r["team"], "club": "", "club_row": None,
                                                  "pairs": {}, "reserves": [], "bad": False})
        team["bad"] = team["bad"] or r["bad"]
        club = str(r["team_club"] or "").strip()
        if club and not team["club"]:
            team["club"], team["club_row"] = club, r["row"]
        elif club and fold(club) != fold(team["club"]):
            report.add(r["row"], "team_club", _("у команды «%(t)s» в строке %(row)s другой клуб: «%(c)s»") % {
                "t": team["name"], "row": team["club_row"], "c": team["club"]})
            team["bad"] = True
        if r["pair"] == "reserve":
            team["reserves"].append(r)
            if len(team["reserves"]) > RESERVES_MAX:
                report.add(r["row"], "pair", _("у команды «%(t)s» больше %(n)s запасных") % {
                    "t": team["name"], "n": RESERVES_MAX})
                team["bad"] = True
        elif r["pair"] is not None:
            players = team["pairs"].setdefault(r["pair"], [])
            players.append(r)
            if len(players) > 2:
                report.add(r["row"], "pair", _("в паре %(p)s команды «%(t)s» уже два игрока (строки %(a)s и %(b)s)")
                           % {"p": r["pair"], "t": team["name"], "a": players[0]["row"], "b": players[1]["row"]})
                team["bad"] = True
    for team in teams.values():
        for j in range(1, k + 1):
            players = team["pairs"].get(j, [])
            if len(players) < 2:
                where = players[0]["row"] if players else team["row"]
                report.add(where, "pair", _("в паре %(p)s команды «%(t)s» два игрока, а в файле %(n)s") % {
                    "p": j, "t": team["name"], "n": len(players)})
                team["bad"] = True
    return list(teams.values())


def _person(player: dict) -> str:
    """The registry's person of an imported player (the module's docstring): an id, "new" or "none"."""
    fid = player.get("federation_id")
    if not fid:
        return "none"
    holder = Person.objects.filter(federation_id=fid).values_list("pk", flat=True).first()
    return str(holder) if holder else "new"


def _field_row(team: dict, field: str, k: int) -> tuple[int, str]:
    """(row, column key) of a team form's field (``services.team_problems``) in the file."""
    field = str(field or "")
    if field.startswith("reserve"):
        index = int("".join(ch for ch in field[len("reserve"):].split("_")[0] if ch.isdigit()) or 1) - 1
        rows = team["reserves"]
        row = rows[min(index, len(rows) - 1)]["row"] if rows else team["row"]
        return row, "club" if field.endswith("_club") else "name"
    if field.startswith("pair") and "_player" in field:
        head, _sep, rest = field.partition("_player")
        j, (p, _s, what) = int(head[4:]), rest.partition("_")
        row = team["pairs"][j][int(p) - 1]["row"]
        return row, what or "name"
    if field == "club":
        return team["club_row"] or team["row"], "team_club"
    return team["row"], "team" if field == "name" else "pair"


def _row_problems(team: dict, report) -> list:
    """The cells of each row of a team the file holds wrongly (a pair short of a player, a pair of three…),
    checked one row at a time as a pair's player is: (row, cleaned name or None)."""
    out = []
    for r in [r for j in sorted(team["pairs"]) for r in team["pairs"][j]] + team["reserves"]:
        player = r["player"] if r["pair"] != "reserve" else {"name": r["player"]["name"], "club": r["player"]["club"]}
        (cleaned,), _name, _rating, problems = pair_problems([player], "", None)
        for e in problems:
            report.add(r["row"], str(e.details.get("field") or "name").partition("_")[2] or "name", e.message)
        out.append((r, cleaned["name"]))
    return out


def _checked(tournament, teams: list, report, k: int) -> list[dict]:
    """Each team of the file checked as the team form's is (``team_problems``) and cleaned, its errors put on
    their rows and columns; a team the file holds wrongly has its rows checked one by one instead. A player
    in two rows of the file, or already in the tournament, is an error of his row. Returns the teams without
    an error."""
    known = registered_names(tournament)
    out, seen = [], {}
    for team in teams:
        if team["bad"]:
            players = _row_problems(team, report)
            errors = []
            for r, name in players:
                other = known.get(fold(name)) if name else None
                if other is not None:
                    report.add(r["row"], "name", _("«%(name)s» уже зарегистрирован: %(pair)s") % {
                        "name": name, "pair": pair_label(other.pair)})
        else:
            pairs = [[{**r["player"], "person": "none"} for r in team["pairs"][j]] for j in range(1, k + 1)]
            reserves = [{"name": r["player"]["name"], "club": r["player"]["club"]} for r in team["reserves"]]
            cleaned, errors = team_problems(tournament, name=team["name"], club=team["club"], pairs=pairs,
                                            reserves=reserves, known=known)
            for e in errors:
                row, key = _field_row(team, e.details.get("field"), k)
                report.add(row, key, e.message)
            players = [(r, p["name"]) for j, ps in enumerate(cleaned["pairs"], start=1)
                       for r, p in zip(team["pairs"][j], ps)]
            players += [(r, n) for r, (n, _c) in zip(team["reserves"], cleaned["reserves"])]
        clash = False
        for r, name in players:
            key = fold(name) if name else None
            if key and key in seen and seen[key] != r["row"]:
                report.add(r["row"], "name", _("«%(name)s» уже есть в строке %(row)s") % {"name": name,
                                                                                         "row": seen[key]})
                clash = True
            elif key:
                seen.setdefault(key, r["row"])
        if team["bad"] or errors or clash:
            continue
        for ps in cleaned["pairs"]:
            for p in ps:
                p["person"] = _person(p)
        out.append({**cleaned, "row": team["row"]})
    return out


def parse_teams_file(tournament, data: bytes, filename: str) -> list[dict]:
    """The teams of the file, checked against the tournament (its teams and players): a list of
    ``team_problems``'s cleaned teams, each with the row it starts on. Raises ``ImportRejected`` listing every
    error of every row, or ``TournamentError`` for a file that cannot be read at all."""
    k = event_of(tournament).pairs_per_team
    if not str(filename or "").lower().endswith((".xlsx", ".csv")):
        raise TournamentError(_("Нужен файл .xlsx или .csv."), code="bad_file")
    sheet = open_sheet(data, filename, COLUMNS, required={key for key, _h, required in COLUMNS if required})
    report = _Report(sheet.positions)
    report.errors += sheet.unknown
    teams = _teams(_rows(sheet, report, k), report, k)
    cleaned = _checked(tournament, teams, report, k)
    if report.errors:
        raise ImportRejected(_("В файле есть ошибки; ничего не сохранено."), sorted(report.errors,
                                                                                 key=lambda e: e[0]))
    if not cleaned:
        raise TournamentError(_("В файле нет ни одной команды."), code="empty_file")
    return cleaned


def preview_teams(user, tournament, data: bytes, filename: str) -> list[dict]:
    """What ``import_teams`` would register, read and checked, nothing written (the page asks to confirm)."""
    require_organizer(user, tournament)
    require_team_event(tournament)
    tournament = Tournament.objects.get(pk=tournament.pk)  # as it is now, not as the caller read it
    require_team_registration_open(tournament)
    return parse_teams_file(tournament, data, filename)


def import_teams(user, tournament, data: bytes, filename: str) -> list:
    """Register every team of the file, or none of them: read and checked again under the tournament's lock,
    each team written as the team form writes one (its pairs' and its own audit entries), then the file's."""
    require_organizer(user, tournament)
    require_team_event(tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        require_team_registration_open(tournament)
        teams = parse_teams_file(tournament, data, filename)
        note = _("импорт из файла «%(f)s»") % {"f": str(filename)[:100]}
        made = []
        for team in teams:
            try:
                made.append(create_team(user, tournament, team, note=note))
            except InvalidInput as err:  # the registry refused a person: nothing is saved
                raise ImportRejected(_("Некоторые игроки не связаны с реестром игроков; ничего не сохранено."),
                                     [(team["row"], f, m) for f, m in err.field_errors()]) from None
        log_action(tournament, "teams.imported", user=user, after={
            "file": str(filename)[:100], "teams": [t.name for t in made],
            "pairs": sum(len(t["pairs"]) for t in teams), "reserves": sum(len(t["reserves"]) for t in teams)})
    return made
