from django.urls import path

from . import views
from .views import individual as individual_views
from .views import officials as officials_views
from .views import setup as setup_views

app_name = "tournaments"
urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/draw/", views.draw_page, name="draw"),
    path("t/<slug:slug>/round/<num:round_number>/", views.pairings, name="pairings"),
    path("t/<slug:slug>/round/<num:round_number>/results/", views.round_results, name="round_results"),
    path("t/<slug:slug>/round/<num:round_number>/seating/", views.seating, name="seating"),
    path("t/<slug:slug>/pair/<num:number>/", views.pair_page, name="pair"),
    path("t/<slug:slug>/pairs/", views.pair_search, name="pair_search"),
    path("t/<slug:slug>/player/<num:number>/", individual_views.player_page, name="player"),
    path("t/<slug:slug>/grid/", individual_views.grid_page, name="grid"),
    path("t/<slug:slug>/manage/", views.manage, name="manage"),
    path("t/<slug:slug>/manage/pairs/add/", views.pair_add_view, name="pair_add"),
    path("t/<slug:slug>/manage/pairs/<id:pair_id>/number/", views.manual_number_view, name="manual_number"),
    path("t/<slug:slug>/manage/pairs/<id:pair_id>/withdraw/", views.withdraw_view, name="withdraw"),
    path("t/<slug:slug>/manage/pairs/<id:pair_id>/undo-withdrawal/", views.undo_withdrawal_view,
         name="undo_withdrawal"),
    path("t/<slug:slug>/manage/pairs/", views.pair_list_view, name="pair_list"),
    path("t/<slug:slug>/manage/pairs/late/", views.pair_late_view, name="pair_late"),
    path("t/<slug:slug>/manage/pairs/<id:pair_id>/edit/", views.pair_edit_view, name="pair_edit"),
    path("t/<slug:slug>/manage/pairs/<id:pair_id>/delete/", views.pair_delete_view, name="pair_delete"),
    path("t/<slug:slug>/manage/rounds/pair-early/", views.pair_early_view, name="pair_early"),
    path("t/<slug:slug>/manage/import/", views.import_view, name="import"),
    path("t/<slug:slug>/manage/check/", views.check_view, name="check"),
    path("t/<slug:slug>/manage/import/template.xlsx", views.import_template_view, name="import_template"),
    path("t/<slug:slug>/manage/draw/", views.draw_run_view, name="draw_run"),
    path("t/<slug:slug>/manage/draw/close/", views.close_draw_view, name="draw_close"),
    path("t/<slug:slug>/manage/rounds/pair/", views.pair_round_view, name="pair_round"),
    path("t/<slug:slug>/manage/rounds/<num:round_number>/swap/", views.swap_view, name="swap"),
    path("t/<slug:slug>/manage/rounds/<num:round_number>/<slug:action>/", views.round_action_view,
         name="round_action"),
    path("new/", setup_views.create_view, name="create"),
    path("t/<slug:slug>/manage/settings/", setup_views.edit_view, name="edit"),
    path("t/<slug:slug>/manage/copy/", setup_views.copy_view, name="copy"),
    path("t/<slug:slug>/manage/delete/", setup_views.delete_view, name="delete"),
    path("t/<slug:slug>/manage/officials/", officials_views.officials_view, name="officials"),
    path("t/<slug:slug>/manage/officials/new/", officials_views.add_official_view, name="add_official"),
    path("t/<slug:slug>/manage/officials/role/<id:role_id>/<slug:action>/", officials_views.role_action_view,
         name="role_action"),
    path("t/<slug:slug>/manage/officials/password/<id:role_id>/", officials_views.reset_password_view,
         name="reset_password"),
    path("t/<slug:slug>/manage/officials/link-player/", officials_views.link_player_view, name="link_player"),
    path("t/<slug:slug>/manage/rounds/<num:round_number>/print/<slug:kind>.pdf", setup_views.print_view,
         name="print"),
    path("t/<slug:slug>/manage/final-report.pdf", setup_views.final_report_view, name="final_report"),
]
