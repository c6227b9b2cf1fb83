from django.urls import path

from . import overview, views, views_accounts, views_lockouts, views_protocol, views_signing

app_name = "referees"
urlpatterns = [
    path("t/<slug:slug>/", overview.dashboard, name="dashboard"),
    path("t/<slug:slug>/tables/", overview.dashboard_tables, name="dashboard_tables"),
    path("t/<slug:slug>/audit/", overview.audit_tournament, name="audit_tournament"),
    path("t/<slug:slug>/accounts/", views_accounts.former_accounts_page, name="accounts"),
    path("t/<slug:slug>/signing/", views_accounts.signing_page, name="signing"),
    path("t/<slug:slug>/signing/players/", views_accounts.player_accounts, name="player_accounts"),
    path("t/<slug:slug>/signing/player/<id:player_id>/", views_accounts.player_account, name="player_account"),
    path("t/<slug:slug>/lockouts/", views_lockouts.lockouts_page, name="lockouts"),
    path("t/<slug:slug>/lockouts/lift/", views_lockouts.lift, name="lift_lockout"),
    path("partie/<id:partie_id>/", views.partie_entry, name="partie"),
    path("partie/<id:partie_id>/deal/", views.deal_save, name="deal_save"),
    path("partie/<id:partie_id>/deal/preview/", views.deal_preview, name="deal_preview"),
    path("partie/<id:partie_id>/remark/", views.remark_save, name="remark_save"),
    path("partie/<id:partie_id>/remark/<id:remark_id>/withdraw/", views.remark_withdraw, name="remark_withdraw"),
    path("partie/<id:partie_id>/remark/preview/", views.remark_preview, name="remark_preview"),
    path("partie/<id:partie_id>/no-show/", views.no_show, name="no_show"),
    path("partie/<id:partie_id>/no-show/undo/", views.no_show_undo, name="no_show_undo"),
    path("partie/<id:partie_id>/deal/<num:n>/delete/", views.deal_delete, name="deal_delete"),
    path("partie/<id:partie_id>/abandoned/", views.abandoned, name="abandoned"),
    path("partie/<id:partie_id>/abandoned/undo/", views.abandoned_undo, name="abandoned_undo"),
    path("partie/<id:partie_id>/sign/phone/", views_signing.phone_sign, name="phone_sign"),
    path("partie/<id:partie_id>/sign/pin-reset/", views_signing.pin_reset, name="pin_reset"),
    path("t/<slug:slug>/signing/pins/", views_signing.player_pins, name="player_pins"),
    path("t/<slug:slug>/signing/method/", views_signing.signing_settings, name="signing_settings"),
    path("partie/<id:partie_id>/time-up/", views.time_up, name="time_up"),
    path("partie/<id:partie_id>/first-lead/", views.first_lead, name="first_lead"),
    path("partie/<id:partie_id>/confirm/<num:n>/", views_protocol.confirm_deal, name="confirm_deal"),
    path("partie/<id:partie_id>/sign/", views_protocol.sign, name="sign"),
    path("partie/<id:partie_id>/reopen/", views_protocol.reopen, name="reopen"),
    path("partie/<id:partie_id>/clear/", views_protocol.clear, name="clear"),
    path("partie/<id:partie_id>/audit/", overview.audit_partie, name="audit_partie"),
]
