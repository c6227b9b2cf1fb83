import pytest


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("organizer", password="domino2026", is_staff=True)
