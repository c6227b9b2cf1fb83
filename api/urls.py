"""The open read API, version 1: included by config.urls under ``/api/v1/`` (outside the language prefix)."""
from django.urls import path, re_path
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerSplitView

from . import views

app_name = "api"
TOURNAMENT = "tournaments/<slug:slug>/"
urlpatterns = [
    path("", views.Index.as_view(), name="index"),
    path("openapi.json", SpectacularJSONAPIView.as_view(), name="openapi"),
    # The schema as a page a person reads and tries (Swagger UI; its script a file of its own, for the CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:openapi", template_name="api/docs.html"), name="docs"),
    path("tournaments/", views.TournamentList.as_view(), name="tournaments"),
    path(TOURNAMENT, views.TournamentDetail.as_view(), name="tournament"),
    path(TOURNAMENT + "entrants/", views.EntrantList.as_view(), name="entrants"),
    path(TOURNAMENT + "players/", views.PlayerList.as_view(), name="players"),
    path(TOURNAMENT + "rounds/", views.RoundList.as_view(), name="rounds"),
    path(TOURNAMENT + "rounds/<num:number>/pairings/", views.PairingList.as_view(), name="pairings"),
    path(TOURNAMENT + "rounds/<num:number>/results/", views.ResultList.as_view(), name="results"),
    path(TOURNAMENT + "protocols/", views.ProtocolList.as_view(), name="protocols"),
    path(TOURNAMENT + "protocols/<id:partie_id>/", views.ProtocolDetail.as_view(), name="protocol"),
    path(TOURNAMENT + "standings/", views.StandingList.as_view(), name="standings"),
    path(TOURNAMENT + "final-places/", views.FinalPlaceList.as_view(), name="final_places"),
    path(TOURNAMENT + "standings/players/", views.PlayerStandingList.as_view(), name="player_standings"),
    path("rating/", views.RatingList.as_view(), name="rating"),
    path("rating/tournaments/", views.RatedTournamentList.as_view(), name="rated_tournaments"),
    re_path(r"", views.not_found, name="not_found"),  # last: whatever else is asked for under /api/v1/
]
