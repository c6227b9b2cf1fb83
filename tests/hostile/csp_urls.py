"""The project's URLs plus one that fails, to see the server error page go through the middleware."""
from django.urls import path

from config.urls import urlpatterns as project_urlpatterns


def broken(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("broken-for-test/", broken), *project_urlpatterns]
