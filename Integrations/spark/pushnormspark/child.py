"""One long-lived `pushnorm convert` child streaming NDJSON records in and out (no Spark here).

`ConverterChild.stream_raw(blocks)` pipes NDJSON bytes cut anywhere (the direct path) and yields output lines;
`ConverterChild.stream(runs)` takes an iterator of `(meta, records)` (records: bytes without a newline, never
blank) and yields `(meta, outputs)` in the same order, one output per record: its line, or, for a record converted
into several messages (one per recipient: `pushnorm convert` writes each as its own line
`{"record":N,"recipient":{"index":i,"count":n,…},…}`, i = 1…n), the `Messages` list of its n lines. A writer
thread feeds the child's stdin while the caller reads its stdout, so neither pipe can fill up and block the other;
a third thread drains stderr. Anything short of "one output per record, then exit 0 or 1" raises `ConverterFailed`:
the child's death, a missing line, an unexpected exit status. Nothing is ever yielded for a record the child
did not answer.
"""
from __future__ import annotations

import collections
import os
import queue
import re
import subprocess
import threading
from typing import Any, Iterable, Iterator

READ_BLOCK = 1 << 20
STDERR_KEEP = 16 * 1024


# The start of a message line (one of the messages of a record converted into several), as pushnorm writes it.
MESSAGE_PREFIX = b'{"record":'
_MESSAGE_HEAD = re.compile(rb'\{"record":(\d+),"recipient":\{"index":(\d+),"count":(\d+),')


class ConverterFailed(RuntimeError):
    """The child failed: the partition must fail (Spark retries the task)."""


class Messages(list):
    """The output lines of one record converted into several messages, in order (`stream`'s output for it)."""


def message_position(line: bytes) -> tuple[int, int, int] | None:
    """(record, index, count) of a message line `{"record":N,"recipient":{"index":i,"count":n,…},…}`; None for any
    other line."""
    match = _MESSAGE_HEAD.match(line)
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


class ConverterChild:
    """`argv` is the whole command line, e.g. `[pushnorm, "convert", "--ndjson", "--to", "amazon", ...]`."""

    def __init__(self, argv: list[str]):
        self.argv = list(argv)
        self.returncode: int | None = None
        self.records_sent = 0
        self.records_answered = 0  # stream(): records whose output (one line, or all their messages) was read
        self.lines_read = 0
        self._stderr_tail: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0

    # -- the stream ----------------------------------------------------------------------------

    def stream(self, runs: Iterable[tuple[Any, list[bytes]]]) -> Iterator[tuple[Any, list[bytes]]]:
        runs = iter(runs)
        # No child for a partition without records (and none until the first record arrives).
        for meta, records in runs:
            if records:
                yield from self._stream_with_child(meta, records, runs)
                return
            yield meta, []

    def _stream_with_child(self, first_meta, first_records, runs) -> Iterator[tuple[Any, list[bytes]]]:
        pending: queue.SimpleQueue = queue.SimpleQueue()  # (meta, count) in input order; None ends it

        def feed(stdin) -> None:
            for meta, records in _chain_first((first_meta, first_records), runs):
                pending.put((meta, len(records)))
                if records:
                    stdin.write(b"\n".join(records) + b"\n")
                    stdin.flush()
                    self.records_sent += len(records)

        process, writer, errors, failure = self._start(feed, after_feed=lambda: pending.put(None))
        finished = False
        try:
            lines = _lines(process.stdout.fileno())
            while True:
                item = pending.get()
                if item is None:
                    break
                meta, count = item
                out = []
                for _ in range(count):
                    line = next(lines, None)
                    if line is None:
                        self._fail(process, writer, errors, failure,
                                   "output ended after %d of the records sent" % self.records_answered)
                    self.lines_read += 1
                    if line.startswith(MESSAGE_PREFIX):
                        line = self._messages(line, lines, lambda what: self._fail(
                            process, writer, errors, failure, what))
                    out.append(line)
                    self.records_answered += 1
                yield meta, out
            if failure:
                raise failure[0]
            if next(lines, None) is not None:
                self._fail(process, writer, errors, failure, "more output lines than records")
            self._finish(process, writer, errors, failure)
            finished = True
        finally:
            self._close(process, finished)

    def _messages(self, first: bytes, lines: Iterator[bytes], fail) -> Messages:
        """The message lines of one record, `first` the first of them; `fail(what)` raises."""
        position = message_position(first)
        if position is None or position[1] != 1:
            fail("unexpected output line: %r" % first[:200])
        record, _, count = position
        group = Messages([first])
        while len(group) < count:
            line = next(lines, None)
            if line is None:
                fail("output ended after %d of the %d messages of record %d" % (len(group), count, record))
            self.lines_read += 1
            if message_position(line) != (record, len(group) + 1, count):
                fail("message %d of %d of record %d expected, got %r" % (len(group) + 1, count, record, line[:200]))
            group.append(line)
        return group

    def stream_raw(self, blocks: Iterable[bytes]) -> Iterator[list[bytes]]:
        """Pipes `blocks` (NDJSON bytes, cut anywhere) into the child and yields its output lines as they come.
        The caller knows how many records it sent and checks `lines_read` against it afterwards."""

        def feed(stdin) -> None:
            for block in blocks:
                stdin.write(block)

        process, writer, errors, failure = self._start(feed)
        finished = False
        try:
            rest = b""
            fd = process.stdout.fileno()
            while True:
                block = os.read(fd, READ_BLOCK)
                if not block:
                    break
                lines = (rest + block).split(b"\n") if rest else block.split(b"\n")
                rest = lines.pop()
                self.lines_read += len(lines)
                yield lines
            if rest:
                self.lines_read += 1
                yield [rest]
            self._finish(process, writer, errors, failure)
            finished = True
        finally:
            self._close(process, finished)

    # -- the child's life ----------------------------------------------------------------------

    def _start(self, feed, after_feed=None):
        """Starts the child, a writer thread running `feed(stdin)` and the stderr drain. A broken pipe ends the
        feed quietly (the child died: the reader reports it with the child's stderr); any other error of the feed
        (e.g. Spark could not read a block) is kept in `failure` and raised by the reader."""
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE)
        except OSError as error:
            raise ConverterFailed("cannot start %s: %s" % (self.argv[0], error)) from error
        failure: list[BaseException] = []

        def write() -> None:
            try:
                feed(process.stdin)
            except BrokenPipeError:
                pass
            except BaseException as error:
                failure.append(error)
            finally:
                if after_feed is not None:
                    after_feed()
                try:
                    process.stdin.close()
                except OSError:
                    pass

        writer = threading.Thread(target=write, name="pushnorm-stdin", daemon=True)
        errors = threading.Thread(target=self._drain, args=(process,), name="pushnorm-stderr", daemon=True)
        writer.start()
        errors.start()
        return process, writer, errors, failure

    def _finish(self, process, writer, errors, failure) -> None:
        """After the last output line: the feed's failure, else the child's exit status (0, or 1 when records
        failed) decide."""
        writer.join()
        if failure:
            raise failure[0]
        self.returncode = process.wait()
        errors.join()
        if self.returncode not in (0, 1):
            self._fail(process, writer, errors, failure, "exit status %d" % self.returncode)

    @staticmethod
    def _close(process, finished: bool) -> None:
        if not finished and process.poll() is None:
            process.kill()
            process.wait()
        for pipe in (process.stdout, process.stderr):
            try:
                pipe.close()
            except OSError:
                pass

    def _drain(self, process) -> None:
        for chunk in iter(lambda: process.stderr.read1(65536), b""):
            self._stderr_tail.append(chunk)
            self._stderr_size += len(chunk)
            while self._stderr_size > STDERR_KEEP and len(self._stderr_tail) > 1:
                self._stderr_size -= len(self._stderr_tail.popleft())

    def _fail(self, process, writer, errors, failure, what: str):
        if failure:
            raise failure[0]
        if process.poll() is None:
            process.kill()
        self.returncode = process.wait()
        errors.join(timeout=5)
        raise ConverterFailed("%s failed (%s; exit status %s; %d records sent, %d lines read): %s" % (
            " ".join(self.argv[:2]), what, self.returncode, self.records_sent, self.lines_read,
            self.stderr_tail() or "no message"))

    def stderr_tail(self) -> str:
        return b"".join(self._stderr_tail).decode("utf-8", "replace").strip()


def _chain_first(first, rest):
    yield first
    yield from rest


def _lines(fd: int) -> Iterator[bytes]:
    """The lines of `fd` without their newline; a last line without one still counts."""
    rest = b""
    while True:
        block = os.read(fd, READ_BLOCK)
        if not block:
            break
        parts = (rest + block).split(b"\n") if rest else block.split(b"\n")
        rest = parts.pop()
        yield from parts
    if rest:
        yield rest
