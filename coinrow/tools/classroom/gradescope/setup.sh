#!/usr/bin/env bash
# Gradescope runs this once, as root on its Ubuntu image, when it builds the autograder: the kata's
# grader is installed from /autograder/source (this zip, unpacked) into a virtual environment there.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SOURCE="${SOURCE:-/autograder/source}"

apt-get update
# bubblewrap: the sandbox the attempts run in; the kata needs Python 3.11 or newer
apt-get install -y --no-install-recommends python3 python3-venv python3-pip bubblewrap
PYTHON=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    apt-get install -y --no-install-recommends python3.11 python3.11-venv
    PYTHON=python3.11
fi

"$PYTHON" -m venv "$SOURCE/.venv"
"$SOURCE/.venv/bin/python" -m pip install --upgrade pip
# editable: the grader finds its suite, tests/grade/, beside its package; held to the kata's pins, so the
# class is graded on the releases the kata's own checks ran on
"$SOURCE/.venv/bin/python" -m pip install -c "$SOURCE/requirements/constraints.txt" -e "${SOURCE}"
# where bubblewrap cannot run, each attempt runs as the user nobody: it must reach the interpreter and the
# packages (traverse, not list); it can write none of this
chmod o+x "$(dirname "$SOURCE")" "$SOURCE"
