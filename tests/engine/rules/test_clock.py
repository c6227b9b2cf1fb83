"""The round clock's arithmetic (engine/rules/clock.py, docs/rules.md §5.1): pauses, a late table, the time rule."""
from engine.rules import Rules
from engine.rules.clock import DEAL_OR_ONE_MORE, FINISH_DEAL, Clock, due_warning, time_limit_seconds, time_up_rule

START = 1_000_000.0
LIMIT = 40 * 60


def test_the_clock_runs_from_the_start():
    clock = Clock(start=START, limit=LIMIT)
    assert clock.remaining(START) == LIMIT
    assert clock.remaining(START + 600) == LIMIT - 600
    assert clock.deadline(START + 600) == START + LIMIT
    assert clock.remaining(START - 300) == LIMIT  # not started yet: nothing counts


def test_the_time_runs_out_and_goes_on_below_zero():
    clock = Clock(start=START, limit=LIMIT)
    assert clock.remaining(START + LIMIT) == 0
    assert clock.remaining(START + LIMIT + 90) == -90


def test_a_pause_does_not_count():
    # 10 minutes played, a 5-minute break, 10 more minutes: 20 minutes left.
    clock = Clock(start=START, limit=LIMIT, pauses=((START + 600, START + 900),))
    assert clock.remaining(START + 1500) == LIMIT - 1200
    assert clock.deadline(START + 1500) == START + LIMIT + 300


def test_while_paused_the_clock_stands():
    clock = Clock(start=START, limit=LIMIT, pauses=((START + 600, None),))
    assert clock.paused
    assert clock.remaining(START + 700) == LIMIT - 600
    assert clock.remaining(START + 5000) == LIMIT - 600
    assert clock.deadline(START + 5000) is None


def test_a_late_table_runs_its_own_limit_and_the_pause_before_its_start_does_not_touch_it():
    pauses = ((START + 60, START + 180),)  # a two-minute pause before table 17 started
    late = Clock(start=START + 420, limit=LIMIT, pauses=pauses)
    assert late.remaining(START + 420 + 600) == LIMIT - 600
    assert late.deadline(START + 1020) == START + 420 + LIMIT
    round_clock = Clock(start=START, limit=LIMIT, pauses=pauses)
    assert round_clock.remaining(START + 1020) == LIMIT - 1020 + 120


def test_a_table_that_starts_during_a_pause_starts_standing():
    clock = Clock(start=START + 100, limit=LIMIT, pauses=((START, START + 400),))
    assert clock.remaining(START + 400) == LIMIT
    assert clock.remaining(START + 460) == LIMIT - 60


def test_the_warning_due_is_the_smallest_reached():
    assert due_warning(301, [10, 5]) == 10
    assert due_warning(300, [10, 5]) == 5
    assert due_warning(601, [10, 5]) is None
    assert due_warning(0, [10, 5]) is None  # the time is up: no warning, the prompt
    assert due_warning(100, []) is None


def test_the_limit_comes_from_the_rules():
    assert time_limit_seconds(Rules.from_config({"preset": "federation"})) == 40 * 60
    assert time_limit_seconds(Rules.from_config({"preset": "federation", "time_limit_minutes": 30})) == 30 * 60
    assert time_limit_seconds(Rules.from_config({"preset": "pusto-shest"})) is None  # a fixed number of deals
    assert time_limit_seconds(Rules.from_config({"preset": "kozel"})) is None
    assert time_limit_seconds(Rules.from_config({"preset": "kozel", "time_limit_minutes": 45})) == 45 * 60
    assert time_limit_seconds(Rules.from_config({"preset": "hand-points", "partie_length": "time",
                                                 "time_limit_minutes": 20})) == 20 * 60


def test_what_the_time_rule_says_at_time_up():
    assert time_up_rule(Rules.from_config({"preset": "federation"})) == DEAL_OR_ONE_MORE
    assert time_up_rule(Rules.from_config({"preset": "morskoy-kozel", "time_limit_minutes": 30})) == FINISH_DEAL
    assert time_up_rule(Rules.from_config({"preset": "hand-points", "time_limit_minutes": 30})) == FINISH_DEAL
    assert time_up_rule(Rules.from_config({"preset": "kozel"})) is None
    assert time_up_rule(Rules.from_config({"preset": "pusto-shest"})) is None


def test_the_worked_example_of_docs_rules_md():
    """§5.1: started 19:00, 40 minutes, a dispute 19:10–19:15; table 17 from 19:07; a table from 19:12."""
    def t(hh, mm):
        return START + ((hh - 19) * 60 + mm) * 60

    pauses = ((t(19, 10), t(19, 15)),)
    assert Clock(start=t(19, 0), limit=LIMIT, pauses=pauses).deadline(t(19, 20)) == t(19, 45)
    assert Clock(start=t(19, 7), limit=LIMIT, pauses=pauses).deadline(t(19, 20)) == t(19, 52)
    assert Clock(start=t(19, 12), limit=LIMIT, pauses=pauses).deadline(t(19, 20)) == t(19, 55)


def test_every_pause_is_taken_off_not_only_the_last():
    # two disputes of 100 and 50 seconds inside the first 1000 seconds: 850 seconds run
    clock = Clock(start=START, limit=LIMIT, pauses=((START + 100, START + 200), (START + 500, START + 550)))
    assert clock.elapsed(START + 1000) == 850
    assert clock.remaining(START + 1000) == LIMIT - 850


def test_the_last_warning_is_still_due_in_the_last_second():
    assert due_warning(0.5, [10, 1]) == 1  # half a second left: the time is not up yet
    assert due_warning(-0.5, [10, 1]) is None

