from pathlib import Path

import pytest
from django.db.models.signals import post_save


@pytest.fixture
def organizer(django_user_model):
    """An ordinary account holding the organizer role in every tournament of the test.

    Being staff gives no role; the role is granted to the tournaments that
    exist and to those the test creates (as the person who creates one
    organizes it).
    """
    from access.models import RoleKind, TournamentRole
    from tournaments.models import Tournament

    user = django_user_model.objects.create_user("organizer", password="domino2026")

    def grant(tournament):
        TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=RoleKind.ORGANIZER)

    def on_save(sender, instance, created, **kwargs):
        if created:
            grant(instance)

    for tournament in Tournament.objects.all():
        grant(tournament)
    post_save.connect(on_save, sender=Tournament, weak=False, dispatch_uid="tests-organizer-role")
    yield user
    post_save.disconnect(sender=Tournament, dispatch_uid="tests-organizer-role")


@pytest.fixture(autouse=True)
def _login_throttling(request, settings):
    """Login throttling (django-axes) is on only in the tests marked ``axes``, which check it.

    Elsewhere ``client.login()`` (which calls authenticate() without a request) must keep working.
    """
    if request.node.get_closest_marker("axes") is None:
        settings.AXES_ENABLED = False


@pytest.fixture(autouse=True)
def _no_stamp_read_before():
    """What a process read of a public stamp in a window (``scoring.live._seen_here``) is not carried from one
    test into the next: tests set their own clocks and windows, and clear the shared cache, not this."""
    from scoring import live

    live._seen_here.clear()


@pytest.fixture(autouse=True)
def _russian_first():
    """Every test starts in the site's language: a page asked for in English (``/en/…``) leaves English
    active in the thread after its response, and the next test's texts would follow it."""
    from django.utils import translation

    translation.activate("ru")
    yield
    translation.activate("ru")



# --- mutation testing (`make mutation`) ------------------------------------------------
# mutmut runs the engine tests once per mutant; `--hypothesis-profile=mutation` trims every
# property test, including those with their own @settings(max_examples=...), to a few
# reproducible examples. The ordinary runs keep their full number of examples.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

MUTATION_MAX_EXAMPLES = 8
_hypothesis_settings.register_profile(
    "mutation", max_examples=MUTATION_MAX_EXAMPLES, deadline=None, derandomize=True, database=None
)


# --- kinds of test: unit / integration / browser ----------------------------------------
# Every test gets exactly one (`pytest -m unit` runs the fast ones): browser for tests/browser/,
# integration for a test that reaches the database (the django_db mark, or a fixture that needs
# the db), unit otherwise. A test module may also say it itself (`pytestmark = pytest.mark.unit`).
KINDS = ("unit", "integration", "browser")
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
                     "live_server"}
BROWSER_FOLDER = Path(__file__).resolve().parent / "browser"


def kind_of(item) -> str:
    if item.path.is_relative_to(BROWSER_FOLDER):
        return "browser"
    if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return "integration"
    return "unit"


def _mark_kinds(items):
    for item in items:
        if not any(item.get_closest_marker(kind) for kind in KINDS):
            item.add_marker(kind_of(item))
        given = [kind for kind in KINDS if item.get_closest_marker(kind)]
        if len(given) != 1:
            raise pytest.UsageError(f"{item.nodeid}: marked {' and '.join(given)}; a test is one of {', '.join(KINDS)}")


def pytest_collection_modifyitems(config, items):
    _mark_kinds(items)
    if _hypothesis_settings.get_current_profile_name() != "mutation":
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples > MUTATION_MAX_EXAMPLES:
            test._hypothesis_internal_use_settings = _hypothesis_settings(
                own, max_examples=MUTATION_MAX_EXAMPLES, derandomize=True, database=None
            )
