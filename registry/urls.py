from django.urls import path

from . import views

app_name = "registry"
urlpatterns = [
    path("players/", views.players_view, name="players"),
    path("players/<id:person_id>/", views.person_view, name="person"),
    path("players/<id:person_id>/edit/", views.person_edit_view, name="person_edit"),
    path("players/<id:person_id>/merge/", views.merge_view, name="merge"),
    path("players/merges/<id:merge_id>/undo/", views.undo_merge_view, name="undo_merge"),
    path("t/<slug:slug>/manage/registry/", views.link_view, name="link"),
]
