"""A form whose text is not valid UTF-8 is refused whole (400, in Russian), never stored as «\ufffd»."""
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from core.text import form_body_is_utf8
from tests.tournaments.test_setup import form_data
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

DAMAGED = "%FF%FE%ED%A0%80"  # two bytes that are never UTF-8, then a lone surrogate encoded as UTF-8
BOUNDARY = "----domino-boundary"


@pytest.fixture
def creator(django_user_model):
    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.get(pk=user.pk))
    return client


def _urlencoded(name_field: str) -> str:
    data = form_data()
    data.pop("name")
    return urlencode(data) + "&name=" + name_field


def _multipart(name: bytes) -> bytes:
    data = form_data()
    data.pop("name")
    parts = [f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in data.items()]
    parts.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\n'.encode() + name + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def test_a_percent_escaped_damaged_field_is_refused_and_nothing_is_stored(creator):
    response = creator.generic("POST", reverse("tournaments:create"), _urlencoded(DAMAGED),
                               content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "не в кодировке UTF-8" in response.content.decode()
    assert not Tournament.objects.exists()


def test_raw_bytes_of_another_encoding_in_a_form_are_refused(creator):
    """Raw bytes that are not UTF-8 used to be read as Latin-1: «Кубок» typed in cp1251 became «Êóáîê»."""
    body = _urlencoded("").encode() + "Кубок".encode("cp1251")
    response = creator.generic("POST", reverse("tournaments:create"), body,
                               content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and not Tournament.objects.exists()


def test_damaged_bytes_in_a_multipart_field_are_refused(creator):
    response = creator.generic("POST", reverse("tournaments:create"), _multipart(b"\xff\xfe\xed\xa0\x80"),
                               content_type=f"multipart/form-data; boundary={BOUNDARY}")
    assert response.status_code == 400 and not Tournament.objects.exists()


def test_the_same_form_in_good_utf8_is_taken(creator):
    response = creator.generic("POST", reverse("tournaments:create"), _urlencoded("%D0%9A%D1%83%D0%B1%D0%BE%D0%BA"),
                               content_type="application/x-www-form-urlencoded")
    assert response.status_code == 302 and Tournament.objects.get().name == "Кубок"
    response = creator.generic("POST", reverse("tournaments:create"), _multipart("Кубок осени".encode()),
                               content_type=f"multipart/form-data; boundary={BOUNDARY}")
    assert response.status_code == 302 and Tournament.objects.filter(name="Кубок осени").exists()


@pytest.mark.parametrize(("body", "ok"), [
    (b"", True), (b"a=1&b=%D0%AF+%D1%8F", True), (b"name=\xd0\xaf", True), (b"a&&b=", True),
    (b"name=%FF", False), (b"name=%ED%A0%80", False), (b"%C3=1", False), (b"name=\xff", False),
    (b"name=%E2%82", False),  # a character cut short
])
def test_which_bodies_are_utf8(body, ok):
    assert form_body_is_utf8(body) is ok
