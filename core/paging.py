"""Pages of long lists: the page number from the query string, never trusted."""
from __future__ import annotations

from django.core.paginator import Paginator
from django_tables2 import RequestConfig

from .converters import parse_int


def page_number(request, name: str = "page") -> int:
    """``?page=`` as a positive integer; anything else (``-1``, ``²``, 10**30) is the first page."""
    return parse_int(request.GET.get(name), 1, minimum=1)


def paginate(request, items, per_page: int, name: str = "page"):
    """One page of ``items``; a page beyond the last is the last one."""
    return Paginator(items, per_page).get_page(page_number(request, name))


def paginate_table(request, table, per_page: int):
    """A django-tables2 table sorted as the query string asks, cut to one page of ``per_page`` rows.

    The page size is the page's, not the visitor's (``?per_page=-1`` or 10**9 would be a 500 or a huge page).
    """
    RequestConfig(request, paginate=False).configure(table)
    table.paginator = Paginator(table.rows, per_page)
    table.page = table.paginator.get_page(page_number(request, table.prefixed_page_field))
    return table


SEARCH_MAX = 100  # characters of a search query that are looked at


def clean_query(raw) -> str:
    """A search box's text: spaces collapsed, control characters dropped, at most SEARCH_MAX characters."""
    text = "".join(ch for ch in str(raw or "") if ch.isprintable())
    return " ".join(text.split())[:SEARCH_MAX]


def page_of(ids: list, wanted, per_page: int) -> int:
    """The number of the page that shows ``wanted`` (1 when it is not in ``ids``)."""
    try:
        return ids.index(wanted) // per_page + 1
    except ValueError:
        return 1
