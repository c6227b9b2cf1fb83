from django.urls import path

from . import views_public as views

app_name = "protocols"
urlpatterns = [
    path("<id:partie_id>/", views.protocol, name="protocol"),
]
