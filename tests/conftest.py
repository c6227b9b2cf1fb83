import pytest


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("organizer", password="domino2026", is_staff=True)


@pytest.fixture(autouse=True)
def _login_throttling(request, settings):
    """Login throttling (django-axes) is on only in the tests marked ``axes``, which check it.

    Elsewhere ``client.login()`` (which calls authenticate() without a request) must keep working.
    """
    if request.node.get_closest_marker("axes") is None:
        settings.AXES_ENABLED = False
