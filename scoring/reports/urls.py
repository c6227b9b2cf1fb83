from django.urls import path

from . import views

app_name = "reports"
urlpatterns = [
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/standings/players/", views.players, name="players"),
    path("t/<slug:slug>/standings/projector/", views.projector, name="projector"),
    path("t/<slug:slug>/standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/standings.pdf", views.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<slug:slug>/export.xlsx", views.workbook, name="workbook"),
    path("t/<slug:slug>/round/<num:number>/pairings.pdf", views.pairings_pdf, name="pairings_pdf"),
    path("t/<slug:slug>/round/<num:number>/sheets-blank.pdf", views.blank_sheets, name="blank_sheets"),
    path("t/<slug:slug>/round/<num:number>/sheets-signed.pdf", views.signed_sheets, name="signed_sheets"),
    path("t/<slug:slug>/protocol/<id:partie_id>.pdf", views.protocol_pdf, name="protocol_pdf"),
]
