# Three commands: `make run` (the demo, development), `make test`, `make serve` (a real event).
# `make serve` and `make run` install requirements.txt (what the site needs); `make test`, `make bench`
# and `make mutation` also install requirements-dev.txt (tests, benchmarks, lint-imports, ruff).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test serve install install-dev browser migrate demo messages bench mutation clean

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

install: $(STAMP)

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PIP) install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(DEV_STAMP)

install-dev: $(DEV_STAMP)

migrate: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable

demo: migrate
	$(PY) manage.py load_demo

run: demo
	@echo ""
	@echo "  Open http://$(HOST):$(PORT)/"
	@echo "  Organizer login: organizer / domino2026 (referee: referee / domino2026, chief referee: chief / domino2026)"
	@echo ""
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production mode on the venue laptop: granian (config/server.py) on 0.0.0.0:8000, DEBUG off, no demo; its own data folder.
# HOST/PORT as for `make run`; DOMINO_DATA_DIR, SITE_URL, DJANGO_SECRET_KEY, DOMINO_ADMIN_USER/PASSWORD
# from the environment (docs/deploy.md).
SERVE_HOST ?= 0.0.0.0
SERVE_DATA ?= $(CURDIR)/var/serve
serve: install
	DOMINO_MODE=serve DOMINO_DATA_DIR="$${DOMINO_DATA_DIR:-$(SERVE_DATA)}" PORT=$(PORT) \
	  $(PY) manage.py serve --host $(if $(filter command line environment,$(origin HOST)),$(HOST),$(SERVE_HOST)) --port $(PORT)

# Debian's Chromium for the browser tests (Playwright cannot download a browser here).
browser:
	@test -x /usr/bin/chromium -a -x /usr/bin/pdftoppm || { \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils >/dev/null) \
	      || echo "chromium or poppler-utils could not be installed: browser tests will be skipped"; \
	  else echo "chromium or pdftoppm missing (apt-get install chromium poppler-utils): browser tests will be skipped"; fi; }

test: install-dev browser
	$(PY) -m pytest -q $(PYTEST_ARGS)

# Regenerate the translation catalogues (needs gettext); the compiled .mo files are committed.
messages: install
	$(PY) manage.py makemessages -l en -l ru -l es --ignore=.venv --ignore=var --ignore=mutants --ignore=test-artifacts
	$(PY) manage.py compilemessages --ignore=.venv

# The benchmarks of bench/ on a small size (a few minutes); BENCH_ARGS=--full for the published sizes.
bench: install-dev
	$(PY) bench/run_all.py $(BENCH_ARGS)

# Mutation testing of the engine of every game (engine/rules/) and the pairing (engine/pairing/);
# configured in setup.cfg. MUTATION_CHILDREN parallel workers (the machine is small).
MUTATION_CHILDREN ?= 2
mutation: install-dev
	rm -rf mutants
	$(VENV)/bin/mutmut run --max-children $(MUTATION_CHILDREN) || true
	$(PY) bench/mutation_score.py

clean:
	rm -rf $(VENV) var .pytest_cache mutants
