"""What the three whole-event walks share (test_walk_individual_round_robin.py, test_walk_team_swiss.py,
test_walk_swiss_then_knockout.py): screenshots of a page at 390 and 1280 px, the text of a PDF and of a
workbook, the words that name a pair, and a table played through the services (for the tables a walk does not
examine: the deals of a round a person would type on the referee's page)."""
import io
import random
import re
import shutil
import subprocess

from openpyxl import load_workbook
from pypdf import PdfReader

from engine.rules.generate import random_deal
from scoring import services
from scoring.models import Protocol
from scoring.protocol_state import missing_signatures
from tests.versions import shown_version

WIDTHS = (390, 1280)

# «пара», «пары», «пару», «парой», «паре», «пар», «парам», «парами», «парах» as a word (not «партия», «партнёр»).
PAIR_WORD = re.compile(r"(?<!\w)пар(?:а|ы|у|ой|е|ам|ами|ах)?(?!\w)", re.IGNORECASE)


def pair_words(text: str) -> list[str]:
    """Each «пара»-word of ``text`` with a little of its context (empty: none)."""
    return [text[max(0, m.start() - 40):m.end() + 40].replace("\n", " ") for m in PAIR_WORD.finditer(text)]


def wait(page):
    page.wait_for_load_state("networkidle")


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shots(page, artifacts, name, widths=WIDTHS, reload=True):
    """The page at each width (reloaded at that width, unless it answered a form), a full-page screenshot each;
    nothing scrolls sideways. The page is left at the last width."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": 844 if width < 800 else 800})
        if reload:
            page.reload()
            wait(page)
        else:
            page.wait_for_timeout(100)
        assert fits(page), f"{name} scrolls sideways at {width} px"
        page.screenshot(path=str(artifacts / f"walk-{name}-{width}.png"), full_page=True)


def pdf_text(data: bytes) -> str:
    assert data[:5] == b"%PDF-"
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def get_pdf(page, url, artifacts=None, name=None, render=False) -> str:
    """The PDF at ``url`` (with the page's session), saved as test-artifacts/walk-NAME.pdf; its text."""
    answer = page.request.get(url)
    assert answer.status == 200, url
    assert answer.headers["content-type"] == "application/pdf", url
    body = answer.body()
    if artifacts is not None and name:
        (artifacts / f"walk-{name}.pdf").write_bytes(body)
        if render and shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-r", "50", "-png", str(artifacts / f"walk-{name}.pdf"),
                            str(artifacts / f"walk-{name}-pdf")], check=True)
    return pdf_text(body)


def get_workbook(page, url, artifacts=None, name=None):
    answer = page.request.get(url)
    assert answer.status == 200, url
    body = answer.body()
    if artifacts is not None and name:
        (artifacts / f"walk-{name}.xlsx").write_bytes(body)
    return load_workbook(io.BytesIO(body))


def sheet_text(sheet) -> str:
    return "\n".join(" ".join(str(v) for v in row if v is not None) for row in sheet.iter_rows(values_only=True))


def play_table(referee, partie, rng: random.Random, pins=None, signers=None):
    """Random but valid deals until the partie is over, then every signature the protocol asks for: a player's
    with his PIN on the referee's device (``pins``: {player id: PIN}) or with his pair's account (``signers``:
    {pair id: user}), the referee's last. What a referee does on his page, through the services it calls."""
    rules = partie.round.tournament.rules()
    n = 0
    while True:
        n += 1
        protocol = services.record_deal(referee, partie, random_deal(rng, n, rules, as_tiles=True),
                                        expected_version=shown_version(partie))
        if protocol.finished and not protocol.extra_deal_needed:
            break
    for _attempt in range(8):
        protocol = Protocol.objects.get(partie=partie)
        missing = missing_signatures(partie, list(protocol.signatures.all()), protocol)
        if not missing:
            return protocol
        slot = next((s for s in missing if s != "referee"), "referee")
        if slot == "referee":
            services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)
        elif pins is not None:
            player = partie.side_players(slot[0])[int(slot[1]) - 1]
            services.sign_protocol(referee, partie, role="player", seat=slot, pin=pins[player.pk],
                                   expected_version=protocol.version)
        else:
            seat = slot if len(slot) == 2 else f"{slot}1"
            pair = partie.side_entrants(seat[0])[0]
            services.sign_protocol(signers[pair.pk], partie, role="player", seat=seat,
                                   expected_version=protocol.version)
    raise AssertionError(f"round {partie.round.number} table {partie.table}: signatures still missing")
