"""Settings of the sport dominoes tournament system.

SQLite by default; set DATABASE_URL (postgres://user:pass@host:port/name)
to use PostgreSQL.
"""
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from core import venue

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DOMINO_DATA_DIR", BASE_DIR / "var"))
DATA_DIR.mkdir(parents=True, exist_ok=True)

# `make serve` sets DOMINO_MODE=serve: production mode (DEBUG off, a real secret key, the LAN's hosts,
# static files served by the application). `make run` and the tests stay in development mode.
SERVE = os.environ.get("DOMINO_MODE", "") == "serve"
DEBUG = os.environ.get("DJANGO_DEBUG", "0" if SERVE else "1") == "1"
if os.environ.get("DJANGO_SECRET_KEY"):
    SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
elif not DEBUG:
    SECRET_KEY = venue.secret_key(DATA_DIR)  # generated once into the data folder, never the public default
else:
    SECRET_KEY = "dev-only-secret-key-change-me-in-production"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
# The public address QR codes, login slips and PDFs carry (see core.public.public_url).
SITE_URL = os.environ.get("SITE_URL", "").rstrip("/")
if SERVE:
    if not SITE_URL:
        SITE_URL = venue.default_site_url(os.environ.get("PORT", "8000"))
    ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h.strip()]
    ALLOWED_HOSTS += ["127.0.0.1", "localhost", *venue.lan_addresses(), *venue.host_names(),
                      urlsplit(SITE_URL).hostname or "localhost"]
    CSRF_TRUSTED_ORIGINS = [SITE_URL] if SITE_URL.startswith("https://") else []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "people",
    "tournaments",
    "audit",
    "access",
    "events",
    "scoring",
    "referees",
    "registry",
    "signup",
    "teams",
    "axes",
]

MIDDLEWARE = [
    # A request that runs past DOMINO_REQUEST_TIMEOUT ends its worker, which is started again (core/watchdog.py).
    "core.watchdog.RequestWatchdogMiddleware",
    # Next: a spectator's repeated poll of a public live page answered from what the site last answered him
    # (scoring/fastpath/polls.py; FASTPATH_POLLS below turns it off).
    "scoring.fastpath.polls.LiveNotModifiedMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy below, on every response (pages, fragments, errors).
    "csp.middleware.CSPMiddleware",
    *(["whitenoise.middleware.WhiteNoiseMiddleware"] if SERVE else []),
    # A database that does not answer, a full disk: a page that says so, one log line; no-store on the referees' pages.
    "core.middleware.FailuresMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Ahead of the CSRF check (the first to read a form): a body too large or in a foreign charset, unread.
    "core.middleware.RequestLimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a lockout flagged during authentication into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Only the site's own files run and style a page: no inline script or style, no handler attribute,
# no eval (htmx is told so in base.html), no plugin, no framing by another site, forms post only here.
# Images may also be data: URLs. The admin needs no exception (its pages carry no inline script).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    },
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        # A served site keeps its connections (one per server thread) instead of opening one per request.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60" if SERVE else "0")),
        conn_health_checks=SERVE,
    )
}
SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
if SQLITE:
    # Django's own SQLite engine with its documented options: a transaction that writes begins IMMEDIATE (it
    # takes the write lock at its start, so two devices saving together never deadlock), and a writer that finds
    # the lock taken waits for it (SQLite's busy timeout, in seconds) instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
    if SERVE:  # a busy hall on a slow laptop: a writer waits up to a minute rather than fail
        DATABASES["default"]["OPTIONS"]["timeout"] = int(os.environ.get("DOMINO_SQLITE_TIMEOUT", "60"))
    # WAL: readers (the pages polled by phones) never wait for a writer, and a writer does not wait for them.
    DATABASES["default"]["OPTIONS"].setdefault("init_command", "PRAGMA journal_mode=WAL;")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes): every password check goes through authenticate(request=…),
# so the login page and a player's password on the table's device count alike. Five wrong
# passwords for one account from one client address lock that account from that address
# (the owner still logs in from his own phone); DOMINO_ADDRESS_FAILURE_LIMIT wrong passwords
# from one address, whatever the accounts, lock the address (access.throttle.ThrottleHandler).
# The right password is refused meanwhile. Failures are kept in axes' AccessAttempt and
# AccessFailureLog tables; lockouts are logged (logger "access.throttle") and, for a
# table's device, also written to the tournament's audit log. The organizer (the chief referee
# for referees) lifts a lockout from the officials page (access.lockouts).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "access.throttle.ThrottleHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DOMINO_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
DOMINO_ADDRESS_FAILURE_LIMIT = int(os.environ.get("DOMINO_ADDRESS_FAILURE_LIMIT", "20"))
# A success does not wipe the failures: axes would wipe those of the whole address, so that an
# account of one's own would reset the count against somebody else's. Failures expire with the cool-off.
AXES_RESET_ON_SUCCESS = False
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_LOCKOUT_CALLABLE = "access.throttle.lockout_response"
AXES_USERNAME_CALLABLE = "access.throttle.client_username"
# The client address behind a reverse proxy (docs/deploy.md): without either setting the address is
# the connection's own (REMOTE_ADDR) and an X-Forwarded-For header is ignored, since any device can
# forge it. DOMINO_TRUSTED_PROXIES: the proxies' addresses or networks (comma separated); a request
# from one of them is the right-most X-Forwarded-For hop that is no trusted proxy. DOMINO_PROXY_COUNT:
# the number of proxies in front, each appending to X-Forwarded-For (django-ipware picks the hop).
DOMINO_TRUSTED_PROXIES = [p.strip() for p in os.environ.get("DOMINO_TRUSTED_PROXIES", "").split(",") if p.strip()]
DOMINO_PROXY_COUNT = int(os.environ.get("DOMINO_PROXY_COUNT", "0") or 0)
AXES_CLIENT_IP_CALLABLE = "access.throttle.client_ip"
AXES_IPWARE_PROXY_ORDER = "left-most"
# ipware counts the proxies between the client and the last one, which appends the client itself.
AXES_IPWARE_PROXY_COUNT = DOMINO_PROXY_COUNT - 1 if DOMINO_PROXY_COUNT > 0 else None
AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",)

# Login sessions end with the tournament day: DOMINO_SESSION_HOURS after the login (access.throttle),
# not Django's two weeks, so a phone left in the hall does not stay an official's for the next event.
DOMINO_SESSION_HOURS = float(os.environ.get("DOMINO_SESSION_HOURS", "16"))
SESSION_COOKIE_AGE = int(DOMINO_SESSION_HOURS * 3600)

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The English dates keep their day-first form (config/formats/en/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("DOMINO_TIME_ZONE", "Europe/Moscow")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "static"
MEDIA_ROOT = DATA_DIR / "media"
if SERVE:
    # Collected by `make serve` into the data folder; served by the application itself (WhiteNoise).
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# Behind a reverse proxy with TLS (docs/deploy.md): DOMINO_HTTPS=1.
if os.environ.get("DOMINO_HTTPS") == "1":
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DOMINO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# The live pages' fragments (round overview, standings, projector) are cached under the tournament's
# data version (scoring.live). On SQLite (one machine) a file cache shared by the server's processes;
# on PostgreSQL (several app servers) the database cache, shared by all of them.
if SQLITE:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                          "LOCATION": str(DATA_DIR / "cache"), "OPTIONS": {"MAX_ENTRIES": 2000}}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                          "LOCATION": "domino_cache", "OPTIONS": {"MAX_ENTRIES": 5000}}}

# The public live pages (standings, projector, rounds, pairs' pages) follow a tournament's data version at
# most once in this many seconds per server process (scoring.live.public_stamp): a hall entering 25 deals a
# second would otherwise have every spectator's page rendered 25 times a second. 0: every poll reads it.
LIVE_STALE_SECONDS = float(os.environ.get("DOMINO_LIVE_STALE_SECONDS", "15" if SERVE else "0"))

# The live pages' fast paths (scoring/fastpath/, measured on and off by bench/fastpath_bench.py); off, the site
# answers with Django's standard parts alone (condition, the cache framework). FASTPATH_POLLS: the first middleware
# answers an anonymous phone's repeated poll (304) or a first visit of a page already answered (200 from its stored
# body). FASTPATH_SHARED_BODIES: one stored body of a live page's version for every visitor who may have it.
FASTPATH_POLLS = os.environ.get("DOMINO_FASTPATH_POLLS", "1") != "0"
FASTPATH_SHARED_BODIES = os.environ.get("DOMINO_FASTPATH_SHARED_BODIES", "1") != "0"

# Seconds a request may run before its worker is stopped and started again (core/watchdog.py); 0: no limit.
DOMINO_REQUEST_TIMEOUT = float(os.environ.get("WEB_REQUEST_TIMEOUT", "120" if SERVE else "0"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "tables/responsive.html"  # django-tables2's, its page links named in Russian

# Registration from a file: at most this many rows after the header (a larger file is refused whole).
IMPORT_MAX_ROWS = int(os.environ.get("DOMINO_IMPORT_MAX_ROWS", "5000"))

# Fonts with Cyrillic for the PDF exports (reportlab's base fonts have none).
PDF_FONT = BASE_DIR / "static" / "fonts" / "DejaVuSans.ttf"
PDF_FONT_BOLD = BASE_DIR / "static" / "fonts" / "DejaVuSans-Bold.ttf"

# Bodies: refused unread over these sizes (core.middleware). The larger one only on the organizer's upload
# pages, logged in as an organizer of that tournament; a file under it stays in memory, never on the disk.
REQUEST_MAX_BYTES = int(os.environ.get("DOMINO_REQUEST_MAX_BYTES", str(1024 * 1024)))
UPLOAD_MAX_BYTES = int(os.environ.get("DOMINO_UPLOAD_MAX_BYTES", str(6 * 1024 * 1024)))
UPLOAD_URL_NAMES = ["tournaments:import", "teams:import"]
UPLOAD_PERMISSION = "events.uploads.may_upload"  # (user, slug) -> bool: may send the larger body
DATA_UPLOAD_MAX_MEMORY_SIZE = max(REQUEST_MAX_BYTES, UPLOAD_MAX_BYTES)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# The organizer's page warns when the data folder's disk has less free space than this.
DISK_WARNING_BYTES = int(os.environ.get("DOMINO_DISK_WARNING_MB", "500")) * 1024 * 1024

CSRF_FAILURE_VIEW = "core.error_pages.csrf_failure"

# Mail to the players of the online registration (signup.notices, docs/deploy.md «Letters to the players»): Django's
# console backend unless an SMTP server is named (EMAIL_HOST), then SMTP; EMAIL_BACKEND overrides both.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587") or 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "0") == "1"
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))  # seconds: a hung server holds the request no longer
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "domino@localhost")

# The open read API (/api/v1/, api/): anonymous, read only, JSON, paged, throttled per client address
# (api.plumbing) — a burst rate and an hourly one, enough for a club's site polling every few seconds.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_PAGINATION_CLASS": "api.plumbing.Pages",
    "DEFAULT_THROTTLE_CLASSES": ["api.plumbing.BurstThrottle", "api.plumbing.SustainedThrottle"],
    "DEFAULT_THROTTLE_RATES": {"api_burst": os.environ.get("DOMINO_API_BURST", "120/min"),
                               "api_sustained": os.environ.get("DOMINO_API_SUSTAINED", "3000/hour")},
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Domino tournaments: open data",
    "DESCRIPTION": "What the public pages show, read only: tournaments, entrants, players, rounds, pairings, "
                   "results, protocols (domino-protocol/2) and standings. Published rounds only.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_AUTHENTICATION": [],
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SCHEMA_PATH_PREFIX": "/api/v1",
    # Enums first (drf-spectacular's own hook), then a nullable nested object written so that OpenAPI 3.0
    # accepts its null (api/schema.py).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "api.schema.nullable_references"],
    # The API's page (/api/v1/docs/): Swagger UI from the site's own static files, none from the internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"supportedSubmitMethods": ["get"], "defaultModelsExpandDepth": 0},
    "ENUM_NAME_OVERRIDES": {"PairStatusEnum": "tournaments.models.EntrantStatus",
                            "ProtocolStatusEnum": "scoring.models.ProtocolStatus",
                            "ShownRoundStatusEnum": "api.serializers.SHOWN_ROUND_STATUSES",
                            "SideEnum": "api.serializers.SIDES"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": "core.logs.OneLineFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["one_line"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    # A phone or a scanner asking for a host name the site does not serve (a forged Host): answered 400, and one
    # line through the one-line filter. Without a handler of its own Python's last resort printed the traceback.
    "loggers": {"django.security.DisallowedHost": {"handlers": ["console"], "propagate": False}},
}

# Test database on SQLite: a file of its own per test process instead of the shared in-memory
# database, whose shared-cache locking answers "database table is locked" to a concurrent writer
# instead of waiting (the concurrency tests run two writers in threads, like two devices).
if SQLITE:
    import tempfile

    _TEST_DB_DIR = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    DATABASES["default"].setdefault("TEST", {})
    DATABASES["default"]["TEST"].setdefault("NAME", os.path.join(_TEST_DB_DIR, f"domino-test-{os.getpid()}.sqlite3"))
