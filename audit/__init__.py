"""The audit log at the bottom of the house: every app writes to it (``log.log_action``) and registers
its own actions (``actions.register``); it imports no app above it."""
