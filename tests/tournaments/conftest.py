import io

import pytest
from openpyxl import Workbook

from events.services.imports import COLUMNS


@pytest.fixture
def plain_user(django_user_model):
    return django_user_model.objects.create_user("player", password="domino2026")


def xlsx_bytes(rows, header=None):
    wb = Workbook()
    ws = wb.active
    ws.append(header or [h for _k, h, _r in COLUMNS])
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def pair_rows(n, start=0):
    return [[f"Игрок {2 * i + 1}", "Тверь", 1500 + i, f"Игрок {2 * i + 2}", "Москва", "", "", ""]
            for i in range(start, start + n)]


@pytest.fixture
def creator(django_user_model):
    """A club secretary: an account holding only the permission to create tournaments."""
    from django.contrib.auth.models import Permission

    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return django_user_model.objects.get(pk=user.pk)  # fresh permission cache
