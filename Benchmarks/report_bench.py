#!/usr/bin/env python3
"""The cost of the batch summary and the HTML report (`make bench-report`, part of `make bench`).

Builds an NDJSON batch of RECORDS records by repeating the lines of Examples/spark/*.ndjson (the bundled Spark
examples: delivered forms of every vendor, send forms, a few invalid records), then runs

    pushnorm convert --from zego --to amazon IN > /dev/null                          (plain)
    pushnorm convert --from zego --to amazon --summary S.json IN > /dev/null         (--summary)
    pushnorm convert --from zego --to amazon --summary S.json --report R.html IN     (--summary --report)

RUNS times each, interleaved, and compares the CPU seconds (user + system of the child, from wait4) and the wall
seconds; the overhead is the median's (the minimum's too: on a shared machine the minimum is the steadier figure).
The report's own size is printed too: it does not grow with the batch.

With --instructions N (valgrind installed), the same three commands also run under callgrind on the first N records
with --jobs 1, and their instruction counts are compared: a figure other processes on the machine cannot disturb.
"""
from __future__ import annotations

import argparse
import glob
import re
import shutil
import tempfile
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build_input(path: str, records: int) -> None:
    lines = []
    for name in sorted(glob.glob(os.path.join(ROOT, "Examples", "spark", "*.ndjson"))):
        with open(name, encoding="utf-8") as f:
            lines += [line.rstrip("\n") for line in f if line.strip()]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(records):
            f.write(lines[i % len(lines)])
            f.write("\n")


def run(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run."""
    started = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(argv, stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr = process.stderr.read().decode("utf-8", "replace")
        process.stderr.close()
    wall = time.perf_counter() - started
    if process.returncode not in (0, 1):
        raise SystemExit("%s exited %d: %s" % (" ".join(argv), process.returncode, stderr))
    return usage.ru_utime + usage.ru_stime, wall


def count_instructions(args, data: str, variants: dict) -> dict:
    """Instruction counts (callgrind) of each variant on the first `args.instructions` records, --jobs 1."""
    if not shutil.which("valgrind"):
        print("  instructions: valgrind not installed, skipped")
        return {}
    work = tempfile.mkdtemp(prefix="report-bench-")
    try:
        subset = os.path.join(work, "input.ndjson")
        with open(data, encoding="utf-8") as f, open(subset, "w", encoding="utf-8") as out:
            for i, line in enumerate(f):
                if i >= args.instructions:
                    break
                out.write(line)
        binary = os.path.join(work, "pushnorm")
        shutil.copy(args.binary, binary)
        subprocess.run(["strip", binary], check=False)  # callgrind gives up on some debug info
        counts = {}
        for name, argv in variants.items():
            flags = argv[1:-1]
            if "--jobs" in flags:
                at = flags.index("--jobs")
                flags = flags[:at] + flags[at + 2:]
            argv = [binary] + flags + ["--jobs", "1", subset]
            run_ = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            match = re.search(rb"Collected : (\d+)", run_.stderr)
            if not match:
                raise SystemExit("callgrind gave no count for %s: %s" % (name, run_.stderr[-500:]))
            counts[name] = int(match.group(1))
        print("  instructions (callgrind, first %d records, --jobs 1):" % args.instructions)
        for name, count in counts.items():
            print("  %-20s %14d %+9.2f%%" % (name, count, (count / counts["plain"] - 1) * 100))
        return counts
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0, help="--jobs for pushnorm (0: its default, every core)")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "report-bench"))
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--instructions", type=int, default=0,
                        help="also count instructions under callgrind on this many records (0: no)")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    data = os.path.join(args.work, "input-%d.ndjson" % args.records)
    if not os.path.exists(data):
        build_input(data, args.records)
    summary = os.path.join(args.work, "summary.json")
    report = os.path.join(args.work, "report.html")
    base = [args.binary, "convert", "--from", "zego", "--to", "amazon"]
    if args.jobs:
        base += ["--jobs", str(args.jobs)]
    variants = {
        "plain": base + [data],
        "--summary": base + ["--summary", summary, data],
        "--summary --report": base + ["--summary", summary, "--report", report, data],
    }
    run(variants["plain"])  # warm the page cache
    cpu: dict[str, list[float]] = {name: [] for name in variants}
    wall: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.runs):
        for name, argv in variants.items():
            c, w = run(argv)
            cpu[name].append(c)
            wall[name].append(w)
    plain_cpu = statistics.median(cpu["plain"])
    plain_wall = statistics.median(wall["plain"])
    plain_min = min(cpu["plain"])
    figures = {"records": args.records, "runs": args.runs, "variants": {}}
    print("report bench: %d records (Examples/spark/*.ndjson repeated), zego -> amazon, %d runs, median" % (
        args.records, args.runs))
    print("  %-20s %10s %10s %10s %10s %10s %10s" % (
        "variant", "CPU s", "overhead", "min CPU s", "overhead", "wall s", "overhead"))
    for name in variants:
        c = statistics.median(cpu[name])
        w = statistics.median(wall[name])
        m = min(cpu[name])
        figures["variants"][name] = {"cpu": cpu[name], "wall": wall[name], "cpuMedian": c, "wallMedian": w,
                                     "cpuOverheadPercent": (c / plain_cpu - 1) * 100,
                                     "cpuMinOverheadPercent": (m / plain_min - 1) * 100,
                                     "wallOverheadPercent": (w / plain_wall - 1) * 100}
        print("  %-20s %10.3f %+9.2f%% %10.3f %+9.2f%% %10.3f %+9.2f%%" % (
            name, c, (c / plain_cpu - 1) * 100, m, (m / plain_min - 1) * 100, w, (w / plain_wall - 1) * 100))
    with open(summary, encoding="utf-8") as f:
        written = json.load(f)
    print("  summary: %d bytes (%d lost paths, %d codes, %d samples); report: %d bytes" % (
        os.path.getsize(summary), len(written["lost"]), len(written["codes"]), len(written["samples"]),
        os.path.getsize(report)))
    if written["records"] != args.records:
        raise SystemExit("the summary counts %d records, not %d" % (written["records"], args.records))
    if args.instructions:
        figures["instructions"] = count_instructions(args, data, variants)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
