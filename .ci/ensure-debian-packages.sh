#!/bin/sh
# Installs the Debian packages named when they are missing (as root), or prints the command to run and fails.
# Usage: .ci/ensure-debian-packages.sh PACKAGE[:COMMAND] ...
#   PACKAGE:COMMAND  missing when COMMAND is not on PATH (tools: golang-go:go, chromium:chromium)
#   PACKAGE          missing when dpkg does not list it as installed (libraries: libjansson-dev)
missing=""
for wanted in "$@"; do
    package="${wanted%%:*}"
    command="${wanted#*:}"
    if [ "$command" != "$wanted" ]; then
        command -v "$command" >/dev/null 2>&1 && continue
    else
        dpkg -s "$package" >/dev/null 2>&1 && continue
    fi
    missing="$missing $package"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ]; then
    echo "installing:$missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
    echo "missing Debian packages:$missing" >&2
    echo "run: sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
