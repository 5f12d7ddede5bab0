"""Drives a stdio JSON-RPC server (or `cat`) from Python without becoming the bottleneck.

Requests are pre-encoded bytes joined into ~1 MiB blocks; a writer thread pushes the blocks with
os.write while the calling thread reads with os.read in 1 MiB chunks and only counts newlines
(C speed). Lockstep mode writes one request and reads until its newline. Peak RSS comes from
`/usr/bin/time -f %M` (the child is forked from `time`, not from this Python process: a child
forked from a big parent inherits the parent's RSS in ru_maxrss until it execs) and, while
running, /proc/<pid>/status (VmRSS, VmHWM).
"""
from __future__ import annotations

import os
import subprocess
import tempfile
import threading
import time

BLOCK = 1 << 20


def request_line(rid, method: str, params_json: bytes) -> bytes:
    """A compact JSON-RPC 2.0 request; `params_json` is already-encoded JSON."""
    return b'{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}\n' % (rid, method.encode(), params_json)


def convert_requests(records: list[bytes], source: str, target: str, start_id: int = 1) -> list[bytes]:
    head = b'{"from":"%s","to":"%s","payload":' % (source.encode(), target.encode())
    return [request_line(start_id + i, "convert", head + r + b"}") for i, r in enumerate(records)]


def blocks(lines: list[bytes]) -> list[bytes]:
    out, current, size = [], [], 0
    for line in lines:
        current.append(line)
        size += len(line)
        if size >= BLOCK:
            out.append(b"".join(current))
            current, size = [], 0
    if current:
        out.append(b"".join(current))
    return out


TIME = "/usr/bin/time"


def measured(argv: list[str]) -> tuple[list[str], str]:
    """`argv` wrapped in /usr/bin/time writing the peak RSS (KiB) to a temporary file."""
    fd, path = tempfile.mkstemp(prefix="pushnorm-rss-")
    os.close(fd)
    return [TIME, "-f", "%M", "-o", path] + argv, path


def read_rss(path: str) -> int:
    """The peak RSS /usr/bin/time wrote (KiB), removing the file; 0 when unreadable."""
    try:
        with open(path) as f:
            lines = [line for line in f.read().split() if line.isdigit()]
        return int(lines[-1]) if lines else 0
    except OSError:
        return 0
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def child_pid(pid: int) -> int:
    """The first child of `pid` (the program /usr/bin/time runs), or `pid` itself."""
    for _ in range(200):
        try:
            with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
                children = f.read().split()
            if children:
                return int(children[0])
        except OSError:
            break
        time.sleep(0.005)
    return pid


class Server:
    """A child process with binary stdin/stdout pipes, its peak RSS measured by /usr/bin/time."""

    def __init__(self, argv: list[str]):
        self.argv = argv
        wrapped, self.rss_path = measured(argv)
        # stderr (the server's log of invalid messages) is discarded: only replies are measured.
        self.proc = subprocess.Popen(wrapped, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.pid = child_pid(self.proc.pid)
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        self.pending = b""

    def status(self) -> dict:
        """VmRSS and VmHWM in KiB, from /proc/<pid>/status."""
        out = {}
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith(("VmRSS:", "VmHWM:")):
                        key, value = line.split(":", 1)
                        out[key] = int(value.split()[0])
        except OSError:
            pass
        return out

    def write_all(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.stdin, view):]

    def pipelined(self, request_blocks: list[bytes], replies: int, keep: bool = False):
        """Sends every block while reading; returns (seconds, reply bytes or None).

        Counts newline-terminated replies until `replies` have arrived."""
        def writer():
            for block in request_blocks:
                self.write_all(block)

        chunks = [] if keep else None
        thread = threading.Thread(target=writer, daemon=True)
        start = time.perf_counter()
        thread.start()
        seen = 0
        while seen < replies:
            chunk = os.read(self.stdout, BLOCK)
            if not chunk:
                raise RuntimeError("%s closed its output after %d of %d replies" % (self.argv[0], seen, replies))
            seen += chunk.count(b"\n")
            if keep:
                chunks.append(chunk)
        elapsed = time.perf_counter() - start
        thread.join()
        return elapsed, (b"".join(chunks) if keep else None)

    def lockstep(self, lines: list[bytes]) -> list[float]:
        """One request at a time; returns each round trip in seconds."""
        latencies = []
        for line in lines:
            start = time.perf_counter()
            self.write_all(line)
            buffer = self.pending
            while b"\n" not in buffer:
                chunk = os.read(self.stdout, BLOCK)
                if not chunk:
                    raise RuntimeError("%s closed its output" % self.argv[0])
                buffer += chunk
            latencies.append(time.perf_counter() - start)
            self.pending = buffer[buffer.index(b"\n") + 1:]
        return latencies

    def close(self) -> dict:
        """Closes stdin, waits, and returns {'exit': code, 'maxRSSKiB': peak RSS}."""
        self.proc.stdin.close()
        while os.read(self.stdout, BLOCK):
            pass
        code = self.proc.wait()
        self.proc.stdout.close()
        return {"exit": code, "maxRSSKiB": read_rss(self.rss_path)}


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    index = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[index]
