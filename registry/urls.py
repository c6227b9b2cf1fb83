from django.urls import path

from . import rating_views, views

app_name = "registry"
urlpatterns = [
    path("players/", views.players_view, name="players"),
    path("players/<id:person_id>/", views.person_view, name="person"),
    path("players/<id:person_id>/edit/", views.person_edit_view, name="person_edit"),
    path("players/<id:person_id>/merge/", views.merge_view, name="merge"),
    path("players/merges/<id:merge_id>/undo/", views.undo_merge_view, name="undo_merge"),
    path("t/<slug:slug>/manage/registry/", views.link_view, name="link"),
    path("rating/", rating_views.rating_view, name="rating"),
    path("rating/tournaments/", rating_views.rated_tournaments_view, name="rated_tournaments"),
    path("rating/publish/", rating_views.publish_view, name="rating_publish"),
    path("rating/rating.<str:kind>", rating_views.export_view, name="rating_export"),
    path("rating/<str:month>/", rating_views.snapshot_view, name="rating_snapshot"),
    path("rating/<str:month>/rating.<str:kind>", rating_views.snapshot_export_view, name="rating_snapshot_export"),
]
