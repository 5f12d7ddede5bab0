#!/usr/bin/env python3
"""The alternative pushnorm is measured against: a hand-written ZEGO -> Amazon mapping in
Python 3 with orjson, as a team would write it for a one-off migration.

  zego_amazon.py bench CORPUS [--runs N]   time the mapping in-process over an NDJSON corpus
  zego_amazon.py rpc                       a JSON-RPC 2.0 server on stdio (NDJSON framing)
  zego_amazon.py map < IN > OUT            map NDJSON records (for comparing outputs)

The mapping follows what `pushnorm convert --from zego --to amazon` produces for valid input (the
ZEGO adapter reads the `payload` string's `image_attachment` as media; the Amazon adapter writes
it as `attachment-url`, last, with `mutable-content: 1`), so both do the same work, and it writes the
same bytes: `aps` and `alert` keys in pushnorm's order. It checks only what it needs and reports
the payload keys it cannot carry as lost, one entry per key; the RPC server's reply is byte for byte
the one `pushnorm rpc` gives (payload, headers, size, from, lost, diagnostics). The RPC server
reads big blocks with os.read, answers every complete line of a block, and writes the answers
with one os.write: efficient under pipelining, immediate in lockstep.
"""
import os
import sys
import time

import orjson

MEDIA_KEY = "image_attachment"
# pushnorm writes `aps` and `alert` keys in Apple's documented order (its wire table), whatever the input's order;
# byte-identical output needs the same order here.
APS_ORDER = ("alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
             "target-content-id", "interruption-level", "relevance-score", "filter-criteria")
ALERT_ORDER = ("title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
               "subtitle-loc-args", "loc-key", "loc-args")


def ordered(d, order):
    return {k: d[k] for k in order if k in d}


def convert(p):
    """ZEGO delivered push (dict) -> (Amazon-style payload dict, lost pointers)."""
    if not isinstance(p, dict) or not isinstance(p.get("aps"), dict):
        raise ValueError("not a ZEGO push")
    aps = p["aps"]
    score = aps.get("relevance-score")
    if isinstance(score, float) and score.is_integer():
        aps = dict(aps, **{"relevance-score": int(score)})  # pushnorm writes the number 1.0 as 1
    if isinstance(aps.get("alert"), dict):
        aps = dict(aps, alert=ordered(aps["alert"], ALERT_ORDER))
    out = {"aps": None}
    lost = []
    media = None
    custom = {}
    for key, value in p.items():
        if key == "aps":
            continue
        if key == "payload" and isinstance(value, str):
            try:
                inner = orjson.loads(value)
            except orjson.JSONDecodeError:
                inner = None
            if isinstance(inner, dict) and not inner:
                lost.append("/extensions/zego/payload")  # an empty object: the string itself is lost
            elif isinstance(inner, dict):
                url = inner.pop(MEDIA_KEY, None)
                if isinstance(url, str):
                    media = url
                elif url is not None:
                    inner[MEDIA_KEY] = url
                # One lost entry per key, as `pushnorm rpc` reports them (keys are JSON Pointer tokens).
                lost.extend("/extensions/zego/payload/" + k.replace("~", "~0").replace("/", "~1") for k in inner)
            else:
                lost.append("/extensions/zego/payload")
            continue
        custom[key] = value
    if media is not None:
        aps = dict(aps, **{"mutable-content": 1})
    out["aps"] = ordered(aps, APS_ORDER)
    out.update(custom)
    if media is not None:
        out["attachment-url"] = media  # last, as pushnorm writes it
    return out, lost


def bench(path, runs):
    with open(path, "rb") as f:
        records = [line for line in f.read().split(b"\n") if line]
    total = sum(len(r) for r in records)

    def one_pass():
        ok = failed = out_bytes = 0
        for record in records:
            try:
                payload, _ = convert(orjson.loads(record))
                out_bytes += len(orjson.dumps(payload))
                ok += 1
            except (ValueError, orjson.JSONDecodeError):
                failed += 1
        return ok, failed, out_bytes

    ok, failed, out_bytes = one_pass()  # warm-up
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        ok, failed, out_bytes = one_pass()
        seconds.append(time.perf_counter() - start)
    s = sorted(seconds)
    median = s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
    import resource
    print(orjson.dumps({
        "operation": "python-orjson-convert", "corpus": path, "records": len(records), "inputBytes": total,
        "ok": ok, "failed": failed, "outputBytes": out_bytes, "seconds": seconds, "median": median,
        "payloadsPerSecond": len(records) / median, "mbPerSecond": total / median / 1e6,
        "peakRSSKiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }).decode())


def answer(line):
    try:
        request = orjson.loads(line)
    except orjson.JSONDecodeError:
        return orjson.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error"}})
    if not isinstance(request, dict):
        return orjson.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "invalid request"}})
    rid = request.get("id")
    params = request.get("params")
    if request.get("method") != "convert" or not isinstance(params, dict):
        return orjson.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "method not found"}})
    payload = params.get("payload")
    if isinstance(payload, str):
        try:
            payload = orjson.loads(payload)
        except orjson.JSONDecodeError:
            payload = None
    try:
        out, lost = convert(payload)
    except ValueError as error:
        return orjson.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": 1003, "message": str(error)}})
    body = orjson.dumps(out)
    result = {"payload": out, "headers": {}, "size": len(body), "from": "zego",
              "lost": [{"path": p, "reason": "amazon has no place for this field"} for p in lost], "diagnostics": []}
    return orjson.dumps({"jsonrpc": "2.0", "id": rid, "result": result})


def rpc():
    pending = b""
    while True:
        block = os.read(0, 1 << 18)
        if not block:
            break
        pending += block
        lines = pending.split(b"\n")
        pending = lines.pop()
        answers = [answer(line) for line in lines if line.strip()]
        if answers:
            data = b"\n".join(answers) + b"\n"
            view = memoryview(data)
            while view:
                view = view[os.write(1, view):]
    if pending.strip():
        os.write(1, answer(pending) + b"\n")


def map_stream():
    for line in sys.stdin.buffer:
        if line.strip():
            out, _ = convert(orjson.loads(line))
            sys.stdout.buffer.write(orjson.dumps(out) + b"\n")


def main(argv):
    if argv[:1] == ["bench"] and len(argv) >= 2:
        runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
        bench(argv[1], runs)
    elif argv[:1] == ["rpc"]:
        rpc()
    elif argv[:1] == ["map"]:
        map_stream()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
