"""Two devices writing the same protocol at the same moment, in real threads against the database."""

import pytest

from scoring import services
from scoring.errors import InvalidInput, VersionConflict
from scoring.models import Deal, Protocol, Remark
from tests.concurrency import race
from tests.referees.conftest import DEALS
from tests.versions import shown_version


@pytest.mark.django_db(transaction=True)
def test_same_version_from_two_devices_one_wins_other_gets_conflict(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    version = Protocol.objects.get(partie=table.partie).version
    corrected = {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": 5, "B2": 23}}
    outcomes = race(
        lambda: services.record_deal(table.referee, table.partie, DEALS[1], expected_version=version),
        lambda: services.correct_deal(table.referee2, table.partie, corrected, expected_version=version),
    )
    wins = [o for o in outcomes if isinstance(o, Protocol)]
    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(wins) == 1 and len(conflicts) == 1, outcomes
    assert conflicts[0].version == version + 1
    assert conflicts[0].current["version"] == version + 1
    assert Protocol.objects.get(partie=table.partie).version == version + 1


@pytest.mark.django_db(transaction=True)
def test_same_deal_from_two_devices_is_recorded_once(table):
    other = {"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}}
    outcomes = race(
        lambda: services.record_deal(table.referee, table.partie, DEALS[0], expected_version=0),
        lambda: services.record_deal(table.referee2, table.partie, other, expected_version=0),
    )
    refused = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(refused) == 1, outcomes
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert Protocol.objects.get(partie=table.partie).version == 1
    # The device that lost sees the current protocol; sending deal 1 again is refused as already entered.
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee2, table.partie, other, expected_version=refused[0].version)
    assert err.value.code == "deal_exists"


def retrying(call):
    """What a person does on the conflict page: look at the current protocol and send again."""
    def attempt():
        version = 1
        for _ in range(10):
            try:
                return call(version)
            except VersionConflict as exc:
                version = exc.version
        raise AssertionError("no attempt got through")
    return attempt


@pytest.mark.django_db(transaction=True)
def test_remarks_from_two_devices_are_both_counted_on_the_ladder(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    outcomes = race(
        retrying(lambda v: services.give_remark(table.referee, table.partie, deal=2, seat="A1", reason="time",
                                                expected_version=v)),
        retrying(lambda v: services.give_remark(table.referee2, table.partie, deal=2, seat="A2", reason="talking",
                                                expected_version=v)),
        retrying(lambda v: services.give_remark(table.chief, table.partie, deal=2, seat="A1", reason="signs",
                                                expected_version=v)),
    )
    assert all(isinstance(o, Protocol) for o in outcomes), outcomes
    assert Remark.objects.filter(protocol__partie=table.partie).count() == 3
    assert Protocol.objects.get(partie=table.partie).version == 4
    from audit.models import AuditEntry

    steps = sorted(e.after["step"] for e in AuditEntry.objects.filter(action="protocol.remark.given"))
    assert steps == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_one_form_sent_twice_at_once_is_written_once_and_both_get_its_answer(table):
    from django.http import QueryDict

    from referees import submissions

    services.ensure_protocol(table.partie)
    post = QueryDict(mutable=True)
    post.update({"n": "1", "version": "0", "result": "block", "form_key": submissions.new_key()})

    def send():
        outcome = submissions.Outcome([("success", "Раздача 1 сохранена.")], "deals")
        return submissions.once(post, table.referee, table.partie, "deal", lambda: services.record_deal(
            table.referee, table.partie, DEALS[1] | {"n": 1}, expected_version=0), outcome)

    outcomes = race(send, send)
    assert all(isinstance(o, submissions.Outcome) for o in outcomes), outcomes
    assert sorted(o.repeated for o in outcomes) == [False, True]
    assert all(o.messages == [("success", "Раздача 1 сохранена.")] for o in outcomes)
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert Protocol.objects.get(partie=table.partie).version == 1


@pytest.mark.django_db(transaction=True)
def test_first_send_at_a_new_table_and_its_repeat_at_once_are_written_once(table):
    """No protocol row yet to lock: the repeat waits in the service, is refused by the version, then answered."""
    from django.http import QueryDict

    from referees import submissions

    post = QueryDict(mutable=True)
    post.update({"n": "1", "version": "0", "form_key": submissions.new_key()})

    def send():
        return submissions.once(post, table.referee, table.partie, "deal", lambda: services.record_deal(
            table.referee, table.partie, DEALS[0], expected_version=0), submissions.Outcome(anchor="deals"))

    outcomes = race(send, send)
    assert all(isinstance(o, submissions.Outcome) for o in outcomes), outcomes
    assert sorted(o.repeated for o in outcomes) == [False, True]
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
