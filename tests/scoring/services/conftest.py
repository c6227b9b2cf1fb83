"""The protocol services' tests share the RULES.md §8 table with every role with the referees' page tests."""
from tests.referees.conftest import anonymous, fast_password_hasher, table  # noqa: F401  (the shared fixtures)
