#!/usr/bin/env python3
"""The one version number: rpc-spec/VERSION. Every other copy is written from it by this script.

    python3 rpc-spec/version.py            # writes every copy from rpc-spec/VERSION (`make version`)
    python3 rpc-spec/version.py 0.2.0      # sets rpc-spec/VERSION to 0.2.0 first
    python3 rpc-spec/version.py --check    # lists the copies that differ; exit 1 when any does

The copies: the OpenRPC document's info.version (rpc-spec/openrpc.json, compiled into the binary with the CLI's
`--version` by rpc-spec/embed.py), the Python, Node and Go clients' package metadata, the `--help` golden. The test
Tests/PushRPCTests/VersionTests.swift fails while a copy differs (`make test`)."""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VERSION_FILE = ROOT / "rpc-spec" / "VERSION"
SEMVER = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+(?:-[0-9A-Za-z.-]+)?$")

# (file, pattern whose group 2 is the version): each pattern matches exactly once in its file.
COPIES = [
    ("rpc-spec/openrpc.json", r'(\n  "info": \{\n(?:    "[a-z]+": .*\n)*?    "version": ")([^"]*)(")'),
    ("Clients/python/pyproject.toml", r'(\n\[project\]\n(?:.*\n)*?version = ")([^"]*)(")'),
    ("Clients/python/src/pushnormaliser/_version.py", r'(\n__version__ = ")([^"]*)(")'),
    ("Clients/node/package.json", r'(\n  "version": ")([^"]*)(")'),
    ("Clients/go/version.go", r'(\nconst Version = ")([^"]*)(")'),
    # The `pushnorm --help` golden starts with the version the binary prints.
    ("Tests/CommandLineTests/Help/overview.txt", r'(\Apushnorm )([0-9][^\s:]*)(:)'),
]


def read_version() -> str:
    version = VERSION_FILE.read_text(encoding="utf-8").strip()
    if not SEMVER.match(version):
        sys.exit(f"rpc-spec/VERSION: {version!r} is not a version (MAJOR.MINOR.PATCH)")
    return version


def found(name: str, pattern: str) -> "tuple[str, re.Match[str]]":
    text = (ROOT / name).read_text(encoding="utf-8")
    matches = list(re.finditer(pattern, text))
    if len(matches) != 1:
        sys.exit(f"{name}: the version line was found {len(matches)} times, not once")
    return text, matches[0]


def check(version: str) -> "list[str]":
    return [f"{name}: {match.group(2)}" for name, pattern in COPIES
            for _, match in [found(name, pattern)] if match.group(2) != version]


def write(version: str) -> None:
    for name, pattern in COPIES:
        text, match = found(name, pattern)
        if match.group(2) != version:
            (ROOT / name).write_text(text[:match.start(2)] + version + text[match.end(2):], encoding="utf-8")
            print(f"{name}: {match.group(2)} -> {version}")
    json.loads((ROOT / "rpc-spec/openrpc.json").read_text(encoding="utf-8"))  # still JSON
    subprocess.run([sys.executable, str(ROOT / "rpc-spec" / "embed.py")], check=True)


def main(arguments: "list[str]") -> int:
    if arguments == ["--check"]:
        version = read_version()
        stale = check(version)
        for line in stale:
            print(f"{line} (rpc-spec/VERSION is {version}: run `make version`)", file=sys.stderr)
        return 1 if stale else 0
    if len(arguments) == 1 and not arguments[0].startswith("-"):
        if not SEMVER.match(arguments[0]):
            sys.exit(f"{arguments[0]!r} is not a version (MAJOR.MINOR.PATCH)")
        VERSION_FILE.write_text(arguments[0] + "\n", encoding="utf-8")
    elif arguments:
        sys.exit(__doc__)
    write(read_version())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
