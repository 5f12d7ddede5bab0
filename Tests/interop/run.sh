#!/usr/bin/env bash
# Interop tests: drive a `pushnorm` executable from Python over both framings.
# Usage: Tests/interop/run.sh [PATH_TO_PUSHNORM] [pytest args...]   (default: .build/debug/pushnorm)
# Creates .build/venv on first use and installs Tests/interop/requirements.txt into it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
binary="${1:-$root/.build/debug/pushnorm}"
[ $# -gt 0 ] && shift
if [ ! -x "$binary" ]; then
    echo "run.sh: no executable at $binary (build it: swift build --product pushnorm)" >&2
    exit 2
fi
venv="$root/.build/venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.requirements-installed"
if [ ! -f "$stamp" ] || [ "$root/Tests/interop/requirements.txt" -nt "$stamp" ]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/Tests/interop/requirements.txt"
    touch "$stamp"
fi
PUSHNORM_BIN="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" \
    exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/interop" "$@"
