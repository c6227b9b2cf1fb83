"""Play a whole tournament through the services a person uses (for the ``simulate`` command and tests).

Deals are random but valid (docs/rules.md §4.3), from ``engine.rules.generate``. A run may include
withdrawals (some pairs before the draw, the others after round 1) and no-show parties spread over
the rounds; every protocol is signed by whoever ``scoring.protocol_state.missing_signatures`` asks for.
"""
from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from access.models import RoleKind, TournamentRole
from access.permissions import FEDERATION_ADMINS
from engine.rules.generate import random_deal, random_partie
from registry.matching import candidates, exact_match
from registry.rating_services import set_rated
from scoring import protocol_state
from scoring import services as protocol_services
from scoring.models import Protocol
from scoring.reports.group_selectors import groups_of
from tournaments.choices import DEFAULT_FORMAT
from tournaments.errors import InvalidInput, RoundBlocked
from tournaments.formats import format_class
from tournaments.models import (
    EntrantStatus,
    FinalKind,
    PairingSystem,
    Player,
    RoundStatus,
    SignatureMode,
    Tournament,
)

from .services import finish_round, pair_round, publish_round, register_pair, run_draw, withdraw_pair
from .services.stages import confirm_qualification, next_stage, set_final


def sign_as_required(referee, partie, signers: dict) -> None:
    """Give every signature ``missing_signatures`` asks for: players' slots first, the referee last.

    A slot is a seat ("A2") or a pair letter ("A", one signature per pair); the pair's linked
    account signs it. Whatever the signing rules become, this asks them instead of assuming them.
    """

    for _attempt in range(8):  # at most 4 seats and the referee; more means the rules changed under us
        protocol = Protocol.objects.get(partie=partie)
        missing = protocol_state.missing_signatures(partie, list(protocol.signatures.all()), protocol)
        if not missing:
            return
        slot = next((s for s in missing if s != "referee"), "referee")
        if slot == "referee":
            protocol_services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)
            continue
        seat = slot if len(slot) == 2 else f"{slot}1"
        entrants = partie.side_entrants(seat[0])  # a pair, or an individual event's two players
        pair = entrants[int(seat[1]) - 1] if len(entrants) == 2 else entrants[0]
        protocol_services.sign_protocol(signers[pair.pk], partie, role="player", seat=seat,
                                        expected_version=protocol.version)
    raise RuntimeError(f"round {partie.round.number} table {partie.table}: signatures still missing")


def play_partie(referee, partie, rng: random.Random, signers: dict) -> None:
    """Record random deals until the partie is over, then the players and the referee sign.

    ``signers``: {pair id: account linked to that pair's player 1}.
    """
    game = partie.round.tournament.game
    rules = game.rules
    protocol = protocol_services.ensure_protocol(partie)
    if game.engine_deals_partie:  # Kozel, Morskoy, hand points: the engine deals the whole partie
        deals, _remarks = random_partie(rng, rules)
        for deal in deals:
            protocol = protocol_services.record_deal(referee, partie, deal, expected_version=protocol.version)
            if protocol.finished and not protocol.extra_deal_needed:
                break
        sign_as_required(referee, partie, signers)
        return
    n = 0
    while True:
        n += 1
        protocol = protocol_services.record_deal(referee, partie, random_deal(rng, n, rules, as_tiles=True),
                                                 expected_version=protocol.version)
        if protocol.finished and not protocol.extra_deal_needed:
            break
    sign_as_required(referee, partie, signers)


def no_show_partie(referee, partie, rng: random.Random, signers: dict) -> str:
    """One pair does not come: the referee records the no-show and the protocol is signed as required."""
    side = rng.choice("AB")
    protocol = protocol_services.ensure_protocol(partie)
    protocol_services.record_no_show(referee, partie, side, expected_version=protocol.version)
    sign_as_required(referee, partie, signers)
    return side


def spread(total: int, slots: int) -> list[int]:
    """``total`` things over ``slots`` rounds as evenly as possible (earlier rounds take the remainder)."""
    return [total // slots + (1 if i < total % slots else 0) for i in range(slots)]


def create_tournament(organizer, *, pairs: int, rounds: int, system: str, seed, slug=None,
                      preset: str = "pusto-shest", format: str = DEFAULT_FORMAT) -> Tournament:
    """A tournament with ``pairs`` registered pairs (an individual event: ``pairs`` players); one account per
    pair signs its protocols (per player in an individual event, where every player signs)."""
    if system not in PairingSystem.values:
        raise ValueError(f"unknown pairing system {system!r}")
    individual = format_class(format).single_player_entries
    slug = slug or (f"sim-individual-{system}-{pairs}-{seed}" if individual else f"sim-{system}-{pairs}-{seed}")
    n = 2
    base = slug
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    tournament = Tournament.objects.create(
        name=(f"Моделирование: {pairs} игроков, личный зачёт, {rounds} туров" if individual else
              f"Моделирование: {pairs} пар, {rounds} туров"), slug=slug, start_date=datetime.date.today(),
        pairing_system=system, rounds_planned=rounds, format=format, rules_preset=preset,
        signature_mode=SignatureMode.EACH_PLAYER if individual else SignatureMode.ONE_PER_PAIR,
    )
    TournamentRole.objects.get_or_create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    rng = random.Random(f"names:{seed}")
    for i in range(pairs if individual else 0):
        register_pair(organizer, tournament, players=[
            registry_player(f"Игрок {i + 1}", rng.choice(["Тверь", "Москва", "Казань", "Самара"]))])
    for i in range(0 if individual else pairs):
        register_pair(organizer, tournament, players=[
            registry_player(f"Игрок {2 * i + 1}", rng.choice(["Тверь", "Москва", "Казань", "Самара"])),
            registry_player(f"Игрок {2 * i + 2}", rng.choice(["Тверь", "Москва", "Казань", "Самара"])),
        ])
    return tournament


def registry_player(name: str, club: str) -> dict:
    """A simulated player with his registry choice: the one person whose name («ё» = «е»), club or city match
    (``registry.matching.exact_match``), so two simulations with one seed share their persons; a new person
    when nobody is proposed; left unlinked when several are (never a duplicate)."""
    person = exact_match(name, club)
    if person is not None:
        return {"name": name, "club": club, "person": person.pk}
    return {"name": name, "club": club, "person": "none" if candidates(name, club) else "new"}


def link_signers(tournament, seed) -> dict:
    """One account per pair, linked to its player 1 (the pair signs once per partie)."""
    User = get_user_model()
    pairs = list(tournament.pairs.prefetch_related("players"))
    with transaction.atomic():
        users = []
        for pair in pairs:
            user = User(username=f"{tournament.slug}-{pair.pk}"[:150])
            user.set_unusable_password()
            users.append(user)
        User.objects.bulk_create(users)
        users = {u.username: u for u in User.objects.filter(username__startswith=f"{tournament.slug}-")}
        signers, players = {}, []
        for pair in pairs:
            user = users[f"{tournament.slug}-{pair.pk}"[:150]]
            first = min(pair.players.all(), key=lambda p: (p.number or 9, p.pk))
            first.user = user
            players.append(first)
            signers[pair.pk] = user
        Player.objects.bulk_update(players, ["user"])
    return signers


def _withdraw(organizer, tournament, count: int, rng: random.Random, note: str) -> list:
    """Withdraw ``count`` active pairs chosen by ``rng``; returns their numbers (None before the draw)."""
    active = list(tournament.pairs.filter(status=EntrantStatus.ACTIVE).order_by("id"))
    keep = 4 if tournament.format_spec.single_player_entries else 2
    chosen = rng.sample(active, min(count, max(0, len(active) - keep)))
    for pair in chosen:
        withdraw_pair(organizer, pair, note=note)
    return sorted((p.number for p in chosen), key=lambda n: (n is None, n or 0))


def parse_final(text: str | None) -> dict | None:
    """``knockout:8``, ``round-robin:6`` or ``groups:4x4+knockout:8`` → ``set_final``'s arguments; None or "" →
    no stage 2."""
    if not text:
        return None
    text = str(text)
    kind, _sep, size = text.partition(":")
    if kind == FinalKind.GROUPS:
        shape, _plus, bracket = size.partition("+knockout:")
        groups, _x, per_group = shape.partition("x")
        if groups.isdigit() and per_group.isdigit() and bracket.isdigit() and int(groups) \
                and int(bracket) % int(groups) == 0:
            return {"kind": kind, "groups": int(groups), "group_size": int(per_group),
                    "group_qualifiers": int(bracket) // int(groups), "third_place": int(bracket) >= 4}
    elif kind in (FinalKind.KNOCKOUT, FinalKind.ROUND_ROBIN) and size.isdigit():
        return {"kind": kind, "size": int(size), "third_place": kind == FinalKind.KNOCKOUT and int(size) >= 4}
    raise ValueError(f"--final is knockout:N, round-robin:N or groups:GxS+knockout:N (N a multiple of G), "
                     f"not {text!r}")


def play_round(organizer, tournament, rng, events, signers, no_shows: int) -> dict:
    """Pair, publish, play every table (``no_shows`` of them by a no-show) and finish one round."""
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    parties = list(
        rnd.parties.filter(pair_b__isnull=False)
        .select_related("round__tournament", "pair_a", "pair_b", "partner_a", "partner_b")
        .prefetch_related("pair_a__players", "pair_b__players", "partner_a__players", "partner_b__players")
    )
    absent = set(events.sample(range(len(parties)), min(no_shows, len(parties))))
    for i, partie in enumerate(parties):
        if i in absent:
            no_show_partie(organizer, partie, rng, signers)
        else:
            play_partie(organizer, partie, rng, signers)
    finish_round(organizer, rnd)
    rnd.refresh_from_db()
    return {
        "round": rnd.number, "stage": rnd.stage, "pairing_seconds": round(rnd.pairing_seconds or 0, 4),
        "parties": len(parties), "byes": rnd.parties.filter(pair_b__isnull=True).count(),
        "no_shows": len(absent), "status": rnd.status,
    }


def play_stage2(organizer, tournament, play_one) -> tuple[list, list]:
    """Confirm stage 1's best (a tie at the cut taken in printed order), then ``play_one()`` every round of
    stage 2 to its end; returns (the confirmed finalists, each round's summary). A team event's simulation
    plays its rounds by teams (``teams.simulation``)."""
    try:
        qualified = confirm_qualification(organizer, tournament)
    except InvalidInput as exc:
        if exc.code != "tie_at_cut":
            raise
        qualified = confirm_qualification(organizer, tournament, tie_order=exc.details["tied"])
    rounds = []
    while True:
        last = tournament.rounds.order_by("-number").first()
        try:
            next_stage(tournament, last.number + 1)
        except RoundBlocked:  # the event has no further round: stage 2 is played
            break
        rounds.append(play_one())
    return qualified, rounds


def play_final(organizer, tournament, rng, events, signers) -> dict:
    """Confirm stage 1's best N and play stage 2 to its end."""
    qualified, rounds = play_stage2(organizer, tournament,
                                    lambda: play_round(organizer, tournament, rng, events, signers, 0))
    summary = {"kind": tournament.final_kind, "size": tournament.final_size,
               "finalists": [q.pair.number for q in qualified], "rounds": rounds}
    if tournament.final_kind == FinalKind.GROUPS:
        summary["groups"] = [[q.pair.number for q in members] for members in groups_of(tournament, qualified)]
    return summary


def federation_admin():
    """The simulation's federation administrator (marks a simulated tournament as rated)."""
    user, created = get_user_model().objects.get_or_create(username="simulator-federation")
    if created:
        user.set_unusable_password()
        user.save()
    user.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    return get_user_model().objects.get(pk=user.pk)


def simulate(organizer, *, pairs: int, rounds: int, system: str, seed, slug=None, withdraw: int = 0,
             no_shows: int = 0, preset: str = "pusto-shest", format: str = DEFAULT_FORMAT,
             final: str | None = None, final_match: str = "single", rated: bool = False) -> dict:
    """Register, draw, and play every round; returns the JSON summary.

    ``withdraw``: pairs withdrawn, half (rounded down) before the draw, the rest after round 1.
    ``no_shows``: parties in which one pair does not come, spread over the rounds.
    ``final``: ``knockout:N``, ``round-robin:N`` or ``groups:GxS+knockout:N`` — stage 1 is played, its best N qualify, stage 2 is played;
    ``final_match``: how a knockout match is played (``single``, ``best-of-3``, ``total-2``).
    ``rated``: the tournament is marked as rated before its draw, so each signed protocol moves the rating.
    """
    if withdraw < 0 or no_shows < 0:
        raise ValueError("withdraw and no_shows are counts (0 or more)")
    stage2 = parse_final(final)
    rng = random.Random(f"play:{seed}")
    events = random.Random(f"events:{seed}")
    tournament = create_tournament(organizer, pairs=pairs, rounds=rounds, system=system, seed=seed, slug=slug,
                                   preset=preset, format=format)
    if rated:
        set_rated(federation_admin(), tournament, True)
    if stage2:
        set_final(organizer, tournament, match=final_match, **stage2)
        tournament.refresh_from_db()
    before_draw = withdraw // 2
    withdrawn = {"before_draw": len(_withdraw(organizer, tournament, before_draw, events, "моделирование: до жеребьёвки"))}
    run_draw(organizer, tournament, seed=str(seed))
    signers = link_signers(tournament, seed)
    summary = {"slug": tournament.slug, "system": system, "format": format,
               "players" if format_class(format).single_player_entries else "pairs": pairs, "rounds": [],
               "withdrawn": withdrawn, "preset": preset, "rated": rated}
    no_show_plan = spread(no_shows, rounds)
    for k in range(rounds):
        summary["rounds"].append(play_round(organizer, tournament, rng, events, signers, no_show_plan[k]))
        if k == 0 and withdraw - before_draw:
            withdrawn["after_round_1"] = _withdraw(organizer, tournament, withdraw - before_draw, events,
                                                   "моделирование: после тура 1")
    summary["finished"] = all(r["status"] == RoundStatus.FINISHED for r in summary["rounds"])
    if stage2:
        summary["final"] = play_final(organizer, tournament, rng, events, signers)
        summary["finished"] = summary["finished"] and all(
            r["status"] == RoundStatus.FINISHED for r in summary["final"]["rounds"])
    return summary


__all__ = ["simulate", "play_partie", "no_show_partie", "sign_as_required"]
