"""Properties of the ranking on random tournaments (no database)."""
import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ranking.standings import Game, PairEntry, compute_standings
from engine.ranking.tiebreaks import TIEBREAKS
from tournaments.validators import validate_tiebreaks


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 9))
    pairs = [PairEntry(id=i, number=i, name=f"Пара {i}") for i in range(1, n + 1)]
    games = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for k in range(0, n - 1, 2):
            a, b = sorted(order[k:k + 2])
            sa, sb = draw(st.integers(0, 160)), draw(st.integers(0, 160))
            if sa == sb:
                sb += 1
            games.append(Game(rnd, a, b, sa, sb, draw(st.integers(0, 4)), draw(st.integers(0, 4)),
                              "A" if sa > sb else "B", True))
        if n % 2:
            games.append(Game(rnd, order[-1], None))
    tiebreaks = draw(st.lists(st.sampled_from(TIEBREAKS), unique=True, min_size=1, max_size=len(TIEBREAKS)))
    return pairs, games, tuple(tiebreaks)


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_ranking_is_consistent(data):
    pairs, games, tiebreaks = data
    rows = compute_standings(pairs, games, tiebreaks=tiebreaks)
    assert sorted(r.pair.id for r in rows) == [p.id for p in pairs]
    ranks = [r.rank for r in rows]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    # no drawn parties here: every win is someone's loss; a bye is no partie (counted apart, with its match point)
    assert sum(r.wins for r in rows) == sum(r.losses for r in rows)
    assert all(r.played == r.wins + r.draws + r.losses for r in rows)
    assert sum(r.byes for r in rows) == sum(1 for g in games if g.pair_b is None)
    assert sum(r.points_for for r in rows) == sum(r.points_against for r in rows)
    first = tiebreaks[0]
    if first in ("match_points", "difference", "points_for", "deals_won", "buchholz", "sonneborn_berger"):
        values = [getattr(r, first) for r in rows]
        assert values == sorted(values, reverse=True)
    if "pair_number" in tiebreaks:
        assert not any(r.tied for r in rows)
    # pairs sharing a place are equal on every criterion except head-to-head (group-dependent)
    for a, b in zip(rows, rows[1:]):
        if a.rank == b.rank:
            for name in tiebreaks:
                if name not in ("head_to_head", "pair_number"):
                    assert getattr(a, name) == getattr(b, name)


def test_validator_for_forms():
    validate_tiebreaks(["match_points", "buchholz"])
    validate_tiebreaks([])
    with pytest.raises(ValidationError) as err:
        validate_tiebreaks(["match_points", "coin"])
    assert err.value.code == "unknown_tiebreak" and "coin" in err.value.messages[0]
