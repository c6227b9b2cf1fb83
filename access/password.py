"""Every signed-in user changes his own password; the old one is checked through the throttle.

Django's ``PasswordChangeForm`` checks the old password with
``user.check_password``, which axes does not see; here it goes through
``authenticate(request=…)`` so that guessing it from a borrowed session is
limited like a login. The new password passes ``AUTH_PASSWORD_VALIDATORS``.
"""
from __future__ import annotations

from django.contrib.auth import authenticate
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache

MAX_PASSWORD_LENGTH = 128


class LoginForm(AuthenticationForm):
    """Django's login form, with its length limits enforced (Django only sets them on the widget)."""

    def __init__(self, request=None, *args, **kwargs):
        super().__init__(request, *args, **kwargs)
        self.fields["username"].validators.append(MaxLengthValidator(self.fields["username"].max_length))
        self.fields["password"].validators.append(MaxLengthValidator(MAX_PASSWORD_LENGTH))


class ThrottledPasswordChangeForm(PasswordChangeForm):
    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)
        for name in ("old_password", "new_password1", "new_password2"):
            self.fields[name].max_length = MAX_PASSWORD_LENGTH
            self.fields[name].validators.append(MaxLengthValidator(MAX_PASSWORD_LENGTH))
        self.fields["old_password"].label = _("Текущий пароль")
        self.fields["new_password1"].label = _("Новый пароль")
        self.fields["new_password2"].label = _("Новый пароль ещё раз")

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        user = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if user is None or user.pk != self.user.pk:
            raise ValidationError(_("Текущий пароль введён неверно."), code="password_incorrect")
        return old_password


@method_decorator(never_cache, name="dispatch")
class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = ThrottledPasswordChangeForm
    success_url = reverse_lazy("password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    pass
