from django.urls import include, path

from . import rating_views, views

app_name = "registry"
urlpatterns = [
    path("players/", include([
        path("", views.players_view, name="players"),
        path("<id:person_id>/", include([
            path("", views.person_view, name="person"),
            path("edit/", views.person_edit_view, name="person_edit"),
            path("merge/", views.merge_view, name="merge"),
        ])),
        path("merges/<id:merge_id>/undo/", views.undo_merge_view, name="undo_merge"),
        path("duplicates/", views.duplicates_view, name="duplicates"),
        path("duplicates/two-people/", views.two_people_view, name="two_people"),
        path("duplicates/two-people/<id:row_id>/undo/", views.two_people_undo_view, name="two_people_undo"),
    ])),
    path("t/<slug:slug>/manage/registry/", views.link_view, name="link"),
    path("rating/", include([
        path("", rating_views.rating_view, name="rating"),
        path("tournaments/", rating_views.rated_tournaments_view, name="rated_tournaments"),
        path("publish/", rating_views.publish_view, name="rating_publish"),
        path("rating.<str:kind>", rating_views.export_view, name="rating_export"),
        # after «tournaments/» and «publish/», which a month's address would take
        path("<str:month>/", rating_views.snapshot_view, name="rating_snapshot"),
        path("<str:month>/rating.<str:kind>", rating_views.snapshot_export_view, name="rating_snapshot_export"),
    ])),
]
