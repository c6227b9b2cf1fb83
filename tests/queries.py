"""The queries a page makes of the site's own tables (for tests that count them)."""


def own_queries(captured) -> list[str]:
    """The SQL of ``captured`` (a CaptureQueriesContext) without the shared cache's own table (the database
    cache under PostgreSQL, config/settings.py) and the savepoints of its writes: that is the cache being
    read, not the page's work."""
    return [q["sql"] for q in captured.captured_queries
            if "domino_cache" not in q["sql"] and "SAVEPOINT" not in q["sql"]]
