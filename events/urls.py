from django.urls import include, path

from . import views
from .views import clock as clock_views
from .views import individual as individual_views
from .views import officials as officials_views
from .views import setup as setup_views
from .views import stages as stage_views

app_name = "tournaments"

# t/<slug>/round/<number>/: a round's public pages and its clock
round_pages = [
    path("", views.pairings, name="pairings"),
    path("results/", views.round_results, name="round_results"),
    path("seating/", views.seating, name="seating"),
    path("clock/", clock_views.clock_state, name="clock"),
]

# t/<slug>/manage/pairs/: the entrants
pair_management = [
    path("", views.pair_list_view, name="pair_list"),
    path("add/", views.pair_add_view, name="pair_add"),
    path("late/", views.pair_late_view, name="pair_late"),
    path("<id:pair_id>/", include([
        path("number/", views.manual_number_view, name="manual_number"),
        path("withdraw/", views.withdraw_view, name="withdraw"),
        path("undo-withdrawal/", views.undo_withdrawal_view, name="undo_withdrawal"),
        path("edit/", views.pair_edit_view, name="pair_edit"),
        path("delete/", views.pair_delete_view, name="pair_delete"),
    ])),
]

# t/<slug>/manage/rounds/: pairing a round; a round's clock, swaps, actions and printouts
round_management = [
    path("pair/", views.pair_round_view, name="pair_round"),
    path("pair-early/", views.pair_early_view, name="pair_early"),
    path("<num:round_number>/", include([
        path("clock/table/", clock_views.table_start_view, name="clock_table"),
        path("clock/<slug:action>/", clock_views.clock_action_view, name="clock_action"),
        path("print/<slug:kind>.pdf", setup_views.print_view, name="print"),
        path("swap/", views.swap_view, name="swap"),
        path("<slug:action>/", views.round_action_view, name="round_action"),  # after «swap/»
    ])),
]

# t/<slug>/manage/stages/: the qualification for stage 2
stage_management = [
    path("", stage_views.qualification_view, name="qualification"),
    path("final/", stage_views.final_settings_view, name="final_settings"),
    path("confirm/", stage_views.confirm_view, name="qualification_confirm"),
    path("undo/", stage_views.undo_view, name="qualification_undo"),
]

# t/<slug>/manage/officials/: referees, chief referees and organizers
official_management = [
    path("", officials_views.officials_view, name="officials"),
    path("new/", officials_views.add_official_view, name="add_official"),
    path("role/<id:role_id>/<slug:action>/", officials_views.role_action_view, name="role_action"),
    path("password/<id:role_id>/", officials_views.reset_password_view, name="reset_password"),
    path("link-player/", officials_views.link_player_view, name="link_player"),
]

# t/<slug>/manage/: the organizer's pages (and the chief referee's)
management = [
    path("", views.manage, name="manage"),
    path("pairs/", include(pair_management)),
    path("rounds/", include(round_management)),
    path("import/", views.import_view, name="import"),
    path("import/template.xlsx", views.import_template_view, name="import_template"),
    path("check/", views.check_view, name="check"),
    path("draw/", views.draw_run_view, name="draw_run"),
    path("draw/close/", views.close_draw_view, name="draw_close"),
    path("stages/", include(stage_management)),
    path("settings/", setup_views.edit_view, name="edit"),
    path("copy/", setup_views.copy_view, name="copy"),
    path("delete/", setup_views.delete_view, name="delete"),
    path("officials/", include(official_management)),
    path("final-report.pdf", setup_views.final_report_view, name="final_report"),
]

# t/<slug>/: a tournament's pages
tournament_pages = [
    path("", views.tournament_detail, name="detail"),
    path("draw/", views.draw_page, name="draw"),
    path("round/<num:round_number>/", include(round_pages)),
    path("pair/<num:number>/", views.pair_page, name="pair"),
    path("pairs/", views.pair_search, name="pair_search"),
    path("player/<num:number>/", individual_views.player_page, name="player"),
    path("grid/", individual_views.grid_page, name="grid"),
    path("schedule/", individual_views.schedule_page, name="schedule"),
    path("manage/", include(management)),
    path("bracket/", stage_views.bracket_view, name="bracket"),
    path("bracket/projector/", stage_views.bracket_projector, name="bracket_projector"),
    path("bracket.pdf", stage_views.bracket_pdf_view, name="bracket_pdf"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", setup_views.create_view, name="create"),
    path("t/<slug:slug>/", include(tournament_pages)),
    # the online registration (its own app, in this namespace: ``tournaments:register``)
    path("", include("signup.urls")),
]
