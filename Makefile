# Coins in a row kata. Every target sets itself up: a fresh clone needs no install step.
.DEFAULT_GOAL := help
.PHONY: help install test solutions check lint typecheck watch reset catalogue

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
F      ?=
LIMIT  ?= 4
ONLY   := $(if $(F),--formulation=$(F))
EXTRAS := dev,plot
# pip's build warnings go to a file, shown only if the install fails
pip_install = $(PY) -m pip install --quiet $(1) 2>$(VENV)/pip-warnings.log || { cat $(VENV)/pip-warnings.log; exit 1; }

GRADE_ARGS := tests/grade -q --tb=no -rN --no-header --call-limit=$(LIMIT) $(ONLY)

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	@echo "installing the kata and its tools into $(VENV) (first run only) ..."
	@$(call pip_install,--upgrade pip)
	@$(call pip_install,-e '.[$(EXTRAS)]')
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install the project with its dev tools

# A run whose summary never printed (the code under test ended the interpreter) must not pass:
# the suite removes KATA_RUN_MARKER when it prints its summary.
grade = marker=$$(mktemp); KATA_RUN_MARKER=$$marker $(PY) -m pytest $(GRADE_ARGS) --impl=$(1); status=$$?; \
	if [ $$status -eq 0 ] && [ -e $$marker ]; then status=3; \
	echo "the run ended before its summary: the code under test ended the interpreter (os._exit?)" >&2; \
	fi; rm -f $$marker; exit $$status

test: $(STAMP) ## grade your answers in problems/ (F=<slug> for one, LIMIT=<s> per call)
	@$(call grade,problems)

solutions: $(STAMP) ## run the same grading suite on the reference solutions
	@$(call grade,solutions)

lint: $(STAMP) ## ruff check and ruff format --check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP) ## mypy --strict on everything, stubs included
	$(VENV)/bin/mypy coinrow tests $(wildcard problems/*/*.py) $(wildcard solutions/*/*.py)

check: lint typecheck ## the repository's own checks: lint, types, the suite on the references, pristine stubs
	$(PY) -m pytest --impl=solutions --hypothesis-profile=ci --ignore=tests/e2e

catalogue: $(STAMP) ## grade every catalogued wrong answer and correct alternative, as a table
	@$(PY) -m coinrow.catalogue

watch: $(STAMP) ## re-grade on every save (F=<slug> for one)
	$(VENV)/bin/ptw --now --clear --patterns '*.py,**/*.py' --runner $(VENV)/bin/pytest . $(GRADE_ARGS) --impl=problems

reset: $(STAMP) ## restore the stub of F=<slug> from git, after backing up your attempt
	@$(PY) -m coinrow.reset $(F)

# See it and play it: the table animated in a browser, its browser test, a game against optimal play.
.PHONY: animate play e2e
E2E_STAMP := $(VENV)/.e2e-installed
E2E_EXTRAS := $(EXTRAS),e2e

animate: $(STAMP) ## write the table animation, one HTML page (ROW="5 3 7 10", F=<slug>, OUT=<file>)
	@$(PY) -m coinrow.animate $(if $(ROW),--row "$(ROW)") $(if $(F),--formulation $(F)) $(if $(OUT),--out "$(OUT)")

play: $(STAMP) ## play first against the optimal opponent (ROW="8 15 3 7"; SEED=<n> repeats a random row)
	@$(PY) -m coinrow.play $(if $(ROW),--row "$(ROW)") $(if $(SEED),--seed $(SEED))

$(E2E_STAMP): $(STAMP)
	@$(call pip_install,-e '.[$(E2E_EXTRAS)]')
	@touch $@

e2e: $(E2E_STAMP) ## the animation in headless Chromium (needs: apt-get install chromium); screenshots to docs/
	COINROW_E2E_REQUIRED=1 COINROW_SCREENSHOTS=docs $(PY) -m pytest tests/e2e -q

# Compare and trace: the formulations side by side, and any row move by move.
.PHONY: compare trace
ROW    ?=
IMPL   ?= solutions
PLOT   ?=
JSON   ?=
ROWARG := $(if $(strip $(ROW)),--row="$(ROW)")
JSONARG := $(if $(JSON),--json)

compare: $(STAMP) ## answers, anatomy, growth of every formulation (ROW=, IMPL=problems, PLOT=growth.png, JSON=1)
	@$(PY) -m coinrow compare $(ROWARG) --impl=$(IMPL) $(if $(PLOT),--plot="$(PLOT)") $(JSONARG)

trace: $(STAMP) ## the table and the optimal line of play of ROW="5 3 7 10" (F=<slug>, JSON=1)
	@$(PY) -m coinrow trace --row="$(ROW)" --formulation=$(or $(F),difference_dp) $(JSONARG)

# The benchmark: every reference against the compiled baseline.
.PHONY: bench
bench: $(STAMP) ## time and peak memory of every reference vs vectorised_dp (IMPL=problems: your attempts)
	@$(PY) -m coinrow.bench --impl=$(or $(IMPL),solutions)

# How strong the grading suite is: mutants of every reference, each graded like an attempt.
.PHONY: mutate
mutate: $(STAMP) ## mutation score of the references: a sample of mutants each, a few minutes (F=<slug>, FULL=1)
	@$(PY) -m coinrow.mutate $(if $(F),--formulation=$(F)) $(if $(FULL),--full)
