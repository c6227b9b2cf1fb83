import pytest

from api import plumbing
from scoring import live


@pytest.fixture(autouse=True)
def _fresh_throttle_counts(db):
    """Every test starts with no request counted against its address (the counts live in the shared cache)."""
    live.cache.backend.clear()
    yield
    live.cache.backend.clear()


@pytest.fixture
def low_rates(monkeypatch):
    def set_rates(burst="1000/min", sustained="1000/hour"):
        rates = {plumbing.BurstThrottle.scope: burst, plumbing.SustainedThrottle.scope: sustained}
        monkeypatch.setattr(plumbing.BurstThrottle, "THROTTLE_RATES", rates)
        monkeypatch.setattr(plumbing.SustainedThrottle, "THROTTLE_RATES", rates)
    return set_rates
