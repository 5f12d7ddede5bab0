#!/usr/bin/env python3
"""Spark local mode against `pushnorm convert --jobs N` on one corpus (zego -> amazon), as records/s and ratio.

  spark_bench.py --binary .build/dist/pushnorm [--records 200000] [--files 4] [--runs 3] [--cores 2]
                 [--scaling] [--out Benchmarks/results.md]

Run by `make bench-spark` (and so by `make bench`) with the venv of `make spark-deps`. The corpus is
`Benchmarks/corpus.py`'s ZEGO records (the `make bench` mapping), split over --files NDJSON files. Both sides read
the same files and write their output to the same disk: `pushnorm convert --jobs N IN... -o FILE`, and
`run_job` (the job of `Integrations/spark/pushnorm_spark.py`) in a session already started with
`local[N]` (JVM start-up is reported apart, from one `spark-submit` run). Median of --runs after a warm-up, with the
load average beside each number (the machine may be shared). Replaces the section between the spark-bench markers
of --out, leaving the rest of the file as `bench.py` wrote it.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Integrations", "spark"))
import corpus  # noqa: E402

BEGIN, END = "<!-- spark-bench:begin -->", "<!-- spark-bench:end -->"
SOURCE, TARGET = "zego", "amazon"


def log(message: str) -> None:
    print(message, flush=True)


def load() -> float:
    return os.getloadavg()[0]


def make_corpus(directory: str, records: int, files: int, seed: int) -> tuple[list[str], int]:
    stamp = os.path.join(directory, "_stamp.json")  # "_": not an input to Spark
    want = {"records": records, "files": files, "seed": seed}
    paths = [os.path.join(directory, "zego-%d.ndjson" % n) for n in range(files)]
    try:
        with open(stamp) as f:
            if json.load(f) == want:
                return paths, sum(os.path.getsize(p) for p in paths)
    except (OSError, ValueError):
        pass
    log("generating %d ZEGO records over %d files in %s" % (records, files, directory))
    os.makedirs(directory, exist_ok=True)
    g = corpus.Gen(seed)
    per = records // files
    for n, path in enumerate(paths):
        count = per if n < files - 1 else records - per * (files - 1)
        with open(path, "wb") as f:
            f.write(b"\n".join(corpus.make_record(g, SOURCE)[0] for _ in range(count)) + b"\n")
    with open(stamp, "w") as f:
        json.dump(want, f)
    return paths, sum(os.path.getsize(p) for p in paths)


TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu() -> float:
    """CPU seconds of this process and its descendants (the Spark JVM, its Python workers, their pushnorm
    children once reaped): utime, stime and reaped children's times from /proc."""
    parent, times = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(name)
        parent[pid] = int(fields[1])
        times[pid] = sum(int(x) for x in fields[11:15]) / TICK
    me, total = os.getpid(), 0.0
    for pid, cpu in times.items():
        p = pid
        while p in parent and p != me and p > 1:
            p = parent[p]
        if p == me:
            total += cpu
    return total


def time_cli(binary: str, paths: list[str], jobs: int, scratch: str) -> tuple[float, float, float]:
    out = os.path.join(scratch, "cli.ndjson")
    before = load()
    cpu = tree_cpu()
    start = time.perf_counter()
    run = subprocess.run([binary, "convert", "--from", SOURCE, "--to", TARGET, "--jobs", str(jobs), "-o", out,
                          *paths], stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    cpu = tree_cpu() - cpu
    if run.returncode != 0:
        sys.exit("pushnorm convert failed: %s" % run.stderr.decode())
    os.unlink(out)
    return elapsed, max(before, load()), cpu


def time_spark(spark, binary: str, directory: str, scratch: str, expected: int) -> tuple[float, float, float]:
    from pushnormspark import JobOptions, run_job
    out = os.path.join(scratch, "spark-out")
    shutil.rmtree(out, ignore_errors=True)
    before = load()
    cpu = tree_cpu()
    start = time.perf_counter()
    result = run_job(spark, JobOptions(from_=SOURCE, to=TARGET, input=directory, output=out, pushnorm=binary))
    elapsed = time.perf_counter() - start
    cpu = tree_cpu() - cpu
    if result.records != expected or result.failed:
        sys.exit("the Spark job converted %d records (%d failed), expected %d" % (
            result.records, result.failed, expected))
    shutil.rmtree(out)
    return elapsed, max(before, load()), cpu


def session(cores: int):
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master("local[%d]" % cores).appName("pushnorm spark bench")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.memory", "2g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def median_runs(fn, runs: int) -> dict:
    fn()  # warm-up: page cache, JIT, Python workers
    samples = [fn() for _ in range(runs)]
    seconds = [s for s, _, _ in samples]
    cpu = [c for _, _, c in samples]
    return {"seconds": seconds, "median": statistics.median(seconds), "load": [round(l, 2) for _, l, _ in samples],
            "cpu": cpu, "cpuMedian": statistics.median(cpu)}


def submit_seconds(binary: str, directory: str, scratch: str, cores: int) -> float:
    out = os.path.join(scratch, "submit-out")
    shutil.rmtree(out, ignore_errors=True)
    submit = os.path.join(os.path.dirname(sys.executable), "spark-submit")
    start = time.perf_counter()
    subprocess.run([submit, "--master", "local[%d]" % cores, "--files", binary,
                    os.path.join(ROOT, "Integrations", "spark", "pushnorm_spark.py"), "--from", SOURCE, "--to",
                    TARGET, "--input", directory, "--output", out], capture_output=True, check=True,
                   env=dict(os.environ, PYSPARK_PYTHON=sys.executable))
    elapsed = time.perf_counter() - start
    shutil.rmtree(out, ignore_errors=True)
    return elapsed


def report(r: dict) -> str:
    n = r["records"]
    cli, spark = r["cli"], r["spark"]
    cli_rate, spark_rate = n / cli["median"], n / spark["median"]
    ratio = spark_rate / cli_rate
    cpu_ratio = (n / spark["cpuMedian"]) / (n / cli["cpuMedian"]) if spark.get("cpuMedian") else float("nan")
    lines = [BEGIN, "", "## Apache Spark local mode against `pushnorm convert --jobs %d`" % r["cores"], "",
             "`make bench-spark` (also run by `make bench`; `Benchmarks/spark_bench.py`), %s, %s, %d cores, "
             "pyspark %s, Java %s. Corpus: %d ZEGO records (`corpus.py`, seed %d, %.1f MB) over %d NDJSON files, "
             "converted zego → amazon by both, output written to the same disk. Median of %d runs after a warm-up; "
             "the load average (1 min) at each run is beside it: **the machine was shared** with other builds, so "
             "both sides are understated, Spark more (its JVM threads compete for the same 2 cores)." % (
                 r["date"], r["machine"], os.cpu_count(), r["pyspark"], r["java"], n, r["seed"], r["bytes"] / 1e6,
                 r["files"], r["runs"]),
             "",
             "| measurement | seconds (median) | records/s | CPU seconds (median) | records per CPU second | "
             "load average during the runs |",
             "| --- | --: | --: | --: | --: | --- |",
             "| `pushnorm convert --jobs %d` (one process) | %.2f | %.0f | %.2f | %.0f | %s |" % (
                 r["cores"], cli["median"], cli_rate, cli.get("cpuMedian", float("nan")),
                 n / cli.get("cpuMedian", float("nan")), ", ".join("%.1f" % l for l in cli["load"])),
             "| Spark `local[%d]`, `run_job` in a started session | %.2f | %.0f | %.2f | %.0f | %s |" % (
                 r["cores"], spark["median"], spark_rate, spark.get("cpuMedian", float("nan")),
                 n / spark.get("cpuMedian", float("nan")), ", ".join("%.1f" % l for l in spark["load"]))]
    if "spark1" in r:
        s1 = r["spark1"]
        lines.append("| Spark `local[1]`, `run_job` in a started session | %.2f | %.0f | %.2f | %.0f | %s |" % (
            s1["median"], n / s1["median"], s1.get("cpuMedian", float("nan")), n / s1.get("cpuMedian", float("nan")),
            ", ".join("%.1f" % l for l in s1["load"])))
    if "submit" in r:
        lines.append("| `spark-submit --master local[%d]` end to end (JVM start-up included), one run | %.2f | %.0f |"
                     " | | |" % (r["cores"], r["submit"], n / r["submit"]))
    lines += ["", "| target | measured | |", "| --- | --: | --- |",
              "| Spark `local[%d]` ≥ 0.7x `pushnorm convert --jobs %d` (records/s) | %.2fx | %s |" % (
                  r["cores"], r["cores"], ratio, "met" if ratio >= 0.7 else "miss"),
              "| records per CPU second, Spark `local[%d]` / `pushnorm convert --jobs %d` (all processes: JVM, "
              "Python workers, children) | %.2fx | the load-independent view |" % (r["cores"], r["cores"], cpu_ratio),
              "",
              "Wall-clock ratios on this shared machine move with the other builds' load: the more runnable threads a "
              "side has, the larger its share of the 2 cores, which favours Spark's many processes over one "
              "`pushnorm` process. The CPU-seconds columns (the processes' own user and system time) do not depend "
              "on that share; their ratio is what Spark costs per record on the same cores."]
    lines += ["", SCALING, "", END]
    return "\n".join(lines) + "\n"


SCALING = """**Scaling with executors.** Each Spark task (one core) runs one `pushnorm convert --ndjson --jobs 1` child on its
split of the input: the task pipes the split's bytes in and writes the child's output itself, so the records never
become Spark rows and the cost per record on an executor is the converter's plus one copy through Python (splitting
the child's output lines into payloads and error records). Tasks share nothing (no shuffle: the driver only adds up
per-split line counts, rewrites the error records and renames part files), so throughput grows with executor cores
as long as the input has at least as many splits as there are cores (128 MiB splits, `spark.sql.files.maxPartitionBytes`;
a `.gz` file is one split) and the storage keeps up. The fixed cost of a job (scheduling, Python workers, the
driver's renames and error rewrite: a few seconds) matters only for small inputs, and JVM start-up is paid once per
`spark-submit` (the end-to-end row). On one machine the two differ in shape: `local[2]` runs two independent
children (each reading, converting and writing its own split), while `pushnorm convert --jobs 2` is one process whose
reading thread reads, splits and writes and converts chunks beside one worker thread; `local[1]` against `local[2]` above is the per-core
scaling measured here (on a machine shared with other builds, so below what two idle cores give). Parquet input takes the row path (Spark reads the column, Arrow batches to
the child and back to a sorted, partitioned write) and costs more per record."""


def write_section(path: str, text: str) -> None:
    try:
        with open(path, encoding="utf-8") as f:
            current = f.read()
    except OSError:
        current = ""
    if BEGIN in current and END in current:
        current = current[:current.index(BEGIN)] + text + current[current.index(END) + len(END) + 1:]
    else:
        current = current.rstrip("\n") + "\n\n" + text
    with open(path, "w", encoding="utf-8") as f:
        f.write(current)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary")
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--files", type=int, default=4)
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--scaling", action="store_true", help="also measure local[1]")
    ap.add_argument("--no-submit", action="store_true", help="skip the end-to-end spark-submit run")
    ap.add_argument("--corpus-dir", default=os.path.join(ROOT, ".build", "bench-corpus-spark"))
    ap.add_argument("--out", default=os.path.join(HERE, "results.md"))
    ap.add_argument("--json", default=os.path.join(ROOT, ".build", "bench-spark-results.json"))
    ap.add_argument("--report-only", action="store_true", help="rewrite the section of --out from --json")
    args = ap.parse_args(argv)
    if args.report_only:
        with open(args.json) as f:
            write_section(args.out, report(json.load(f)))
        return 0
    if not args.binary:
        ap.error("--binary is required (the `make dist` pushnorm)")
    binary = os.path.abspath(args.binary)
    paths, size = make_corpus(args.corpus_dir, args.records, args.files, args.seed)
    scratch = tempfile.mkdtemp(prefix="pushnorm-spark-bench-")
    import pyspark
    java = subprocess.run(["java", "-version"], capture_output=True).stderr.decode().splitlines()[0]
    r = {"records": args.records, "files": args.files, "seed": args.seed, "bytes": size, "runs": args.runs,
         "cores": args.cores, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
         "machine": "%s %s" % (platform.system(), platform.machine()), "pyspark": pyspark.__version__,
         "java": java.split('"')[1] if '"' in java else java}
    try:
        log("== pushnorm convert --jobs %d" % args.cores)
        r["cli"] = median_runs(lambda: time_cli(binary, paths, args.cores, scratch), args.runs)
        log("   %s" % r["cli"])
        spark = session(args.cores)
        log("== Spark local[%d]" % args.cores)
        r["spark"] = median_runs(lambda: time_spark(spark, binary, args.corpus_dir, scratch, args.records), args.runs)
        log("   %s" % r["spark"])
        spark.stop()
        if args.scaling:
            spark = session(1)
            log("== Spark local[1]")
            r["spark1"] = median_runs(lambda: time_spark(spark, binary, args.corpus_dir, scratch, args.records),
                                      args.runs)
            log("   %s" % r["spark1"])
            spark.stop()
        if not args.no_submit:
            log("== spark-submit end to end")
            r["submit"] = submit_seconds(binary, args.corpus_dir, scratch, args.cores)
            log("   %.2f s" % r["submit"])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    text = report(r)
    log(text)
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(r, f, indent=2)
    if args.out:
        write_section(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
