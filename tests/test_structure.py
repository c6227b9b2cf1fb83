"""The shape of the code (docs/architecture.md): the import contracts, ruff, the reasons of the imports made
inside functions, the kinds of test, and the benchmarks that `make bench` runs.

The contracts are in .importlinter and are checked by import-linter on the source files (nothing is
imported); a broken contract fails its test with import-linter's report, which names each import
(module, line) that breaks it.
"""
from __future__ import annotations

import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def root_packages() -> tuple[str, ...]:
    """The packages of the application, as .importlinter names them (its ``root_packages``)."""
    text = (ROOT / ".importlinter").read_text("utf-8")
    block = text.split("root_packages =", 1)[1].split("\n\n", 1)[0].split("include_external_packages")[0]
    return tuple(line.strip() for line in block.splitlines() if line.strip())


PACKAGES = root_packages()
CONTRACTS = ("apps", "engine-pure", "floors", "no-sibling-cycles")


def lint_imports(root: Path, *contracts: str) -> subprocess.CompletedProcess:
    command = [str(BIN / "lint-imports"), "--no-cache", "--no-logo", "--config", str(root / ".importlinter")]
    for contract in contracts:
        command += ["--contract", contract]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300)


def broken_part(output: str) -> str:
    """import-linter's report from its list of broken contracts on (the imports that break them)."""
    return output[output.find("Broken contracts"):] if "Broken contracts" in output else output


@pytest.mark.parametrize("contract", CONTRACTS)
def test_the_import_contract_is_kept(contract):
    run = lint_imports(ROOT, contract)
    assert run.returncode == 0, f"lint-imports: contract {contract} broken\n{broken_part(run.stdout)}{run.stderr}"


def copy_of_the_project(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    return tmp_path


@pytest.mark.parametrize("contract, scratch, named", [
    # core is the ground floor: a model above it may not be imported there
    ("floors", {"core/_scratch.py": "import tournaments.models\n"}, "core._scratch -> tournaments.models"),
    # a page is imported by nothing below it, even inside a function
    ("floors", {"scoring/_scratch_models.py": "def f():\n    import events.documents.views\n"},
     "scoring._scratch_models -> events.documents.views"),
    # an app imports no higher app (the model floor of tournaments may not ask the organizer's services)
    ("apps", {"tournaments/_scratch.py": "def f():\n    import events.selectors\n"},
     "tournaments._scratch -> events.selectors"),
    # the engine imports no Django
    ("engine-pure", {"engine/rules/_scratch.py": "from django.db import models\n"},
     "engine.rules._scratch -> django"),
    # two modules of one package that import each other
    ("no-sibling-cycles", {"core/_scratch_a.py": "import core._scratch_b\n", "core/_scratch_b.py": "import core._scratch_a\n"},
     "No cycles are allowed in core"),
])
def test_a_deliberate_bad_import_breaks_the_contract(tmp_path, contract, scratch, named):
    root = copy_of_the_project(tmp_path)
    if "scoring/_scratch_models.py" in scratch:  # a new module on the models' floor
        text = (root / ".importlinter").read_text()
        text = text.replace(" scoring.models : ", " (scoring._scratch_models) : scoring.models : ", 1)
        (root / ".importlinter").write_text(text)
    before = lint_imports(root, contract)
    for path, source in scratch.items():
        (root / path).write_text(source)
    after = lint_imports(root, contract)
    assert after.returncode != 0 and "BROKEN" in after.stdout, after.stdout + after.stderr
    assert named in after.stdout, after.stdout
    assert named not in before.stdout


def floor_modules(text: str) -> set[str]:
    """The modules and packages the ``floors`` contract places (its layers' names, optional ones included)."""
    block = text.split("[importlinter:contract:floors]", 1)[1].split("\n[", 1)[0]
    names = set()
    for line in block.split("layers =", 1)[1].splitlines():
        for name in re.split(r"[:|]", line):
            name = name.strip().strip("()")
            if name:
                names.add(name)
    return names


def unplaced(root: Path) -> list[str]:
    """The application modules that no floor of ``root``'s .importlinter places (a package placed places its
    modules)."""
    placed = floor_modules((root / ".importlinter").read_text("utf-8"))
    missing = []
    for package in root_packages_of(root):
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            module = ".".join(path.relative_to(root).with_suffix("").parts)
            if module.endswith(".__init__"):
                module = module[: -len(".__init__")]
                body = ast.parse(path.read_text("utf-8")).body
                if all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in body):
                    continue  # a package's docstring alone: its modules are placed one by one
            parts = module.split(".")
            if not any(".".join(parts[:k]) in placed for k in range(1, len(parts) + 1)):
                missing.append(module)
    return missing


def root_packages_of(root: Path) -> tuple[str, ...]:
    text = (root / ".importlinter").read_text("utf-8")
    block = text.split("root_packages =", 1)[1].split("\n\n", 1)[0].split("include_external_packages")[0]
    return tuple(line.strip() for line in block.splitlines() if line.strip())


def test_every_module_is_placed_on_a_floor():
    assert unplaced(ROOT) == [], "modules on no floor of .importlinter (place each one): " + ", ".join(unplaced(ROOT))


def test_an_unplaced_module_is_found(tmp_path):
    root = copy_of_the_project(tmp_path)
    assert unplaced(root) == []
    (root / "scoring" / "_scratch_unplaced.py").write_text("import scoring.views_anything\n")
    assert unplaced(root) == ["scoring._scratch_unplaced"]


def app_order() -> list[str]:
    """The apps of the ``apps`` contract, lowest first."""
    text = (ROOT / ".importlinter").read_text("utf-8")
    block = text.split("[importlinter:contract:apps]", 1)[1].split("\n[", 1)[0]
    return [line.strip() for line in block.split("layers =", 1)[1].splitlines() if line.strip()][::-1]


@pytest.mark.django_db
def test_foreign_keys_point_down_the_order_of_the_apps():
    from django.apps import apps  # noqa: PLC0415 app registry

    order = app_order()
    up = set()
    for model in apps.get_models():
        package = model.__module__.split(".")[0]
        if package not in order:
            continue  # Django's and the libraries' models
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model is not None):
                continue
            target = field.related_model.__module__.split(".")[0]
            if target in order and order.index(target) > order.index(package):
                up.add((f"{model._meta.app_label}.{model.__name__}", field.name))
    assert up == set()


def test_ruff_passes():
    run = subprocess.run([str(BIN / "ruff"), "check", "--no-cache", "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"ruff check (ruff.toml):\n{run.stdout}{run.stderr}"


# --- an import inside a function says why ---------------------------------------------------
REASON = re.compile(r"#\s*noqa:[^#]*\bPLC0415\b[^#]*?\b(slow import|app registry|cycle: \S+)")
WITHOUT_REASON_FILE = Path(__file__).with_name("in_function_imports_without_reason.txt")


def in_function_imports(path: Path):
    """(line number, first imported name, source line) of each import inside a function of ``path``."""
    lines = path.read_text("utf-8").splitlines()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    if isinstance(inner, ast.Import):
                        name = inner.names[0].name
                    else:
                        name = "." * inner.level + (inner.module or inner.names[0].name)
                    yield inner.lineno, name, lines[inner.lineno - 1]


def app_modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def without_reason() -> Counter:
    found = Counter()
    for path in app_modules():
        for _, name, line in {(n, name, line) for n, name, line in in_function_imports(path)}:
            if not REASON.search(line):
                found[f"{path.relative_to(ROOT)} {name}"] += 1
    return found


def test_the_reason_check_reads_a_reason_and_refuses_none():
    assert REASON.search("from pyhanko.sign import signers  # noqa: PLC0415 slow import")
    assert REASON.search("from . import live  # noqa: PLC0415 app registry")
    assert REASON.search("from .scores import rescore  # noqa: PLC0415 cycle: scoring.scores → scoring.services")
    assert not REASON.search("from .scores import rescore  # noqa: PLC0415")
    assert not REASON.search("from .scores import rescore  # noqa: PLC0415 cycle:")
    assert not REASON.search("from .scores import rescore  # slow import")  # the reason goes with the noqa


def test_every_import_inside_a_function_carries_a_reason():
    """`# noqa: PLC0415 <reason>`, the reason one of: slow import, app registry, cycle: <the modules>.

    The imports of in_function_imports_without_reason.txt had none when the rule came: each goes to the
    top of its module (or gets its reason), and then leaves that list; no new one may join it.
    """
    known = Counter(line.strip() for line in WITHOUT_REASON_FILE.read_text("utf-8").splitlines()
                    if line.strip() and not line.startswith("#"))
    found = without_reason()
    new = found - known
    gone = known - found
    assert not new, "imports inside a function without a reason (`# noqa: PLC0415 slow import` | `app registry` " \
                    "| `cycle: …`), or move them to the top:\n" + "\n".join(sorted(new))
    assert not gone, f"no longer without a reason: remove from {WITHOUT_REASON_FILE.name}:\n" + "\n".join(sorted(gone))


# --- kinds of test ------------------------------------------------------------------------------
def test_each_test_is_unit_integration_or_browser():
    """tests/conftest.py marks every collected test with exactly one kind (and refuses a test marked with two)."""
    files = ["tests/engine/rules/test_partie_exact.py", "tests/tournaments/test_backup.py", "tests/browser/test_csp.py"]
    selected = {}
    for kind in ("unit", "integration", "browser"):
        run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", kind, *files],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        selected[kind] = {line.split("::")[0] for line in run.stdout.splitlines() if "::" in line}
    assert selected == {"unit": {files[0]}, "integration": {files[1]}, "browser": {files[2]}}, selected


# --- benchmarks ------------------------------------------------------------------------------------
def test_make_bench_runs_every_benchmark():
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "bench" / "run_all.py")  # bench/: no package
    run_all = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run_all)
    listed = {small[0] for _, small, _ in run_all.BENCHES} | {full[0] for _, _, full in run_all.BENCHES}
    benches = {f"bench/{p.name}" for p in (ROOT / "bench").glob("*_bench.py")}
    assert benches - listed == set(), "bench/run_all.py does not run: " + ", ".join(sorted(benches - listed))
    assert all((ROOT / script).exists() for script in listed)
