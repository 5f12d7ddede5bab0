#!/usr/bin/env python3
"""Soak test for `pushnorm rpc`: a million mixed valid and invalid requests through local pipes.

  soak.py --binary PATH/pushnorm [--requests 1000000] [--json OUT]

The request pool (built from the seeded corpus, then cycled) mixes conversions over the three
benchmark mappings, normalise and validate of every format, and invalid traffic: broken JSON,
unknown methods and formats, missing and mistyped params, a `payload` string that is not JSON,
payloads with errors, too-deep nesting, wrong `jsonrpc` versions, notifications (no reply),
batches and LSP-framed (`Content-Length`) messages. Requests are pipelined by a writer thread in
1 MiB blocks while the main thread reads and counts replies; a final `formats` request with id
"soak-end" marks the end. At 10 %, 50 % and 100 % of the expected replies it prints requests/s
and the server's VmRSS/VmHWM (from /proc/<pid>/status) and flags RSS growth after warm-up
(more than 4 MiB and 10 % between the 10 % and 100 % marks). Exit status 1 on growth, a crash
or a stall (no reply for 60 s).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import rpcdrive  # noqa: E402

MARK = b'"jsonrpc"'
END = b'"soak-end"'


def req(rid, method, params: bytes | None = None, version=b"2.0") -> bytes:
    body = b'{"jsonrpc":"%s","id":%d,"method":"%s"' % (version, rid, method.encode())
    if params is not None:
        body += b',"params":' + params
    return body + b"}"


def build_pool(size: int, seed: int) -> list[tuple[bytes, int]]:
    """(request bytes incl. framing, replies it should produce)."""
    r = random.Random(seed)
    gens = {name: corpus.Gen(seed + i) for i, name in enumerate(corpus.MAPPINGS)}
    mixed = corpus.Gen(seed + 99)
    pool = []
    for rid in range(1, size + 1):
        roll = r.random()
        if roll < 0.45:  # valid conversions
            name = r.choice(list(corpus.MAPPINGS))
            source, target = corpus.MAPPINGS[name]
            payload = corpus.make_record(gens[name], source)[0]
            line = req(rid, "convert", b'{"from":"%s","to":"%s","payload":%s}' % (
                source.encode(), target.encode(), payload))
            pool.append((line + b"\n", 1))
        elif roll < 0.60:  # normalise / validate, every format, auto-detected or named
            fmt = r.choice(corpus.FORMATS)
            payload = corpus.make_record(mixed, fmt)[0]
            method = r.choice(["normalise", "validate"])
            named = b',"format":"%s"' % fmt.encode() if r.random() < 0.5 else b""
            pool.append((req(rid, method, b'{"payload":%s%s}' % (payload, named)) + b"\n", 1))
        elif roll < 0.64:  # payload given as a JSON string
            payload = corpus.make_record(gens["hive"], "hive")[0]
            text = json.dumps(payload.decode("utf-8")).encode("utf-8")
            pool.append((req(rid, "convert", b'{"from":"hive","to":"zego","payload":%s}' % text) + b"\n", 1))
        else:
            pool.append(invalid(r, rid))
    return pool


def invalid(r: random.Random, rid: int) -> tuple[bytes, int]:
    kind = r.randrange(13)
    if kind == 0:  # broken JSON: a parse error with id null
        return b'{"jsonrpc":"2.0","id":%d,"method":"convert","params":{"payload":{"aps":' % rid + b"\n", 1
    if kind == 1:
        return req(rid, "frobnicate", b"{}") + b"\n", 1
    if kind == 2:  # missing `to`
        return req(rid, "convert", b'{"payload":{"aps":{"alert":"hi"}}}') + b"\n", 1
    if kind == 3:
        return req(rid, "convert", b'{"to":"nokia","payload":{"aps":{"alert":"hi"}}}') + b"\n", 1
    if kind == 4:  # payload string that is not JSON
        return req(rid, "normalise", b'{"payload":"{not json"}') + b"\n", 1
    if kind == 5:  # payload with errors (aps not an object; badge a string)
        return req(rid, "convert", b'{"from":"apns","to":"zego","payload":{"aps":5}}') + b"\n", 1
    if kind == 6:
        return req(rid, "validate", b'{"payload":{"aps":{"badge":"x","sound":{"volume":9}}}}') + b"\n", 1
    if kind == 7:  # too deep
        depth = 300
        return req(rid, "normalise", b'{"payload":' + b'{"a":' * depth + b"1" + b"}" * depth + b"}") + b"\n", 1
    if kind == 8:
        return req(rid, "convert", b'{"payload":{"aps":{}}}', version=b"1.0") + b"\n", 1
    if kind == 9:  # notification: no reply
        return b'{"jsonrpc":"2.0","method":"normalise","params":{"payload":{"aps":{"alert":"x"}}}}\n', 0
    if kind == 10:  # batch: one reply line holding two replies
        return (b"[" + req(rid, "formats") + b"," + req(rid + 10**7, "frobnicate") + b"]\n"), 2
    if kind == 11:  # LSP framing
        body = req(rid, "normalise", b'{"payload":{"aps":{"alert":"\\u00e9t\\u00e9 \xe2\x9c\xa8"}}}')
        return b"Content-Length: %d\r\n\r\n" % len(body) + body, 1
    return req(rid, "convert", b'{"from":"zego","to":"amazon","payload":[1,2,3]}') + b"\n", 1


def status(pid: int) -> dict:
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    key, value = line.split(":", 1)
                    out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def soak(binary: str, requests: int = 1_000_000, pool_size: int = 20000, seed: int = 7, log=print,
         command: list[str] | None = None) -> dict:
    pool = build_pool(pool_size, seed)
    cycles, rest = divmod(requests, len(pool))
    pool_blocks = rpcdrive.blocks([line for line, _ in pool])
    rest_blocks = rpcdrive.blocks([line for line, _ in pool[:rest]])
    expected = cycles * sum(n for _, n in pool) + sum(n for _, n in pool[:rest])
    end = b'{"jsonrpc":"2.0","id":"soak-end","method":"formats"}\n'
    sent_bytes = cycles * sum(len(b) for b in pool_blocks) + sum(len(b) for b in rest_blocks) + len(end)

    server = rpcdrive.Server(command or [binary, "rpc"])
    pid = server.pid

    def writer():
        try:
            for _ in range(cycles):
                for block in pool_blocks:
                    server.write_all(block)
            for block in rest_blocks:
                server.write_all(block)
            server.write_all(end)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    marks = [0.10, 0.50]
    checkpoints = []
    start = time.perf_counter()
    thread.start()
    seen, tail, last_data, reply_bytes = 0, b"", time.perf_counter(), 0
    import select
    finished = False
    while not finished:
        ready, _, _ = select.select([server.stdout], [], [], 60)
        if not ready:
            raise RuntimeError("stall: no reply for 60 s after %d replies" % seen)
        chunk = os.read(server.stdout, rpcdrive.BLOCK)
        if not chunk:
            raise RuntimeError("pushnorm rpc exited after %d replies (status %s)" % (seen, server.proc.poll()))
        reply_bytes += len(chunk)
        window = tail + chunk
        seen += window.count(MARK) - tail.count(MARK)
        finished = END in window
        tail = window[-32:]
        while marks and seen >= marks[0] * expected:
            elapsed = time.perf_counter() - start
            checkpoints.append({"fraction": marks.pop(0), "replies": seen, "seconds": elapsed,
                                "requestsPerSecond": seen / elapsed, **status(pid)})
            log("  %3.0f %%: %8d replies, %6.0f req/s, VmRSS %6.1f MiB, VmHWM %6.1f MiB" % (
                100 * checkpoints[-1]["fraction"], seen, checkpoints[-1]["requestsPerSecond"],
                checkpoints[-1].get("VmRSS", 0) / 1024, checkpoints[-1].get("VmHWM", 0) / 1024))
    elapsed = time.perf_counter() - start
    checkpoints.append({"fraction": 1.0, "replies": seen, "seconds": elapsed,
                        "requestsPerSecond": seen / elapsed, **status(pid)})
    log("  100 %%: %8d replies, %6.0f req/s, VmRSS %6.1f MiB, VmHWM %6.1f MiB" % (
        seen, seen / elapsed, checkpoints[-1].get("VmRSS", 0) / 1024, checkpoints[-1].get("VmHWM", 0) / 1024))
    thread.join()
    closed = server.close()
    first, last = checkpoints[0].get("VmRSS", 0), checkpoints[-1].get("VmRSS", 0)
    growth = last - first
    grew = growth > 4096 and growth > 0.10 * first
    return {
        "requests": requests, "expectedReplies": expected, "replies": seen - 1, "sentBytes": sent_bytes,
        "replyBytes": reply_bytes, "seconds": elapsed, "requestsPerSecond": requests / elapsed,
        "checkpoints": checkpoints, "exit": closed["exit"], "maxRSSKiB": closed["maxRSSKiB"],
        "growthKiB": growth, "grew": grew,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--command", help="drive this server command instead of BINARY rpc (testing the harness)")
    ap.add_argument("--requests", type=int, default=1_000_000)
    ap.add_argument("--pool", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", help="write the report here")
    args = ap.parse_args(argv)
    print("soak: %d requests through `%s rpc`" % (args.requests, args.binary))
    report = soak(args.binary, args.requests, args.pool, args.seed, command=args.command.split() if args.command else None)
    print("soak: %.0f requests/s over %.1f s; replies %d of %d expected; peak RSS %.1f MiB; exit %d" % (
        report["requestsPerSecond"], report["seconds"], report["replies"], report["expectedReplies"],
        report["maxRSSKiB"] / 1024, report["exit"]))
    if report["grew"]:
        print("soak: FLAG: VmRSS grew by %.1f MiB after warm-up (10 %% -> 100 %%)" % (report["growthKiB"] / 1024))
    else:
        print("soak: RSS flat after warm-up (%+.1f MiB from 10 %% to 100 %%)" % (report["growthKiB"] / 1024))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    return 1 if report["grew"] or report["exit"] != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
