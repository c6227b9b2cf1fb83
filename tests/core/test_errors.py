"""One base for the domain errors: a refusal of either app is caught by the base, its code kept."""
import pytest

from core import errors as base
from scoring import errors as scoring_errors
from tournaments import errors as tournament_errors

SCORING_CODES = {"ServiceError": "error", "NotAllowed": "not_allowed", "ProtocolLocked": "locked",
                 "VersionConflict": "version_conflict", "InvalidInput": "invalid",
                 "ConfirmationRequired": "confirmation_required"}
TOURNAMENT_CODES = {"TournamentError": "error", "NotAllowed": "not_allowed", "InvalidInput": "invalid",
                    "ImportRejected": "import_rejected", "RoundBlocked": "round_blocked",
                    "SetupRejected": "setup_rejected", "InvalidFields": "invalid"}


def raise_each():
    """One instance of every domain error of both apps, built with the app's own signature."""
    yield scoring_errors.ServiceError("нет")
    yield scoring_errors.NotAllowed("нельзя")
    yield scoring_errors.ProtocolLocked("подписан")
    yield scoring_errors.VersionConflict("изменён", version=3, current={"deals": []})
    yield scoring_errors.InvalidInput("неверно", deal=2, seat="A1", field="hand_A1")
    yield scoring_errors.ConfirmationRequired("подтвердите", effect="disqualified")
    yield tournament_errors.TournamentError("нет", tables=[1])
    yield tournament_errors.NotAllowed("нельзя")
    yield tournament_errors.InvalidInput("неверно", field="name")
    yield tournament_errors.ImportRejected("ошибки", [(2, "name", "пусто")])
    yield tournament_errors.RoundBlocked("не подписаны")
    yield tournament_errors.SetupRejected("отказ", {"name": ["пусто"]})
    yield tournament_errors.InvalidFields([("player1_name", "пусто"), ("rating", "не число")])


@pytest.mark.parametrize("error", list(raise_each()), ids=lambda e: f"{type(e).__module__}.{type(e).__name__}")
def test_every_domain_error_is_caught_by_the_base_and_keeps_its_code(error):
    codes = SCORING_CODES if type(error).__module__ == "scoring.errors" else TOURNAMENT_CODES
    with pytest.raises(base.DomainError) as caught:
        raise error
    assert caught.value is error
    assert caught.value.code == codes[type(error).__name__]
    assert str(caught.value) == caught.value.message and caught.value.message


@pytest.mark.parametrize("cls", [scoring_errors.NotAllowed, tournament_errors.NotAllowed])
def test_both_apps_refusals_are_one_not_allowed(cls):
    with pytest.raises(base.NotAllowed) as caught:
        raise cls("Это может сделать только организатор турнира.")
    assert caught.value.code == "not_allowed"


def test_both_apps_bad_input_is_one_invalid_input_with_its_field():
    for error in (scoring_errors.InvalidInput("неверно", field="out"), tournament_errors.InvalidInput("неверно", field="out")):
        with pytest.raises(base.InvalidInput) as caught:
            raise error
        assert caught.value.field == "out" and caught.value.code == "invalid"


def test_the_apps_keep_their_own_attributes_and_codes():
    bad = scoring_errors.InvalidInput("неверно", "bad_tile", deal=4, seat="B2")
    assert (bad.code, bad.deal, bad.seat, bad.field) == ("bad_tile", 4, "B2", None)
    conflict = scoring_errors.VersionConflict("изменён", version=7, current={"v": 8})
    assert (conflict.version, conflict.current, conflict.code) == (7, {"v": 8}, "version_conflict")
    assert tournament_errors.TournamentError("нет", tables=[1, 2]).details == {"tables": [1, 2]}
    assert not isinstance(scoring_errors.NotAllowed("x"), tournament_errors.TournamentError)
    assert not isinstance(tournament_errors.NotAllowed("x"), scoring_errors.ServiceError)


def test_field_errors_name_every_bad_field():
    several = tournament_errors.InvalidFields([("player1_name", "пусто"), ("rating", "не число")])
    assert several.field_errors() == [("player1_name", "пусто"), ("rating", "не число")]
    assert (several.field, several.message) == ("player1_name", "пусто")
    assert scoring_errors.ProtocolLocked("подписан").field_errors() == [(None, "подписан")]
    assert tournament_errors.InvalidInput("пусто", field="name").field_errors() == [("name", "пусто")]
