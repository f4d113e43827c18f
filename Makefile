# Coins in a row kata. Every target sets itself up: a fresh clone needs no install step.
.DEFAULT_GOAL := help
.PHONY: help install test solutions check lint typecheck watch reset

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
F      ?=
LIMIT  ?= 4
ONLY   := $(if $(F),--formulation=$(F))
GRADE  := $(PY) -m pytest tests/grade -q --tb=no -rN --no-header --call-limit=$(LIMIT) $(ONLY)

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install the project with its dev tools

test: $(STAMP) ## grade your answers in problems/ (F=<slug> for one, LIMIT=<s> per call)
	@$(GRADE) --impl=problems

solutions: $(STAMP) ## run the same grading suite on the reference solutions
	@$(GRADE) --impl=solutions

lint: $(STAMP) ## ruff check and ruff format --check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP) ## mypy --strict on everything, stubs included
	$(VENV)/bin/mypy coinrow tests $(wildcard problems/*/*.py) $(wildcard solutions/*/*.py)

check: lint typecheck ## the repository's own checks: lint, types, the suite on the references, pristine stubs
	$(PY) -m pytest --impl=solutions --hypothesis-profile=ci

watch: $(STAMP) ## re-grade on every save (F=<slug> for one)
	$(VENV)/bin/ptw . --now --clear -- tests/grade -q --tb=no -rN --no-header --impl=problems $(ONLY)

reset: $(STAMP) ## restore the stub of F=<slug> from git, after backing up your attempt
	@$(PY) -m coinrow.reset $(F)

.PHONY: bench
bench: $(STAMP) ## time and peak memory of every reference vs vectorised_dp (IMPL=problems: your attempts)
	@$(PY) -m coinrow.bench --impl=$(or $(IMPL),solutions)
