"""The ground floor: helpers every app uses and that import no app (no models, no services)."""
