"""A management command run as a test calls it: its standard output as text."""
import io

from django.core.management import call_command


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()
