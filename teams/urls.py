from django.urls import include, path

from . import views, views_captains, views_import

app_name = "teams"

# t/<slug>/teams/: the public pages of a team event, and the captain's
team_pages = [
    path("", views.standings_view, name="standings"),
    path("standings.pdf", views.standings_pdf_view, name="standings_pdf"),
    path("<num:number>/", views.team_view, name="team"),
    path("round/<num:round_number>/", views.round_view, name="round"),
    path("round/<num:round_number>/match/<num:match_number>.pdf", views.match_sheet_view, name="match_sheet"),
    path("captain/", views_captains.captain_view, name="captain"),
]

# t/<slug>/manage/teams/: the organizer's teams page and what it posts
team_management = [
    path("", views.manage_view, name="manage"),
    path("add/", views.add_team_view, name="add"),
    path("import/", views_import.import_view, name="import"),
    path("import/template.xlsx", views_import.import_template_view, name="import_template"),
    path("settings/", views.settings_view, name="settings"),
    path("number/", views.number_view, name="number"),
    path("pair-round/", views.pair_round_view, name="pair_round"),
    path("<id:team_id>/", include([
        path("delete/", views.delete_team_view, name="delete"),
        path("lineup/", views.lineup_view, name="lineup"),
        path("substitution/", views.substitution_view, name="substitution"),
        path("captain/", views_captains.captain_add_view, name="captain_add"),
        path("captain/remove/", views_captains.captain_remove_view, name="captain_remove"),
        path("captain/password/", views_captains.captain_password_view, name="captain_password"),
    ])),
]

urlpatterns = [
    path("t/<slug:slug>/", include([
        path("teams/", include(team_pages)),
        path("teams.xlsx", views.workbook_view, name="workbook"),
        path("manage/teams/", include(team_management)),
    ])),
]
