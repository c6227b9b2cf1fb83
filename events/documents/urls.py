from django.urls import include, path

from . import views

app_name = "reports"

# t/<slug>/: the standings, the cross table and the files of a tournament
tournament_pages = [
    path("standings/", views.standings, name="standings"),
    path("standings/players/", views.players, name="players"),
    path("standings/projector/", views.projector, name="projector"),
    path("standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("standings.pdf", views.standings_pdf, name="standings_pdf"),
    path("crosstable/", views.crosstable, name="crosstable"),
    path("export.xlsx", views.workbook, name="workbook"),
    path("round/<num:number>/", include([
        path("pairings.pdf", views.pairings_pdf, name="pairings_pdf"),
        path("sheets-blank.pdf", views.blank_sheets, name="blank_sheets"),
        path("sheets-signed.pdf", views.signed_sheets, name="signed_sheets"),
    ])),
    path("protocol/<id:partie_id>.pdf", views.protocol_pdf, name="protocol_pdf"),
]

urlpatterns = [
    path("t/<slug:slug>/", include(tournament_pages)),
]
