"""NDJSON input on the direct path: Spark schedules file splits; each task pipes its split's bytes straight into one
`pushnorm convert --ndjson` child and writes the child's output itself, with no Spark rows in between (the row
pipeline, text scan to Arrow to Python and back to a sorted write, cost more per record than the conversion).

A split owns the lines whose first byte lies in [start, end): a task skips to the first line start at or after
`start` and reads past `end` to the end of the line it is in, as Hadoop's line reader does. pushnorm numbers records
and lines from the start of its input, which is the start of the split; the driver adds each file's earlier splits'
line and record counts afterwards. Each attempt writes into its own directory and renames it into place when it
succeeded, so a retried or speculative attempt never leaves half a split behind.
"""
from __future__ import annotations

import gzip
import itertools
import os
import shutil
from dataclasses import dataclass
from typing import BinaryIO

from .child import MESSAGE_PREFIX, ConverterFailed, message_position
from .partition import (EMPTY_LOST, ERROR_PREFIX, PAYLOAD_PREFIX, ConvertConfig, LostTally, _Child, _nonblank,
                        message_line, split_lost, split_message)

BLOCK = 1 << 20


@dataclass(frozen=True)
class Split:
    index: int  # position in (file, start) order: names the staged and final files
    input: int  # the input file's index
    uri: str  # the file as the driver listed it
    start: int
    end: int  # exclusive; -1: to the end (whole compressed files)


class Storage:
    """Files by URI from a Python worker: local paths directly, anything else through pyarrow's file systems."""

    @staticmethod
    def _resolve(uri: str):
        from urllib.parse import unquote, urlsplit
        parts = urlsplit(uri)
        if parts.scheme in ("", "file"):
            return None, unquote(parts.path)
        import pyarrow.fs as pafs
        scheme = {"s3a": "s3", "s3n": "s3"}.get(parts.scheme, parts.scheme)
        filesystem, path = pafs.FileSystem.from_uri("%s://%s%s" % (scheme, parts.netloc, parts.path))
        return filesystem, path

    @classmethod
    def open_read(cls, uri: str) -> BinaryIO:
        filesystem, path = cls._resolve(uri)
        return open(path, "rb") if filesystem is None else filesystem.open_input_file(path)

    @classmethod
    def make_dir(cls, uri: str) -> None:
        """Makes the directory `uri` but not its parents: when the driver has removed the output (the job failed),
        a task that starts late fails here instead of recreating it."""
        filesystem, path = cls._resolve(uri)
        try:
            if filesystem is None:
                os.mkdir(path)
            else:
                filesystem.create_dir(path, recursive=False)
        except FileNotFoundError as error:
            raise ConverterFailed("%s is gone: the job was stopped" % os.path.dirname(path.rstrip("/"))) from error
        except FileExistsError:
            pass

    @classmethod
    def open_write(cls, uri: str) -> BinaryIO:
        filesystem, path = cls._resolve(uri)
        return open(path, "wb") if filesystem is None else filesystem.open_output_stream(path)

    @classmethod
    def rename_dir(cls, source: str, target: str) -> bool:
        """False when `target` already exists (another attempt of the same split got there first)."""
        filesystem, source_path = cls._resolve(source)
        _, target_path = cls._resolve(target)
        if filesystem is None:
            try:
                os.rename(source_path, target_path)
                return True
            except OSError:
                if os.path.isdir(target_path):
                    shutil.rmtree(source_path, ignore_errors=True)
                    return False
                raise
        import pyarrow.fs as pafs
        if filesystem.get_file_info(target_path).type != pafs.FileType.NotFound:
            filesystem.delete_dir(source_path)
            return False
        filesystem.move(source_path, target_path)
        return True


def _split_bytes(handle: BinaryIO, split: Split):
    """Yields the bytes of the lines the split owns, in blocks."""
    if split.end < 0:  # a whole (compressed) file
        reader = gzip.GzipFile(fileobj=handle) if split.uri.endswith(".gz") else handle
        for block in iter(lambda: reader.read(BLOCK), b""):
            yield block
        return
    position = split.start
    if split.start > 0:
        handle.seek(split.start - 1)
        position = split.start - 1
        while True:  # skip to the first line start at or after `start`
            block = handle.read(BLOCK)
            if not block:
                return
            newline = block.find(b"\n")
            if newline >= 0:
                position += newline + 1
                rest = block[newline + 1:]
                break
            position += len(block)
    else:
        rest = b""
    if position >= split.end:
        return
    while True:
        if rest:
            if position + len(rest) >= split.end:
                # The line containing byte end-1 is ours; the ones after it are the next split's.
                cut = rest.find(b"\n", split.end - 1 - position)
                if cut >= 0:
                    yield rest[:cut + 1]
                    return
                yield rest
                position += len(rest)
                while True:
                    block = handle.read(BLOCK)
                    if not block:
                        return
                    cut = block.find(b"\n")
                    if cut >= 0:
                        yield block[:cut + 1]
                        return
                    yield block
            yield rest
            position += len(rest)
        rest = handle.read(BLOCK)
        if not rest:
            return


class SplitConverter:
    """The task: one split in, `<staging>/<index>/payloads` and `errors` out; returns the split's statistics."""

    def __init__(self, config: ConvertConfig, staging: str):
        self.config = config
        self.staging = staging.rstrip("/")

    def __call__(self, split: Split) -> dict:
        from pyspark import TaskContext
        context = TaskContext.get()
        attempt = "%d-%d" % (context.stageId(), context.taskAttemptId()) if context else "local"
        final = "%s/%06d" % (self.staging, split.index)
        work = "%s/%06d.attempt-%s" % (self.staging, split.index, attempt)
        stats = self._convert(split, work)
        Storage.rename_dir(work, final)  # False: another attempt committed the same (deterministic) output first
        return stats

    def _convert(self, split: Split, work: str) -> dict:
        report_loss = self.config.report_loss
        counter = _Counter()
        lost = LostTally()
        converted = outputs = lossy = failed = messages = 0
        group = _MessageGroup()
        Storage.make_dir(work)
        payloads = Storage.open_write(work + "/payloads.ndjson")
        errors = Storage.open_write(work + "/errors.ndjson")
        child = _Child(self.config, summary=True)
        summary = None
        try:
            with Storage.open_read(split.uri) as handle:
                blocks = counter.count(_split_bytes(handle, split))
                head = []
                for block in blocks:  # no child for a split without a record
                    head.append(block)
                    if counter.records:
                        break
                if counter.records:
                    for lines in child.child.stream_raw(itertools.chain(head, blocks)):
                        kept, bad = [], []
                        for line in lines:
                            if line.startswith(MESSAGE_PREFIX):
                                # One of a record's messages; numbered from the split's start (the driver
                                # renumbers them from the file's once it knows every split's record count).
                                losts = group.add(line)
                                kept.append(message_line(line, report_loss))
                                messages += 1
                                if losts is not None:  # the record's last message
                                    converted += 1
                                    outputs += group.count
                                    if losts:
                                        lossy += 1
                                        lost.add_union(losts)
                                continue
                            if group.seen:  # a record's messages stopped short (no call on the hot path)
                                group.check_ended()
                            if line.startswith(PAYLOAD_PREFIX):
                                converted += 1
                                outputs += 1
                                if line.endswith(EMPTY_LOST):
                                    kept.append(line if report_loss else line[len(PAYLOAD_PREFIX):-len(EMPTY_LOST)])
                                else:
                                    payload, items = split_lost(line)
                                    lossy += 1
                                    lost.add(items)
                                    kept.append(line if report_loss else payload)
                            elif line.startswith(ERROR_PREFIX) and line.endswith(b"}"):
                                failed += 1
                                bad.append(line)
                            else:
                                raise ConverterFailed("unexpected output line from pushnorm: %r" % line[:200])
                        if kept:
                            payloads.write(b"\n".join(kept) + b"\n")
                        if bad:
                            errors.write(b"\n".join(bad) + b"\n")
            status = child.child.returncode
            group.check_ended()
            if converted + failed != counter.records:
                raise ConverterFailed("pushnorm answered %d of %d records (exit status %s): %s" % (
                    converted + failed, counter.records, status, child.child.stderr_tail() or "no message"))
            if status is not None and (status == 1) != (failed > 0):
                raise ConverterFailed("pushnorm exited %d after reporting %d failed records: %s" % (
                    status, failed, child.child.stderr_tail() or "no message"))
            summary = child.summary() if counter.records else None
        finally:
            child.close()
            payloads.close()
            errors.close()
        return {"split": split.index, "input": split.input, "start": split.start, "lines": counter.lines,
                "records": converted + failed, "converted": converted, "outputs": outputs, "messages": messages,
                "lossy": lossy, "failed": failed, "lost": lost.counts(), "summary": summary}


class _MessageGroup:
    """The messages of the record being read, as their lines arrive (a record's lines may span reads)."""

    def __init__(self):
        self.record = self.count = self.seen = 0
        self.losts: list[bytes] = []

    def add(self, line: bytes) -> list[bytes] | None:
        """Takes the next message line; at the record's last message, the non-empty lost lists of its messages
        (else None)."""
        position = message_position(line)
        expected = (self.record, self.seen + 1, self.count) if self.seen else None
        if position is None or (position != expected if expected else position[1] != 1):
            raise ConverterFailed("unexpected message line from pushnorm (after message %d of %d of record %d): %r"
                                  % (self.seen, self.count, self.record, line[:200]))
        self.record, _, self.count = position
        self.seen += 1
        lost = split_message(line)[2]
        if lost is not None:
            self.losts.append(lost)
        if self.seen < self.count:
            return None
        losts, self.losts, self.seen = self.losts, [], 0
        return losts

    def check_ended(self) -> None:
        if self.seen:
            raise ConverterFailed("pushnorm wrote %d of the %d messages of record %d" % (
                self.seen, self.count, self.record))


def renumber_split(source: BinaryIO, target: BinaryIO, offset: int) -> int:
    """Copies a split's payload lines, adding `offset` to the record number of each message line (numbered from the
    split's start: from the file's start after). Returns the lines renumbered."""
    from .partition import renumber
    count = 0
    rest = b""
    for block in iter(lambda: source.read(BLOCK), b""):
        lines = (rest + block).split(b"\n")
        rest = lines.pop()
        out = []
        for line in lines:
            if line.startswith(MESSAGE_PREFIX):
                position = message_position(line)
                if position is None:
                    raise ConverterFailed("unexpected staged message line: %r" % line[:200])
                line = renumber(line, position[0] + offset)
                count += 1
            out.append(line)
        if out:
            target.write(b"\n".join(out) + b"\n")
    if rest:
        raise ConverterFailed("a staged payload file does not end with a newline")
    return count


class _Counter:
    """Counts lines and records (lines holding more than JSON whitespace, as pushnorm's splitter sees them) of the
    bytes passing through."""

    def __init__(self):
        self.lines = 0
        self.records = 0
        self._carry = b""

    def count(self, blocks):
        for block in blocks:
            data = self._carry + block if self._carry else block
            lines = data.split(b"\n")
            self._carry = lines.pop()
            self.lines += len(lines)
            self.records += sum(1 for line in lines if _nonblank(line))
            yield block
        if self._carry:
            self.lines += 1
            self.records += _nonblank(self._carry)
            self._carry = b""


