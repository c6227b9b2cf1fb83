"""The API's paging, throttling and ETags.

* Pages of ``PAGE_SIZE`` rows (``?page=N``; ``?page_size=`` up to ``MAX_PAGE_SIZE``), with the total
  ``count`` and the ``next`` / ``previous`` addresses.
* Throttled per client address (``access.throttle.client_ip``: ``X-Forwarded-For`` is read only from the
  proxies the settings trust): a burst rate and an hourly one (settings ``REST_FRAMEWORK`` rates
  ``api_burst``, ``api_sustained``; ``DOMINO_API_BURST`` / ``DOMINO_API_SUSTAINED``). The counts live in the
  shared cache, through ``scoring.live.cache``: a cache that fails counts nothing rather than failing the read.
* Readable from any site's pages (``Access-Control-Allow-Origin: *``): nothing in it depends on who asks.
* ETags from the tournament's data version (``scoring.live``): a repeated request is answered
  ``304 Not Modified`` after one small query until something the API shows changes.
"""
from __future__ import annotations

from django.utils.cache import get_conditional_response, patch_cache_control
from rest_framework.pagination import PageNumberPagination
from rest_framework.throttling import SimpleRateThrottle

from access.throttle import client_ip
from scoring import live

PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class Pages(PageNumberPagination):
    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE


class MetaPages(Pages):
    """Rows a page at a time, with what the view says of the whole list beside ``results`` (``meta``)."""

    meta: dict = {}

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data.update(self.meta)
        return response


class RatedTournamentPages(MetaPages):
    def get_paginated_response_schema(self, schema):
        paged = super().get_paginated_response_schema(schema)
        paged["properties"]["complete"] = {
            "type": "boolean",
            "description": "Every rated tournament is listed: the rating list can be computed again from the API "
                           "alone. False: a rated tournament is kept private or archived (it still counts)."}
        paged["required"] = [*paged.get("required", []), "complete"]
        return paged


class StandingsPages(MetaPages):
    """The standings' rows a page at a time, with what they stand after (``meta``)."""

    def get_paginated_response_schema(self, schema):
        paged = super().get_paginated_response_schema(schema)
        paged["properties"].update({
            "after_round": {"type": "integer", "nullable": True,
                            "description": "The last round the standings count."},
            "provisional": {"type": "boolean", "description": "A round counted is still in play."},
            "stage": {"type": "integer", "nullable": True,
                      "description": "An event in stages: the stage whose rounds these standings count (1: the "
                                     "qualifier; its final places are the tournament's final_places). Null: an "
                                     "event of one stage, every round."},
            "tiebreaks": {"type": "array", "items": {"type": "string"}},
            "rounds": {"type": "array", "items": {"type": "integer"}},
        })
        return paged


class _AddressThrottle(SimpleRateThrottle):
    cache = live.cache

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "unknown"}


class BurstThrottle(_AddressThrottle):
    scope = "api_burst"


class SustainedThrottle(_AddressThrottle):
    scope = "api_sustained"


class Open:
    """Any site may read the API from a browser (CORS): it is anonymous, so no cookie or account is involved."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Access-Control-Allow-Origin"] = "*"
        return response


class Conditional(Open):
    """A GET of a view with ``stamp(**kwargs)`` carries an ETag and is answered 304 while it stands.

    ``stamp`` gives the data version the answer depends on, or None (nothing to show: the view answers,
    a 404). The ETag adds the address with its query (``scoring.live.etag``), so every page has its own.
    """

    def stamp(self, **kwargs) -> str | None:
        raise NotImplementedError

    def get(self, request, *args, **kwargs):
        stamp = self.stamp(**kwargs)
        tag = f'"{live.etag(stamp, request._request)}"' if stamp else None
        if tag:
            not_modified = get_conditional_response(request._request, etag=tag)
            if not_modified is not None:
                return self._tagged(not_modified, tag)
        response = super().get(request, *args, **kwargs)
        if tag and response.status_code == 200:
            self._tagged(response, tag)
        return response

    @staticmethod
    def _tagged(response, tag):
        response["ETag"] = tag
        patch_cache_control(response, no_cache=True)
        return response
