from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path, register_converter

from core.converters import IdConverter, NumberConverter

# Bounded integers in URLs (before the apps' patterns are read): a number beyond the database's range is a 404.
register_converter(IdConverter, "id")
register_converter(NumberConverter, "num")

from access import password as password_views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    # browsers ask for /favicon.ico whatever the page says: the site's icon, not a 404 in the log
    path("api/v1/", include("api.urls")),
    path("favicon.ico", lambda request: redirect(static("img/favicon.svg"), permanent=True)),
]

urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(authentication_form=password_views.LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", password_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", password_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("referee/", include("referees.urls")),
    path("protocols/", include("referees.urls_public")),
    path("", include("events.documents.urls")),
    path("", include("registry.urls")),
    path("", include("teams.urls")),
    path("", include("events.urls")),
    prefix_default_language=False,
)

# The site's own error pages (core.error_pages): Russian, in the site's layout, never reading the body again.
handler400 = "core.error_pages.bad_request"
handler403 = "core.error_pages.permission_denied"
handler404 = "core.error_pages.page_not_found"
handler500 = "core.error_pages.server_error"
