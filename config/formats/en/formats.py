"""The English interface writes dates as it always has, day first (29.11.2026, 29.11.2026 14:05), not in Django's
US forms (11/29/2026): organizers and players read the same dates in every language but Spanish's own."""
SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
