"""Print a whole round-robin schedule of an individual event, without a database.

    manage.py individual_schedule --players 13 --system round-robin --json
    {"players": 13, "rounds": [{"round": 1, "tables": [{"table": 1, "A": [p, q], "B": [r, s]}, …],
                                "sitting_out": [1]}, …]}

Player numbers are the draw's numbers: number k sits at position k of the schedule
(docs/rules-individual.md, section 3). Without --json: the same as text with the schedule's properties.
"""
import json

from django.core.management.base import BaseCommand, CommandError

from engine.pairing.base import PairingError
from engine.pairing.whist import properties, schedule

LARGEST = 10000


def _players(value: str) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise CommandError(f"Число игроков должно быть целым числом, а не «{value}».") from None
    if n < 4:
        raise CommandError(f"Для личного зачёта нужно не меньше 4 игроков (указано {n}).")
    if n > LARGEST:
        raise CommandError(f"Игроков не может быть больше {LARGEST} (указано {n}).")
    return n


class Command(BaseCommand):
    help = "Расписание круговой системы личного зачёта целиком (номера игроков), без базы данных."

    def add_arguments(self, parser):
        parser.add_argument("--players", required=True, help="число игроков (4 … 64 для круговой системы)")
        parser.add_argument("--system", default="round-robin", help="система: round-robin (единственная)")
        parser.add_argument("--json", action="store_true", help="вывод в JSON")

    def handle(self, *args, **options):
        n = _players(options["players"])
        system = options["system"]
        if system != "round-robin":
            raise CommandError(f"Расписание без базы данных есть только для круговой системы (round-robin), "
                               f"а не для «{system}».")
        try:
            rounds = schedule(n)
        except PairingError as exc:
            raise CommandError(exc.message) from None
        if options["json"]:
            self.stdout.write(_json(n, rounds))
        else:
            self.stdout.write(_text(n, rounds))


def _json(n, rounds) -> str:
    return json.dumps({"players": n, "rounds": [
        {"round": number,
         "tables": [{"table": k, "A": list(t.a), "B": list(t.b)} for k, t in enumerate(rnd.tables, 1)],
         "sitting_out": list(rnd.sitting_out)}
        for number, rnd in enumerate(rounds, 1)]}, ensure_ascii=False)


def _text(n, rounds) -> str:
    got = properties(rounds, n)
    lines = [f"Круговая система: {n} игроков, {got['rounds']} туров."]
    if got["whist"]:
        lines.append("Каждые два игрока — партнёры ровно один раз и соперники ровно два раза.")
    else:
        lines.append(f"Повторов партнёров: {got['partner_repeats']}; пар, не бывших партнёрами: "
                     f"{got['never_partners']}.")
        lines.append(f"Соперники встречаются от {got['opponents_min']} до {got['opponents_max']} раз; "
                     f"пар, ни разу не бывших соперниками: {got['never_opponents']}.")
    if got["sit_outs_max"]:
        lines.append(f"Пропусков тура у одного игрока не больше {got['sit_outs_max']}.")
    else:
        lines.append("Никто не пропускает тур.")
    for number, rnd in enumerate(rounds, 1):
        tables = "; ".join(f"стол {k}: {t.a[0]} и {t.a[1]} против {t.b[0]} и {t.b[1]}"
                           for k, t in enumerate(rnd.tables, 1))
        out = f" — пропускают: {', '.join(map(str, rnd.sitting_out))}" if rnd.sitting_out else ""
        lines.append(f"Тур {number}: {tables}{out}")
    return "\n".join(lines)
