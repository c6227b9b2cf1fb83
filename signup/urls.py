"""The online registration's addresses, included in ``events.urls`` (its namespace: ``tournaments:register``)."""
from django.urls import path

from . import views, views_manage

urlpatterns = [
    path("t/<slug:slug>/register/", views.register_view, name="register"),
    path("t/<slug:slug>/register/<slug:code>/", views.entry_view, name="signup_entry"),
    path("t/<slug:slug>/register/<slug:code>/withdraw/", views.withdraw_view, name="signup_withdraw"),
    path("t/<slug:slug>/check-in/<slug:token>/", views.checkin_view, name="signup_checkin"),
    path("t/<slug:slug>/manage/registration/", views_manage.settings_view, name="signup_settings"),
    path("t/<slug:slug>/manage/registration/entries/", views_manage.entries_view, name="signup_entries"),
    path("t/<slug:slug>/manage/registration/entries/remove/", views_manage.remove_view, name="signup_remove"),
    path("t/<slug:slug>/manage/registration/entries/<id:entry_id>/check-in/", views_manage.tick_view,
         name="signup_tick"),
    path("t/<slug:slug>/manage/registration/entries/<id:entry_id>/<slug:action>/", views_manage.decide_view,
         name="signup_decide"),
    path("t/<slug:slug>/manage/registration/close-on-site/", views_manage.close_on_site_view,
         name="signup_close_on_site"),
]
