"""The public form's rate limit (``signup.throttle``, docs/registration.md §2 «Против спама»): counted in the
database, one address at a time, before the send is looked at; a sliding hour; the same for every server process."""
import datetime
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from signup import throttle
from signup.models import Entry, SignupSender
from tests.concurrency import race

from .conftest import pair_data

pytestmark = pytest.mark.django_db

MINUTE = datetime.timedelta(minutes=1)


@pytest.mark.django_db(transaction=True)
def test_simultaneous_sends_from_one_address_never_pass_the_limit(settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 5
    outcomes = race(*[lambda: throttle.spend("10.0.0.1")] * 16)
    assert outcomes.count(True) == 5 and outcomes.count(False) == 11, outcomes
    assert len(SignupSender.objects.get(address="10.0.0.1").sends) == 5


@pytest.mark.django_db(transaction=True)
def test_simultaneous_valid_sends_through_the_form_make_at_most_the_limit_of_entries(cup, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 4
    url = reverse("tournaments:register", args=[cup.slug])

    def send(k):
        return lambda: Client(REMOTE_ADDR="10.0.0.2").post(url, pair_data(f"Игрок Первый{k}", f"Игрок Второй{k}"))

    codes = [r.status_code for r in race(*[send(k) for k in range(12)])]
    assert codes.count(429) == 8 and codes.count(302) == 4, codes
    assert Entry.objects.filter(tournament=cup).count() == 4


@pytest.mark.django_db(transaction=True)
def test_simultaneous_invalid_sends_are_counted_before_the_form_is_read(cup, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 3
    url = reverse("tournaments:register", args=[cup.slug])
    codes = [r.status_code for r in race(*[lambda: Client(REMOTE_ADDR="10.0.0.3").post(url, {"player1_name": ""})]
                                         * 10)]
    assert codes.count(400) == 3 and codes.count(429) == 7, codes
    refused = Client(REMOTE_ADDR="10.0.0.3").post(url, pair_data("Иванов Иван", "Петров Пётр"))
    assert refused.status_code == 429 and not Entry.objects.exists()


def test_the_hour_slides_a_send_at_59_minutes_is_refused_one_after_the_hour_passes(settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 20
    start = timezone.now()
    assert throttle.spend("10.0.0.4", now=start)
    assert all(throttle.spend("10.0.0.4", now=start + 10 * MINUTE) for _ in range(19))
    assert not throttle.spend("10.0.0.4", now=start + 10 * MINUTE + 5 * MINUTE + datetime.timedelta(seconds=39))
    assert not throttle.spend("10.0.0.4", now=start + 59 * MINUTE)
    assert throttle.spend("10.0.0.4", now=start + 60 * MINUTE + datetime.timedelta(seconds=1))  # the first aged
    assert not throttle.spend("10.0.0.4", now=start + 61 * MINUTE)  # that one place is taken again
    assert throttle.spend("10.0.0.4", now=start + 70 * MINUTE + datetime.timedelta(seconds=1))


def test_the_form_refuses_at_59_minutes_and_takes_the_send_after_the_hour(cup, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 2
    url, near = reverse("tournaments:register", args=[cup.slug]), Client(REMOTE_ADDR="10.0.0.5")
    start = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=start):
        assert near.post(url, {"player1_name": ""}).status_code == 400
        assert near.post(url, pair_data("Иванов Иван", "Петров Пётр")).status_code == 302
    with mock.patch("django.utils.timezone.now", return_value=start + 59 * MINUTE):
        assert near.post(url, pair_data("Сидоров Сидор", "Кузнецов Кузьма")).status_code == 429
    with mock.patch("django.utils.timezone.now", return_value=start + 61 * MINUTE):
        assert near.post(url, pair_data("Сидоров Сидор", "Кузнецов Кузьма")).status_code == 302


def test_the_count_lives_in_the_database_not_in_a_process_s_cache(settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 2
    assert throttle.spend("10.0.0.6") and throttle.spend("10.0.0.6")
    cache.clear()  # another worker process, or a cache that dropped the key
    assert not throttle.spend("10.0.0.6")
    assert throttle.spend("10.0.0.7")  # another address has its own count


def test_an_address_s_row_is_pruned_once_its_hour_has_passed(settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 2
    start = timezone.now()
    throttle.spend("10.0.0.8", now=start)
    throttle.spend(None, now=start)  # no address known: one shared count
    assert set(SignupSender.objects.values_list("address", flat=True)) == {"10.0.0.8", "unknown"}
    throttle.spend("10.0.0.9", now=start + 61 * MINUTE)
    assert list(SignupSender.objects.values_list("address", flat=True)) == ["10.0.0.9"]
