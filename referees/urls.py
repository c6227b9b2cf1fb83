from django.urls import include, path

from . import hall, overview, views, views_accounts, views_lockouts, views_protocol, views_queue, views_signing

app_name = "referees"

# t/<slug>/: the referees' overview of a tournament, its hall, the signing and accounts, the lockouts
tournament_pages = [
    path("", overview.dashboard, name="dashboard"),
    path("tables/", overview.dashboard_tables, name="dashboard_tables"),
    path("hall/", hall.hall, name="hall"),
    path("hall/tiles/", hall.hall_tiles, name="hall_tiles"),
    path("hall/layout/", hall.hall_layout, name="hall_layout"),
    path("audit/", overview.audit_tournament, name="audit_tournament"),
    path("accounts/", views_accounts.former_accounts_page, name="accounts"),
    path("signing/", include([
        path("", views_accounts.signing_page, name="signing"),
        path("players/", views_accounts.player_accounts, name="player_accounts"),
        path("player/<id:player_id>/", views_accounts.player_account, name="player_account"),
        path("pins/", views_signing.player_pins, name="player_pins"),
        path("method/", views_signing.signing_settings, name="signing_settings"),
    ])),
    path("lockouts/", views_lockouts.lockouts_page, name="lockouts"),
    path("lockouts/lift/", views_lockouts.lift, name="lift_lockout"),
]

# partie/<id>/: a table's protocol, as its referee and its players enter, confirm and sign it
partie_pages = [
    path("", views.partie_entry, name="partie"),
    path("deal/", views.deal_save, name="deal_save"),
    path("deal/preview/", views.deal_preview, name="deal_preview"),
    path("remark/", views.remark_save, name="remark_save"),
    path("remark/<id:remark_id>/withdraw/", views.remark_withdraw, name="remark_withdraw"),
    path("remark/preview/", views.remark_preview, name="remark_preview"),
    path("sanction/", views.sanction_save, name="sanction_save"),
    path("counters/", views.counters_save, name="counters_save"),
    path("sanction/<id:sanction_id>/withdraw/", views.sanction_withdraw, name="sanction_withdraw"),
    path("no-show/", views.no_show, name="no_show"),
    path("no-show/undo/", views.no_show_undo, name="no_show_undo"),
    path("deal/<num:n>/delete/", views.deal_delete, name="deal_delete"),
    path("abandoned/", views.abandoned, name="abandoned"),
    path("abandoned/undo/", views.abandoned_undo, name="abandoned_undo"),
    path("sign/phone/", views_signing.phone_sign, name="phone_sign"),
    path("sign/pin-reset/", views_signing.pin_reset, name="pin_reset"),
    path("time-up/", views.time_up, name="time_up"),
    path("first-lead/", views.first_lead, name="first_lead"),
    path("confirm/<num:n>/", views_protocol.confirm_deal, name="confirm_deal"),
    path("sign/", views_protocol.sign, name="sign"),
    path("reopen/", views_protocol.reopen, name="reopen"),
    path("clear/", views_protocol.clear, name="clear"),
    path("audit/", overview.audit_partie, name="audit_partie"),
    path("queue/", views_queue.queue_entry, name="queue_entry"),
    path("device/", views_queue.device_report, name="device_report"),
    path("device/clear/", views_queue.device_clear, name="device_clear"),
]

urlpatterns = [
    path("t/<slug:slug>/", include(tournament_pages)),
    path("partie/<id:partie_id>/", include(partie_pages)),
    path("sw.js", views_queue.service_worker, name="service_worker"),
]
