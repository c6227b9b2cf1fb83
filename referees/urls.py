from django.urls import path

from . import overview, views, views_accounts

app_name = "referees"
urlpatterns = [
    path("t/<slug:slug>/", overview.dashboard, name="dashboard"),
    path("t/<slug:slug>/tables/", overview.dashboard_tables, name="dashboard_tables"),
    path("t/<slug:slug>/audit/", overview.audit_tournament, name="audit_tournament"),
    path("t/<slug:slug>/accounts/", views_accounts.accounts_page, name="accounts"),
    path("t/<slug:slug>/accounts/players/", views_accounts.player_accounts, name="player_accounts"),
    path("t/<slug:slug>/accounts/player/<int:player_id>/", views_accounts.player_account, name="player_account"),
    path("t/<slug:slug>/accounts/role/<int:role_id>/<slug:action>/", views_accounts.role_action,
         name="role_action"),
    path("t/<slug:slug>/accounts/password/<int:role_id>/", views_accounts.reset_password, name="reset_password"),
    path("partie/<int:partie_id>/", views.partie_entry, name="partie"),
    path("partie/<int:partie_id>/deal/", views.deal_save, name="deal_save"),
    path("partie/<int:partie_id>/deal/preview/", views.deal_preview, name="deal_preview"),
    path("partie/<int:partie_id>/remark/", views.remark_save, name="remark_save"),
    path("partie/<int:partie_id>/remark/<int:remark_id>/withdraw/", views.remark_withdraw, name="remark_withdraw"),
    path("partie/<int:partie_id>/remark/preview/", views.remark_preview, name="remark_preview"),
    path("partie/<int:partie_id>/no-show/", views.no_show, name="no_show"),
    path("partie/<int:partie_id>/time-up/", views.time_up, name="time_up"),
    path("partie/<int:partie_id>/first-lead/", views.first_lead, name="first_lead"),
    path("partie/<int:partie_id>/confirm/<int:n>/", views.confirm_deal, name="confirm_deal"),
    path("partie/<int:partie_id>/sign/", views.sign, name="sign"),
    path("partie/<int:partie_id>/reopen/", views.reopen, name="reopen"),
    path("partie/<int:partie_id>/audit/", overview.audit_partie, name="audit_partie"),
]
