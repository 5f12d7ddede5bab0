#!/usr/bin/env python3
"""The targets of issue 21 (one engine, a hot path that allocates nothing), measured the same way every time.

  engine_targets.py --binary .build/release/pushnorm [--runs 3] [--only NAMES] [--quick] [sizes...]

Run by `make bench-engine` (and `make bench`). Every measure has the issue's "must reach" and "goal":

  convert-zego      `convert --jobs 1` zego -> amazon, 100,000 records, CPU seconds (user + sys of the child,
                    from os.wait4) against `alternatives/zego_amazon.py map`
  convert-pinpoint  `convert --jobs 1` pinpoint-message -> fcm, 50,000 SendMessages CLI inputs (APNSMessage +
                    GCMMessage), CPU seconds against `alternatives/pinpoint_fcm.py map`
  rpc               `pushnorm rpc` pipelined, zego -> amazon convert requests, CPU seconds against
                    `alternatives/zego_amazon.py rpc` (the same reply)
  jobs              `convert --jobs 2` / `--jobs 1`, zego -> amazon, 100,000 records, wall time, output to a file
  instructions      valgrind callgrind on a stripped binary (`strip -o`), 4,000 records of fcm -> apns, sns -> fcm,
                    apns -> pinpoint-message and zego -> amazon (and pinpoint-message -> fcm, for the profile);
                    instructions per input byte with start-up removed (a 1-record run subtracted), as ratios
                    against zego -> amazon
  allocations       valgrind dhat, heap blocks per record = (blocks(4,000) - blocks(1,000)) / 3,000, zego -> amazon
                    and pinpoint-message -> fcm (and the other three pairs, for the profile)

Before timing anything the harness checks that each alternative writes the SAME BYTES as pushnorm over the whole
corpus (for RPC: the same reply lines, byte for byte, else equal as JSON values line by line); when they differ it
refuses to time that measure and says where they differ. Timed measures run the two programs alternately, --runs
times after that check (which also warms the page cache), and report the median. Input is read from the corpus file
on stdin (`convert`) and output written to a file under .build/engine-targets/.

Writes a Markdown table to --out (Benchmarks/engine-targets.md) and the raw figures as JSON to --json
(.build/engine-targets.json); --report-only rewrites the table from that JSON, and --merge keeps that JSON's
other measures beside the ones run now. --only runs a subset (comma list of the names above); --quick uses small
corpora and one run (a quick check, not figures to compare).
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import engine_corpus  # noqa: E402
import rpcdrive  # noqa: E402

try:
    import orjson
except ImportError:  # pragma: no cover
    sys.exit("engine_targets.py needs orjson: run it with .build/bench-venv/bin/python (make bench-engine does)")

ALTERNATIVES = os.path.join(HERE, "alternatives")
ZEGO_ALT = os.path.join(ALTERNATIVES, "zego_amazon.py")
PINPOINT_ALT = os.path.join(ALTERNATIVES, "pinpoint_fcm.py")
MEASURES = ("convert-zego", "convert-pinpoint", "rpc", "jobs", "instructions", "allocations")
# Pairs measured under valgrind: corpus -> (from, to). The first four are the instruction target's, zego first (the
# reference); pinpoint-cli is measured for the profile and the allocation target.
VALGRIND_PAIRS = ["zego", "fcm", "sns", "apns", "pinpoint-cli"]
INSTRUCTION_TARGET_PAIRS = ["fcm", "sns", "apns"]
ALLOCATION_TARGET_PAIRS = ["zego", "pinpoint-cli"]

# The table: measure -> (label, now in the issue, must reach, goal, higher is better).
TARGETS = {
    "convert-zego": ("`convert --jobs 1` zego → amazon / Python+orjson script (CPU s)", "1.02–1.11x", 1.6, 3.0, True),
    "rpc": ("`rpc` pipelined zego → amazon / Python+orjson server, same reply (CPU s)", "1.10x", 1.5, 2.0, True),
    "convert-pinpoint": ("`convert --jobs 1` pinpoint-message → fcm (SendMessages CLI inputs, APNSMessage + "
                         "GCMMessage) / Python+orjson script (CPU s)", "0.14x", 1.0, 2.0, True),
    "instructions": ("instructions per input byte, fcm → apns, sns → fcm and apns → pinpoint-message, against "
                     "zego → amazon (the worst)", "3–8x", 2.0, 1.2, False),
    "allocations": ("heap allocations per record (dhat), zego → amazon and pinpoint-message → fcm (the worst)",
                    "17 and 192", 2.0, 0.0, False),
    "jobs": ("`--jobs 2` / `--jobs 1` at 100,000 records, wall time, output to a file", "1.6–2.3x (noisy)", 1.7, 1.9,
             True),
}
ORDER = ["convert-zego", "rpc", "convert-pinpoint", "instructions", "allocations", "jobs"]


def log(message: str) -> None:
    print(message, flush=True)


# Pairs measured only for the profile (`--valgrind-pairs`), over another pair's corpus: name -> (corpus, from, to).
# (fcm-legacy -> fcm over the fcm corpus converted to fcm-legacy is not here: 457 of the first 1,000 converted
# records fail to convert back, pushnorm exits 1, and valgrind() takes that for a failed run.)
PROFILE_PAIRS = {
    "apns-fcm": ("apns", "apns", "fcm"),
}


def pair_of(name: str) -> tuple[str, str, str]:
    """The corpus, source and target format of a valgrind pair."""
    if name in PROFILE_PAIRS:
        return PROFILE_PAIRS[name]
    source, target = engine_corpus.PAIRS[name]
    return name, source, target


def pair_name(name: str) -> str:
    _, source, target = pair_of(name)
    return "%s → %s" % (source, target)


# ---------------------------------------------------------------------------------------------
# Running a child and measuring it

def run_child(argv: list[str], stdin_path: str | None, stdout_path: str) -> dict:
    """Runs argv with stdin from a file and stdout into a file; wall seconds, CPU seconds (user + sys of the child,
    from wait4) and the exit status."""
    with open(stdin_path or os.devnull, "rb") as fin, open(stdout_path, "wb") as fout:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "user": usage.ru_utime, "sys": usage.ru_stime,
            "exit": proc.returncode, "maxRSSKiB": usage.ru_maxrss}


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def first_difference(ours: str, theirs: str, as_json: bool = False) -> dict:
    """Lines compared one by one: how many differ (bytes, or JSON values when as_json), and the first."""
    with open(ours, "rb") as f:
        a = f.read().split(b"\n")
    with open(theirs, "rb") as f:
        b = f.read().split(b"\n")
    differ, first = 0, None
    for index in range(max(len(a), len(b))):
        x = a[index] if index < len(a) else None
        y = b[index] if index < len(b) else None
        if as_json and x is not None and y is not None:
            try:
                same = orjson.loads(x) == orjson.loads(y) if x.strip() or y.strip() else True
            except orjson.JSONDecodeError:
                same = x == y
        else:
            same = x == y
        if not same:
            differ += 1
            if first is None:
                first = {"line": index + 1, "pushnorm": (x or b"")[:300].decode("utf-8", "replace"),
                         "alternative": (y or b"")[:300].decode("utf-8", "replace")}
    return {"linesCompared": max(len(a), len(b)), "linesDiffering": differ, "first": first}


def check_same_output(ours: str, theirs: str, rpc: bool = False) -> dict:
    """{'same': bool, 'how': ..., ...}: byte identity of the two outputs (for RPC, else JSON equality per line)."""
    if sha256(ours) == sha256(theirs):
        return {"same": True, "how": "identical bytes", "sha256": sha256(ours), "bytes": os.path.getsize(ours)}
    report = first_difference(ours, theirs)
    if rpc:
        as_json = first_difference(ours, theirs, as_json=True)
        if as_json["linesDiffering"] == 0:
            return {"same": True, "how": "equal JSON replies (%d lines differ in bytes)" % report["linesDiffering"]}
        report = as_json
    return {"same": False, "how": "outputs differ", **report}


# ---------------------------------------------------------------------------------------------
# Measures

def convert_cpu(work: str, binary: str, python: str, corpus_path: str, source: str, target: str, alternative: str,
                runs: int, records: int) -> dict:
    ours = [binary, "convert", "--from", source, "--to", target, "--jobs", "1"]
    theirs = [python, alternative, "map"]
    out_ours, out_theirs = os.path.join(work, "convert-pushnorm.out"), os.path.join(work, "convert-python.out")
    first_ours = run_child(ours, corpus_path, out_ours)
    first_theirs = run_child(theirs, corpus_path, out_theirs)
    check = check_same_output(out_ours, out_theirs)
    result = {"records": records, "inputBytes": os.path.getsize(corpus_path), "check": check,
              "exit": [first_ours["exit"], first_theirs["exit"]]}
    if first_ours["exit"] != 0 or first_theirs["exit"] != 0:
        check["same"] = False
        check["how"] = "exit status pushnorm %d, alternative %d" % (first_ours["exit"], first_theirs["exit"])
    if not check["same"]:
        log("  REFUSED to time: %s" % json.dumps(check, ensure_ascii=False)[:800])
        return result
    log("  outputs: %s (%d bytes); timing %d runs each" % (check["how"], check.get("bytes", 0), runs))
    a_runs, b_runs = [], []
    for _ in range(runs):
        a_runs.append(run_child(ours, corpus_path, out_ours))
        b_runs.append(run_child(theirs, corpus_path, out_theirs))
    a = statistics.median(r["cpu"] for r in a_runs)
    b = statistics.median(r["cpu"] for r in b_runs)
    result.update({"pushnorm": a_runs, "alternative": b_runs, "pushnormCPU": a, "alternativeCPU": b,
                   "ratio": b / a if a else float("nan")})
    log("  pushnorm %.3f CPU s, alternative %.3f CPU s: %.2fx" % (a, b, result["ratio"]))
    return result


def rpc_session(argv: list[str], request_blocks: list[bytes], keep_path: str | None) -> dict:
    """Starts argv, writes every block (pipelined, from a thread) then closes its stdin, reads every reply
    (counting or keeping them), and returns wall and CPU seconds from wait4."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    fd_in, fd_out = proc.stdin.fileno(), proc.stdout.fileno()

    def writer():
        try:
            for block in request_blocks:
                view = memoryview(block)
                while view:
                    view = view[os.write(fd_in, view):]
        except BrokenPipeError:
            pass
        finally:
            proc.stdin.close()

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    lines = 0
    keep = open(keep_path, "wb") if keep_path else None
    try:
        while True:
            chunk = os.read(fd_out, rpcdrive.BLOCK)
            if not chunk:
                break
            lines += chunk.count(b"\n")
            if keep:
                keep.write(chunk)
    finally:
        if keep:
            keep.close()
    thread.join()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    return {"wall": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime, "user": usage.ru_utime,
            "sys": usage.ru_stime, "exit": proc.returncode, "replies": lines}


def rpc_cpu(work: str, binary: str, python: str, corpus_path: str, runs: int) -> dict:
    with open(corpus_path, "rb") as f:
        records = [line for line in f.read().split(b"\n") if line]
    request_blocks = rpcdrive.blocks(rpcdrive.convert_requests(records, "zego", "amazon"))
    ours, theirs = [binary, "rpc"], [python, ZEGO_ALT, "rpc"]
    out_ours, out_theirs = os.path.join(work, "rpc-pushnorm.out"), os.path.join(work, "rpc-python.out")
    first_ours = rpc_session(ours, request_blocks, out_ours)
    first_theirs = rpc_session(theirs, request_blocks, out_theirs)
    check = check_same_output(out_ours, out_theirs, rpc=True)
    errors = 0
    with open(out_ours, "rb") as f:
        for line in f:
            if b'"error":' in line[:40] or b'"result":' not in line[:60]:
                errors += 1
    check["pushnormErrorReplies"] = errors
    result = {"records": len(records), "check": check, "replies": [first_ours["replies"], first_theirs["replies"]]}
    if errors or first_ours["replies"] != len(records):
        check["same"] = False
        check["how"] = "pushnorm answered %d of %d requests, %d with an error" % (
            first_ours["replies"], len(records), errors)
    if not check["same"]:
        log("  REFUSED to time: %s" % json.dumps(check, ensure_ascii=False)[:800])
        return result
    log("  replies: %s; timing %d runs each" % (check["how"], runs))
    a_runs, b_runs = [], []
    for _ in range(runs):
        a_runs.append(rpc_session(ours, request_blocks, None))
        b_runs.append(rpc_session(theirs, request_blocks, None))
    a = statistics.median(r["cpu"] for r in a_runs)
    b = statistics.median(r["cpu"] for r in b_runs)
    result.update({"pushnorm": a_runs, "alternative": b_runs, "pushnormCPU": a, "alternativeCPU": b,
                   "ratio": b / a if a else float("nan")})
    log("  pushnorm %.3f CPU s, alternative %.3f CPU s: %.2fx" % (a, b, result["ratio"]))
    return result


def jobs_wall(work: str, binary: str, corpus_path: str, runs: int, records: int) -> dict:
    def argv(jobs, out):
        return [binary, "convert", "--from", "zego", "--to", "amazon", "--jobs", str(jobs), "-o", out, corpus_path]

    out1, out2 = os.path.join(work, "jobs1.out"), os.path.join(work, "jobs2.out")
    first1 = run_child(argv(1, out1), None, os.devnull)
    first2 = run_child(argv(2, out2), None, os.devnull)
    check = check_same_output(out1, out2)
    result = {"records": records, "check": check}
    if first1["exit"] or first2["exit"] or not check["same"]:
        check["same"] = False
        log("  REFUSED to time: --jobs 1 and --jobs 2 differ or failed (%s)" % json.dumps(check)[:500])
        return result
    # The control: the same records as two halves, each converted by its own `--jobs 1` process, both started
    # together. Nothing is shared between them, so their wall time is what this machine gives two independent
    # workers: the ceiling for `--jobs 2`, whatever the pipeline does.
    halves = [os.path.join(work, "jobs-half-%d.ndjson" % i) for i in (0, 1)]
    with open(corpus_path, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line]
    middle = len(lines) // 2
    for path, part in zip(halves, (lines[:middle], lines[middle:])):
        with open(path, "wb") as f:
            f.write(b"".join(line + b"\n" for line in part))
    one, two, apart = [], [], []
    for _ in range(runs):
        one.append(run_child(argv(1, out1), None, os.devnull))
        two.append(run_child(argv(2, out2), None, os.devnull))
        apart.append(two_processes(binary, halves, work))
    a = statistics.median(r["wall"] for r in one)
    b = statistics.median(r["wall"] for r in two)
    c = statistics.median(r["wall"] for r in apart)
    result.update({"jobs1": one, "jobs2": two, "jobs1Wall": a, "jobs2Wall": b, "ratio": a / b if b else float("nan"),
                   "twoProcesses": apart, "twoProcessesWall": c, "ceiling": a / c if c else float("nan")})
    log("  --jobs 1 %.3f s, --jobs 2 %.3f s wall: %.2fx; two --jobs 1 processes on the halves %.3f s: %.2fx"
        % (a, b, result["ratio"], c, result["ceiling"]))
    return result


def two_processes(binary: str, halves: list[str], work: str) -> dict:
    """Both halves converted at once, each by its own `--jobs 1` process: wall time until both are done."""
    start = time.perf_counter()
    procs = [subprocess.Popen([binary, "convert", "--from", "zego", "--to", "amazon", "--jobs", "1", "-o",
                               os.path.join(work, "jobs-half-%d.out" % i), path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for i, path in enumerate(halves)]
    exits = [proc.wait() for proc in procs]
    return {"wall": time.perf_counter() - start, "exit": max(exits)}


# ---------------------------------------------------------------------------------------------
# valgrind

def head_file(src: str, dst: str, count: int) -> int:
    """The first `count` records of src into dst; returns dst's size."""
    with open(src, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line][:count]
    with open(dst, "wb") as f:
        f.write(b"".join(line + b"\n" for line in lines))
    return os.path.getsize(dst)


def valgrind(tool: str, work: str, stripped: str, source: str, target: str, input_path: str, tag: str):
    """Runs the stripped pushnorm under valgrind `tool` on input_path; instructions (callgrind) or heap blocks
    (dhat) of the whole run."""
    out_file = os.path.join(work, "%s-%s.out" % (tool, tag))
    argv = ["valgrind", "--tool=" + tool, "--log-file=" + out_file + ".log"]
    argv += ["--callgrind-out-file=" + out_file] if tool == "callgrind" else ["--dhat-out-file=" + out_file]
    argv += [stripped, "convert", "--from", source, "--to", target, "--jobs", "1",
             "-o", os.path.join(work, tag + ".json"), input_path]
    code = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    if code != 0:
        raise RuntimeError("valgrind %s exited %d on %s (log %s.log)" % (tool, code, tag, out_file))
    if tool == "callgrind":
        with open(out_file) as f:
            for line in f:
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise RuntimeError("no totals in " + out_file)
    with open(out_file + ".log") as f:
        text = f.read()
    match = re.search(r"Total:\s+([\d,]+) bytes in ([\d,]+) blocks", text)
    if not match:
        raise RuntimeError("no dhat totals in %s.log" % out_file)
    return int(match.group(2).replace(",", "")), int(match.group(1).replace(",", ""))


def strip_binary(binary: str, work: str) -> str:
    stripped = os.path.join(work, "pushnorm-stripped")
    subprocess.run(["strip", "-o", stripped, binary], check=True)
    return stripped


def instructions(work: str, stripped: str, corpus_dir: str, records: int, pairs: list[str]) -> dict:
    """Per pair: instructions per input byte and per record, start-up removed by a 1-record run."""
    out = {}
    for name in pairs:
        corpus_name, source, target = pair_of(name)
        full = os.path.join(work, "vg-%s-%d.ndjson" % (name, records))
        one = os.path.join(work, "vg-%s-1.ndjson" % name)
        full_bytes = head_file(os.path.join(corpus_dir, corpus_name + ".ndjson"), full, records)
        one_bytes = head_file(os.path.join(corpus_dir, corpus_name + ".ndjson"), one, 1)
        start = time.perf_counter()
        ir_full = valgrind("callgrind", work, stripped, source, target, full, "%s-%d" % (name, records))
        ir_one = valgrind("callgrind", work, stripped, source, target, one, name + "-1")
        net = ir_full - ir_one
        out[name] = {"pair": pair_name(name), "records": records, "inputBytes": full_bytes, "instructions": ir_full,
                     "startupInstructions": ir_one, "perByte": net / (full_bytes - one_bytes),
                     "perRecord": net / (records - 1), "seconds": time.perf_counter() - start}
        log("  %-28s %8.1f instructions/byte %9.1f k/record (start-up %.1f M) [%.0f s]" % (
            pair_name(name), out[name]["perByte"], out[name]["perRecord"] / 1e3, ir_one / 1e6,
            out[name]["seconds"]))
    if "zego" in out:
        for name in out:
            out[name]["ratioToZego"] = out[name]["perByte"] / out["zego"]["perByte"]
    return out


def allocations(work: str, stripped: str, corpus_dir: str, records: int, base: int, pairs: list[str]) -> dict:
    """Per pair: heap blocks and bytes per record, (run on `records` - run on `base`) / (records - base)."""
    out = {}
    for name in pairs:
        corpus_name, source, target = pair_of(name)
        full = os.path.join(work, "vg-%s-%d.ndjson" % (name, records))
        small = os.path.join(work, "vg-%s-%d.ndjson" % (name, base))
        head_file(os.path.join(corpus_dir, corpus_name + ".ndjson"), full, records)
        head_file(os.path.join(corpus_dir, corpus_name + ".ndjson"), small, base)
        start = time.perf_counter()
        blocks_full, bytes_full = valgrind("dhat", work, stripped, source, target, full, "%s-%d" % (name, records))
        blocks_small, bytes_small = valgrind("dhat", work, stripped, source, target, small, "%s-%d" % (name, base))
        n = records - base
        out[name] = {"pair": pair_name(name), "records": records, "base": base, "blocks": [blocks_small, blocks_full],
                     "bytes": [bytes_small, bytes_full], "blocksPerRecord": (blocks_full - blocks_small) / n,
                     "bytesPerRecord": (bytes_full - bytes_small) / n, "seconds": time.perf_counter() - start}
        log("  %-28s %8.1f blocks/record %9.0f bytes/record [%.0f s]" % (
            pair_name(name), out[name]["blocksPerRecord"], out[name]["bytesPerRecord"], out[name]["seconds"]))
    return out


# ---------------------------------------------------------------------------------------------
# Report

def machine(binary: str) -> dict:
    def run(argv):
        try:
            return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.strip()
        except OSError:
            return "?"

    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "?")
    except OSError:
        pass
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": os.cpu_count(), "cpu": model, "kernel": platform.release(),
            "python": platform.python_version(), "orjson": orjson.__version__,
            "commit": run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"]),
            "sourcesCommit": sources_commit(),
            "version": run([binary, "--version"]), "valgrind": run(["valgrind", "--version"])}


def sources_commit() -> str:
    """The last commit that changed what the binary is built from (the measured code)."""
    try:
        return subprocess.run(["git", "-C", os.path.dirname(HERE), "log", "-1", "--format=%h", "--", "Sources",
                               "Adapters", "Package.swift"], stdout=subprocess.PIPE, text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], stdout=subprocess.PIPE, text=True).stdout.strip()
    except OSError:
        return "load average %.2f %.2f %.2f" % os.getloadavg()


def verdict(key: str, value) -> str:
    _, _, must, goal, higher = TARGETS[key]
    if value is None or value != value:
        return "MISS (not measured)"
    met = (lambda x, t: x >= t) if higher else (lambda x, t: x <= t)
    if met(value, goal):
        return "PASS (goal met)"
    return "PASS" if met(value, must) else "MISS"


def build_report(results: dict, info: dict, args, loads: list[str]) -> tuple[str, list[tuple[str, str]]]:
    lines: list[str] = []
    add = lines.append
    add("# Issue 21 engine targets")
    add("")
    add("Written by `Benchmarks/engine_targets.py` (`make bench-engine`, also run by `make bench`); raw figures in "
        "`%s`. Commit %s; the binary's sources (`Sources`, `Adapters`, `Package.swift`) last changed in %s (%s), %s. "
        "Machine: %d cores, %s, Linux %s; Python %s, orjson %s; %s." % (
            args.json, info["commit"], info.get("sourcesCommit") or sources_commit(), info["version"], info["date"],
            info["nproc"], info["cpu"], info["kernel"],
            info["python"], info["orjson"], info["valgrind"]))
    add("")
    add("Load (`uptime`) at the start and at the end of the run (of each run, when measures were merged):")
    add("")
    for line in loads:
        add("    " + line)
    add("")
    shared = any(float(x) > 0.5 * (info["nproc"] or 1) for line in loads
                 for x in re.findall(r"average: ([\d.]+)", line))
    if shared:
        add("**The machine was shared** (other jobs were building): CPU-second ratios and the `--jobs` wall times "
            "are noisy; instruction and allocation counts (valgrind) are not. Judge the timed targets on an idle "
            "machine.")
        add("")
    corpora = results.get("corpora", {})
    add("Corpora: `Benchmarks/engine_corpus.py --seed %d`, the first N records of each (%s)." % (
        args.seed, "; ".join("%s: %d records (%s), median record %d B" % (
            name, c.get("used", c["records"]), pair_name(name), c["median"]) for name, c in corpora.items())))
    add("")
    add("| measure | issue's \"now\" | measured | must reach | goal | |")
    add("| --- | --- | ---: | --- | --- | --- |")
    statuses = []
    for key in ORDER:
        if key not in results:
            continue
        label, now, must, goal, higher = TARGETS[key]
        x = results[key]
        value, shown = None, "n/a"
        if key in ("convert-zego", "convert-pinpoint", "rpc", "jobs"):
            if x.get("ratio") is not None:
                value = x["ratio"]
                shown = "%.2fx" % value
            elif x.get("check") and not x["check"].get("same"):
                shown = "refused: %s" % x["check"].get("how")
            elif x.get("error"):
                shown = "error: %s" % x["error"]
        elif key == "instructions":
            ratios = {n: v["ratioToZego"] for n, v in x.items() if isinstance(v, dict) and "ratioToZego" in v
                      and n in INSTRUCTION_TARGET_PAIRS}
            if ratios:
                value = max(ratios.values())
                shown = ", ".join("%s %.2fx" % (pair_name(n), r) for n, r in ratios.items())
            elif x.get("error"):
                shown = "error: %s" % x["error"]
        elif key == "allocations":
            per = {n: v["blocksPerRecord"] for n, v in x.items() if isinstance(v, dict) and "blocksPerRecord" in v
                   and n in ALLOCATION_TARGET_PAIRS}
            if per:
                value = max(per.values())
                shown = ", ".join("%s %.1f" % (pair_name(n), v) for n, v in per.items())
            elif x.get("error"):
                shown = "error: %s" % x["error"]
        sign = "≥" if higher else "≤"
        unit = "" if key == "allocations" else "x"
        status = verdict(key, value)
        if shared and value is not None and key in ("convert-zego", "convert-pinpoint", "rpc", "jobs"):
            status += " (shared machine: confirm on an idle one)"
        statuses.append((key, status))
        add("| %s | %s | %s | %s %g%s | %s %g%s | %s |" % (label, now, shown, sign, must, unit, sign, goal, unit,
                                                         status))
    add("")
    # Details.
    for key, title in [("convert-zego", "convert zego → amazon"),
                       ("convert-pinpoint", "convert pinpoint-message → fcm"), ("rpc", "rpc zego → amazon")]:
        x = results.get(key)
        if x and x.get("ratio") is not None:
            add("- %s, %d records: pushnorm %.3f CPU s (median of %s), the Python+orjson alternative %.3f CPU s "
                "(median of %s); outputs checked first: %s." % (
                    title, x["records"], x["pushnormCPU"], ", ".join("%.3f" % r["cpu"] for r in x["pushnorm"]),
                    x["alternativeCPU"], ", ".join("%.3f" % r["cpu"] for r in x["alternative"]), x["check"]["how"]))
        elif x:
            add("- %s: **not timed**: %s" % (title, json.dumps(x.get("check") or x.get("error"),
                                                             ensure_ascii=False)[:600]))
    x = results.get("jobs")
    if x and x.get("ratio") is not None:
        add("- `--jobs 1` / `--jobs 2`, %d records, `-o` a file: %.3f s / %.3f s wall (runs: %s / %s); the two "
            "outputs are identical." % (x["records"], x["jobs1Wall"], x["jobs2Wall"],
                                         ", ".join("%.3f" % r["wall"] for r in x["jobs1"]),
                                         ", ".join("%.3f" % r["wall"] for r in x["jobs2"])))
        if "ceiling" in x:
            add("- The machine's ceiling for the same work: the two halves converted at once by two independent "
                "`--jobs 1` processes, %.3f s wall (runs: %s), %.2fx `--jobs 1`; `--jobs 2` reaches %.0f %% of it."
                % (x["twoProcessesWall"], ", ".join("%.3f" % r["wall"] for r in x["twoProcesses"]), x["ceiling"],
                   100 * x["ratio"] / x["ceiling"] if x["ceiling"] else float("nan")))
    add("")
    ins, alloc = results.get("instructions") or {}, results.get("allocations") or {}
    names = [n for n in VALGRIND_PAIRS + list(PROFILE_PAIRS)
             if isinstance(ins.get(n), dict) or isinstance(alloc.get(n), dict)]
    if names:
        add("Per pair (valgrind on `strip -o` of the binary; instructions: callgrind, %s records minus a 1-record "
            "run; allocations: dhat, (%s − %s records) / %s):" % (
                args.valgrind_records, args.valgrind_records, args.dhat_base,
                args.valgrind_records - args.dhat_base))
        add("")
        add("| pair | input B/record | instructions/record | instructions/byte | vs zego → amazon | heap blocks/record "
            "| heap bytes/record |")
        add("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for n in names:
            i, a = ins.get(n) or {}, alloc.get(n) or {}
            add("| %s | %s | %s | %s | %s | %s | %s |" % (
                pair_name(n), "%.0f" % (i["inputBytes"] / i["records"]) if i else "",
                "%.1f k" % (i["perRecord"] / 1e3) if i else "", "%.1f" % i["perByte"] if i else "",
                "%.2fx" % i["ratioToZego"] if "ratioToZego" in i else "",
                "%.1f" % a["blocksPerRecord"] if a else "", "%.0f" % a["bytesPerRecord"] if a else ""))
        add("")
    add("Reproduce: `make bench-engine` (`ENGINE_BENCH_ARGS=\"--only instructions,allocations\"` for a subset, "
        "`--quick` for a quick check), or `.build/bench-venv/bin/python Benchmarks/engine_targets.py --binary "
        ".build/release/pushnorm`.")
    return "\n".join(lines) + "\n", statuses


# ---------------------------------------------------------------------------------------------

def used_counts(args) -> dict[str, int]:
    """Records each corpus contributes to the measures asked for."""
    small = args.valgrind_records
    return {"zego": max(args.records, small), "pinpoint-cli": max(args.pinpoint_records, small), "fcm": small,
            "sns": small, "apns": small}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the release pushnorm")
    ap.add_argument("--python", default=sys.executable, help="Python with orjson for the alternatives")
    ap.add_argument("--corpus-dir", default=".build/engine-corpus")
    ap.add_argument("--work-dir", default=".build/engine-targets")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--records", type=int, default=100_000, help="zego records (convert, rpc, jobs)")
    ap.add_argument("--pinpoint-records", type=int, default=50_000)
    ap.add_argument("--valgrind-records", type=int, default=4_000)
    ap.add_argument("--dhat-base", type=int, default=1_000, help="the smaller dhat run")
    ap.add_argument("--valgrind-pairs", default=",".join(VALGRIND_PAIRS),
                    help="corpora measured under valgrind (default: all five; also %s)" % ", ".join(PROFILE_PAIRS))
    ap.add_argument("--runs", type=int, default=3, help="timed runs of each program (median)")
    ap.add_argument("--only", default="", help="comma list of: " + ",".join(MEASURES))
    ap.add_argument("--quick", action="store_true",
                    help="10,000 / 5,000 records, valgrind on 400 (base 100), one run: a quick check")
    ap.add_argument("--out", help="the Markdown table (default Benchmarks/engine-targets.md; with --quick "
                    ".build/engine-targets-quick.md, so a quick check never replaces the committed table)")
    ap.add_argument("--json", help="raw figures (default .build/engine-targets.json, or -quick.json with --quick)")
    ap.add_argument("--report-only", action="store_true", help="rewrite --out from the --json of an earlier run")
    ap.add_argument("--merge", action="store_true",
                    help="keep the other measures of the --json of an earlier run (same binary) in the table")
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = ".build/engine-targets-quick.md" if args.quick else os.path.join(HERE, "engine-targets.md")
    if args.json is None:
        args.json = ".build/engine-targets-quick.json" if args.quick else ".build/engine-targets.json"
    if args.report_only:
        with open(args.json) as f:
            saved = json.load(f)
        for key, value in saved["args"].items():
            if key not in ("out", "json", "report_only"):
                setattr(args, key, value)
        text, _ = build_report(saved["results"], saved["machine"], args, saved["load"])
        print(text)
        with open(args.out, "w") as f:
            f.write(text)
        return 0
    if args.quick:
        args.records, args.pinpoint_records, args.valgrind_records, args.dhat_base, args.runs = 10_000, 5_000, 400, \
            100, 1
    only = [m for m in args.only.split(",") if m] or list(MEASURES)
    unknown = set(only) - set(MEASURES)
    if unknown:
        ap.error("unknown measure(s): %s (choose from %s)" % (", ".join(sorted(unknown)), ", ".join(MEASURES)))
    pairs = [p for p in args.valgrind_pairs.split(",") if p]
    if "zego" not in pairs:
        pairs.insert(0, "zego")  # the reference of the instruction ratios
    if not 0 < args.dhat_base < args.valgrind_records:
        ap.error("--dhat-base must be between 0 and --valgrind-records")
    binary = os.path.abspath(args.binary)
    os.makedirs(args.work_dir, exist_ok=True)
    loads = [uptime()]
    log(loads[0])
    earlier: dict = {}
    if args.merge:
        try:
            with open(args.json) as f:
                earlier = json.load(f)
        except (OSError, ValueError):
            log("--merge: no earlier run in %s" % args.json)
    counts = used_counts(args)
    log("== corpora (seed %d) in %s" % (args.seed, args.corpus_dir))
    manifest = engine_corpus.generate(args.corpus_dir, args.seed, counts)
    path = lambda name: os.path.join(args.corpus_dir, name + ".ndjson")  # noqa: E731
    results: dict = {"corpora": {n: dict(manifest["corpora"][n], used=c) for n, c in used_counts(args).items()}}
    work = args.work_dir
    # The timed measures use the first N records of the corpus (the corpus itself when it has N records).
    def first_records(name: str, count: int, wanted: bool) -> str:
        if manifest["corpora"][name]["records"] == count:
            return path(name)
        prefix = os.path.join(work, "%s-%d.ndjson" % (name, count))
        if wanted:
            head_file(path(name), prefix, count)
        return prefix

    zego_path = first_records("zego", args.records, any(m in only for m in ("convert-zego", "rpc", "jobs")))
    pinpoint_path = first_records("pinpoint-cli", args.pinpoint_records, "convert-pinpoint" in only)

    if "convert-zego" in only:
        log("== convert --jobs 1 zego → amazon, %d records, CPU seconds" % args.records)
        results["convert-zego"] = convert_cpu(work, binary, args.python, zego_path, "zego", "amazon", ZEGO_ALT,
                                              args.runs, args.records)
    if "convert-pinpoint" in only:
        log("== convert --jobs 1 pinpoint-message → fcm, %d records, CPU seconds" % args.pinpoint_records)
        results["convert-pinpoint"] = convert_cpu(work, binary, args.python, pinpoint_path, "pinpoint-message",
                                                  "fcm", PINPOINT_ALT, args.runs, args.pinpoint_records)
    if "rpc" in only:
        log("== rpc pipelined zego → amazon, %d requests, CPU seconds" % args.records)
        results["rpc"] = rpc_cpu(work, binary, args.python, zego_path, args.runs)
    if "jobs" in only:
        log("== convert --jobs 2 / --jobs 1 zego → amazon, %d records, wall time" % args.records)
        results["jobs"] = jobs_wall(work, binary, zego_path, args.runs, args.records)
    wants_valgrind = [m for m in ("instructions", "allocations") if m in only]
    if wants_valgrind and not shutil.which("valgrind"):
        for m in wants_valgrind:
            results[m] = {"error": "valgrind is not installed (apt-get install -y valgrind)"}
        log("valgrind is missing: instructions and allocations not measured")
    elif wants_valgrind:
        stripped = strip_binary(binary, work)
        if "instructions" in only:
            log("== callgrind, %d records (start-up removed with a 1-record run)" % args.valgrind_records)
            results["instructions"] = instructions(work, stripped, args.corpus_dir, args.valgrind_records, pairs)
        if "allocations" in only:
            log("== dhat, (%d − %d records) / %d" % (args.valgrind_records, args.dhat_base,
                                                    args.valgrind_records - args.dhat_base))
            results["allocations"] = allocations(work, stripped, args.corpus_dir, args.valgrind_records,
                                                 args.dhat_base, pairs)
    loads.append(uptime())
    loads = ["(run of %s) %s" % (", ".join(only), line) for line in loads]
    if earlier:
        kept = {k: v for k, v in earlier.get("results", {}).items() if k not in results}
        results = {**kept, **results}
        # Each line names the measures of its run; lines of a run the merged table no longer shows are dropped.
        shown = set(results)
        loads = [line for line in earlier.get("load", [])
                 if not line.startswith("(run of ")
                 or shown & set(line[len("(run of "):line.index(")")].split(", ")) - set(only)] + loads
    info = machine(binary)
    text, statuses = build_report(results, info, args, loads)
    log("")
    log(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    if args.json:
        os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"results": results, "machine": info, "load": loads, "statuses": statuses,
                       "args": vars(args)}, f, indent=2, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
