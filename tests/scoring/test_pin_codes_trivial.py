"""The PIN generator never issues a PIN one guesses first: one digit repeated, or a straight run up or down."""
import itertools

import pytest

from scoring import pin_codes
from scoring.pin_codes import PIN_LENGTH, random_pin, trivial_pin


@pytest.mark.parametrize("pin", ["11111", "00000", "99999", "12345", "54321", "01234", "43210", "56789", "98765",
                                 "67890", "09876", "1111", "123456"])
def test_repeated_digits_and_straight_runs_are_trivial(pin):
    assert trivial_pin(pin)


@pytest.mark.parametrize("pin", ["11112", "12346", "13579", "24680", "12321", "90123", "00001", "52814"])
def test_other_pins_are_not(pin):
    assert not trivial_pin(pin)


def test_the_generator_draws_again_rather_than_issue_a_trivial_pin(monkeypatch):
    digits = itertools.chain("11111", "12345", "54321", "70412")
    monkeypatch.setattr(pin_codes.secrets, "choice", lambda _seq: next(digits))
    assert random_pin() == "70412"


def test_generated_pins_are_never_trivial_and_have_the_length():
    pins = [random_pin() for _ in range(2000)]
    assert all(len(p) == PIN_LENGTH and p.isdigit() and not trivial_pin(p) for p in pins)
