"""The print pack of a round and the tournament's report: one function per file (the pages call these)."""
from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from access.models import RoleKind, TournamentRole
from core.names import person_name
from events import individual_selectors
from events import selectors as tournament_selectors
from events.stage_selectors import groups_data, stage2_next
from scoring.checks import check_tournament
from scoring.models import Card, Protocol
from scoring.pin_tries import table_token
from scoring.queries import protocols_for_sheets
from scoring.reports import pdf_pack, pdf_report, selectors, team_data
from scoring.reports.final_places import places_flowables, places_of
from scoring.reports.player_table import entrant_clubs
from scoring.reports.sheets import signed_sheet
from scoring.scores import score
from tournaments.models import Player, SigningMethod


def _parties(tournament, round_number):
    rnd = selectors.round_of(tournament, round_number)
    return rnd, tournament_selectors.round_parties(rnd)


def pairings_by_table(tournament, round_number: int) -> bytes:
    rnd, parties = _parties(tournament, round_number)
    return pdf_pack.pairings_by_table_pdf(tournament, rnd, parties)


def pairings_by_name(tournament, round_number: int) -> bytes:
    rnd, parties = _parties(tournament, round_number)
    return pdf_pack.pairings_by_name_pdf(tournament, rnd, tournament_selectors.by_name(parties))


def table_cards(tournament, round_number: int, *, base_url: str = "") -> bytes:
    """One card per table; where players sign on their own phones, each card carries the table's signing QR
    (its link holds the table's token, scoring.pin_tries: whoever sits at the table may try a PIN)."""
    rnd, parties = _parties(tournament, round_number)
    sign_urls = {}
    if tournament.signing_method == SigningMethod.OWN_PHONE:
        base = base_url.rstrip("/")
        sign_urls = {p.pk: f"{base}{reverse('referees:phone_sign', args=[p.pk])}?t={table_token(p.pk)}"
                     for p in parties if p.pair_b_id}
    return pdf_pack.table_cards_pdf(tournament, rnd, parties, sign_urls=sign_urls)


def sanctions_of(tournament) -> list[dict]:
    """Every remark of the published rounds with its effect, by pair number then round (the engine scores
    only the protocols that hold remarks)."""
    protocols = protocols_for_sheets(
        Protocol.objects.filter(partie__round__tournament=tournament, remarks__isnull=False)
        .exclude(partie__round__status="draft").distinct())
    rows = []
    for protocol in protocols:
        partie = protocol.partie
        sheet = signed_sheet(protocol, score(protocol))
        for r in sheet.remarks:
            # a pair event: the side's pair; an individual event: the seat's own player (A2: the side's second)
            entrants = partie.side_entrants("A" if r.seat.startswith("A") else "B")
            pair = entrants[1 if len(entrants) == 2 and r.seat.endswith("2") else 0] if entrants else None
            rows.append({"pair": pair.number if pair else None, "round": partie.round.number, "table": partie.table,
                         "deal": r.deal, "seat": r.seat, "name": r.name, "reason": r.reason, "number": r.number,
                         "effect": r.effect})
    rows.sort(key=lambda s: (s["pair"] is None, s["pair"] or 0, s["round"], s["deal"], s["number"]))
    return rows


def partida_sanctions_of(tournament) -> list[dict]:
    """The partnership game's sanctions and cards (RULES-LATIN.md §10) in the rows of ``sanctions_of``: what the
    referee gave (a deduction, a card) and what it made (the card after the pair's earlier ones, the partida
    ended by a red or black card given directly)."""
    players: dict = {}  # pair number -> its players' names in seat order (one query)
    for number, name in (Player.objects.filter(pair__tournament=tournament)
                         .order_by("pair__number", "number", "id").values_list("pair__number", "name")):
        players.setdefault(number, []).append(name)
    rows = []
    for rnd, table, number_a, number_b, _stored, scored in selectors.partidas(tournament):
        for s in scored.sanctions:
            number = number_a if s.player.startswith("A") else number_b
            seated = players.get(number) or []
            k = int(s.player[1]) - 1
            reason = (_("вычет %(p)s очков") % {"p": s.points} if s.points
                      else _("карточка: %(c)s") % {"c": Card.text(s.card)})
            effect = _("карточка: %(c)s") % {"c": Card.text(s.given)}
            if s.grave:
                effect += " · " + _("партия окончена")
            rows.append({"pair": number, "round": rnd, "table": table, "deal": s.hand, "seat": s.player,
                         "name": seated[k] if k < len(seated) else "", "reason": reason, "number": "",
                         "effect": effect})
    rows.sort(key=lambda s: (s["pair"], s["round"], s["deal"]))
    return rows


#: The sanctions of each game whose sanctions are not the sport game's remarks (``tournaments.games``).
GAME_SANCTIONS = {"latin": partida_sanctions_of}


def chief_referee_names(tournament) -> list[str]:
    roles = TournamentRole.objects.filter(tournament=tournament, role=RoleKind.CHIEF_REFEREE).select_related("user")
    return sorted(person_name(r.user) for r in roles)


def final_report(tournament) -> bytes:
    standings, cells, _matrix = selectors.load_crosstable(tournament)
    clubs = entrant_clubs(tournament) if tournament.format_spec.single_player_entries else None
    grid = individual_selectors.grid(tournament) if tournament.format_spec.single_player_entries else None  # instead of the cross table
    # a format whose entrants stand in their own section (teams: its teams', not a best-M standing of pairs)
    own_section = tournament.format_spec.part("report_section")
    team_event = own_section is not None
    sanctions = GAME_SANCTIONS.get(tournament.game.code, sanctions_of)(tournament)
    return pdf_report.final_report_pdf(tournament, standings, cells, sanctions,
                                     chief_referees=chief_referee_names(tournament), check=check_tournament(tournament),
                                     clubs=clubs, grid=grid,
                                     teams=None if team_event else team_data.load_team_standings(
                                         tournament, standings=standings),
                                     team_event=own_section(tournament, groups_data(tournament)) if team_event else (),
                                     groups=None if team_event else groups_data(tournament),
                                     places=places_flowables(places_of(tournament)),
                                     stage2_pending=stage2_next(tournament) is not None)
