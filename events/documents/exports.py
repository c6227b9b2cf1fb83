"""The files a tournament exports, one function per output (pages and the ``export`` command call these)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from events import individual_selectors
from scoring.queries import prior_remarks, protocols_for_sheets
from scoring.reports import pdf, pdf_lists, player_table, selectors, tabular, tabular_individual, team_data, xlsx
from scoring.reports.final_places import places_flowables, places_of, places_table
from scoring.reports.group_sheet import groups_table
from scoring.reports.pades import has_signing_key, pades_sign
from scoring.reports.sheets import blank_sheet, signed_sheet
from scoring.reports.tabular_grid import grid_table
from scoring.scores import score


def workbook(tournament) -> bytes:
    """Pairs, pairings by round, every deal, standings, players and the cross table (an individual event: the
    players' standings and the player × round grid instead); the team standing after the standings, and stage 2's
    groups («Группы») after the cross table, if any."""
    if tournament.format_spec.single_player_entries:  # the standings are the players' own: no second «players» sheet
        standings = selectors.load_standings(tournament)
        first = [player_table.standings_sheet(standings, player_table.entrant_clubs(tournament)),
                 grid_table(individual_selectors.grid(tournament))]
    else:
        standings = selectors.load_individual(tournament)
        cells, matrix = selectors.load_crosstable_from(standings)[1:]
        first = [tabular.standings_table(standings), tabular.players_table(standings),
                 tabular.crosstable_table(standings, cells, matrix)]
    teams = team_data.load_team_standings(tournament, standings=standings)
    if teams is not None:
        first.insert(1, team_data.team_sheet(teams))
    groups = groups_table(tournament)
    if groups is not None:
        first.append(groups)
    places = places_table(places_of(tournament))  # an event in stages: its final places first
    if places is not None:
        first.insert(0, places)
    # the standings count the event's own stage (selectors.event_stage); the pairings list every round's games
    all_games = standings.games if standings.stage is None else selectors.games_and_round_status(tournament, None)[0]
    if tournament.format_spec.single_player_entries:  # a row per player, a row per table of four (``tabular_individual``)
        entrants = [tabular_individual.players_table(selectors.pairs_for_sheet(tournament)),
                    tabular_individual.tables_table(all_games, [r.pair for r in standings.rows], goats=standings.goats,
                                                    endings=selectors.partie_endings(tournament))]
    else:
        entrants = [tabular.pairs_table(selectors.pairs_for_sheet(tournament)),
                    tabular.pairings_table(all_games, [r.pair for r in standings.rows], goats=standings.goats,
                                           rating=standings.rating, endings=selectors.partie_endings(tournament))]
    return xlsx.write_workbook([
        *tournament.format_spec.workbook_lead(),  # a team event: the teams' sheets first
        *first,
        *entrants,
        *DEAL_SHEETS.get(tournament.game.code, deal_sheets)(tournament),
    ])


def deal_sheets(tournament) -> list:
    """The deals of every protocol, scored deal by deal (the sport game, the Kozel family, hand points)."""
    return [tabular.deals_table(selectors.protocol_rows(tournament), tournament.rules(),
                                sides=selectors.side_numbers(tournament)
                                if tournament.format_spec.single_player_entries else None,
                                fmt=tournament.format_spec)]


def hand_sheets(tournament) -> list:
    """The partnership game: its hands and its sanctions, each partida scored whole."""
    partidas = selectors.partidas(tournament)
    return [tabular.hands_table(partidas, tournament.rules()), tabular.partida_sanctions_table(partidas)]


#: The deals' sheets of a game whose partie is scored otherwise than deal by deal (``tournaments.games``).
DEAL_SHEETS = {"latin": hand_sheets}


def standings_workbook(tournament, after_round=None) -> bytes:
    standings = selectors.load_standings(tournament, after_round)
    if tournament.format_spec.single_player_entries:
        sheets = [player_table.standings_sheet(standings, player_table.entrant_clubs(tournament))]
    else:
        sheets = [tabular.standings_table(standings)]
    teams = team_data.load_team_standings(tournament, standings=standings)
    places = places_table(places_of(tournament)) if after_round is None else None
    return xlsx.write_workbook(([places] if places is not None else []) + sheets +
                               ([team_data.team_sheet(teams)] if teams is not None else []))


def blank_sheets_pdf(tournament, round_number: int, *, base_url: str = "") -> bytes:
    rnd = selectors.round_of(tournament, round_number)
    rules = tournament.rules()
    prior = prior_remarks(tournament.pk, round_number)
    sheets = (blank_sheet(p, rules, prior=prior, base_url=base_url) for p in selectors.parties_for_blank_sheets(rnd))
    return pdf.render_sheets(sheets, title=_("%(t)s — тур %(r)s: протоколы") % {"t": tournament.name, "r": round_number})


def signed_sheets_pdf(tournament, round_number: int | None = None, *, base_url: str = "", sign: bool = True) -> bytes:
    """The signed protocols (of one round, or all), scored by the engine, signed as one PDF (PAdES)."""
    protocols = selectors.signed_protocols(tournament, round_number)
    sheets = (signed_sheet(p, score(p), base_url=base_url) for p in protocols.iterator(chunk_size=500))
    title = _("%(t)s: подписанные протоколы") % {"t": tournament.name}
    if round_number is not None:
        title = _("%(t)s — тур %(r)s: подписанные протоколы") % {"t": tournament.name, "r": round_number}
    sign, title = _signing(tournament, sign, title)
    data = pdf.render_sheets(sheets, title=title)
    return pades_sign(data, tournament, reason=title) if sign else data


def _signing(tournament, sign: bool, title: str) -> tuple[bool, str]:
    """Whether the PDF is signed, and its title: a tournament without a key gets its sheets unsigned, with a note
    in the title (a download never writes, so it never makes the key: scoring.reports.pades)."""
    if not sign or has_signing_key(tournament):
        return sign, title
    return False, _("%(t)s (без электронной подписи: у турнира ещё нет ключа подписи)") % {"t": title}


def protocol_pdf(protocol, *, base_url: str = "", sign: bool = True) -> bytes:
    """One protocol's score sheet; signed with the tournament's key when the protocol is signed."""
    protocol = protocols_for_sheets(type(protocol).objects.filter(pk=protocol.pk)).get()
    sheet = signed_sheet(protocol, score(protocol), base_url=base_url)
    tournament = protocol.partie.round.tournament
    title = _("%(t)s — тур %(r)s, стол %(s)s") % {"t": tournament.name, "r": sheet.round, "s": sheet.table}
    sign, title = _signing(tournament, sign and protocol.is_locked, title)
    data = pdf.render_sheets([sheet], title=title)
    if sign:
        return pades_sign(data, tournament, reason=_("Подписанный протокол: %(t)s") % {"t": title})
    return data


def standings_pdf(tournament, after_round=None) -> bytes:
    """The standings (of stage 1 in an event in stages, titled so), after the final places once they exist."""
    clubs = player_table.entrant_clubs(tournament) if tournament.format_spec.single_player_entries else None
    places = places_of(tournament) if after_round is None else []
    return pdf_lists.standings_pdf(selectors.load_standings(tournament, after_round), clubs,
                                   before=places_flowables(places))


def pairings_pdf(tournament, round_number: int) -> bytes:
    rnd = selectors.round_of(tournament, round_number)
    parties = selectors.pairings(tournament).filter(round=rnd)
    return pdf_lists.pairings_pdf(tournament, rnd, parties)
