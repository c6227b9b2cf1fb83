"""The organizer's writes of a team event (docs/rules.md «Командный турнир»): the settings, the teams with their
pairs and reserves, the numbers of the teams, the line-ups of a round and a reserve's substitution.

Each function takes the acting ``user``, checks the permission, runs in one transaction with the rows it
changes locked, and writes an audit entry.
"""
from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access.permissions import is_organizer, require_organizer
from audit.log import log_action
from core.converters import strict_int
from core.locking import locked
from core.names import fold
from events.services.entrants import create_pair
from events.services.registration import (
    clean_text,
    collect,
    pair_label,
    pair_problems,
    pair_snapshot,
    registered_names,
    substitute_player,
)
from tournaments.errors import InvalidFields, InvalidInput, NotAllowed, RoundBlocked, TournamentError
from tournaments.models import Entrant, EntrantStatus, FinalKind, Partie, Player, Round, RoundStatus, Tournament, seated
from tournaments.signals import entrant_left

from .models import PAIRS_PER_TEAM_MAX, LineUp, Reserve, Team, TeamEvent, TeamMatch, TeamPair, is_captain_of
from .rules import TeamRulesError, validate_order
from .standings import event_of

RESERVES_MAX = 4
POINTS_MAX = 10


def require_team_event(tournament) -> None:
    if not tournament.format_spec.has_teams:
        raise TournamentError(_("Это не командный турнир."), code="not_team_event")


def _count(value, *, field: str, what: str, low: int, high: int) -> int:
    number = strict_int(value)
    if number is None or not low <= number <= high:
        raise InvalidInput(_("%(what)s — целое число от %(low)s до %(high)s.") % {"what": what, "low": low,
                                                                                  "high": high}, field=field)
    return number


def set_team_settings(user, tournament, *, pairs_per_team, win, draw, loss, tiebreaks=None) -> TeamEvent:
    """K pairs a team (1–4, fixed once a team is registered or a team's online entry is live), the team match points and the tie-break order
    (fixed, like the rules, once a protocol is signed)."""
    require_organizer(user, tournament)
    require_team_event(tournament)
    k = _count(pairs_per_team, field="pairs_per_team", what=_("Пар в команде"), low=1, high=PAIRS_PER_TEAM_MAX)
    points = [_count(v, field=f, what=w, low=0, high=POINTS_MAX) for v, f, w in (
        (win, "win_points", _("Очки за победу в матче")), (draw, "draw_points", _("Очки за ничью в матче")),
        (loss, "loss_points", _("Очки за поражение в матче")))]
    if not points[0] > points[1] >= points[2]:
        raise InvalidInput(_("Победа в матче даёт больше очков, чем ничья, а ничья — не меньше, чем поражение."),
                           field="win_points", code="points_order")
    try:
        order = list(validate_order(tiebreaks or []))
    except TeamRulesError as exc:
        raise InvalidInput(exc.message, field="tiebreaks", code=exc.code) from None
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        event, _created = TeamEvent.objects.get_or_create(tournament=tournament)
        event = locked(TeamEvent.objects.filter(pk=event.pk)).get()
        before = {"pairs_per_team": event.pairs_per_team, "points": [event.win_points, event.draw_points,
                                                                     event.loss_points], "tiebreaks": event.tiebreaks}
        if k != event.pairs_per_team and tournament.teams.exists():
            raise InvalidInput(_("Команды уже зарегистрированы: число пар в команде менять нельзя."),
                               field="pairs_per_team", code="teams_registered")
        # the online registration's entries still waiting list the players of K pairs (its live statuses)
        if k != event.pairs_per_team and tournament.signup_entries.filter(
                status__in=("pending", "waiting", "accepted")).exists():
            raise InvalidInput(_("Команды уже подали заявки онлайн: число пар в команде менять нельзя."),
                               field="pairs_per_team", code="team_entries_live")
        changed = points != before["points"] or order != list(validate_order(event.tiebreaks or []))
        if changed and tournament.rules_locked():
            raise InvalidInput(_("Очки матчей и порядок показателей нельзя менять: в турнире уже есть подписанные "
                                 "протоколы."), field="win_points", code="rules_locked")
        event.pairs_per_team = k
        event.win_points, event.draw_points, event.loss_points = points
        event.tiebreaks = [] if tuple(order) == validate_order([]) else order
        event.save()
        log_action(tournament, "team.settings_changed", user=user, before=before,
                   after={"pairs_per_team": k, "points": points, "tiebreaks": event.tiebreaks})
    return event


def register_team(user, tournament, *, name, club="", pairs, reserves=()) -> Team:
    """A team with its K pairs (each a list of two players, as ``register_pair`` takes them) and its reserves
    (at most four: {"name", "club"}); before the numbers of the teams are drawn."""
    require_organizer(user, tournament)
    return enter_team(user, tournament, name=name, club=club, pairs=pairs, reserves=reserves)


def enter_team(user, tournament, *, name, club="", pairs, reserves=(), note="") -> Team:
    """``register_team`` without the organizer's role: for the online registration's accepted entry (``user``
    None when nobody approved it), which checks its own right to enter. Every check and audit entry is the same;
    ``note`` goes with them («онлайн-регистрация»).

    Every bad field is refused at once (``InvalidFields``), each under the team form's name of the field
    (``team_problems``); nothing is written then."""
    require_team_event(tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        require_team_registration_open(tournament)
        team, errors = team_problems(tournament, name=name, club=club, pairs=pairs, reserves=reserves)
        raise_all(errors)
        return create_team(user, tournament, team, note=note)


def require_team_registration_open(tournament) -> None:
    if tournament.draw_done_at:
        raise TournamentError(_("Номера команд уже разыграны: регистрация команд окончена."), code="draw_done")
    if tournament.draw_closed:
        raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")


def raise_all(errors: list) -> None:
    """One error as it is; several as one ``InvalidFields`` naming each field, in the order found."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def _pair_field(slot: int, field: str) -> str:
    """The team form's field of a pair's field: player k's name ``pair{slot}_player{k}``, his club
    ``pair{slot}_player{k}_club`` (rating, federation ID alike); anything else the pairs' as a whole."""
    head, _sep, rest = str(field or "").partition("_")
    if not head.startswith("player"):
        return "pairs"
    return f"pair{slot}_{head}" if rest == "name" else f"pair{slot}_{head}_{rest}"


def team_problems(tournament, *, name, club, pairs, reserves, known=None, taken=None) -> tuple[dict, list]:
    """The team cleaned ({"name", "club", "pairs": [[player, player]…], "reserves": [(name, club)…]}) and every
    error found in it (``InvalidInput``, fields as the team form names them), none written.

    Checked: the name (required, not a team of the tournament already — nor of ``taken``, the folded names of
    teams entered before it in the same file), the club, K pairs of two players each with their club, rating
    and federation ID (``registration.pair_problems``), at most ``RESERVES_MAX`` reserves, no player twice in the
    team, and no player already in the tournament (``known``: ``registered_names``, asked when not given).
    """
    errors = []
    name = collect(errors, clean_text, name, field="name", what=_("название команды"), required=True)
    club = collect(errors, clean_text, club, field="club", what=_("клуб / регион команды"))
    if name and (any(fold(t) == fold(name) for t in tournament.teams.values_list("name", flat=True))
                 or fold(name) in (taken or ())):
        errors.append(InvalidInput(_("Команда «%(name)s» уже зарегистрирована.") % {"name": name}, field="name",
                                   code="duplicate_team"))
    k = event_of(tournament).pairs_per_team
    if not isinstance(pairs, (list, tuple)) or len(pairs) != k:
        errors.append(InvalidInput(_("В команде %(k)s пар(ы): укажите всех игроков.") % {"k": k}, field="pairs",
                                   code="pairs_count"))
        pairs = []
    if not isinstance(reserves, (list, tuple)) or len(reserves) > RESERVES_MAX:
        errors.append(InvalidInput(_("Запасных игроков — не больше %(n)s.") % {"n": RESERVES_MAX},
                                   field="reserves"))
        reserves = []
    known = registered_names(tournament) if known is None else known
    cleaned_pairs, seen = [], {}

    def once(person_name, field, slot=None):
        """A player twice in the team, or already in the tournament: an error of his later field."""
        if not person_name:
            return
        key, message = fold(person_name), ""
        if key in seen:
            message, code = _("«%(name)s» указан в команде дважды.") % {"name": person_name}, "same_player_twice"
        elif known.get(key) is not None:
            message, code = _("Игрок «%(name)s» уже зарегистрирован: %(pair)s.") % {
                "name": person_name, "pair": pair_label(known[key].pair)}, "duplicate_player"
        if message:
            message = _("Пара %(k)s: %(msg)s") % {"k": slot, "msg": message} if slot else message
            errors.append(InvalidInput(message, field=field, code=code))
        seen.setdefault(key, field)

    for slot, players in enumerate(pairs, start=1):
        if not isinstance(players, (list, tuple)) or len(players) != 2:
            errors.append(InvalidInput(_("В паре %(k)s два игрока.") % {"k": slot}, field="pairs", code="pair_size"))
            continue
        players = [p if isinstance(p, dict) else {} for p in players]
        cleaned, _pair_name, _rating, problems = pair_problems(players, "", None)
        for e in problems:
            errors.append(InvalidInput(_("Пара %(k)s: %(msg)s") % {"k": slot, "msg": e.message},
                                       field=_pair_field(slot, e.details.get("field")), code=e.code))
        problem_fields = {e.details.get("field") for e in problems}
        for k_, player in enumerate(cleaned, start=1):
            if f"player{k_}_name" not in problem_fields:
                once(player["name"], f"pair{slot}_player{k_}", slot)
        cleaned_pairs.append(cleaned)
    cleaned_reserves = []
    for r, reserve in enumerate(reserves, start=1):
        reserve = reserve if isinstance(reserve, dict) else {}
        reserve_name = collect(errors, clean_text, reserve.get("name"), field=f"reserve{r}_name", required=True,
                               what=lambda r=r: _("фамилия и имя запасного %(k)s") % {"k": r})
        reserve_club = collect(errors, clean_text, reserve.get("club"), field=f"reserve{r}_club",
                               what=lambda r=r: _("клуб / город запасного %(k)s") % {"k": r})
        once(reserve_name, f"reserve{r}_name")
        cleaned_reserves.append((reserve_name, reserve_club or ""))
    return {"name": name, "club": club or "", "pairs": cleaned_pairs, "reserves": cleaned_reserves}, errors


def create_team(user, tournament, team: dict, *, note="") -> Team:
    """Write a team ``team_problems`` found without error (inside the caller's transaction, the tournament
    locked): the team, each pair as ``register_pair`` makes it (its registry's persons, its audit entry), the
    reserves, and the team's own audit entry."""
    row = Team.objects.create(tournament=tournament, name=team["name"], club=team["club"])
    for slot, players in enumerate(team["pairs"], start=1):
        try:
            pair = create_pair(user, tournament, players, team_name=team["name"])
        except InvalidInput as exc:  # the registry refused a person: the fields of this pair's players
            raise InvalidFields([(_pair_field(slot, f), _("Пара %(k)s: %(msg)s") % {"k": slot, "msg": m})
                                 for f, m in exc.field_errors()], code=exc.code) from None
        log_action(tournament, "pair.registered", user=user, after=pair_snapshot(pair), note=note)
        TeamPair.objects.create(team=row, pair=pair, slot=slot)
    Reserve.objects.bulk_create([Reserve(team=row, name=n, club=c) for n, c in team["reserves"]])
    log_action(tournament, "team.registered", user=user, after=team_snapshot(row), note=note)
    return row


def delete_team(user, team) -> None:
    """Remove a team registered by mistake (or that will not come), with its pairs and reserves: only before the
    teams' numbers are drawn. The online registration's waiting list moves up (``entrant_left``)."""
    tournament = team.tournament
    require_organizer(user, tournament)
    require_team_event(tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        team = locked(Team.objects.filter(pk=team.pk, tournament=tournament)).first()
        if team is None:
            raise TournamentError(_("Такой команды в турнире нет."), code="no_such_team")
        if tournament.draw_done_at or tournament.draw_closed or tournament.rounds.exists():
            raise TournamentError(_("Номера команд уже разыграны: команду больше нельзя удалить."), code="draw_done")
        log_action(tournament, "team.deleted", user=user, before=team_snapshot(team))
        pairs = list(Entrant.objects.filter(team_entry__team=team))
        for pair in pairs:
            log_action(tournament, "pair.deleted", user=user, before=pair_snapshot(pair),
                       note=_("команда «%(team)s» удалена") % {"team": team.name})
        team.delete()
        Entrant.objects.filter(pk__in=[p.pk for p in pairs]).delete()
        entrant_left.send(sender=Team, tournament=tournament, user=user)  # the online waiting list moves up


def team_snapshot(team) -> dict:
    return {"team": team.number, "name": team.name, "club": team.club,
            "pairs": [[m.slot, m.pair.number, [p.name for p in m.pair.players.all()]]
                      for m in team.members.select_related("pair").prefetch_related("pair__players")],
            "reserves": list(team.reserves.values_list("name", flat=True))}


def number_teams(user, tournament, *, seed=None) -> list[Team]:
    """Draw the teams' numbers (1…N, by ``seed``); pair j of team n gets number (n − 1)·K + j."""
    require_organizer(user, tournament)
    require_team_event(tournament)
    seed = str(seed if seed is not None else random.SystemRandom().randrange(10**9))[:64]
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.draw_closed or tournament.rounds.exists():
            raise TournamentError(_("Туры уже составлены: номера команд не меняются."), code="draw_closed")
        teams = list(tournament.teams.order_by("id"))
        if len(teams) < 2:
            raise TournamentError(_("Для турнира нужны хотя бы две команды."), code="too_few_teams")
        random.Random(f"teams:{seed}").shuffle(teams)
        k = event_of(tournament).pairs_per_team
        Team.objects.filter(pk__in=[t.pk for t in teams]).update(number=None)
        Entrant.objects.filter(tournament=tournament).update(number=None)
        for n, team in enumerate(teams, start=1):
            team.number = n
            team.save(update_fields=["number"])
            for m in team.members.all():
                Entrant.objects.filter(pk=m.pair_id).update(number=(n - 1) * k + m.slot, manual_number=False)
        players = list(Player.objects.filter(pair__tournament=tournament).order_by("pair_id", "id"))
        seen = set()
        for pl in players:  # the players of a pair sit in the order the team entered them
            pl.number = 2 if pl.pair_id in seen else 1
            seen.add(pl.pair_id)
        Player.objects.bulk_update(players, ["number"])
        tournament.draw_seed, tournament.draw_done_at = seed, timezone.now()
        tournament.draw_done_by = user if getattr(user, "is_authenticated", False) else None
        tournament.save(update_fields=["draw_seed", "draw_done_at", "draw_done_by"])
        log_action(tournament, "teams.numbered", user=user, after={"seed": seed, "teams": [
            [t.number, t.name] for t in teams]})
    return teams


def default_lineup(team) -> list[int]:
    return list(team.members.order_by("slot").values_list("pair_id", flat=True))


def lineup_for(team, number: int) -> list[int]:
    """The pairs of ``team`` at tables 1…K of round ``number``: its line-up for the round, else the last one
    entered for an earlier round, else its pairs in their order."""
    current = set(default_lineup(team))
    lineup = team.lineups.filter(round_number__lte=number).order_by("-round_number").first()
    if lineup is not None and len(lineup.pairs) == len(current) and set(lineup.pairs) == current:
        return list(lineup.pairs)
    return default_lineup(team)


def require_lineup_right(user, team) -> str:
    """Who may enter the team's line-up: the organizer, or the captain of this very team (never of another
    one). Returns "organizer" or "captain"; anyone else is refused with ``NotAllowed``."""
    if is_organizer(user, team.tournament):
        return "organizer"
    if is_captain_of(user, team):
        return "captain"
    raise NotAllowed(_("Расстановку команды вносит организатор турнира или капитан этой команды."))


def set_lineup(user, team, round_number, pair_ids) -> LineUp:
    """Which pair of the team plays at which table of its match in round ``round_number``.

    Entered by the organizer or the team's captain before the round is published, locked then; a draft
    round's tables are re-seated at once.
    """
    tournament = team.tournament
    by = require_lineup_right(user, team)
    require_team_event(tournament)
    stage2 = tournament.final_size or 0 if tournament.final_kind != FinalKind.NONE else 0  # ≤ N rounds of stage 2
    number = _count(round_number, field="round", what=_("Тур"), low=1, high=max(1, tournament.rounds_planned + stage2))
    if not isinstance(pair_ids, (list, tuple)):
        raise InvalidInput(_("Укажите пару для каждого стола."), field="pairs")
    ids = [strict_int(p) for p in pair_ids]
    with transaction.atomic():
        team = locked(Team.objects.select_related("tournament").filter(pk=team.pk)).get()
        own = default_lineup(team)
        if len(ids) != len(own) or None in ids or sorted(ids) != sorted(own):
            raise InvalidInput(_("Каждая пара команды играет ровно за одним столом матча."), field="pairs",
                               code="bad_lineup")
        rnd = Round.objects.filter(tournament=tournament, number=number).first()
        if rnd is not None and rnd.status != RoundStatus.DRAFT:
            raise RoundBlocked(_("Тур %(n)s опубликован: расстановка команды на него закрыта.") % {"n": number},
                               code="lineup_locked")
        lineup, _created = LineUp.objects.get_or_create(team=team, round_number=number)
        before = list(lineup.pairs)
        lineup.pairs, lineup.entered_by = ids, user if getattr(user, "is_authenticated", False) else None
        lineup.save()
        if rnd is not None:
            reseat(rnd, team, ids)
        numbers = dict(Entrant.objects.filter(pk__in=ids).values_list("pk", "number"))
        log_action(tournament, "team.lineup_set", user=user, before={"pairs": [numbers.get(i) for i in before]},
                   after={"team": team.number, "round": number, "pairs": [numbers[i] for i in ids], "by": by})
    return lineup


def reseat(rnd, team, ids: list[int]) -> None:
    """Put the pairs ``ids`` at tables 1…K of the team's match in the draft round ``rnd``."""
    match = TeamMatch.objects.filter(round=rnd).filter(team_a=team).first() or \
        TeamMatch.objects.filter(round=rnd, team_b=team).first()
    if match is None:
        return
    field = "pair_a" if match.team_a_id == team.pk else "pair_b"
    for table in match.tables.select_related("partie"):
        Partie.objects.filter(pk=table.partie_id).update(**{f"{field}_id": ids[table.board - 1]})


def substitute_reserve(user, team, pair, seat, reserve, *, note="") -> Entrant:
    """A reserve of the team takes seat ``seat`` (1 or 2) of one of its pairs between rounds; the player who
    leaves becomes a reserve. Refused while a round is in play (published, not finished)."""
    tournament = team.tournament
    require_organizer(user, tournament)
    require_team_event(tournament)
    with transaction.atomic():
        team = locked(Team.objects.select_related("tournament").filter(pk=team.pk)).get()
        if not TeamPair.objects.filter(team=team, pair_id=getattr(pair, "pk", None)).exists():
            raise InvalidInput(_("Эта пара не из этой команды."), field="pair", code="not_team_pair")
        reserve = Reserve.objects.filter(team=team, pk=getattr(reserve, "pk", None)).first()
        if reserve is None:
            raise InvalidInput(_("Это не запасной игрок этой команды."), field="reserve", code="not_reserve")
        playing = tournament.rounds.filter(status=RoundStatus.PUBLISHED).values_list("number", flat=True).first()
        if playing is not None:
            raise RoundBlocked(_("Идёт тур %(n)s: замена — только между турами (завершите тур).") % {"n": playing},
                               code="round_in_play")
        seat = strict_int(seat)
        pair = Entrant.objects.filter(pk=pair.pk, status=EntrantStatus.ACTIVE).first()
        if pair is None:
            raise InvalidInput(_("Пара снялась с турнира."), field="pair", code="pair_inactive")
        players = seated(pair)
        leaving = players[seat - 1] if seat in (1, 2) and len(players) >= seat else None
        substitute_player(user, pair, seat if seat in (1, 2) else 0,
                          player={"name": reserve.name, "club": reserve.club}, note=note)
        before = {"reserve": reserve.name, "left": leaving.name if leaving else ""}
        if leaving is not None:
            reserve.name, reserve.club = leaving.name, leaving.club
            reserve.save(update_fields=["name", "club"])
        log_action(tournament, "team.substituted", user=user, before=before,
                   after={"team": team.number, "pair": pair.number, "seat": seat})
    return pair
