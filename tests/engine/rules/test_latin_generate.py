"""Random partidas of the partnership game: every one the engine accepts and ends, under every rule set."""
import random

import pytest

from engine.rules import Rules, score_protocol
from engine.rules.generate import random_partie
from engine.rules.latin.rule_sets import RULE_SETS


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("seed", range(8))
def test_a_random_partida_is_accepted_and_ends(name, seed):
    rules = Rules.from_config({"preset": "latin", **RULE_SETS[name]})
    deals, remarks = random_partie(random.Random(seed), rules)
    scored = score_protocol({"rules": {"preset": "latin", **rules.latin.to_config()},
                             "pairs": {"A": {"number": 1}, "B": {"number": 2}}, "deals": deals})
    assert scored.finished and not remarks
    assert scored.deals[-1].n == len(deals)  # the last hand is the one that ended it


def test_the_generator_writes_what_the_options_read():
    rules = Rules.from_config({"preset": "latin", "capicua": "add", "paso_redondo_bonus": 25,
                               "first_lead": "double_six", "target_points": 500, "time_limit_minutes": None})
    deals, _ = random_partie(random.Random(3), rules)
    assert deals[0]["lead_tile"] == "6-6"
    dominoes = [d for d in deals if d["result"] == "domino"]
    assert dominoes and all("out_tile" in d and len(d["ends"]) == 2 for d in dominoes)
    assert any(d["ends"][0] == d["ends"][1] or sorted(d["ends"]) == sorted(map(int, d["out_tile"].split("-")))
               for d in dominoes)  # a capicúa now and then
    assert any("pasos_redondos" in d for d in deals)
    assert any(d["result"] == "block" and "fisher" in d for d in deals)


def test_double_nine_deals_ten_tiles_and_nines():
    rules = Rules.from_config({"preset": "latin", "tile_set": "double_nine", "target_points": 300})
    deals, _ = random_partie(random.Random(5), rules)
    held = [t for d in deals for h in d["hands"].values() for t in h]
    assert any("9" in t for t in held)


def test_the_generator_writes_nothing_the_options_do_not_read():
    """FID's defaults: no capicúa, no paso redondo, no 6-6 lead — so no last tile, ends, pasos or lead tile."""
    rules = Rules.from_config({"preset": "latin", "target_points": 500})
    deals, _ = random_partie(random.Random(5), rules)
    assert len(deals) > 5
    assert not any(key in d for d in deals for key in ("out_tile", "ends", "pasos_redondos", "lead_tile"))
    assert all(d["lead"] in ("A1", "B1", "A2", "B2") for d in deals)


def test_the_holder_of_the_double_six_leads_the_first_hand_with_it():
    rules = Rules.from_config({"preset": "latin", "first_lead": "double_six"})
    for seed in range(6):
        deals, _ = random_partie(random.Random(seed), rules)
        first = deals[0]
        assert first["lead_tile"] == "6-6" and first["lead"] in ("A1", "B1", "A2", "B2")
        assert all("6-6" not in held for held in first["hands"].values() if isinstance(held, list))
