"""RULES-KOZEL.md §10: every refusal names the deal and the seat, in Russian and English; nothing is scored."""
import io
import json

import pytest
from django.core.management import call_command

from engine.rules import ProtocolError, Rules, RulesError, score_protocol

from .kozel_helpers import blk, dom, kozel_protocol

KOZEL = {"preset": "kozel"}
MORSKOY = {"preset": "morskoy-kozel"}
SIX_50 = {"preset": "kozel", "lone_double_six": 50}
HAND = {"preset": "hand-points"}


def pts(n, a, b):
    return {"n": n, "result": "points", "points": {"A": a, "B": b}}


# (name, rules, deals, extra top-level fields, code, deal, seat)
REFUSALS = [
    ("ambiguous 12 with lone 6-6 = 50", SIX_50, [dom(1, "A1", {"B1": 12, "B2": 5})], {}, "ambiguous_count", 1, "B1"),
    ("ambiguous 12 in Morskoy", MORSKOY, [dom(1, "A1", {"B1": 7, "B2": 12})], {}, "ambiguous_count", 1, "B2"),
    ("count 0 with a lone 0-0 worth 10", KOZEL, [dom(1, "A1", {"B1": 0, "B2": 5})], {}, "empty_hand", 1, "B1"),
    ("domino: losing hand missing", KOZEL, [dom(1, "A1", {"B1": 4})], {}, "missing_hand", 1, "B2"),
    ("domino: losing hand empty", KOZEL, [dom(1, "B2", {"A1": [], "A2": 4})], {}, "empty_hand", 1, "A1"),
    ("domino: partner given empty", KOZEL, [dom(1, "A1", {"A2": [], "B1": 4, "B2": 3})], {}, "empty_hand", 1, "A2"),
    ("domino: out holds tiles", KOZEL, [dom(1, "A1", {"A1": 3, "B1": 4, "B2": 3})], {}, "out_holds_tiles", 1, "A1"),
    ("block: a hand missing", KOZEL, [{"n": 1, "result": "block", "hands": {"A1": 3, "A2": 4, "B1": 5}}], {},
     "missing_hand", 1, "B2"),
    ("wrong pass: offender's partner missing", KOZEL,
     [{"n": 1, "result": "wrong_pass", "offender": "B1", "hands": {"B1": 9}}], {}, "missing_hand", 1, "B2"),
    ("fisher not a seat", KOZEL, [blk(1, 3, 4, 5, 6, fisher="C3")], {}, "bad_seat", 1, None),
    ("fisher missing with fisher_half", {"preset": "kozel", "block_scoring": "fisher_half"},
     [blk(1, 3, 4, 5, 6)], {}, "missing_fisher", 1, None),
    ("fisher missing with all_to_fisher", {"preset": "kozel", "block_scoring": "all_to_fisher"},
     [blk(1, 3, 4, 5, 6)], {}, "missing_fisher", 1, None),
    ("fisher missing in a Morskoy block", MORSKOY, [blk(1, 3, 4, 5, 6)], {}, "missing_fisher", 1, None),
    ("lead tile not a tile", KOZEL, [dom(1, "A1", {"B1": 4, "B2": 3}, lead="B1", lead_tile="7-7")], {},
     "bad_tile", 1, "B1"),
    ("out tile: two tiles not doubles", KOZEL, [dom(1, "A1", {"B1": 4, "B2": 3}, out_tile=["6-6", "2-3"])], {},
     "bad_out_tile", 1, "A1"),
    ("out tile: three tiles", KOZEL, [dom(1, "A1", {"B1": 4, "B2": 3}, out_tile=["6-6", "2-2", "3-3"])], {},
     "bad_out_tile", 1, "A1"),
    ("out tile in a block", KOZEL, [blk(1, 3, 4, 5, 6, out_tile="2-2")], {}, "bad_out_tile", 1, None),
    ("out tile in a hand", KOZEL, [dom(1, "A1", {"B1": ["3-5"], "B2": 3}, out_tile="5-3")], {},
     "tile_on_table_in_hand", 1, "B1"),
    ("lead tile in a hand", KOZEL, [dom(1, "A1", {"B1": 4, "B2": ["1-1", "2-3"]}, lead_tile="1-1")], {},
     "tile_on_table_in_hand", 1, "B2"),
    ("lead tile placed last too", KOZEL, [dom(1, "A1", {"B1": 4, "B2": 3}, lead_tile="1-1", out_tile="1-1")], {},
     "same_tile_twice", 1, None),
    ("lead not a seat", KOZEL, [dom(1, "A1", {"B1": 4, "B2": 3}, lead="X")], {}, "bad_seat", 1, None),
    ("wrong lead after a domino", KOZEL,
     [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "B1", {"A1": 4, "A2": 3}, lead="B2")], {}, "wrong_lead", 2, "B2"),
    ("wrong lead after a block", KOZEL,
     [blk(1, 3, 4, 5, 6, fisher="A2"), dom(2, "B1", {"A1": 4, "A2": 3}, lead="A1")], {}, "wrong_lead", 2, "A1"),
    ("hand points: result not points", HAND, [dom(1, "A1", {"B1": 4, "B2": 3})], {}, "bad_points_result", 1, None),
    ("hand points: a side missing", HAND, [{"n": 1, "result": "points", "points": {"A": 3}}], {},
     "missing_points", 1, None),
    ("hand points: negative", HAND, [pts(1, -6, 10)], {}, "negative_points", 1, None),
    ("hand points: not a number", HAND, [pts(1, "12", 10)], {}, "bad_points", 1, None),
    ("hand points: huge", HAND, [pts(1, 10**18, 10)], {}, "points_out_of_range", 1, None),
    ("deal after the end of the partie", KOZEL,
     [blk(1, 30, 31, 25, 20), dom(2, "A1", {"B1": 4, "B2": 3})], {}, "deal_outside_partie", 2, None),
    ("a second result for a deal", KOZEL,
     [dom(1, "A1", {"B1": 4, "B2": 3}), dom(1, "A1", {"B1": 4, "B2": 3})], {}, "duplicate_deal", 1, None),
    ("a gap in the numbering", KOZEL,
     [dom(1, "A1", {"B1": 4, "B2": 3}), dom(3, "A1", {"B1": 4, "B2": 3})], {}, "missing_deal", 3, None),
    ("abandoned pair not A or B", KOZEL, [], {"abandoned": "C"}, "bad_abandoned", None, None),
    ("abandoned in a sport preset", {"preset": "pusto-shest"}, [], {"abandoned": "A"}, "bad_abandoned", None, None),
]


def _case(case):
    name, rules, deals, extra, code, deal, seat = case
    extra = dict(extra)
    return kozel_protocol(deals, extra.pop("rules", rules), **extra), code, deal, seat


@pytest.mark.parametrize("case", REFUSALS, ids=[c[0] for c in REFUSALS])
def test_refused_with_deal_and_seat(case):
    data, code, deal, seat = _case(case)
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    assert err.value.code == code
    assert (err.value.deal, err.value.seat) == (deal, seat)
    where = [f"раздача {deal}" if deal else None, f"место {seat}" if seat else None]
    head = ", ".join(w for w in where if w)
    assert err.value.message_ru.lower().startswith(head.lower())
    assert err.value.message_ru != "ошибка в протоколе" and "ошибка в протоколе" not in err.value.message_ru


@pytest.mark.parametrize("case", REFUSALS, ids=[c[0] for c in REFUSALS])
def test_score_protocol_command_refuses(case, tmp_path, capsys):
    data, code, deal, seat = _case(case)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    err = io.StringIO()
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("score_protocol", str(path), stdout=out, stderr=err)
    assert exit_.value.code == 1
    error = json.loads(out.getvalue())["error"]
    assert (error["code"], error["deal"], error["seat"]) == (code, deal, seat)
    assert f"ошибка [{code}]" in err.getvalue()


def test_a_deal_cannot_be_a_decider_for_both_pairs():
    # Leads rotate: A went out on 6-6 below 25 in deal 3, so deal 4 is A's decider; B2 leads deal 4
    # with 6-6 while B holds points, which would make it B's decider too.
    deals = [
        dom(1, "B1", {"A1": 16, "A2": 14}),                        # B records 30
        dom(2, "B1", {"A1": 5, "A2": 4}),                          # 9 < 25: nothing
        dom(3, "A2", {"B1": 9, "B2": 7}, out_tile="6-6"),          # 16 < 25: the next deal is A's decider
        dom(4, "A1", {"B1": 4, "B2": 6}, lead_tile="6-6"),
    ]
    rules = {"preset": "morskoy-kozel", "next_lead": "rotate"}
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol(deals, rules))
    assert (err.value.code, err.value.deal, err.value.seat) == ("double_decider", 4, "B2")
    deals[3]["lead_tile"] = "2-2"
    assert score_protocol(kozel_protocol(deals, rules)).games[0].ended == "decider"


def test_a_count_of_12_is_taken_when_it_cannot_mean_anything_else():
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 12, "B2": 5})]))
    assert scored.deals[0].value == {"B": 17}


def test_a_lone_six_entered_as_tiles_counts_its_value():
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": ["6-6"], "B2": 5})], SIX_50))
    assert scored.deals[0].value == {"B": 55}


def test_count_0_is_a_lone_blank_when_it_counts_nothing():
    rules = {"preset": "kozel", "lone_double_blank": 0}
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 0, "B2": 15})], rules))
    assert scored.deals[0].value == {"B": 15}


def test_lead_is_not_checked_on_the_first_deal_of_a_game_nor_after_a_wrong_pass_or_a_block_without_fisher():
    deals = [
        dom(1, "A1", {"B1": 4, "B2": 3}, lead="B2"),
        {"n": 2, "result": "wrong_pass", "offender": "B1", "hands": {"B1": 9, "B2": 9}, "lead": "A1"},
        blk(3, 3, 4, 5, 6, lead="B2"),
        dom(4, "A1", {"B1": 4, "B2": 3}, lead="A2"),
    ]
    scored = score_protocol(kozel_protocol(deals))
    assert [d.lead for d in scored.deals] == ["B2", "A1", "B2", "A2"]


def test_winner_choice_accepts_either_winning_partner_and_refuses_the_losers():
    rules = {"preset": "kozel", "next_lead": "winner_choice"}
    ok = [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "A1", {"B1": 4, "B2": 3}, lead="A2")]
    assert score_protocol(kozel_protocol(ok, rules)).deals[1].lead == "A2"
    bad = [ok[0], dict(ok[1], lead="B1")]
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol(bad, rules))
    assert err.value.code == "wrong_lead" and err.value.seat == "B1"


def test_out_partner_leads_after_a_domino():
    rules = {"preset": "kozel", "next_lead": "out_partner"}
    deals = [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "A1", {"B1": 4, "B2": 3})]
    assert score_protocol(kozel_protocol(deals, rules)).deals[1].lead == "A2"
    deals[1]["lead"] = "A1"
    with pytest.raises(ProtocolError):
        score_protocol(kozel_protocol(deals, rules))


def test_rotate_fixes_every_lead_from_first_lead():
    rules = {"preset": "kozel", "next_lead": "rotate"}
    deals = [dom(k, "A1", {"B1": 4, "B2": 3}) for k in (1, 2, 3)]
    scored = score_protocol(kozel_protocol(deals, rules, first_lead="B1"))
    assert [d.lead for d in scored.deals] == ["B1", "A2", "B2"]
    deals[0]["lead"] = "A1"
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol(deals, rules, first_lead="B1"))
    assert err.value.code == "wrong_lead" and err.value.deal == 1


def test_restart_after_unrecorded_frees_the_lead():
    rules = {"preset": "kozel", "restart_after_unrecorded": True}
    deals = [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "A1", {"B1": 4, "B2": 3}, lead="B2")]
    assert score_protocol(kozel_protocol(deals, rules)).deals[1].lead == "B2"
    with pytest.raises(ProtocolError):
        score_protocol(kozel_protocol(deals))


HOSTILE = ["<b>x</b>", "=1+1", "٣", "²", "x" * 10_000, 10**30, -1, None, [], {}, True, 3.5]


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
@pytest.mark.parametrize("field", ["lead", "lead_tile", "out_tile", "fisher", "out"])
def test_hostile_values_of_deal_fields_are_scored_or_refused(field, value):
    deal = dom(1, "A1", {"B1": 4, "B2": 3}, lead="B1", lead_tile="1-1", out_tile="2-3", fisher="A1")
    deal[field] = value
    try:
        score_protocol(kozel_protocol([deal]))
    except ProtocolError as exc:
        assert exc.deal == 1 and exc.message_ru


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_hand_points_are_refused(value):
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol([pts(1, value, 3)], HAND))
    assert err.value.deal == 1 and "очк" in err.value.message_ru


def test_hostile_note_is_refused_when_too_long():
    deal = dict(pts(1, 1, 2), note="x" * 10_000)
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol([deal], HAND))
    assert err.value.code == "bad_note"
    assert score_protocol(kozel_protocol([dict(pts(1, 1, 2), note="<b>=1+1</b>")], HAND)).totals_a == 1


# --- options (§10 «Options», §14) ----------------------------------------------------------

@pytest.mark.parametrize("config", [
    {"preset": "kozel", "recorder": "winner"},                                   # rating true by default
    {"preset": "kozel", "recorder": "winner", "rating": False},                  # block_scoring all is fine
    {"preset": "morskoy-kozel", "block_scoring": "all"},
    {"preset": "kozel", "games_per_partie": 3, "open_threshold": 25, "target_points": 125},
    {"preset": "kozel", "lead_bonus": {"6-6": 50, "0-0": 25}, "finish_bonus": {"0-0": 25}},
    {"preset": "morskoy-kozel", "eggs": "play_off", "eggs_doubles": ["1-1", "2-2", "3-3"], "eggs_expire": "void"},
    {"preset": "morskoy-kozel", "recorder": "loser", "block_scoring": "all", "lone_double_six": 50,
     "lone_double_blank": 75, "blank_six_pair": False, "six_finish_wins": "always", "decider": False},
    {"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 3, "allow_negative": True},
    {"preset": "hand-points", "partie_length": "time", "time_limit_minutes": 30},
    {"preset": "kozel", "time_limit_minutes": None},
])
def test_options_of_the_new_presets_are_accepted_and_round_trip(config):
    if config == {"preset": "kozel", "recorder": "winner"}:
        with pytest.raises(RulesError) as err:
            Rules.from_config(config)
        assert err.value.key == "rating"
        return
    rules = Rules.from_config(config)
    assert Rules.from_config(rules.to_config()) == rules


@pytest.mark.parametrize("config,key", [
    ({"preset": "morskoy-kozel", "block_scoring": "each_own"}, "block_scoring"),
    ({"preset": "morskoy-kozel", "block_scoring": "fisher_half"}, "block_scoring"),
    ({"preset": "morskoy-kozel", "block_scoring": "all_to_fisher"}, "block_scoring"),
    ({"preset": "kozel", "block_scoring": "opponents"}, "block_scoring"),
    ({"preset": "morskoy-kozel", "rating": True}, "rating"),
    ({"preset": "kozel", "eggs_doubles": ["1-2"]}, "eggs_doubles"),
    ({"preset": "kozel", "eggs_doubles": []}, "eggs_doubles"),
    ({"preset": "kozel", "games_per_partie": 0}, "games_per_partie"),
    ({"preset": "kozel", "target_points": 0}, "target_points"),
    ({"preset": "kozel", "open_threshold": 169}, "open_threshold"),
    ({"preset": "kozel", "open_threshold": -1}, "open_threshold"),
    ({"preset": "kozel", "lone_double_blank": 101}, "lone_double_blank"),
    ({"preset": "kozel", "lead_bonus": {"5-5": 10}}, "lead_bonus"),
    ({"preset": "kozel", "lead_bonus": 50}, "lead_bonus"),
    ({"preset": "kozel", "partie_length": "deals"}, "partie_length"),
    ({"preset": "kozel", "wrong_pass_points": 10}, "wrong_pass_points"),      # a sport option
    ({"preset": "kozel", "higher_wins": False}, "higher_wins"),               # a hand-points option
    ({"preset": "kozel", "dry_goat_value": 11}, "dry_goat_value"),
    ({"preset": "kozel", "six_finish_wins": "sometimes"}, "six_finish_wins"),
    ({"preset": "pusto-shest", "open_threshold": 13}, "open_threshold"),      # a Kozel option
    ({"preset": "federation", "games_per_partie": 2}, "games_per_partie"),
    ({"preset": "hand-points", "partie_length": "time"}, "time_limit_minutes"),
    ({"preset": "hand-points", "deals_per_partie": 0}, "deals_per_partie"),
    ({"preset": "hand-points", "recorder": "loser"}, "recorder"),
    ({"preset": "pusto-shest", "time_limit_minutes": None}, "time_limit_minutes"),
    ({"preset": "kozel", "rating_base": "100"}, "rating_base"),
    ({"preset": "kozel", "open_threshold": True}, "open_threshold"),
])
def test_bad_options_are_refused_naming_the_option(config, key):
    with pytest.raises(RulesError) as err:
        Rules.from_config(config)
    assert err.value.key == key


def test_hand_points_deals_need_not_be_a_multiple_of_4():
    assert Rules.from_config({"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 3}).deals_per_partie == 3
    with pytest.raises(RulesError):
        Rules.from_config({"preset": "pusto-shest", "deals_per_partie": 3})


def test_presets_defaults_of_section_14():
    kozel = Rules.from_config({"preset": "kozel"})
    assert (kozel.target_points, kozel.open_threshold, kozel.lone_double_blank, kozel.lone_double_six) == (101, 13, 10, 12)
    assert (kozel.recorder, kozel.block_scoring, kozel.remember_small, kozel.rating) == ("loser", "all", "until_win", True)
    assert kozel.forfeit_score == 101 and kozel.time_limit_minutes is None
    assert [s.kind for s in kozel.remark_ladder] == ["warning"] * 4 + ["disqualification"]
    sea = Rules.from_config({"preset": "morskoy-kozel"})
    assert (sea.target_points, sea.open_threshold, sea.threshold_scope, sea.wipe_on_record) == (125, 25, "every_deal", True)
    assert (sea.lone_double_blank, sea.lone_double_six, sea.blank_six_pair) == (25, 50, True)
    assert (sea.blank_finish_wins, sea.six_finish_wins, sea.decider, sea.rating) == (True, "if_recordable", True, False)
    hand = Rules.from_config({"preset": "hand-points"})
    assert (hand.partie_length, hand.target_points, hand.higher_wins, hand.allow_negative) == ("target", 100, True, False)
    assert Rules.from_config({"preset": "kozel", "target_points": 301}).forfeit_score == 301


def test_sport_presets_show_only_their_own_options():
    assert set(Rules.from_config({"preset": "pusto-shest"}).as_dict()) == {
        "preset", "partie_length", "deals_per_partie", "target_points", "time_limit_minutes", "lone_double_blank",
        "count_partner_on_domino", "block_scoring", "extra_deal_on_tie", "forfeit_score", "wrong_pass_points",
        "remark_ladder", "match_points_win", "match_points_draw", "match_points_loss", "bye_result",
        "bye_points_for", "bye_points_against", "late_entry_result",
    }
