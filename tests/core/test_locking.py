"""The one row-locking helper: refused outside a transaction, a locking queryset inside one."""
import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from core.locking import LockOutsideTransaction, locked

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_lock_outside_a_transaction_is_refused():
    with pytest.raises(LockOutsideTransaction, match="User"):
        locked(get_user_model().objects.all())


def test_inside_a_transaction_the_rows_are_selected_for_update():
    user = get_user_model().objects.create_user("lock-me")
    with transaction.atomic():
        qs = locked(get_user_model().objects.filter(pk=user.pk))
        assert qs.query.select_for_update
        assert qs.get() == user
        of = locked(get_user_model().objects.filter(pk=user.pk), of=("self",))
        assert of.query.select_for_update_of == ("self",)
