"""Forms show what a service refused: each error next to the field it names, or above the form; and the
widgets several apps' forms share."""
from django import forms


class ServiceErrorsMixin:
    """``form.add_service_error(exc)`` for a ``core.errors.DomainError`` caught around a service call.

    ``seat_field`` ("hand_{seat}" for the deal form) places an error that names a seat and no field
    of the form; ``aliases`` maps the service's field names to the form's where they differ.
    """

    seat_field = None

    def add_service_error(self, exc, aliases=None):
        seat = getattr(exc, "seat", None)
        for field, message in exc.field_errors():
            field = (aliases or {}).get(field, field)
            if field and field in self.fields:
                self.add_error(field, message)
            elif seat and self.seat_field and self.seat_field.format(seat=seat) in self.fields:
                self.add_error(self.seat_field.format(seat=seat), message)
            else:
                self.add_error(None, message)


def login_input(**attrs):
    """A text input for a login: no autocomplete, no capital letter, no spelling check."""
    return forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false", **attrs})
