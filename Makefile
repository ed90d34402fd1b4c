# One command to run the service, one to run every test. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
DB ?= var/referee.sqlite3

.PHONY: run test lint bench models setup trained clean

setup: $(STAMP)

# torch is pinned first so pip takes the CPU build from local disk; the
# project's own range (>=2.13.0,<2.14) is then already satisfied. --no-compile skips
# writing .pyc files for torch's thousands of modules up front (a minute on 2 cores).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --no-compile torch==2.13.0
	$(BIN)/pip install --quiet --no-compile -e '.[dev]'
	touch $(STAMP)

# The judges' trained layers are in git (models/judge/mention-ce/, story-nli/,
# clue-encoder/); `referee train all` checks each against the data and settings
# that made it and trains again only a model that is stale (the mention
# cross-encoder, three runs averaged, takes about 20 to 45 minutes on 2 cores).
trained: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/referee train all

run: trained
	$(BIN)/referee serve --host $(HOST) --port $(PORT) --db $(DB)

# Two pytest workers, one per core, each running torch on one thread: with a thread per
# core each, the workers fought over the two cores and the suite took twice as long
# (966 s against 506 s on the same machine, 2026-12-02).
test: lint trained
	HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/pytest -q -n 2 --dist loadfile --doctest-modules referee api tests

# Style and types: ruff's rules and format, and mypy (strict for the package; see pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: trained
	HF_HUB_OFFLINE=1 $(BIN)/referee bench judge

# Rebuild the judge's artifacts from datasets/: the lexicons (when WordNet is installed), the
# related things by meaning, both cross-encoders (unless current) and every calibration.
models: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/referee build judge

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
