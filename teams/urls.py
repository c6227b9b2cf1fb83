from django.urls import path

from . import views, views_captains

app_name = "teams"

urlpatterns = [
    path("t/<slug:slug>/teams/", views.standings_view, name="standings"),
    path("t/<slug:slug>/teams.xlsx", views.workbook_view, name="workbook"),
    path("t/<slug:slug>/teams/<num:number>/", views.team_view, name="team"),
    path("t/<slug:slug>/teams/round/<num:round_number>/", views.round_view, name="round"),
    path("t/<slug:slug>/teams/round/<num:round_number>/match/<num:match_number>.pdf", views.match_sheet_view,
         name="match_sheet"),
    path("t/<slug:slug>/teams/captain/", views_captains.captain_view, name="captain"),
    path("t/<slug:slug>/manage/teams/", views.manage_view, name="manage"),
    path("t/<slug:slug>/manage/teams/add/", views.add_team_view, name="add"),
    path("t/<slug:slug>/manage/teams/settings/", views.settings_view, name="settings"),
    path("t/<slug:slug>/manage/teams/number/", views.number_view, name="number"),
    path("t/<slug:slug>/manage/teams/pair-round/", views.pair_round_view, name="pair_round"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/delete/", views.delete_team_view, name="delete"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/lineup/", views.lineup_view, name="lineup"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/substitution/", views.substitution_view, name="substitution"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/captain/", views_captains.captain_add_view, name="captain_add"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/captain/remove/", views_captains.captain_remove_view,
         name="captain_remove"),
    path("t/<slug:slug>/manage/teams/<id:team_id>/captain/password/", views_captains.captain_password_view,
         name="captain_password"),
]
