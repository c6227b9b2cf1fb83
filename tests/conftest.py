import pytest


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("organizer", password="domino2026", is_staff=True)


# --- mutation testing (`make mutation`) ------------------------------------------------
# mutmut runs the engine tests once per mutant; `--hypothesis-profile=mutation` trims every
# property test, including those with their own @settings(max_examples=...), to a few
# reproducible examples. The ordinary runs keep their full number of examples.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

MUTATION_MAX_EXAMPLES = 8
_hypothesis_settings.register_profile(
    "mutation", max_examples=MUTATION_MAX_EXAMPLES, deadline=None, derandomize=True, database=None
)


def pytest_collection_modifyitems(config, items):
    if _hypothesis_settings.get_current_profile_name() != "mutation":
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples > MUTATION_MAX_EXAMPLES:
            test._hypothesis_internal_use_settings = _hypothesis_settings(
                own, max_examples=MUTATION_MAX_EXAMPLES, derandomize=True, database=None
            )
