"""What runs on the executors: each partition's records through one `pushnorm convert` child.

Two entry points for `DataFrame.mapInArrow`:
- `FileBlocksConverter` (the job): rows `(value, file, block[, row])` read from NDJSON lines or a Parquet column
  (`row`: Parquet's `_metadata.row_index`), in file order; writes `(kind, input, seq, text)` rows: converted payloads
  (a record converted into several messages: one row per message, pushnorm's message record numbered by its row in
  the file), error records staged with their position relative to the file block, and one statistics row per block
  (the driver turns block-relative lines into file lines once it knows every block's line count).
- `ColumnConverter` (`convert_dataframe`): any DataFrame; adds `payload`, `lost`, `error`, `recipient` and `headers`
  to each row, and repeats a row that converts to several messages once per message.
"""
from __future__ import annotations

import collections
import itertools
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from typing import Iterator

import pyarrow as pa

from . import binary
from .child import MESSAGE_PREFIX, ConverterChild, ConverterFailed, Messages

PAYLOAD_PREFIX = b'{"payload":'
PAYLOAD_KEY = b',"payload":'
EMPTY_LOST = b',"lost":[]}'
LOST_KEY = b',"lost":['
DIAGNOSTICS_KEY = b',"diagnostics":['
ERROR_PREFIX = b'{"error":'
WHITESPACE = (0x20, 0x09, 0x0D)  # what pushnorm trims from a line (0x0A never reaches here)

STAGED_SCHEMA = pa.schema([("kind", pa.string()), ("input", pa.int32()), ("seq", pa.int64()),
                           ("text", pa.binary())])
STAGED_DDL = "kind string, input int, seq long, text binary"
LOST_TYPE = pa.list_(pa.struct([("path", pa.string()), ("reason", pa.string())]))
ERROR_TYPE = pa.struct([("code", pa.string()), ("path", pa.string()), ("message", pa.string()),
                        ("diagnostics", pa.string())])
RECIPIENT_TYPE = pa.struct([("index", pa.int32()), ("count", pa.int32()), ("label", pa.string()),
                            ("deviceToken", pa.string())])
HEADERS_TYPE = pa.map_(pa.string(), pa.string())
NULL_CODE = "spark.payload.null"


@dataclass(frozen=True)
class ConvertConfig:
    """What every child is started with."""
    from_: str
    to: str
    strict: bool = False
    allow_invalid: bool = False  # `pushnorm convert --allow-invalid`
    report_loss: bool = False  # the job's payload rows keep pushnorm's {payload, lost} wrapper
    options_json: str | None = None  # the --options file's text, written beside each child
    binary: binary.BinarySpec = field(default_factory=binary.BinarySpec)
    jobs: int = 1  # --jobs of each child (one Spark task = one core by default)

    def argv(self, executable: str, options_path: str | None, summary_path: str | None = None) -> list[str]:
        argv = [executable, "convert", "--ndjson", "--from", self.from_, "--to", self.to, "--report-loss",
                "--jobs", str(self.jobs)]
        if summary_path:
            argv += ["--summary", summary_path]  # the batch summary of this child's records (summary.py)
        if self.strict:
            argv.append("--strict")
        if self.allow_invalid:
            argv.append("--allow-invalid")
        if options_path:
            argv += ["--options", options_path]
        return argv


class _Child:
    """A configured child for one task, with its options file (removed afterwards)."""

    def __init__(self, config: ConvertConfig, summary: bool = False):
        self.options_path = None
        self.summary_path = None
        if config.options_json is not None:
            handle, self.options_path = tempfile.mkstemp(prefix="pushnorm-options-", suffix=".json")
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                f.write(config.options_json)
        if summary:
            self.summary_directory = tempfile.mkdtemp(prefix="pushnorm-summary-")
            self.summary_path = os.path.join(self.summary_directory, "summary.json")
        self.child = ConverterChild(config.argv(binary.resolve(config.binary), self.options_path, self.summary_path))

    def summary(self) -> dict | None:
        """The child's `--summary` once it has exited (None when not asked for or not written)."""
        if not self.summary_path:
            return None
        try:
            with open(self.summary_path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def close(self):
        if self.options_path:
            try:
                os.unlink(self.options_path)
            except OSError:
                pass
        if self.summary_path:
            shutil.rmtree(self.summary_directory, ignore_errors=True)


def split_lost(line: bytes) -> tuple[bytes, bytes | None]:
    """A `{"payload":…,"lost":[…]}` line: the payload's bytes exactly as written, and the lost list's JSON text
    (None when empty).

    No parse of the payload: pushnorm's writer escapes every quote inside a string, so `,"lost":[` with bare quotes
    occurs only as structure, and the lost list (objects with `path` and `reason`) holds no such key: the last
    occurrence is the wrapper's. A record converted with `--allow-invalid` ends with its findings
    (`,"diagnostics":[…]` after the lost list, which holds no such key): they are left out here."""
    findings = line.rfind(DIAGNOSTICS_KEY)
    if findings > 0 and findings > line.rfind(LOST_KEY) > 0:
        line = line[:findings] + b"}"
    if line.endswith(EMPTY_LOST):
        return line[len(PAYLOAD_PREFIX):-len(EMPTY_LOST)], None
    cut = line.rfind(LOST_KEY)
    if cut < len(PAYLOAD_PREFIX) or not line.endswith(b"]}"):
        raise ConverterFailed("unexpected output line: %r" % line[:200])
    return line[len(PAYLOAD_PREFIX):cut], line[cut + len(LOST_KEY) - 1:-1]


def split_output(line: bytes) -> tuple[bytes, list | None]:
    """`split_lost` with the lost list parsed."""
    payload, lost = split_lost(line)
    return payload, (json.loads(lost) if lost is not None else None)


def split_message(line: bytes) -> tuple[bytes, bytes, bytes | None]:
    """A message line, one of the messages of a record converted into several:
    `{"record":N,"recipient":{…},"headers":{…},"payload":…,"lost":[…]}` (`headers` for a delivered target only):
    the members before the payload (without the closing brace), the payload's bytes exactly as written, and the lost
    list's JSON text (None when empty).

    No parse: `recipient` and `headers` hold only numbers and strings, in which pushnorm's writer escapes every quote,
    so the first `,"payload":` with bare quotes is the record's member; the lost list is cut as `split_lost` cuts
    it (findings after it, under `--allow-invalid`, left out)."""
    findings = line.rfind(DIAGNOSTICS_KEY)
    if findings > 0 and findings > line.rfind(LOST_KEY) > 0:
        line = line[:findings] + b"}"
    start = line.find(PAYLOAD_KEY)
    cut = line.rfind(LOST_KEY)
    if not line.startswith(MESSAGE_PREFIX) or start < 0 or cut < start or not line.endswith(b"]}"):
        raise ConverterFailed("unexpected message line: %r" % line[:200])
    lost = line[cut + len(LOST_KEY) - 1:-1]
    return line[:start], line[start + len(PAYLOAD_KEY):cut], (None if lost == b"[]" else lost)


def message_head(head: bytes) -> dict:
    """`split_message`'s head parsed: `{"record", "recipient": {index, count, label, deviceToken?}, "headers"?}`."""
    return json.loads(head + b"}")


def message_line(line: bytes, report_loss: bool, record: int | None = None) -> bytes:
    """What the job writes for a message line: the line as pushnorm wrote it with `--report-loss`, else without its
    `lost` (and findings), as `pushnorm convert` writes it without `--report-loss`; with `record`, numbered so."""
    if not report_loss:
        head, payload, _ = split_message(line)
        line = head + PAYLOAD_KEY + payload + b"}"
    return line if record is None else renumber(line, record)


def renumber(line: bytes, record: int) -> bytes:
    """A message line (`{"record":N,…`) with its record number replaced."""
    end = line.find(b",", len(MESSAGE_PREFIX))
    if not line.startswith(MESSAGE_PREFIX) or end < 0:
        raise ConverterFailed("unexpected message line: %r" % line[:200])
    return b'{"record":%d' % record + line[end:]


def messages_lost(messages: list[bytes]) -> list[bytes]:
    """The non-empty lost lists (JSON text) of a record's message lines."""
    return [lost for lost in (split_message(line)[2] for line in messages) if lost is not None]


class LostTally:
    """Counts lost canonical paths over many records. Records lose the same few sets of fields, so it counts the
    lost lists' text first and parses each distinct one once."""

    LIMIT = 4096

    def __init__(self):
        self.texts: collections.Counter = collections.Counter()
        self.paths: collections.Counter = collections.Counter()

    def add(self, lost: bytes) -> None:
        self.texts[lost] += 1
        if len(self.texts) > self.LIMIT:
            self._fold()

    def add_union(self, losts: list[bytes]) -> None:
        """One record converted into several messages, `losts` the non-empty lost lists of its messages: each path
        counted once for the record, as `pushnorm convert --summary` counts it."""
        if len(set(losts)) == 1:
            self.add(losts[0])
            return
        for path in {item["path"] for text in losts for item in json.loads(text)}:
            self.paths[path] += 1

    def _fold(self) -> None:
        for text, count in self.texts.items():
            for item in json.loads(text):
                self.paths[item["path"]] += count
        self.texts.clear()

    def counts(self) -> dict:
        self._fold()
        return dict(self.paths)


def _nonblank(value: bytes) -> bool:
    return bool(value) and (value[0] not in WHITESPACE or bool(value.strip(b" \t\r")))


class _Block:
    __slots__ = ("input", "block", "ordinal", "lines", "records", "converted", "outputs", "lossy", "failed", "lost")

    def __init__(self, input_index: int, block: int, ordinal: int):
        self.input, self.block, self.ordinal = input_index, block, ordinal
        self.lines = self.records = self.converted = self.outputs = self.lossy = self.failed = 0
        self.lost = LostTally()

    def stats(self, partition: int) -> bytes:
        return json.dumps({
            "input": self.input, "block": self.block, "partition": partition, "ordinal": self.ordinal,
            "lines": self.lines, "records": self.records, "converted": self.converted, "outputs": self.outputs,
            "lossy": self.lossy, "failed": self.failed, "lost": self.lost.counts()},
            ensure_ascii=False, separators=(",", ":")).encode()


def _synthetic_error(code: str, message: str) -> bytes:
    """An error record in pushnorm's shape, for rows that never reach the child (null or empty payloads)."""
    detail = {"severity": "error", "code": code, "path": "", "message": message}
    return json.dumps({"code": code, "path": "", "message": message, "diagnostics": [detail]},
                      ensure_ascii=False, separators=(",", ":")).encode()


class FileBlocksConverter:
    """mapInArrow function of the job. `inputs` maps a normalised file path to its input index; `parquet`: the
    rows are column values (a null or empty value is a failed record, a newline inside one becomes `\\r`), with
    their 0-based row in the file as a fourth column (which numbers the messages of a record converted into
    several). NDJSON rows have no such column: a record converted into several messages past a file's first block
    fails the task (the job reads NDJSON on the direct path, which numbers them)."""

    def __init__(self, config: ConvertConfig, inputs: dict[str, int], parquet: bool):
        self.config = config
        self.inputs = inputs
        self.parquet = parquet

    def __call__(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from pyspark import TaskContext
        from .paths import normalise
        context = TaskContext.get()
        partition = context.partitionId() if context else 0
        blocks: dict[tuple[str, int], _Block] = {}
        seq = itertools.count()
        report_loss = self.config.report_loss
        parquet = self.parquet

        def block_of(file: str, start: int) -> _Block:
            key = (file, start)
            state = blocks.get(key)
            if state is None:
                index = self.inputs.get(normalise(file))
                if index is None:
                    raise ConverterFailed("input file %s is not in the job's file list" % file)
                state = blocks[key] = _Block(index, start, len(blocks))
            return state

        def runs():
            """(meta, records) per run of rows of one file block; meta: (block, base line, base record, lines of
            the records or None when they are consecutive, staged errors for rows not sent, the records' 1-based
            rows in the file or None)."""
            for batch in batches:
                values = batch.column(0).to_pylist()
                files = batch.column(1).to_pylist()
                starts = batch.column(2).to_pylist()
                file_rows = batch.column(3).to_pylist() if batch.num_columns > 3 else None
                n = len(values)
                i = 0
                while i < n:
                    if files[i] == files[-1] and starts[i] == starts[-1]:
                        j = n
                    else:
                        j = i + 1
                        while j < n and files[j] == files[i] and starts[j] == starts[i]:
                            j += 1
                    state = block_of(files[i], starts[i])
                    rows = values[i:j] if (i, j) != (0, n) else values
                    base_line, base_record = state.lines, state.records
                    extra: list[bytes] = []
                    rows_of = None
                    if parquet:
                        records, lines_of = [], []
                        rows_of = [] if file_rows is not None else None
                        for k, value in enumerate(rows):
                            row = base_line + k + 1
                            if value is None or not _nonblank(value):
                                code, message = ((NULL_CODE, "the payload column is null") if value is None
                                                 else ("json.truncated", "the payload is empty"))
                                extra.append(self._staged_error(state, row, row, _synthetic_error(code, message)))
                                state.failed += 1
                                continue
                            records.append(value.replace(b"\n", b"\r") if b"\n" in value else value)
                            lines_of.append(row)
                            if rows_of is not None:
                                rows_of.append(file_rows[i + k] + 1)
                        state.records += len(rows)
                    else:
                        records = [v for v in rows if _nonblank(v)]
                        lines_of = None
                        if len(records) != len(rows):
                            lines_of = [base_line + k + 1 for k, v in enumerate(rows) if _nonblank(v)]
                        state.records += len(records)
                    state.lines += len(rows)
                    yield (state, base_line, base_record, lines_of, extra, rows_of), records
                    i = j

        child = _Child(self.config)
        child_failed = 0
        try:
            for (state, base_line, base_record, lines_of, extra, rows_of), lines in child.child.stream(runs()):
                payloads: list[bytes] = []
                errors: list[bytes] = list(extra)
                for k, line in enumerate(lines):
                    if isinstance(line, Messages):
                        # One record, several messages: each its own row, numbered by the record's row in the file.
                        if rows_of is not None:
                            record = rows_of[k]
                        elif state.block == 0 and not parquet:
                            record = base_record + k + 1
                        else:
                            raise ConverterFailed("cannot number the messages of a record past the first block of "
                                                  "a file without its row numbers")
                        state.converted += 1
                        state.outputs += len(line)
                        payloads += [message_line(message, report_loss, record) for message in line]
                        losts = messages_lost(line)
                        if losts:
                            state.lossy += 1
                            state.lost.add_union(losts)
                    elif line.startswith(PAYLOAD_PREFIX):
                        state.converted += 1
                        state.outputs += 1
                        if report_loss:
                            payloads.append(line)
                            if not line.endswith(EMPTY_LOST):
                                _, lost = split_lost(line)
                                state.lossy += 1
                                state.lost.add(lost)
                        else:
                            payload, lost = split_lost(line)
                            payloads.append(payload)
                            if lost is not None:
                                state.lossy += 1
                                state.lost.add(lost)
                    elif line.startswith(ERROR_PREFIX) and line.endswith(b"}"):
                        state.failed += 1
                        child_failed += 1
                        row = lines_of[k] if lines_of is not None else base_line + k + 1
                        record = row if parquet else base_record + k + 1
                        errors.append(self._staged_error(state, row, record, line[len(ERROR_PREFIX):-1]))
                    else:
                        raise ConverterFailed("unexpected output line from pushnorm: %r" % line[:200])
                if payloads or errors:
                    yield self._batch(state.input, payloads, errors, seq)
            self._check_status(child.child, child_failed)
            stats = [b.stats(partition) for b in blocks.values()]
            if stats:
                yield pa.RecordBatch.from_arrays([
                    pa.array(["stats"] * len(stats)), pa.array([b.input for b in blocks.values()], pa.int32()),
                    pa.array([next(seq) for _ in stats], pa.int64()), pa.array(stats, pa.binary())],
                    schema=STAGED_SCHEMA)
        finally:
            child.close()

    @staticmethod
    def _check_status(child: ConverterChild, child_failed: int) -> None:
        """pushnorm exits 1 exactly when a record failed: anything else means output we cannot trust."""
        if child.returncode is not None and (child.returncode == 1) != (child_failed > 0):
            raise ConverterFailed("pushnorm exited %d after reporting %d failed records: %s" % (
                child.returncode, child_failed, child.stderr_tail() or "no message"))

    @staticmethod
    def _staged_error(state: _Block, line: int, record: int, error: bytes) -> bytes:
        return b'{"input":%d,"block":%d,"line":%d,"record":%d,"error":%s}' % (
            state.input, state.block, line, record, error)

    @staticmethod
    def _batch(input_index: int, payloads: list[bytes], errors: list[bytes], seq) -> pa.RecordBatch:
        n = len(payloads) + len(errors)
        return pa.RecordBatch.from_arrays([
            pa.array(["payload"] * len(payloads) + ["error"] * len(errors)),
            pa.array([input_index] * n, pa.int32()),
            pa.array([next(seq) for _ in range(n)], pa.int64()),
            pa.array(payloads + errors if errors else payloads, pa.binary())], schema=STAGED_SCHEMA)


class ColumnConverter:
    """mapInArrow function of `convert_dataframe`: the input batch's columns `keep`, then payload, lost, error,
    recipient, headers. The payload to convert is the last column (binary). A row whose record converts to several
    messages becomes one row per message (its `keep` columns repeated), in order; any other row stays one row."""

    def __init__(self, config: ConvertConfig, keep: list[str]):
        self.config = config
        self.keep = keep

    def __call__(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        def runs():
            for batch in batches:
                values = batch.column(batch.num_columns - 1).to_pylist()
                sent = [k for k, v in enumerate(values) if v is not None and _nonblank(v)]
                records = [values[k].replace(b"\n", b"\r") if b"\n" in values[k] else values[k] for k in sent]
                yield (batch, values, sent), records

        child = _Child(self.config)
        child_failed = 0
        try:
            for (batch, values, sent), lines in child.child.stream(runs()):
                outputs: list = [None] * len(values)
                for k, line in zip(sent, lines):
                    outputs[k] = line
                rows = _Rows()
                for k, value in enumerate(values):
                    line = outputs[k]
                    if value is None:
                        rows.add(k, error=_error_struct(json.loads(_synthetic_error(NULL_CODE, "the payload is null"))))
                    elif line is None:
                        rows.add(k, error=_error_struct(json.loads(_synthetic_error("json.truncated",
                                                                                   "the payload is empty"))))
                    elif isinstance(line, Messages):
                        for message in line:
                            head, payload, lost = split_message(message)
                            described = message_head(head)
                            recipient = described["recipient"]
                            rows.add(k, payload=payload, lost=json.loads(lost) if lost is not None else [],
                                     recipient={"index": recipient.get("index"), "count": recipient.get("count"),
                                                "label": recipient.get("label"),
                                                "deviceToken": recipient.get("deviceToken")},
                                     headers=list(described["headers"].items()) if "headers" in described else None)
                    elif line.startswith(PAYLOAD_PREFIX):
                        payload, lost = split_output(line)
                        rows.add(k, payload=payload, lost=lost or [])
                    elif line.startswith(ERROR_PREFIX):
                        rows.add(k, error=_error_struct(json.loads(line)["error"]))
                        child_failed += 1
                    else:
                        raise ConverterFailed("unexpected output line from pushnorm: %r" % line[:200])
                columns = [batch.column(batch.schema.get_field_index(name)) for name in self.keep]
                if len(rows.source) != len(values):  # a row became several
                    taken = pa.array(rows.source, pa.int64())
                    columns = [column.take(taken) for column in columns]
                columns += [pa.array(rows.payloads, pa.binary()).cast(pa.string()), pa.array(rows.losts, LOST_TYPE),
                            pa.array(rows.errors, ERROR_TYPE), pa.array(rows.recipients, RECIPIENT_TYPE),
                            pa.array(rows.headers, HEADERS_TYPE)]
                yield pa.RecordBatch.from_arrays(
                    columns, names=self.keep + ["payload", "lost", "error", "recipient", "headers"])
            FileBlocksConverter._check_status(child.child, child_failed)
        finally:
            child.close()


class _Rows:
    """The output rows of one input batch of `ColumnConverter`, column by column, with the input row of each."""

    __slots__ = ("source", "payloads", "losts", "errors", "recipients", "headers")

    def __init__(self):
        self.source, self.payloads, self.losts, self.errors, self.recipients, self.headers = [], [], [], [], [], []

    def add(self, source: int, payload: bytes | None = None, lost: list | None = None, error: dict | None = None,
            recipient: dict | None = None, headers: list | None = None) -> None:
        self.source.append(source)
        self.payloads.append(payload)
        self.losts.append(lost)
        self.errors.append(error)
        self.recipients.append(recipient)
        self.headers.append(headers)


def _error_struct(error: dict) -> dict:
    return {"code": error.get("code"), "path": error.get("path"), "message": error.get("message"),
            "diagnostics": json.dumps(error.get("diagnostics", []), ensure_ascii=False, separators=(",", ":"))}
