from django.urls import path

from . import views

app_name = "scoring"
urlpatterns = [
    path("<id:partie_id>/", views.protocol, name="protocol"),
]
