"""Calls raced against each other: each in its own thread with its own database connection, released together."""
import threading

from django.db import connection


def race(*calls, timeout=120):
    """Run the calls in parallel threads released together; what each returned or raised, in order."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            outcomes[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test inspects
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    return outcomes
