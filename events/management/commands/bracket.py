"""Print the knockout bracket of an event in stages: ``manage.py bracket SLUG [--json]``."""
import json

from django.core.management.base import BaseCommand, CommandError

from core.text import numbered
from events.stage_selectors import bracket_data
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "The knockout bracket of stage 2 (seeds, entrants, winners)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def handle(self, slug, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with slug {slug!r}") from None
        data = bracket_data(tournament)
        if data is None:
            raise CommandError(f"{slug}: no knockout bracket (stage 2 is not a knockout, or its finalists are not "
                               "confirmed)")
        if options["json"]:
            plain = {"size": data["size"], "match": data["match_format"], "rounds": [
                {"name": r["name"], "matches": [
                    {"a": _side(m["a"]), "b": _side(m["b"]), "winner": m["winner"], "table": m["table"],
                     "round": m["round_number"], "state": m["state"], "walkover": m["walkover"],
                     "parties": [{k: p[k] for k in ("round", "table", "a", "b", "winner")} for p in m["parties"]]}
                    for m in r["matches"]]}
                for r in data["rounds"]]}
            self.stdout.write(json.dumps(plain, ensure_ascii=False, indent=1))
            return
        for r in data["rounds"]:
            self.stdout.write(r["name"])
            for m in r["matches"]:
                a = _text(m["a"])
                b = "—" if m["bye"] else _text(m["b"])
                won = f"  → {numbered(m['winner'])}" if m["winner"] else ""
                scores = ", ".join(f"{p['a']}:{p['b']}" for p in m["parties"])
                self.stdout.write(f"  {a}  vs  {b}{won}" + (f"  [{scores}]" if scores else "")
                                  + ("  (walkover)" if m["walkover"] else ""))


def _side(side):
    if side is None:
        return None
    return {k: side[k] for k in ("seed", "entrant", "group", "group_place") if k in side}


def _text(side):
    if side is None:
        return "?"
    group = f" [{side['group']}/{side['group_place']}]" if "group" in side else ""
    return f"({side['seed']}) {numbered(side['entrant'])}{group}"
