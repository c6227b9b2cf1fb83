import pytest
from django.db.models.signals import post_save


@pytest.fixture
def organizer(django_user_model):
    """An ordinary account holding the organizer role in every tournament of the test.

    Being staff gives no role; the role is granted to the tournaments that
    exist and to those the test creates (as the person who creates one
    organizes it).
    """
    from referees.models import RoleKind, TournamentRole
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
