"""The hand-written fast paths of the live pages: each earns its place by a benchmark, and a setting turns it off.

The live pages stand on Django's standard parts: the data version and the ETags of ``scoring.live``, answered 304
by Django's ``condition``, and the cache framework. Two parts of our own sit on top of them, each for one path that
thousands of phones in a hall take, each measured on and off in one run by ``bench/fastpath_bench.py``
(``make bench``), each turned off by its setting (config/settings.py, from the environment); off, the site
answers as Django would with the standard parts alone (docs/architecture.md, docs/deploy.md §3):

* ``polls`` — ``FASTPATH_POLLS`` (``DOMINO_FASTPATH_POLLS=0`` turns it off): the first middleware answers an
  anonymous phone's repeated poll of a public live page (304), and a first visit of a page this process answered
  (200 from the stored body), from what the site answered before, with no session, user, URL or view.
* ``bodies`` — ``FASTPATH_SHARED_BODIES`` (``DOMINO_FASTPATH_SHARED_BODIES=0``): one stored body of a live page's
  version for every visitor who may have it (the anonymous visitors' with a place for each one's form token), so
  that a new version is rendered once, not once per phone.

Neither reads an undocumented part of Django: the CSRF token goes through ``get_token`` under Django's own
``CsrfViewMiddleware``; the bodies through the cache framework. An official (logged in) never gets either: his
requests go through the site, and his pages follow the current version (``scoring.live.public_stamp``).
"""
