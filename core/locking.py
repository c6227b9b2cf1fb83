"""One way to lock the rows a write changes: ``SELECT … FOR UPDATE`` inside the caller's transaction.

A lock taken outside ``transaction.atomic()`` ends with the statement (autocommit) and protects nothing;
``locked`` refuses to run there instead of failing silently (as pretix's ``lock_objects`` does).
"""
from django.db import DEFAULT_DB_ALIAS, transaction


class LockOutsideTransaction(RuntimeError):
    """A programming error: a row lock asked for outside ``transaction.atomic()``."""


def locked(queryset, *, of=None):
    """``queryset.select_for_update()`` (``of`` as Django's), refused outside an atomic block.

    The lock lasts until the caller's outermost transaction ends; read the rows from the returned queryset.
    """
    using = queryset.db or DEFAULT_DB_ALIAS
    if not transaction.get_connection(using).in_atomic_block:
        raise LockOutsideTransaction(f"row lock on {queryset.model.__name__} outside transaction.atomic()")
    return queryset.select_for_update(of=of) if of else queryset.select_for_update()
