"""Benchmark of the players' registry's search page with many persons (default 10,000).

    .venv/bin/python bench/registry_bench.py [--persons 10000] [--repeat 5] [--keep]

Builds the registry with bulk_create in a throw-away SQLite database (or in DATABASE_URL when set), then
prints the SQL queries and the time of /players/ searched by a common surname (its first and last page),
by a rare one, and by a federation ID, through Django's test client. Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from reports_bench import setup, timed  # noqa: E402

SURNAMES = ["Иванов", "Петров", "Сидоров", "Ёлкин", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов", "Лебедев"]


def build(n: int):
    from people.models import Person

    people = []
    for i in range(n):
        name = f"{SURNAMES[i % len(SURNAMES)]}{'' if i % 7 else 'а'} Имя{i:05}"
        people.append(Person(name=name, name_key=name.lower().replace("ё", "е"), club="Клуб", city="Тверь",
                             federation_id=f"RU-{i}" if i % 3 == 0 else None))
    Person.objects.bulk_create(people, batch_size=2000)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--persons", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv)
    setup(args.keep)
    from django.db import connection
    from django.test import Client

    build(args.persons)
    client = Client()
    pages = args.persons // len(SURNAMES) // 50 + 1
    for label, query in [("common surname, page 1", {"q": "елкин"}),
                         ("common surname, last page", {"q": "иванов", "page": str(pages)}),
                         ("rare surname", {"q": "ёлкина"}), ("federation ID", {"q": "ru-300"})]:
        queries = []
        with connection.execute_wrapper(lambda execute, sql, params, many, context: (
                queries.append(sql), execute(sql, params, many, context))[1]):
            response = client.get("/players/", query)
        assert response.status_code == 200 and "Имя" in response.content.decode()
        best, median, _ = timed(lambda: client.get("/players/", query), args.repeat)
        print(f"{label:28} {len(queries):2} queries  best {best * 1000:7.1f} ms  "
              f"median {median * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
