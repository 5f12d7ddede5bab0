"""The driver: list and split the inputs, convert every split through `pushnorm convert`, lay out the output.

Output under OUT (which must not exist; removed again when the job fails):
  payloads/<input name>/part-NNNNN.ndjson   the converted payloads of that input file, in its order (a record
                                            converted into several messages: pushnorm's message records, one line
                                            each, numbered by the record's number in the file)
  errors/part-*                             one error record per failed record, sorted by file and line
  summary.json                              counts, losses per canonical path, seconds (written last); with the
                                            batch summary's added keys (summary.py): `pushnorm report` renders it
NDJSON takes the direct path (direct.py: tasks pipe file splits through the child and write its output). Parquet
takes the row path (partition.py's FileBlocksConverter in one partitioned Spark write into OUT/_staging). Either way
the driver then learns each split's line count from the tasks' statistics, rewrites the (few) error records with
file lines instead of split lines (and, on the direct path, the message records of a split past a file's first with
the file's record numbers), and renames the payload part files into place in file order.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field

from . import binary, paths
from .direct import Split, SplitConverter, Storage, renumber_split
from .partition import STAGED_DDL, ConvertConfig, FileBlocksConverter
from .ship import ship_package
from . import summary as summary_model

EXIT_OK, EXIT_FAILED_RECORDS, EXIT_USAGE, EXIT_JOB_FAILED = 0, 1, 2, 3
PART = re.compile(r"^part-(\d+)")
JOB_GROUP_PROPERTIES = ("spark.jobGroup.id", "spark.job.description", "spark.job.interruptOnCancel")


class UsageError(ValueError):
    pass


@dataclass
class JobOptions:
    from_: str
    to: str
    input: str
    output: str
    strict: bool = False
    allow_invalid: bool = False  # as `pushnorm convert --allow-invalid`: records with error findings are converted
    failures_ok: bool = False  # exit 0 even when records failed
    options: str | None = None  # a FormatOptions JSON file (read on the driver)
    pushnorm: str | None = None
    input_format: str = "ndjson"
    column: str = "payload"
    report_loss: bool = False
    jobs_per_task: int = 1


@dataclass
class JobResult:
    records: int = 0
    converted: int = 0
    outputs: int = 0  # payload lines written: one per converted record, one per message of a record fanned out
    lossy: int = 0
    failed: int = 0
    lost: dict = field(default_factory=dict)
    seconds: float = 0.0
    inputs: list = field(default_factory=list)
    # The batch summary's added keys (summary.py): reasons, codes, sources, failures, samples, version, command.
    added: dict = field(default_factory=lambda: summary_model.empty(sys.argv))

    def summary_line(self) -> str:
        """The line `pushnorm convert` prints (`converted 3 into 7 messages, …` when records fanned out)."""
        rate = int(self.records / max(self.seconds, 0.000001))
        messages = "" if self.outputs == self.converted else " into %d messages" % self.outputs
        return "converted %d%s, lossy %d, failed %d, %.3f s, %d records/s" % (
            self.converted, messages, self.lossy, self.failed, self.seconds, rate)


# -- the job ------------------------------------------------------------------------------------------

def run_job(spark, options: JobOptions) -> JobResult:
    """Converts; raises UsageError for bad arguments, anything else when the job failed (OUT is then removed)."""
    started = time.perf_counter()
    fs = _FileSystem(spark, options.output)
    if fs.exists(options.output):
        raise UsageError("%s exists: the output must be a new directory" % options.output)
    options_json = _read_options(options.options)
    _check_arguments(options, options_json)
    ship_package(spark)
    # Executors write too: they need the output as a full URI (`file:/abs/out`, `hdfs://nn/user/me/out`).
    options = dataclasses.replace(options, output=fs.qualify(options.output))
    context = spark.sparkContext
    caller = {key: context.getLocalProperty(key) for key in JOB_GROUP_PROPERTIES}  # restored afterwards
    group = "pushnorm-%d-%d" % (os.getpid(), time.time_ns())
    context.setJobGroup(group, "pushnorm convert into %s" % options.output, interruptOnCancel=True)
    try:
        return _run(spark, fs, options, options_json, started)
    except BaseException:
        # Never a partial output that looks like a result. When one task fails, Spark aborts the job but the other
        # tasks' Python workers may still be writing: stop them first, then remove the output.
        try:
            _stop_tasks(context, group)
        except Exception:  # noqa: BLE001 - the context may be gone (its JVM died): remove the output all the same
            pass
        _remove(fs, options.output)
        raise
    finally:
        try:
            for key, value in caller.items():
                context.setLocalProperty(key, value)
        except Exception:  # noqa: BLE001 - a dead context: the job's own error (if any) is the one to see
            pass


def _stop_tasks(context, group: str, timeout: float = 60.0) -> None:
    """Cancels the job group's jobs and waits (at most `timeout` seconds) until none of their tasks is running."""
    context.cancelJobGroup(group)
    tracker = context.statusTracker()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        running = 0
        for job in tracker.getJobIdsForGroup(group):
            info = tracker.getJobInfo(job)
            for stage in (info.stageIds if info else []):
                stage_info = tracker.getStageInfo(stage)
                running += stage_info.numActiveTasks if stage_info else 0
        if not running:
            return
        time.sleep(0.1)


def _remove(fs, output: str) -> None:
    """Deletes OUT; again if a task that was still ending recreated part of it (a task's attempt directory is made
    only inside an existing staging directory, so this settles)."""
    for _ in range(5):
        fs.delete(output)
        time.sleep(0.2)
        if not fs.exists(output):
            return


def _run(spark, fs, options: JobOptions, options_json: str | None, started: float) -> JobResult:
    from pyspark.sql import functions as F
    from pyspark.sql.types import BinaryType, StringType

    if options.input_format not in ("ndjson", "parquet"):
        raise UsageError("--input-format is ndjson or parquet")
    try:
        frame = (spark.read.option("lineSep", "\n").text(options.input) if options.input_format == "ndjson"
                 else spark.read.parquet(options.input))
    except Exception as error:  # AnalysisException: no such path, not Parquet, ...
        raise UsageError("cannot read %s: %s" % (options.input, str(error).strip().splitlines()[0])) from error
    if options.input_format == "ndjson":
        value = F.col("value").cast(BinaryType())
    else:
        if options.column not in frame.columns:
            raise UsageError("the Parquet input has no column %r (columns: %s)" % (
                options.column, ", ".join(frame.columns)))
        if not isinstance(frame.schema[options.column].dataType, (StringType, BinaryType)):
            raise UsageError("column %r holds %s, not a string" % (
                options.column, frame.schema[options.column].dataType.simpleString()))
        value = frame[options.column].cast(BinaryType())
    files = sorted(frame.inputFiles())
    if not files:
        raise UsageError("no input files in %s" % options.input)
    names = paths.relative_names(files)
    index = {paths.normalise(f): i for i, f in enumerate(files)}

    config = ConvertConfig(from_=options.from_, to=options.to, strict=options.strict,
                           allow_invalid=options.allow_invalid, report_loss=options.report_loss,
                           options_json=options_json,
                           binary=binary.plan(spark, options.pushnorm), jobs=options.jobs_per_task)
    staging = fs.join(options.output, "_staging")
    if options.input_format == "ndjson":
        return _run_direct(spark, fs, options, config, files, names, staging, started)
    # Parquet's row index numbers the messages of a record converted into several (its row in the file).
    scan = frame.select(value.alias("value"), F.col("_metadata.file_path").alias("file"),
                        F.col("_metadata.file_block_start").alias("block"), F.col("_metadata.row_index").alias("row"))
    staged = scan.mapInArrow(FileBlocksConverter(config, index, options.input_format == "parquet"), STAGED_DDL)
    (staged.sortWithinPartitions("kind", "input", "seq")
        .select("kind", "input", F.col("text").cast(StringType()).alias("value"))
        .write.partitionBy("kind", "input").text(staging))

    stats = [json.loads(row.value) for row in _read_text(spark, fs, fs.join(staging, "kind=stats"))]
    offsets, per_input = _offsets(stats, names)
    result = _result(stats, files, names, per_input)
    _write_errors(spark, fs, staging, options.output, offsets, [paths.display(f) for f in files], result.failed)
    _move_payloads(fs, staging, options.output, names, stats)
    return _finish(fs, options, staging, result, started)


def _result(stats: list[dict], files: list[str], names: list[str], per_input: dict) -> "JobResult":
    result = JobResult(inputs=[
        dict(file=paths.display(f), name=names[i], **per_input.get(i, _empty_counts())) for i, f in enumerate(files)])
    lost: collections.Counter = collections.Counter()
    for s in stats:
        result.records += s["records"]
        result.converted += s["converted"]
        result.outputs += s["outputs"]
        result.lossy += s["lossy"]
        result.failed += s["failed"]
        lost.update(s["lost"])
    result.lost = dict(sorted(lost.items()))
    if result.converted + result.failed != result.records:
        raise RuntimeError("converted %d + failed %d != records %d" % (result.converted, result.failed, result.records))
    return result


def _finish(fs, options: JobOptions, staging: str, result: "JobResult", started: float) -> "JobResult":
    fs.delete(staging)
    result.seconds = time.perf_counter() - started
    summary = {"records": result.records, "converted": result.converted, "outputs": result.outputs,
               "lossy": result.lossy, "failed": result.failed, "lost": result.lost, "seconds": round(result.seconds, 3),
               "from": options.from_, "to": options.to, "strict": options.strict,
               "allowInvalid": options.allow_invalid, "reportLoss": options.report_loss,
               "inputFormat": options.input_format, "inputs": result.inputs}
    summary.update((key, result.added[key]) for key in summary_model.ADDED_KEYS)
    fs.write_text(fs.join(options.output, "summary.json"), json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
    return result


# -- NDJSON: the direct path (direct.py) ---------------------------------------------------------------

COMPRESSED = (".bz2", ".deflate", ".lz4", ".snappy", ".zst", ".xz")


def _run_direct(spark, fs, options: JobOptions, config, files: list[str], names: list[str], staging: str,
                started: float) -> "JobResult":
    split_bytes = int(str(spark.conf.get("spark.sql.files.maxPartitionBytes", "134217728")).rstrip("bB"))
    splits = []
    for i, uri in enumerate(files):
        if uri.endswith(COMPRESSED):
            raise UsageError("%s: of compressed NDJSON only .gz is read" % paths.display(uri))
        if uri.endswith(".gz"):
            splits.append(Split(len(splits), i, uri, 0, -1))
            continue
        size = fs.size(uri)
        for start in range(0, max(size, 1), split_bytes):
            splits.append(Split(len(splits), i, uri, start, min(size, start + split_bytes)))
    context = spark.sparkContext
    fs.mkdirs(staging)  # each task makes its attempt directory in it, never its parents (SplitConverter)
    stats = context.parallelize(splits, len(splits)).map(SplitConverter(config, staging)).collect()
    stats.sort(key=lambda s: s["split"])
    per_input, fixes, summaries, renumbered = {}, [], [], []
    line_offset = collections.defaultdict(int)
    record_offset = collections.defaultdict(int)
    for s in stats:  # in (file, start) order
        i = s["input"]
        counts = per_input.setdefault(i, _empty_counts())
        for key in counts:
            counts[key] += s[key]
        if s["failed"]:
            fixes.append((s["split"], paths.display(files[i]), line_offset[i], record_offset[i]))
        if s["messages"] and record_offset[i]:
            renumbered.append((s["split"], record_offset[i]))
        summaries.append((s.get("summary"), paths.display(files[i]), line_offset[i], record_offset[i]))
        line_offset[i] += s["lines"]
        record_offset[i] += s["records"]
    result = _result(stats, files, names, per_input)
    for part, file, lines_before, records_before in summaries:
        summary_model.merge(result.added, part, file, lines_before, records_before)
    errors = fs.join(options.output, "errors")
    fs.mkdirs(errors)
    if fixes:
        context.parallelize(fixes, min(len(fixes), 4 * context.defaultParallelism)).foreach(
            _StagedErrorRewriter(staging, errors))
    if renumbered:
        context.parallelize(renumbered, min(len(renumbered), 4 * context.defaultParallelism)).foreach(
            _StagedMessageRenumberer(staging))
    renumbered_splits = {split for split, _ in renumbered}
    root = fs.join(options.output, "payloads")
    part = collections.defaultdict(int)
    for s in stats:
        i = s["input"]
        staged = RENUMBERED_PAYLOADS if s["split"] in renumbered_splits else "payloads.ndjson"
        fs.rename(fs.join(staging, "%06d" % s["split"], staged),
                  fs.join(root, names[i], "part-%05d.ndjson" % part[i]))
        part[i] += 1
    return _finish(fs, options, staging, result, started)


RENUMBERED_PAYLOADS = "payloads-renumbered.ndjson"


class _StagedMessageRenumberer:
    """One split's staged payloads whose message records (a record converted into several messages) are numbered
    from the split's start -> `payloads-renumbered.ndjson` beside them, numbered from the file's start (a retried
    task writes the same file again)."""

    def __init__(self, staging: str):
        self.staging = staging

    def __call__(self, item) -> None:
        split, record_offset = item
        directory = "%s/%06d" % (self.staging, split)
        with Storage.open_read(directory + "/payloads.ndjson") as source, \
                Storage.open_write("%s/%s" % (directory, RENUMBERED_PAYLOADS)) as target:
            renumber_split(source, target, record_offset)


class _StagedErrorRewriter:
    """One split's staged error records (pushnorm's, numbered from the split's start) -> errors/part-<split>, with
    the file, and line and record numbers in that file."""

    def __init__(self, staging: str, errors: str):
        self.staging, self.errors = staging, errors

    def __call__(self, fix) -> None:
        split, file, line_offset, record_offset = fix
        out = []
        with Storage.open_read("%s/%06d/errors.ndjson" % (self.staging, split)) as f:
            for line in f.read().split(b"\n"):
                if not line:
                    continue
                staged = json.loads(line)["error"]
                error = {"file": file, "record": staged["record"] + record_offset,
                         "line": staged["line"] + line_offset}
                error.update((k, v) for k, v in staged.items() if k not in ("record", "line"))
                out.append(json.dumps({"error": error}, ensure_ascii=False, separators=(",", ":")))
        with Storage.open_write("%s/part-%06d.ndjson" % (self.errors, split)) as f:
            f.write(("\n".join(out) + "\n").encode("utf-8"))


def _empty_counts() -> dict:
    return {"lines": 0, "records": 0, "converted": 0, "lossy": 0, "failed": 0}


def _offsets(stats: list[dict], names: list[str]):
    """(input, block) -> (lines before the block, records before it) in its file; counts per input."""
    blocks = collections.defaultdict(list)
    for s in stats:
        blocks[s["input"]].append(s)
    offsets, per_input = {}, {}
    for i, items in blocks.items():
        by_offset = sorted(items, key=lambda s: s["block"])
        if len({s["block"] for s in items}) != len(items):
            raise RuntimeError("a block of %s was converted twice" % names[i])
        # Part files are renamed in (partition, position in partition) order: that must be file order.
        if sorted(items, key=lambda s: (s["partition"], s["ordinal"])) != by_offset:
            raise RuntimeError("Spark planned the blocks of %s out of file order; cannot keep its order" % names[i])
        line = record = 0
        counts = _empty_counts()
        for s in by_offset:
            offsets[(i, s["block"])] = (line, record)
            line += s["lines"]
            record += s["records"]
            for key in counts:
                counts[key] += s[key]
        per_input[i] = counts
    return offsets, per_input


class _ErrorFixer:
    """Staged error rows (block-relative) -> `{"error":{"file","record","line","code","path","message",...}}`."""

    def __init__(self, offsets: dict, files: list[str]):
        self.offsets = {"%d:%d" % key: value for key, value in offsets.items()}
        self.files = files

    def __call__(self, batches):
        import pyarrow as pa
        for batch in batches:
            inputs, lines, texts = [], [], []
            for value in batch.column(0).to_pylist():
                staged = json.loads(value)
                line_offset, record_offset = self.offsets["%d:%d" % (staged["input"], staged["block"])]
                error = {"file": self.files[staged["input"]], "record": staged["record"] + record_offset,
                         "line": staged["line"] + line_offset}
                error.update((k, v) for k, v in staged["error"].items() if k not in ("record", "line"))
                inputs.append(staged["input"])
                lines.append(error["line"])
                texts.append(json.dumps({"error": error}, ensure_ascii=False, separators=(",", ":")))
            yield pa.RecordBatch.from_arrays([pa.array(inputs, pa.int32()), pa.array(lines, pa.int64()),
                                              pa.array(texts, pa.string())], names=["input", "line", "text"])


def _write_errors(spark, fs, staging: str, output: str, offsets: dict, files: list[str], failed: int) -> None:
    target = fs.join(output, "errors")
    if failed == 0:
        fs.mkdirs(target)
        return
    staged = spark.read.text(fs.join(staging, "kind=error")).select("value")
    fixed = staged.mapInArrow(_ErrorFixer(offsets, files), "input int, line long, text string")
    ordered = (fixed.coalesce(1).sortWithinPartitions("input", "line") if failed <= 2_000_000
               else fixed.orderBy("input", "line"))
    ordered.select("text").write.text(target)


def _move_payloads(fs, staging: str, output: str, names: list[str], stats: list[dict]) -> None:
    root = fs.join(output, "payloads")
    fs.mkdirs(root)
    with_records = {s["input"] for s in stats}
    for i in sorted(with_records):
        fs.mkdirs(fs.join(root, names[i]))
    source = fs.join(staging, "kind=payload")
    if not fs.exists(source):
        return
    for directory in fs.list(source):
        name = directory.rsplit("/", 1)[-1]
        if not name.startswith("input="):
            continue
        i = int(name[len("input="):])
        parts = [p for p in fs.list(directory) if PART.match(p.rsplit("/", 1)[-1])]
        parts.sort(key=lambda p: (int(PART.match(p.rsplit("/", 1)[-1]).group(1)), p.rsplit("/", 1)[-1]))
        for k, part in enumerate(parts):
            fs.rename(part, fs.join(root, names[i], "part-%05d.ndjson" % k))


def _read_text(spark, fs, path: str) -> list:
    return spark.read.text(path).collect() if fs.exists(path) else []


def _read_options(path: str | None) -> str | None:
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        json.loads(text)
    except (OSError, ValueError) as error:
        raise UsageError("--options %s: %s" % (path, error)) from error
    return text


def _check_arguments(options: JobOptions, options_json: str | None) -> None:
    """Asks a local pushnorm (when the driver has one) whether it takes these formats and options."""
    executable = binary.on_driver(options.pushnorm)
    if executable is None:
        return
    config = ConvertConfig(from_=options.from_, to=options.to, strict=options.strict,
                           allow_invalid=options.allow_invalid)
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        argv = config.argv(executable, None)
        if options_json is not None:
            f.write(options_json)
            f.flush()
            argv += ["--options", f.name]
        try:
            run = subprocess.run(argv, input=b'{"aps":{}}\n', capture_output=True, timeout=60)
        except OSError as error:
            raise UsageError("cannot run %s: %s" % (executable, error)) from error
    if run.returncode == 2:
        raise UsageError(run.stderr.decode("utf-8", "replace").strip().splitlines()[0])


class _FileSystem:
    """The output's Hadoop file system (local, HDFS, object stores), through the JVM."""

    def __init__(self, spark, path: str):
        self.jvm = spark.sparkContext._jvm
        self.conf = spark.sparkContext._jsc.hadoopConfiguration()
        self.fs = self._path(path).getFileSystem(self.conf)
        self.fs.setWriteChecksum(False)  # no `.name.crc` files beside ours on local disks

    def _path(self, path: str):
        return self.jvm.org.apache.hadoop.fs.Path(path)

    @staticmethod
    def join(*parts: str) -> str:
        return "/".join([parts[0].rstrip("/")] + [p.strip("/") for p in parts[1:]])

    def qualify(self, path: str) -> str:
        return self.fs.makeQualified(self._path(path)).toString()

    def exists(self, path: str) -> bool:
        return self.fs.exists(self._path(path))

    def mkdirs(self, path: str) -> None:
        self.fs.mkdirs(self._path(path))

    def delete(self, path: str) -> None:
        self.fs.delete(self._path(path), True)

    def list(self, path: str) -> list[str]:
        return [status.getPath().toString() for status in self.fs.listStatus(self._path(path))]

    def size(self, path: str) -> int:
        return self.fs.getFileStatus(self._path(path)).getLen()

    def rename(self, source: str, target: str) -> None:
        target_path = self._path(target)
        self.fs.mkdirs(target_path.getParent())
        if not self.fs.rename(self._path(source), target_path):
            raise RuntimeError("cannot move %s to %s" % (source, target))

    def write_text(self, path: str, text: str) -> None:
        stream = self.fs.create(self._path(path), False)
        try:
            stream.write(bytearray(text.encode("utf-8")))
        finally:
            stream.close()


# -- the command line ---------------------------------------------------------------------------------

def parse_arguments(argv: list[str] | None = None) -> JobOptions:
    parser = argparse.ArgumentParser(
        prog="pushnorm_spark.py",
        description="Convert push payloads on Apache Spark with the semantics of `pushnorm convert`.")
    parser.add_argument("--from", dest="from_", default="auto", metavar="F", help="source format (default auto)")
    parser.add_argument("--to", required=True, metavar="T", help="target format")
    parser.add_argument("--input", required=True, metavar="IN", help="a directory, file or glob")
    parser.add_argument("--output", required=True, metavar="OUT", help="a new directory")
    parser.add_argument("--strict", action="store_true", help="a record that would lose a field fails")
    parser.add_argument("--allow-invalid", action="store_true",
                        help="as pushnorm convert: convert records with error findings anyway")
    parser.add_argument("--failures-ok", action="store_true",
                        help="exit 0 even when records failed (they are still in errors/ and the summary)")
    parser.add_argument("--options", metavar="FILE", help="a FormatOptions JSON file")
    parser.add_argument("--pushnorm", metavar="PATH", help="the pushnorm executable (shipped when it exists here)")
    parser.add_argument("--input-format", choices=["ndjson", "parquet"], default="ndjson")
    parser.add_argument("--column", default="payload", help="the Parquet column holding the payload")
    parser.add_argument("--report-loss", action="store_true",
                        help="write each payload as pushnorm's {payload, lost} wrapper")
    parser.add_argument("--jobs-per-task", type=int, default=1, metavar="N",
                        help="--jobs of each pushnorm child (default 1: one Spark task is one core)")
    args = parser.parse_args(argv)
    if args.jobs_per_task < 1:
        parser.error("--jobs-per-task takes a positive whole number")
    return JobOptions(**vars(args))


def main(argv: list[str] | None = None) -> int:
    options = parse_arguments(argv)
    from pyspark import SparkConf
    from pyspark.sql import SparkSession
    conf = SparkConf()
    if conf.get("spark.master", "local[*]").startswith("local") and "PYSPARK_PYTHON" not in os.environ:
        os.environ["PYSPARK_PYTHON"] = sys.executable  # local workers: the driver's interpreter (and packages)
    spark = SparkSession.builder.config(conf=conf).appName("pushnorm convert").getOrCreate()
    if "spark.log.level" not in dict(conf.getAll()):
        spark.sparkContext.setLogLevel("WARN")
    try:
        result = run_job(spark, options)
    except UsageError as error:
        _stderr(spark, "pushnorm_spark: %s" % error)
        return EXIT_USAGE
    except Exception as error:  # a task failed after Spark's retries, or the output could not be laid out
        _stderr(spark, "pushnorm_spark: the job failed (%s was removed): %s" % (options.output, _short(error)))
        return EXIT_JOB_FAILED
    _stderr(spark, result.summary_line())
    spark.stop()
    return exit_status(result, options)


def exit_status(result: JobResult, options: JobOptions) -> int:
    """As `pushnorm convert`: 1 when records failed, unless --failures-ok."""
    return EXIT_FAILED_RECORDS if result.failed and not options.failures_ok else EXIT_OK


def _stderr(spark, line: str) -> None:
    """The driver's stderr: spark-submit merges the Python driver's own stderr into its stdout, so write through
    the JVM (whose stderr is the driver's, under spark-submit or not)."""
    try:
        spark.sparkContext._jvm.System.err.println(line)
        spark.sparkContext._jvm.System.err.flush()
    except Exception:
        print(line, file=sys.stderr, flush=True)


def _short(error: BaseException) -> str:
    text = str(error)
    match = re.search(r"(ConverterFailed|BinaryNotFound|RuntimeError): (.*)", text)
    return match.group(0) if match else text.strip().splitlines()[0] if text.strip() else type(error).__name__
