#!/usr/bin/env python3
"""Runs every fenced code block of README.md as pasted (`make test-readme`, part of `make test`).

    Tests/readme/run.py --pushnorm PATH [--python PATH] [--update] [README.md]

By language tag:
- `sh`: run with bash from the checkout's root, `pushnorm` on PATH. A block holding only `make TARGET` lines is
  checked with `make -n TARGET` (running `make test` from `make test` would never end).
- `swift`: a block starting with `// swift-tools-version` is a service's Package.swift, written as pasted into
  .build/readme/my-service beside a link named push-normaliser to this checkout; each other `swift` block becomes
  that package's main.swift, built and run with `swift run`.
- `python`: run with --python (a venv where Clients/python is installed), $PUSHNORM set.
- `js`: run with node, `require('pushnormaliser')` resolving to Clients/node, $PUSHNORM set.
- `text`: the expected standard output of the block before it, compared exactly (`--update` rewrites it).
Any other block, or a `text` block after nothing runnable, fails: every block is either run or an output.
Every relative link must name a file of the checkout, and every `#anchor` a heading of the README.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)\n(.*?)^```\n", re.S | re.M)


def blocks(text):
    for match in FENCE.finditer(text):
        yield match.group(1), match.group(2), match.start(2), match.end(2)


def broken_links(text, base):
    """Relative links to missing files, and `#anchors` naming no heading (GitHub's slugs)."""
    prose = FENCE.sub("", text)
    slugs = set()
    for heading in re.findall(r"^#+ (.+)$", prose, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        slugs.add(slug)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"^[a-z]+:", target):
            continue
        if target.startswith("#"):
            if target[1:] not in slugs:
                broken.append(target)
        elif not os.path.exists(os.path.join(base, target.split("#")[0])):
            broken.append(target)
    return broken


def run(command, env=None, cwd=ROOT):
    try:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    except FileNotFoundError:
        return subprocess.CompletedProcess(command, 127, "", "%s: not found (install it to run this block)\n" % command[0])


class Runner:
    def __init__(self, args):
        self.args = args
        self.env = dict(os.environ)
        self.env["PATH"] = os.path.dirname(os.path.abspath(args.pushnorm)) + os.pathsep + self.env.get("PATH", "")
        self.env["PUSHNORM"] = os.path.abspath(args.pushnorm)
        self.work = os.path.join(ROOT, ".build", "readme")
        os.makedirs(self.work, exist_ok=True)
        self.manifest = None

    def sh(self, code):
        lines = [line.split("#", 1)[0].strip() for line in code.splitlines()]
        lines = [line for line in lines if line]
        targets = [re.fullmatch(r"make ([a-z-]+)", line) for line in lines]
        if lines and all(targets):
            return run(["make", "-n"] + [t.group(1) for t in targets], self.env)
        return run(["bash", "-o", "pipefail", "-c", code], self.env)

    def swift(self, code):
        if code.startswith("// swift-tools-version"):
            self.manifest = code
            return None
        if self.manifest is None:
            return "a swift block before the Package.swift block it builds with"
        package = os.path.join(self.work, "my-service")
        link = os.path.join(self.work, "push-normaliser")
        if not os.path.islink(link):
            os.symlink(ROOT, link)
        sources = os.path.join(package, "Sources", "MyService")
        os.makedirs(sources, exist_ok=True)
        with open(os.path.join(package, "Package.swift"), "w") as file:
            file.write(self.manifest)
        with open(os.path.join(sources, "main.swift"), "w") as file:
            file.write(code)
        swift = os.environ.get("SWIFT", "swift")
        return run([swift, "run", "--package-path", package, "--scratch-path", os.path.join(self.work, "build"),
                    "-q", "MyService"], self.env)

    def python(self, code):
        return run([self.args.python, "-c", code], self.env)

    def js(self, code):
        modules = os.path.join(self.work, "node", "node_modules")
        os.makedirs(modules, exist_ok=True)
        link = os.path.join(modules, "pushnormaliser")
        if not os.path.islink(link):
            os.symlink(os.path.join(ROOT, "Clients", "node"), link)
        with tempfile.NamedTemporaryFile("w", suffix=".js", dir=os.path.dirname(modules), delete=False) as file:
            file.write(code)
        try:
            return run(["node", file.name], self.env)
        finally:
            os.unlink(file.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("readme", nargs="?", default=os.path.join(ROOT, "README.md"))
    parser.add_argument("--pushnorm", required=True)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--update", action="store_true", help="rewrite the text blocks with the actual output")
    args = parser.parse_args()
    runner = Runner(args)
    text = open(args.readme, encoding="utf-8").read()
    failures, replacements, previous, count = [], [], None, 0
    for tag, code, start, end in blocks(text):
        line = text.count("\n", 0, start)
        where = "%s:%d (%s)" % (os.path.basename(args.readme), line, tag or "no tag")
        if tag == "text":
            if previous is None or isinstance(previous, str):
                failures.append("%s: an output block after no runnable block" % where)
            elif previous.stdout != code:
                if args.update:
                    replacements.append((start, end, previous.stdout))
                else:
                    failures.append("%s: the output differs:\n--- expected\n%s--- actual\n%s"
                                    % (where, code, previous.stdout))
            previous = None
            continue
        handler = {"sh": runner.sh, "swift": runner.swift, "python": runner.python, "js": runner.js}.get(tag)
        if handler is None:
            failures.append("%s: a block that is neither run nor an output" % where)
            previous = None
            continue
        count += 1
        result = handler(code)
        if isinstance(result, str):
            failures.append("%s: %s" % (where, result))
        elif result is not None and result.returncode != 0:
            failures.append("%s: exit status %d\n%s%s" % (where, result.returncode, result.stdout, result.stderr))
        failed = failures and failures[-1].startswith(where)
        print("readme: %s %s" % (where, "FAILED" if failed else "ok"))
        previous = result
    for target in broken_links(text, os.path.dirname(os.path.abspath(args.readme))):
        failures.append("a broken link: %s" % target)
    if replacements:
        for start, end, new in reversed(replacements):
            text = text[:start] + new + text[end:]
        open(args.readme, "w", encoding="utf-8").write(text)
        print("readme: rewrote %d output blocks" % len(replacements))
    for failure in failures:
        print("readme: " + failure, file=sys.stderr)
    print("readme: %d blocks run, %d failures" % (count, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
