"""What the open read API shows: exactly what the public pages show, as plain data.

* A tournament is shown while it is public and not archived (archiving makes it private, and a tournament
  marked private is the organizer's alone), as on the public pages.
* Rounds, pairings, results and protocols: the published and finished rounds only — a draft round is
  the organizer's, as on the pairings page. A protocol not started yet is not shown.
* People: the names, clubs and ratings the pair and draw pages show, and each tournament player's person in
  the players' registry (his number there, the number the rating list and his page ``/players/<№>/`` use).
  Never an account, a PIN, the reason the organizer gave for a changed pairing, a signing key, or what the
  referees alone see.
* The rating (docs/rules.md Part V): whether a tournament is rated, and the rated tournaments in the order
  their parties are applied (``registry.rating.rated_tournaments``), so that anyone can compute the list again
  from the API's answers (docs/api.md, «Пересчитать рейтинг-лист»).
* The players of a tournament come from one function (``tournament_players``): when players are kept
  in one registry across tournaments, that function is the one to point at it.

Every selector asks a fixed number of queries, whatever the size of the tournament.
"""
from __future__ import annotations

import hashlib
import uuid

from django.db.models import Count, Max, Prefetch, Sum
from django.utils.translation import gettext as _

from engine.rules import FORMAT_2
from events.stage_selectors import final_standings_data
from registry import rating, rating_selectors
from registry.models import PersonRating, RatedTournament
from scoring import live
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from scoring.queries import protocols_for_sheets
from scoring.reports.selectors import load_individual, load_standings, tiebreaks_of
from scoring.reports.stage_selectors import finalists, has_final
from teams.finals import is_team_event, team_finalists
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, Partie, Player, Round, RoundStatus, Tournament, seated

SHOWN_ROUNDS = (RoundStatus.PUBLISHED, RoundStatus.FINISHED)


# --- tournaments ---------------------------------------------------------------------------

def public_tournaments():
    """The tournaments the public pages show, newest first."""
    return (Tournament.objects.filter(is_public=True, archived_at__isnull=True).select_related("rated")
            .order_by("-start_date", "name", "pk"))


def public_tournament(slug) -> Tournament | None:
    return public_tournaments().filter(slug=slug).first()


def tournaments_stamp() -> str:
    """One data version for the list of tournaments: it changes when any of them changes, appears or goes.

    A tournament without its version row yet (imported rows send no signals) gives a stamp of this request
    alone, as ``scoring.live.current_stamp`` does: nothing is answered 304 on its account.
    """
    rows = list(public_tournaments().values_list("pk", "data_version__stamp"))
    if any(stamp is None for _pk, stamp in rows):
        return f"{live.UNVERSIONED}{uuid.uuid4().hex}"
    return hashlib.sha1(repr(rows).encode("utf-8")).hexdigest()[:32]


def tournament_stamp(slug) -> str | None:
    """The data version of a public tournament, None when there is no such tournament to show."""
    pk = public_tournaments().filter(slug=slug).values_list("pk", flat=True).first()
    return None if pk is None else live.current_stamp(pk)


def _rated(tournament) -> bool:
    """Marked as rated (``public_tournaments`` reads the mark with the tournament: no query)."""
    try:
        return tournament.rated is not None
    except RatedTournament.DoesNotExist:
        return False


def tournament_data(tournament) -> dict:
    tiebreaks, _error = tiebreaks_of(tournament)
    return {
        "slug": tournament.slug, "name": tournament.name, "start_date": tournament.start_date,
        "end_date": tournament.end_date, "venue": tournament.venue, "city": tournament.city,
        "format": tournament.format,
        "pairing_system": tournament.pairing_system, "rounds_planned": tournament.rounds_planned,
        "rules": tournament.rules_config(), "tiebreaks": list(tiebreaks),
        "draw_seed": tournament.draw_seed if tournament.draw_done_at else "", "draw_closed": tournament.draw_closed,
        "rated": _rated(tournament),
    }


# --- entrants and players ----------------------------------------------------------------

def _player(player) -> dict:
    return {"name": player.name, "club": player.club, "rating": player.rating, "number": player.number,
            "person": player.person_id}


def entrants(tournament) -> list[dict]:
    """Pairs (an individual event: its players, one per entrant) in number order, unnumbered ones last."""
    pairs = (Entrant.objects.filter(tournament=tournament)
             .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("number", "id")))
             .order_by("number", "id"))
    rows = [{
        "number": pair.number, "name": pair.name, "status": pair.status, "rating": pair.rating,
        "withdrawn_after_round": pair.withdrawn_after_round, "joined_round": pair.joined_round,
        "players": [_player(p) for p in seated(pair)],
    } for pair in pairs]
    return sorted(rows, key=lambda r: (r["number"] is None, r["number"] or 0))


def tournament_players(tournament) -> list[dict]:
    """The tournament's players, by entrant number and then seat (the entrant: its number)."""
    players = (Player.objects.filter(pair__tournament=tournament).select_related("pair")
               .order_by("pair__number", "pair_id", "number", "id"))
    rows = [{**_player(p), "entrant": p.pair.number} for p in players]
    return sorted(rows, key=lambda r: (r["entrant"] is None, r["entrant"] or 0))


# --- rounds, pairings, results ----------------------------------------------------------------

def shown_rounds(tournament) -> list[dict]:
    rounds = (Round.objects.filter(tournament=tournament, status__in=SHOWN_ROUNDS).order_by("number")
              .values("number", "status"))
    counts = {}
    for number, bye in Partie.objects.filter(round__tournament=tournament, round__status__in=SHOWN_ROUNDS) \
            .values_list("round__number", "pair_b_id"):
        tables, byes = counts.get(number, (0, 0))
        counts[number] = (tables + (bye is not None), byes + (bye is None))
    return [{**r, "tables": counts.get(r["number"], (0, 0))[0], "byes": counts.get(r["number"], (0, 0))[1]}
            for r in rounds]


def shown_round(tournament, number) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=number, status__in=SHOWN_ROUNDS).first()


def _round_parties(rnd) -> list[Partie]:
    prefetch = [Prefetch(f"{side}__players", queryset=Player.objects.order_by("number", "id"))
                for side in ("pair_a", "pair_b", "partner_a", "partner_b")]
    return list(rnd.parties.select_related("pair_a", "pair_b", "partner_a", "partner_b")
                .prefetch_related(*prefetch).order_by("table", "id"))


def _side(partie, side: str) -> dict | None:
    entrants_ = partie.side_entrants(side)
    if not entrants_:
        return None
    if len(entrants_) == 1:  # a pair: its players in seats 1 and 2
        seats = [(k, entrants_[0], p) for k, p in enumerate(seated(entrants_[0]), start=1)]
    else:  # an individual event: seat k is the k-th entrant's one player
        seats = [(k, e, seated(e)[0]) for k, e in enumerate(entrants_, start=1) if seated(e)]
    if partie.pair_b_id is None:  # a sit-out or a bye: no seat at a table
        return {"entrants": [e.number for e in entrants_],
                "players": [{"seat": "", "entrant": e.number, "name": p.name, "person": p.person_id}
                            for _k, e, p in seats]}
    return {"entrants": [e.number for e in entrants_],
            "players": [{"seat": f"{side}{k}", "entrant": e.number, "name": p.name, "person": p.person_id}
                        for k, e, p in seats]}


def pairings(rnd) -> list[dict]:
    """The tables of a shown round: who sits where (a bye: side B empty)."""
    return [{"table": p.table, "partie": p.pk, "bye": p.pair_b_id is None, "A": _side(p, "A"), "B": _side(p, "B")}
            for p in _round_parties(rnd)]


def results(rnd) -> list[dict]:
    """Each table's result as the pairings page shows it: the score once entered, the winner once finished."""
    kozel = rnd.tournament.game.counts_goats
    protocols = {row["partie_id"]: row for row in Protocol.objects.filter(partie__round=rnd).values(
        "partie_id", "status", "score_a", "score_b", "winner", "goats_a", "goats_b", "no_show", "ended_by_time",
        "abandoned", "disqualified", "finished")}
    rows = []
    for partie_id, table, bye in rnd.parties.order_by("table", "id").values_list("id", "table", "pair_b_id"):
        row = protocols.get(partie_id) or {"status": ProtocolStatus.NOT_STARTED}
        status = row["status"]
        started = status != ProtocolStatus.NOT_STARTED and bye is not None
        finished = status in (ProtocolStatus.AWAITING_SIGNATURES, ProtocolStatus.SIGNED)
        rows.append({
            "table": table, "partie": partie_id, "bye": bye is None, "status": status if bye is not None else "",
            "signed": status == ProtocolStatus.SIGNED,
            "score": {"A": row["score_a"], "B": row["score_b"]} if started else None,
            "goats": {"A": row["goats_a"], "B": row["goats_b"]} if started and kozel else None,
            "winner": (row["winner"] or "draw") if finished else None,
            "no_show": row.get("no_show") or None, "ended_by_time": bool(row.get("ended_by_time")),
            "abandoned": row.get("abandoned") or None, "disqualified": row.get("disqualified") or None,
            "finished": bool(row.get("finished")) and bye is not None,
        })
    return rows


# --- protocols ----------------------------------------------------------------------------

def shown_protocols(tournament, round_number: int | None = None):
    """The protocols of the shown rounds that have begun, in round and table order, with all they print."""
    protocols = Protocol.objects.filter(partie__round__tournament=tournament,
                                        partie__round__status__in=SHOWN_ROUNDS,
                                        partie__pair_b__isnull=False).exclude(status=ProtocolStatus.NOT_STARTED)
    if round_number is not None:
        protocols = protocols.filter(partie__round__number=round_number)
    return protocols_for_sheets(protocols).select_related("partie__partner_a", "partie__partner_b")


def protocol_data(protocol) -> dict:
    """A protocol as ``domino-protocol/2`` (a superset of /1: a sport protocol is the same with the new
    name), with where it was played and its state."""
    partie = protocol.partie
    return {"partie": partie.pk, "round": partie.round.number, "table": partie.table, "status": protocol.status,
            "signed": protocol.is_locked, "protocol": {**protocol_to_json(protocol), "format": FORMAT_2}}


# --- standings --------------------------------------------------------------------------------

def standings(tournament, after_round: int | None = None) -> dict:
    """The standings of the public page (pairs, or the players of an individual event) as plain data."""
    data = load_standings(tournament, after_round)
    individual = tournament.format_spec.single_player_entries
    rows = []
    for r in data.rows:
        row = {
            "rank": r.rank, "tied": r.tied, "entrant": r.pair.number, "name": r.pair.name,
            "players": list(r.pair.players), "status": r.status, "played": r.played, "wins": r.wins,
            "draws": r.draws, "losses": r.losses, "byes": r.byes, "match_points": r.match_points,
            "points_for": r.points_for, "points_against": r.points_against, "deals_won": r.deals_won,
            "buchholz": r.buchholz, "sonneborn_berger": r.sonneborn_berger, "head_to_head": r.head_to_head,
            "kozel": {"games_won": r.games_won, "goats_received": r.goats_received, "goats_given": r.goats_given,
                      "dry_goats": r.dry_goats, "dry_goats_given": r.dry_goats_given,
                      "rating": r.rating if data.rating else None} if data.goats else None,
            "latin": {"efectividad": r.efectividad, "sanction": r.sanction, "card": r.card,
                      "chancleta": r.chancleta, "zapato": r.zapato} if data.latin else None,
            "partners_score": getattr(r, "partners_score", None) if individual else None,
        }
        rows.append(row)
    return {"after_round": data.shown_round, "provisional": data.provisional, "stage": data.stage,
            "tiebreaks": list(data.tiebreaks), "rounds": data.rounds, "rows": rows}


def final_places(tournament) -> list[dict]:
    """An event in stages: its final places (stage 2's order, then stage 1's), once stage 2's entrants are
    confirmed; [] before, and in an event of one stage (its standings are its places)."""
    if not has_final(tournament):
        return []
    confirmed = team_finalists(tournament) if is_team_event(tournament) else finalists(tournament)
    if not confirmed:
        return []
    return [{"place": r["place"], "entrant": r.get("pair", r.get("team")), "name": r["name"], "stage": r["stage"],
             "seed": r.get("seed")} for r in final_standings_data(tournament)]


def player_standings(tournament, after_round: int | None = None) -> dict:
    """A pair event's players in their pair's order, as its players' standings page shows them."""
    data = load_individual(tournament, after_round)
    return {"after_round": data.shown_round, "provisional": data.provisional, "stage": data.stage,
            "tiebreaks": list(data.tiebreaks),
            "rounds": data.rounds,
            "rows": [row.to_json(goats=data.goats, rating=data.rating) for row in data.players]}


# --- the rating list (docs/rules.md Part V) -------------------------------------------------------------

def rating_stamp() -> str:
    """The list's data version: it moves with every change of anyone's rating, parties or last partie."""
    figures = PersonRating.objects.aggregate(n=Count("person"), r=Sum("rating"), p=Sum("parties"),
                                              last=Max("last_played"), top=Max("person"))
    return hashlib.sha1(repr(sorted(figures.items())).encode("utf-8")).hexdigest()[:32]


def rating_filters(club: str, city: str, active: bool):
    """The filters of the list, or the field refused and why (None: accepted)."""
    for field, value, message in (("club", club, _("Такого клуба нет в рейтинг-листе.")),
                                  ("city", city, _("Такого города нет в рейтинг-листе."))):
        if value and not rating_selectors.matching(field, value):
            return None, {field: message}
    return rating_selectors.Filters(club, city, active), None


def rating_rows(filters):
    return rating_selectors.rating_list(filters)


def rating_data(rows) -> list[dict]:
    return [{"place": r.place, "player": r.person_id, "name": r.person.name, "club": r.club, "city": r.city,
             "rating": r.shown, "parties": r.parties, "provisional": r.provisional, "last_played": r.last_played}
            for r in rating_selectors.decorate(rows)]


def rated_tournaments() -> dict:
    """The rated tournaments the API shows, in the order their parties are applied to the rating, with
    ``complete``: whether every rated tournament is shown (one kept private or archived still counts, and then
    the list cannot be computed again from the API alone — the API says so, and nothing more of it)."""
    rows = list(rating.rated_tournaments().values_list("pk", "slug", "name", "start_date", "is_public",
                                                        "archived_at"))
    shown_rows = [r for r in rows if r[4] and r[5] is None]
    return {"complete": len(shown_rows) == len(rows),
            "rows": [{"position": k, "sequence": pk, "slug": slug, "name": name, "start_date": start}
                     for k, (pk, slug, name, start, _public, _archived) in enumerate(shown_rows, start=1)]}


def rated_tournaments_stamp() -> str:
    """The version of that list: it moves when a tournament is marked or unmarked, moved, renamed, hidden."""
    rows = list(rating.rated_tournaments().values_list("pk", "slug", "name", "start_date", "is_public",
                                                        "archived_at"))
    return hashlib.sha1(repr(rows).encode("utf-8")).hexdigest()[:32]
