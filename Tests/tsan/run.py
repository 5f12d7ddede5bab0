#!/usr/bin/env python3
"""`make test-tsan`: the library and the pushnorm executable built with ThreadSanitizer, driven where they run
threads.

- Tests/Concurrency's ConcurrencyCheck (the library: `BatchConverter` over an array of records with 4 jobs, and one
  `Normaliser` shared by many threads, each against the same work on one thread) over the first records of the
  corpus below.
- `convert` and `validate` with `--jobs 4` (the reader, the BatchConverter workers reading the shared wire tables
  and key tables at once, the ordered writer, the error, summary and checkpoint files) over a mixed corpus: every
  golden input of every format (one per line, auto-detected) with broken lines between them, shuffled with a fixed
  seed. Each run's files must equal the reference executable's (the release build, one job): same code, one thread.
- `rpc --log-level debug` (the log sink's queue beside the request loop) over every golden input as a `convert`
  request: one reply per request, in order, equal to the reference's.

ThreadSanitizer's reports go to standard error and make the run exit 66 (TSAN_OPTIONS below), so any race fails.
Usage: Tests/tsan/run.py --pushnorm TSAN_BUILD --check TSAN_CONCURRENCY_CHECK --reference RELEASE_BUILD
                         [--records N] [--check-records N]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TSAN_EXIT = 66
TSAN_OPTIONS = "halt_on_error=1:exitcode=%d:second_deadlock_stack=1" % TSAN_EXIT
# Targets with one message per record, with several per record (Pinpoint recipients into fcm), and with the
# widest loss reports.
TARGETS = ("apns", "fcm", "amazon", "pinpoint-message")
BROKEN = [b"[]", b"17", b"{\"aps\":", b"nul", b"{\"a\":1,\"a\":2}", b"\"text\""]


def golden_inputs() -> list[bytes]:
    """Every golden input.json under Tests (not the fuzz corpora), as it is, on one line (a newline in JSON text
    is whitespace between tokens), in path order."""
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "Tests")):
        if "input.json" in names and "/Fuzz/" not in folder + "/":
            found.append(os.path.join(folder, "input.json"))
    lines = []
    for path in sorted(found):
        with open(path, "rb") as handle:
            lines.append(handle.read().replace(b"\r", b" ").replace(b"\n", b" ").strip())
    return [line for line in lines if line]


def corpus(records: int) -> bytes:
    inputs = golden_inputs()
    rng = random.Random(25)
    lines = [inputs[i % len(inputs)] if i % 10 else BROKEN[(i // 10) % len(BROKEN)] for i in range(records)]
    rng.shuffle(lines)
    return b"\n".join(lines) + b"\n"


def run(binary: str, arguments: list[str], stdin: bytes | None, folder: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, TSAN_OPTIONS=TSAN_OPTIONS, SWIFT_BACKTRACE="enable=no")
    return subprocess.run([binary] + arguments, input=stdin, cwd=folder, capture_output=True, env=environment)


def files(folder: str, names: list[str]) -> dict[str, bytes]:
    out = {}
    for name in names:
        path = os.path.join(folder, name)
        out[name] = open(path, "rb").read() if os.path.exists(path) else b"(missing)"
    return out


def check(name: str, tsan: subprocess.CompletedProcess, reference: subprocess.CompletedProcess,
          tsan_files: dict, reference_files: dict) -> list[str]:
    problems = []
    if tsan.returncode == TSAN_EXIT or b"ThreadSanitizer" in tsan.stderr:
        problems.append("%s: ThreadSanitizer reported:\n%s" % (name, tsan.stderr.decode("utf-8", "replace")[-6000:]))
    elif tsan.returncode != reference.returncode:
        problems.append("%s: exit %d, the reference exited %d: %s" % (
            name, tsan.returncode, reference.returncode, tsan.stderr.decode("utf-8", "replace")[-2000:]))
    if tsan.stdout != reference.stdout:
        problems.append("%s: standard output differs from the reference's (%d and %d bytes)" % (
            name, len(tsan.stdout), len(reference.stdout)))
    for key in reference_files:
        if tsan_files[key] != reference_files[key]:
            problems.append("%s: %s differs from the reference's (%d and %d bytes)" % (
                name, key, len(tsan_files[key]), len(reference_files[key])))
    return problems


def summary_counts(text: bytes) -> bytes:
    """The summary without what differs between the two runs: the time taken and the command line (`--jobs`)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    value.pop("seconds", None)
    value.pop("command", None)
    return json.dumps(value, sort_keys=True).encode("utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushnorm", required=True, help="the ThreadSanitizer build")
    parser.add_argument("--reference", required=True, help="the release build (one job)")
    parser.add_argument("--check", required=True, help="ConcurrencyCheck, built with ThreadSanitizer")
    parser.add_argument("--records", type=int, default=2500, help="records through the command line")
    parser.add_argument("--check-records", type=int, default=1000, help="records through ConcurrencyCheck")
    options = parser.parse_args()
    options.pushnorm, options.reference = os.path.abspath(options.pushnorm), os.path.abspath(options.reference)
    problems: list[str] = []
    data = corpus(options.records)
    with tempfile.TemporaryDirectory(prefix="pushnorm-tsan-") as work:
        source = os.path.join(work, "in.ndjson")
        with open(source, "wb") as handle:
            handle.write(data)
        sample = os.path.join(work, "check.ndjson")
        with open(sample, "wb") as handle:
            handle.write(b"".join(data.splitlines(keepends=True)[:options.check_records]))
        check_run = run(os.path.abspath(options.check), [sample], None, work)
        sys.stdout.write(check_run.stdout.decode("utf-8", "replace"))
        if check_run.returncode != 0:
            problems.append("ConcurrencyCheck exited %d:\n%s" % (
                check_run.returncode, check_run.stderr.decode("utf-8", "replace")[-6000:]))
        runs = [("convert --to %s" % target,
                 ["convert", "--to", target, "--allow-invalid", "--report-loss", "in.ndjson",
                  "-o", "out.ndjson", "--errors", "errors.ndjson", "--summary", "summary.json"])
                for target in TARGETS]
        runs.append(("convert --to fcm --resume", ["convert", "--to", "fcm", "in.ndjson", "-o", "out.ndjson",
                                                   "--errors", "errors.ndjson", "--resume"]))
        runs.append(("validate --target apns", ["validate", "--target", "apns", "--records", "in.ndjson"]))
        for number, (name, arguments) in enumerate(runs):
            results = []
            for binary, jobs in ((options.pushnorm, "4"), (options.reference, "1")):
                folder = os.path.join(work, "%d-jobs-%s" % (number, jobs))
                os.makedirs(folder)
                os.link(source, os.path.join(folder, "in.ndjson"))
                result = run(binary, arguments + ["--jobs", jobs], None, folder)
                produced = files(folder, ["out.ndjson", "errors.ndjson", "summary.json"])
                produced["summary.json"] = summary_counts(produced["summary.json"])
                results.append((result, produced))
            found = check(name, results[0][0], results[1][0], results[0][1], results[1][1])
            print("test-tsan: %-28s %d records, --jobs 4 under ThreadSanitizer: %s" % (
                name, options.records, "FAILED" if found else "the same as one job"), flush=True)
            problems += found
        requests = b"".join(
            b'{"jsonrpc":"2.0","id":%d,"method":"convert","params":{"payload":%s,"to":"%s"}}\n' % (
                i, line, TARGETS[i % len(TARGETS)].encode()) for i, line in enumerate(golden_inputs()))
        tsan = run(options.pushnorm, ["rpc", "--log-level", "debug"], requests, work)
        reference = run(options.reference, ["rpc", "--log-level", "debug"], requests, work)
        found = check("rpc --log-level debug", tsan, reference, {}, {})
        if tsan.stdout.count(b"\n") != requests.count(b"\n"):
            found.append("rpc: %d replies to %d requests" % (tsan.stdout.count(b"\n"), requests.count(b"\n")))
        print("test-tsan: %-28s %d requests under ThreadSanitizer: %s" % (
            "rpc --log-level debug", requests.count(b"\n"), "FAILED" if found else "the same replies"), flush=True)
        problems += found
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
