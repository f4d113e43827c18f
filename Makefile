# Coins in a row kata. Every target sets itself up: a fresh clone needs no install step.
.DEFAULT_GOAL := help
.PHONY: help install test next solutions check lint typecheck watch reset catalogue

VENV   := .venv
PY     := $(VENV)/bin/python
# The command line (coinrow/cli/main.py; installed as `coinrow` too): `$(COINROW) --help` lists its commands.
COINROW := $(PY) -m coinrow
STAMP  := $(VENV)/.installed
F      ?=
LIMIT  ?=
JOBS   ?=
FRESH  ?=
REPORT ?=
EXTRAS := dev,plot
# pip's own progress (a line per package) shows; its warnings go to a file, shown only if the install fails
pip_install = $(PY) -m pip install $(1) 2>$(VENV)/pip-warnings.log || { cat $(VENV)/pip-warnings.log; exit 1; }

# Each formulation is graded in a process of its own through the grading entry point (coinrow/grader/grade.py;
# coinrow test is its command line, coinrow/grader/command.py).
# LIMIT, when not given, is the one in coinrow/game/settings.py (as are the seeds and the row limits).
GRADE_ARGS = --formulation="$(F)" $(if $(LIMIT),--limit="$(LIMIT)") $(if $(JOBS),--jobs="$(JOBS)") $(if $(FRESH),--fresh) \
	$(if $(REPORT),--report="$(REPORT)")

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	@echo "setting up $(VENV), first run only (about a minute)"
	@echo "[1/3] creating the virtual environment $(VENV)"
	@python3 -m venv $(VENV)
	@echo "[2/3] upgrading pip"
	@$(call pip_install,--quiet --upgrade pip)
	@echo "[3/3] installing the kata with numpy, rich and its tools (pytest, hypothesis, mypy, ruff, matplotlib)"
	@$(call pip_install,-e '.[$(EXTRAS)]')
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install the project with its dev tools

test: $(STAMP) ## grade your answers in problems/ (F=<slugs>, LIMIT=<s> per call, FRESH=1, REPORT=<file>)
	@$(COINROW) test --impl=problems $(GRADE_ARGS)

next: $(STAMP) ## name the next unsolved kata (as last graded) and the command that starts it
	@$(COINROW) next --impl=problems

solutions: $(STAMP) ## grade the reference solutions with the same suite, afresh
	@$(COINROW) test --impl=solutions --no-cache $(GRADE_ARGS)

# The repository's own checks read the stubs as committed (build/shipped), never the attempts in problems/.
SHIPPED := build/shipped
.PHONY: shipped
shipped: $(STAMP)
	@$(COINROW) dev shipped

lint: shipped ## ruff check, ruff format --check, and the layers of coinrow/ (lint-imports)
	$(VENV)/bin/ruff check --extend-exclude problems . $(SHIPPED)
	$(VENV)/bin/ruff format --check --extend-exclude problems . $(SHIPPED)
	$(VENV)/bin/lint-imports --no-cache

typecheck: shipped ## mypy --strict: the repository's code and the stubs as committed
	$(VENV)/bin/mypy coinrow tests solutions/*/*.py $(SHIPPED)/*/*.py

# A teacher's commands (docs/classroom.md): a class's submissions graded into the files each platform reads,
# and the autograder uploaded to Gradescope. Neither grades without a sandbox unless UNSANDBOXED=1 is given.
.PHONY: grade autograder
grade: $(STAMP) ## grade a class: each entry of SUBMISSIONS=<dir> into OUT=<dir> (JOBS=, UNSANDBOXED=1)
	@$(COINROW) grade --submissions="$(SUBMISSIONS)" --out="$(or $(OUT),build/grades)" \
		$(if $(JOBS),--jobs="$(JOBS)") $(if $(UNSANDBOXED),--unsandboxed)

autograder: $(STAMP) ## build build/autograder.zip, the autograder to upload to Gradescope (UNSANDBOXED=1)
	@$(COINROW) autograder --out=build/autograder.zip $(if $(UNSANDBOXED),--unsandboxed)

# Lint, types, the grading suite on the references and the documents' generated text run side by side
# (each one's output kept together); the references are graded through the grading driver, one process per
# formulation. The repository's self-tests and doctests then run in one pytest, spread over the cores by
# pytest-xdist (the catalogue's tests, and the driver's, each kept in one process).
CORES := $(shell nproc 2>/dev/null || echo 2)
check: $(STAMP) ## the repository's own checks: lint, types, the grading suite on the references, self-tests
	@$(MAKE) --no-print-directory -j$(CORES) --output-sync=target lint typecheck references docs
	$(PY) -m pytest tests --ignore=tests/grade --ignore=tests/e2e --impl=solutions --hypothesis-profile=ci \
		--numprocesses=auto --dist=loadgroup

.PHONY: references
references: $(STAMP)
	$(COINROW) test --impl=solutions --no-cache --profile=ci

# The READMEs' tables and counts are the registry's, written by `coinrow dev docs`; never edited by hand.
.PHONY: docs
docs: $(STAMP)
	$(COINROW) dev docs --check

catalogue: $(STAMP) ## grade every catalogued wrong answer and correct alternative, as a table
	@$(COINROW) dev catalogue

watch: $(STAMP) ## re-grade on every save (F=<slug> for one)
	$(VENV)/bin/ptw --now --clear --patterns '*.py,**/*.py' --ignore-patterns '**/backups/*' \
		--runner $(PY) problems -m coinrow test --impl=problems $(GRADE_ARGS)

reset: $(STAMP) ## restore the stub of F=<slug> from git, after backing up your attempt
	@$(COINROW) reset $(F)

# See it and play it: the table animated in a browser, its browser test, a game against optimal play.
.PHONY: animate play e2e
E2E_STAMP := $(VENV)/.e2e-installed
E2E_EXTRAS := $(EXTRAS),e2e

animate: $(STAMP) ## write the table animation, one HTML page (ROW="5 3 7 10", F=<slug>, OUT=<file>)
	@$(COINROW) animate $(if $(ROW),--row "$(ROW)") $(if $(F),--formulation $(F)) $(if $(OUT),--out "$(OUT)")

play: $(STAMP) ## play first against the optimal opponent (ROW="8 15 3 7"; SEED=<n> repeats a random row)
	@$(COINROW) play $(if $(ROW),--row "$(ROW)") $(if $(SEED),--seed $(SEED))

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

compare: $(STAMP) ## answers, anatomy, growth of every formulation (ROW=, IMPL=problems, PLOT=, JSON=1, SPOILERS=1)
	@$(COINROW) compare $(ROWARG) --impl=$(IMPL) $(if $(PLOT),--plot="$(PLOT)") $(JSONARG) $(if $(SPOILERS),--spoilers)

trace: $(STAMP) ## the table and the optimal line of play of ROW="5 3 7 10" (F=<slug>, JSON=1)
	@$(COINROW) trace --row="$(ROW)" --formulation=$(or $(F),difference_dp) $(JSONARG)

# The benchmark: every reference against the compiled baseline.
.PHONY: bench
bench: $(STAMP) ## time and peak memory of every reference vs vectorised_dp (IMPL=problems: your attempts)
	@$(COINROW) bench --impl=$(or $(IMPL),solutions)

# Hints one tier at a time, read from the task README; the count is kept in build/hints.json.
.PHONY: hint
hint: $(STAMP) ## the next hint for F=<slug>, one more each call (ALL=1 every tier, RESET=1 starts over)
	@$(COINROW) hint $(if $(F),"$(F)") $(if $(ALL),--all) $(if $(RESET),--reset)

# How strong the grading suite is: mutants of every reference, each graded like an attempt.
.PHONY: mutate
mutate: $(STAMP) ## mutation score of the references: a sample of mutants each, a few minutes (F=<slug>, FULL=1)
	@$(COINROW) dev mutate $(if $(F),--formulation=$(F)) $(if $(FULL),--full)

.PHONY: mutate-stale
mutate-stale: $(STAMP)
	@$(COINROW) dev mutate --stale
