"""The online registration's addresses, included in ``events.urls`` (its namespace: ``tournaments:register``)."""
from django.urls import include, path

from . import views, views_entries, views_manage

# t/<slug>/manage/registration/: the organizer's (the list and its ticks: the referees' too)
management = [
    path("", views_manage.settings_view, name="signup_settings"),
    path("entries/", views_manage.entries_view, name="signup_entries"),
    path("entries/remove/", views_manage.remove_view, name="signup_remove"),
    path("entries/approve-all/", views_entries.approve_all_view, name="signup_approve_all"),
    path("entries/export/<slug:kind>/", views_entries.export_view, name="signup_export"),
    path("entries/<id:entry_id>/check-in/", views_manage.tick_view, name="signup_tick"),
    path("entries/<id:entry_id>/send-link/", views_manage.send_link_view, name="signup_send_link"),
    path("entries/<id:entry_id>/<slug:action>/", views_manage.decide_view, name="signup_decide"),  # after the others
    path("close-on-site/", views_manage.close_on_site_view, name="signup_close_on_site"),
]

urlpatterns = [
    path("t/<slug:slug>/", include([
        path("register/", views.register_view, name="register"),
        path("register/lost-link/", views.lost_link_view, name="signup_lost_link"),  # before the codes' address
        path("register/<slug:code>/", views.entry_view, name="signup_entry"),
        path("register/<slug:code>/withdraw/", views.withdraw_view, name="signup_withdraw"),
        path("check-in/<slug:token>/", views.checkin_view, name="signup_checkin"),
        path("manage/registration/", include(management)),
    ])),
]
