# Two front doors: `make run` (set up, then start the bot) and `make test` (set up, then run every test).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test bench clean

run: $(VENV)/.installed
	$(BIN)/wordbot run

# The linter first (its settings: [tool.ruff] in pyproject.toml), then the tests in three workers
# (pytest-xdist), a worker taking the next test when it is free. A worker waits at times (on
# PostgreSQL, on a `wordbot` it started, on a worker process of the bot), so three keep both cores
# busy: the whole suite here took 8:28 with three, 9:09 with two. Four were no quicker on a fresh
# clone (9:52 in pytest) and once took one of SimCord's 5-second settles past its limit.
# --durations=15 lists the slowest tests at the end: where the next minute would come from.
#
# Compiled modules are kept under $(VENV)/pycache, even where the environment says not to write them
# (PYTHONDONTWRITEBYTECODE): else each worker, and each `wordbot` a test starts, compiles bot/ and
# solvers/ again and rewrites every test's asserts.
test: $(VENV)/.installed
	$(BIN)/ruff check .
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache $(BIN)/python -m pytest -n 3 --dist worksteal --durations=15

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/anagram.py
	$(BIN)/python benchmarks/pattern.py
	$(BIN)/python benchmarks/bee.py
	$(BIN)/python benchmarks/leaderboard.py
	$(BIN)/python benchmarks/event_loop.py
	$(BIN)/python benchmarks/letterbox.py
	$(BIN)/python benchmarks/ladder.py
	$(BIN)/python benchmarks/lexicon.py
	$(BIN)/python benchmarks/tileset.py
	$(BIN)/python benchmarks/fivewords.py --ours-only
	$(BIN)/python benchmarks/wordlists.py
	$(BIN)/python benchmarks/definitions.py
	$(BIN)/python benchmarks/start.py
	$(BIN)/python benchmarks/pictures.py
	$(BIN)/python benchmarks/quiz_board.py
	$(BIN)/python benchmarks/together.py
	$(BIN)/python benchmarks/quiz.py
	$(BIN)/python benchmarks/quiz_round.py
	$(BIN)/python benchmarks/study.py
	$(BIN)/python benchmarks/faults.py

# The virtualenv is rebuilt whenever pyproject.toml changes, with a current pip: the one a new
# virtualenv comes with (23.2 here) writes a `wordbot` script that imports re before anything else,
# half of `wordbot --help`'s time (40 ms against 22 ms with pip 26). --no-compile: pip's compiled files
# beside the installed modules are never read by `make test` (it keeps them under
# $(VENV)/pycache). They are compiled there once instead, on both cores (9 s here): else the test
# workers, starting together, each compiled every module they import.
$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "wordbot needs Python 3.11 or newer; set PYTHON=python3.11 (or newer)")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test]'
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache $(BIN)/python -m compileall -q -j 0 $(VENV)/lib bot solvers
	touch $@

clean:
	rm -rf $(VENV) build *.egg-info
