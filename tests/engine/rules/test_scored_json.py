"""The scored protocol's JSON before the first deal: a Kozel-family protocol says no games, no goats and
(with the rating, RULES-KOZEL §3) no rating yet; the other families carry no game fields at all."""
from engine.rules import Rules, ScoredProtocol, score_protocol


def _empty(preset: str) -> dict:
    return score_protocol({"format": "domino-protocol/2", "rules": {"preset": preset}, "deals": []}).to_json()


def test_a_kozel_protocol_before_its_first_deal():
    scored = _empty("kozel")
    assert scored["games"] == [] and scored["goats"] == {"A": 0, "B": 0}
    assert scored["rating"] == {"A": None, "B": None}
    assert scored["extra_game_needed"] is False and scored["abandoned"] is None


def test_morskoy_before_its_first_deal_has_goats_but_no_rating():
    scored = _empty("morskoy-kozel")
    assert scored["goats"] == {"A": 0, "B": 0} and "rating" not in scored


def test_hand_points_and_sport_carry_no_game_fields():
    for preset in ("hand-points", "federation"):
        scored = _empty(preset)
        assert not {"games", "goats", "rating", "extra_game_needed", "abandoned"} & set(scored), preset


def test_a_kozel_protocol_built_before_scoring_says_no_goats_and_no_rating_yet():
    # The engine fills goats and the rating when it scores; a protocol built directly has neither yet.
    for preset, rating in (("kozel", {"A": None, "B": None}), ("morskoy-kozel", None)):
        built = ScoredProtocol(rules=Rules.from_config({"preset": preset})).to_json()
        assert built["goats"] == {"A": 0, "B": 0} and built.get("rating") == rating
        assert built["games"] == [] and built["extra_game_needed"] is False and built["abandoned"] is None
