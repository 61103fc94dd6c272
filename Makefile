# The two commands: `make run` and `make test`. Both create .venv and install what is missing.
# `make run` installs what the dashboard needs (not the test tools), loads the shipped sample deals into the default
# deal library (idempotent; a database that cannot be opened is reported and the dashboard starts all the same),
# starts the build of the compiled hot path in the background (below), then serves the dashboard at
# http://localhost:$(PORT) (Ctrl-C stops it). `make demo` prints a simulated deal in the terminal.
# `make serve` serves the dashboard to a club (`fupan serve`, docs/club-server.md): installed as for `make run`, on
# $(HOST) (default every address) and $(PORT), the library DB=URL names (else FUPAN_DB, else the default file; no
# samples loaded); anyone with the link may view, writes need a signed-in account (`fupan user add NAME --role ...`).
PYTHON ?= python3
PORT   ?= 8501
# `make serve`'s HOST and DB come from make's command line only, not from the environment (some shells export HOST,
# the machine's name); DB empty: FUPAN_DB, else the default file
HOST   := 0.0.0.0
DB     :=
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run

.PHONY: run serve demo screenshots test test-pg lint types bench bench-quick fuzz study compiled compiled-background clean \
	chart-script

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,compiled]'
	touch $(STAMP) $(RUN_STAMP)

# what `make run` needs: the dashboard and Cython for the background build, without the test tools
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[compiled]'
	touch $(RUN_STAMP)

# The compiled hot path (replay/compiled.py): the rollout's modules compiled by Cython into build/compiled/,
# those whose source changed since the last build (a minute or two from nothing, a second when none changed).
# A module compiled from another source than the one there now is never loaded: it imports from its source,
# and so does every module when this fails (no compiler): slower, the same results. Then every module's
# bytecode cached (__pycache__), as pip does for what it installs: where PYTHONDONTWRITEBYTECODE is set,
# as on this project's machines, Python would otherwise compile each module again at every start.
BUILD_COMPILED := $(BIN)/python -c "import sys, replay.compiled as c; sys.exit(c.main(sys.argv[1:]))" build
BYTECODE := $(BIN)/python -m compileall -q -x '/(\.venv|build|\.git)/' . > /dev/null

compiled: $(STAMP)
	-$(BUILD_COMPILED)
	$(BYTECODE)

# The same build for `make run`: in the background, at the lowest priority (so that it does not slow the first
# page), its output in build/compiled.log. What starts after it is done loads the compiled modules (the CLI, the
# next `make run`); a dashboard already serving keeps the modules it imported from source (the same results, slower
# pricing). A build already running (or a `make test`'s) is waited for, not doubled (replay.compiled.building).
compiled-background: $(RUN_STAMP)
	@mkdir -p build
	@nohup nice -n 19 $(BUILD_COMPILED) > build/compiled.log 2>&1 &
	@echo "make: the compiled hot path builds in the background (build/compiled.log); used once it is ready"

# plotly.js's basic bundle for the dashboard's charts (scatter, bar and pie: all it draws; 1.2 MB where Streamlit's own
# chart script holds plotly.js in full, 4.7 MB, and keeps a page with charts over 2 s in a fresh browser): npm
# installs it from the npm registry at the version web/package-lock.json pins (checking its integrity), and it is
# copied into static/, which Streamlit serves (views/parts/plotly_basic.py). Without npm, or offline, the dashboard
# draws its charts with Streamlit's own script: the same charts, slower in a fresh browser.
CHART_SCRIPT := static/plotly-basic.min.js
$(CHART_SCRIPT): web/package.json web/package-lock.json
	@if command -v npm > /dev/null; then \
		npm ci --prefix web --no-audit --no-fund --loglevel=error \
		&& mkdir -p static && cp web/node_modules/plotly.js-basic-dist-min/plotly-basic.min.js $@; \
	else \
		echo "make: no npm here: the charts are drawn with Streamlit's own plotly script (slower in a fresh browser)"; \
	fi

chart-script:
	-@$(MAKE) --no-print-directory $(CHART_SCRIPT)

run: $(RUN_STAMP) chart-script
	$(BYTECODE)
	-$(BIN)/fupan samples
	@$(MAKE) --no-print-directory compiled-background
	$(BIN)/python -m views.parts.serve --server.headless true --server.address 127.0.0.1 --server.port $(PORT) \
		--browser.gatherUsageStats false

# the club's server (docs/club-server.md): `make serve [HOST=0.0.0.0] [PORT=8501] [DB=postgresql://...]`
serve: $(RUN_STAMP) chart-script
	$(BYTECODE)
	@$(MAKE) --no-print-directory compiled-background
	$(BIN)/fupan serve --host $(HOST) --port $(PORT)$(if $(DB), --db '$(DB)')

demo: $(STAMP) compiled
	$(BIN)/fupan demo

# The README's dashboard pictures (docs/screenshots/*.png): the app on a fresh sample library, in
# Debian's Chromium (/usr/bin/chromium) driven by Playwright.
screenshots: $(STAMP) chart-script
	$(BIN)/python docs/screenshots/take.py

test: $(STAMP) compiled chart-script
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/mypy views app.py bench docs/screenshots/take.py
	$(BIN)/python -m pytest -n 4

# The same, beside a throwaway PostgreSQL server (as CI runs it): the storage tests run on both backends.
test-pg: $(STAMP)
	bash .ci/pg.sh $(MAKE) test

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy --strict over the modules listed in pyproject.toml ([tool.mypy] files), then plain mypy over the
# rest (the dashboard, the benches and the screenshot script: pyproject's override turns the strict flags
# off for them)
types: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy views app.py bench docs/screenshots/take.py

# Every bench in turn (bench/run.py), each printing its own table, then one table of all their figures: figure,
# baseline measured in the same run, ratio, target, met, runs, the machine's load (also written to
# build/bench/table.md, which docs/performance.md records). The machine is shared and its speed drifts, so every
# bench runs even when one misses; the exit status says whether all targets were met.
# bench_storage.py builds its 30,000-deal library once (some 10 minutes) and keeps it in build/bench/.
# `make bench-quick`: each bench's smoke run (a few minutes in all), not figures to quote.
# The bench extra (python-chess, the baseline of bench_moves.py; msgspec, which bench_machinery.py times our Record
# against) is installed for the benches only.
# Where PostgreSQL's server is installed (and FUPAN_TEST_PG_URL not set), the benches run beside a throwaway one
# (.ci/pg.sh), so that bench_import.py times the import into PostgreSQL too.
BENCH_PG := $(shell [ -z "$$FUPAN_TEST_PG_URL" ] && { command -v pg_ctl || ls -d /usr/lib/postgresql/*/bin; } >/dev/null 2>&1 && echo "bash .ci/pg.sh")
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,compiled,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP) compiled chart-script
	$(BENCH_PG) $(BIN)/python bench/run.py

bench-quick: $(BENCH_STAMP) compiled
	$(BIN)/python bench/run.py --quick

# The larger fault runs (docs/reliability.md): corrupted logs of every game in both forms at 20 times the
# suite's examples, 50,000 simulated deals per game instead of 600, and 60 random folder trees of special files
# instead of 3 (some 15 minutes on 2 cores).
fuzz: $(STAMP) compiled
	FUPAN_FUZZ=20 FUPAN_SEEDS=50000 $(BIN)/python -m pytest -n 2 tests/replay/test_fuzz.py tests/replay/test_simulation_seeds.py tests/replay/formats/test_folders.py

# The maxims on trial (docs/maxims.md): each folk maxim followed and broken on the same simulated deals,
# its effect in team points with a 95% CI; also writes coach/maxim_effects.json, which the coach reads.
# On a Dask cluster: a local one of every core, or SCHEDULER=tcp://host:8786 (docs/cluster.md); the same results.
study: $(STAMP) compiled
	$(BIN)/python -m coach.study --deals 15000 --seed 1 --cluster $(if $(SCHEDULER),--scheduler $(SCHEDULER)) --out docs/maxims.md \
		--json coach/maxim_effects.json

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache build *.egg-info static/plotly-basic.min.js web/node_modules
