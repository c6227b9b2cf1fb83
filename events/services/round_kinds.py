"""How a round of one kind of event is paired, written and told: the one answer pair_round, swap_parties and the
round's log entries ask, chosen once from the tournament (``round_kind_of``).

A pair event's round (``PairRounds``, the default): the engine's pairings, one partie a pairing, the pair with
the smaller number as A; the log keeps A and B's numbers. An individual event's (``IndividualRounds``,
registered by ``EventsConfig.ready()`` as the individual format's part ``round_kind``): tables of four with a
sit-out each, and the players' numbers by seat (docs/rules-individual.md). A team event's round is paired on
the team pages through their own plan (``teams.rounds``), which ``pair_round`` takes as an argument.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from engine.pairing import Entrant, pair_random, pair_round_robin, pair_swiss
from tournaments.models import EntrantStatus, PairingSystem, Partie, Tournament

from .individual_rounds import compute_individual_pairings, individual_parties, single_records, table_snapshot
from .standing import pairing_order, records


def compute_pairings(tournament: Tournament, number: int, seed: str):
    """Run the tournament's pairing system for round ``number`` (no writes)."""
    recs = records(tournament, number)
    pairs = {p.pk: p for p in tournament.pairs.filter(number__isnull=False)}
    active = [r for pid, r in recs.items() if pairs[pid].status == EntrantStatus.ACTIVE]
    if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        ids = sorted(r.number for r in recs.values())
        inactive = {r.number for pid, r in recs.items() if pairs[pid].status != EntrantStatus.ACTIVE}
        return pair_round_robin(ids, number, inactive=inactive), recs
    ordered = pairing_order(tournament, number, active)
    entrants = [
        Entrant(r.number, score=r.match_points, rank=k, opponents=frozenset(r.opponents), had_bye=r.byes > 0)
        for k, r in enumerate(ordered)
    ]
    if tournament.pairing_system == PairingSystem.RANDOM:
        return pair_random(entrants, seed), recs
    return pair_swiss(entrants), recs


class PairRounds:
    swaps_within_a_table = False  # two pairs of one table exchange nothing
    orders_sides = True  # the pair with the smaller number sits as A

    def pairings(self, tournament, number: int, seed: str):
        return compute_pairings(tournament, number, seed)[0]

    def parties(self, rnd, result, entrant_by_number: dict) -> list[Partie]:
        parties = []
        for table, p in enumerate(result.pairings, start=1):
            a, b = entrant_by_number[p.a], entrant_by_number[p.b] if p.b is not None else None
            if b is not None and b.number < a.number:
                a, b = b, a
            parties.append(Partie(round=rnd, table=table, pair_a=a, pair_b=b, reason=p.reason[:300]))
        return parties

    def paired(self, partie):
        """A partie as the «round.paired» entry keeps it."""
        return [partie.pair_a.number, partie.pair_b.number if partie.pair_b else None]

    def snapshot(self, partie) -> dict:
        """A partie as the round's before / after snapshot keeps it."""
        return {"table": partie.table, "A": partie.pair_a.number, "B": partie.pair_b.number if partie.pair_b_id else None}

    def same_number(self, n) -> str:
        return _("Укажите две разные пары: пару №%(n)s не с кем поменять местами.") % {"n": n}

    def not_in_round(self, n) -> str:
        return _("Пары №%(n)s нет в этом туре.") % {"n": n}

    def swap_warnings(self, rnd, parties) -> list[str]:
        """Rematches and second byes an organizer's exchange of two pairs makes."""
        recs = records(rnd.tournament, rnd.number)
        by_number = {r.number: r for r in recs.values()}
        warnings = []
        for partie in parties:
            a = by_number[partie.pair_a.number]
            if partie.pair_b is None:
                if a.byes:
                    warnings.append(_("Пара №%(n)s уже пропускала тур — это второй пропуск.") % {"n": a.number})
                continue
            b = partie.pair_b.number
            if b in a.opponents:
                warnings.append(
                    _("Повторная встреча: пары №%(a)s и №%(b)s уже играли в туре %(r)s.")
                    % {"a": a.number, "b": b, "r": a.met_in[b]}
                )
        return warnings


class IndividualRounds(PairRounds):
    swaps_within_a_table = True  # two players of one table may exchange their seats
    orders_sides = False

    def pairings(self, tournament, number: int, seed: str):
        return compute_individual_pairings(tournament, number, seed)[0]

    def parties(self, rnd, result, entrant_by_number: dict) -> list[Partie]:
        return individual_parties(rnd, result, entrant_by_number)

    def paired(self, partie):
        return table_snapshot(partie)

    def snapshot(self, partie) -> dict:
        return table_snapshot(partie)

    def same_number(self, n) -> str:
        return _("Укажите двух разных игроков: игрока №%(n)s не с кем поменять местами.") % {"n": n}

    def not_in_round(self, n) -> str:
        return _("Игрока №%(n)s нет в этом туре.") % {"n": n}

    def swap_warnings(self, rnd, parties) -> list[str]:
        """Repeated partners and second sit-outs an organizer's exchange of two players makes."""
        recs = {r.number: r for r in single_records(rnd.tournament, rnd.number).values()}
        warnings = []
        for partie in parties:
            if partie.pair_b is None:
                rec = recs[partie.pair_a.number]
                if rec.sat_out:
                    warnings.append(_("Игрок №%(n)s уже пропускал тур — это второй пропуск.") % {"n": rec.number})
                continue
            for first, second in ((partie.pair_a, partie.partner_a), (partie.pair_b, partie.partner_b)):
                if first is not None and second is not None and second.number in recs[first.number].partners:
                    warnings.append(_("Повторное партнёрство: игроки №%(a)s и №%(b)s уже играли вместе.")
                                    % {"a": first.number, "b": second.number})
        return warnings


PAIR_ROUNDS = PairRounds()
INDIVIDUAL_ROUNDS = IndividualRounds()


def round_kind_of(tournament) -> PairRounds:
    """The round kind of this event: its format's part ``round_kind``, else the pairs'."""
    return tournament.format_spec.part("round_kind", PAIR_ROUNDS)
