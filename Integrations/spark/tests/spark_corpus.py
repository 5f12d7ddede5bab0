"""The Spark tests' input: NDJSON files of mixed formats with deliberate bad records, and the same as Parquet.

Valid records come from the benchmark corpus generator (`Benchmarks/corpus.py`, every format, 200 B to 4 KB, 40 %
non-ASCII). About 2 % of the lines are bad on purpose: broken JSON (cut short, a stray comma), wrong types (a
string badge, an array or a number instead of an object, a record starting with `[`), invalid UTF-8, blank and
whitespace-only lines (no record, but they count as lines), and ZEGO records with extra payload keys that amazon
cannot carry (lossy: errors under --strict). Only the seed decides the output.
"""
from __future__ import annotations

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import corpus as benchcorpus  # noqa: E402

FILES = {  # name -> the formats its valid records are drawn from
    "a-apple.ndjson": ["apns", "hive", "amazon", "pinpoint"],
    "b-send-forms.ndjson": ["hive-local", "pinpoint-message", "sns", "zego-push-config"],
    "c-zego.ndjson": ["zego", "zego-offline-push", "zego-push-config"],
    "d-everything.ndjson": benchcorpus.FORMATS,
}


def bad_record(r: random.Random, g) -> bytes:
    kind = r.randrange(9)
    if kind == 0:
        return b'{"aps":{"alert":"cut short'
    if kind == 1:
        return b'{"aps":{"alert":"stray comma",}}'
    if kind == 2:
        return b'{"aps":{"alert":"wrong type","badge":"%d"}}' % r.randrange(100)
    if kind == 3:
        return b'[{"aps":{"alert":"an array, not an object"}}]'
    if kind == 4:
        return b"%d" % r.randrange(1000)
    if kind == 5:
        return b'{"aps":{"alert":"invalid utf-8 \xff\xfe here"}}'
    if kind == 6:
        return b'"a string"'
    if kind == 7:  # lossy: the extra payload key has no place in amazon (an error under --strict)
        return json.dumps({"aps": {"alert": "lossy %d" % r.randrange(1000)},
                           "payload": json.dumps({"image_attachment": "https://x.example/%d.jpg" % r.randrange(99),
                                                  "extra": r.randrange(99)})}).encode()
    return b'{"aps":{"alert":"sound of wrong type","sound":42}}'


def generate(directory: str, records: int = 100_000, seed: int = 15) -> dict:
    """Writes ndjson/<4 files> and returns {name: number of records (non-blank lines)}. Cached by a stamp."""
    stamp = os.path.join(directory, "stamp.json")
    want = {"records": records, "seed": seed, "version": 2}
    try:
        with open(stamp) as f:
            saved = json.load(f)
        if saved.get("want") == want:
            return saved["counts"]
    except (OSError, ValueError):
        pass
    os.makedirs(os.path.join(directory, "ndjson"), exist_ok=True)
    r = random.Random(seed)
    g = benchcorpus.Gen(seed)
    per_file = records // len(FILES)
    counts = {}
    for n, (name, formats) in enumerate(sorted(FILES.items())):
        want_records = per_file if n < len(FILES) - 1 else records - per_file * (len(FILES) - 1)
        lines, made = [], 0
        while made < want_records:
            roll = r.random()
            if roll < 0.004:
                lines.append(r.choice([b"", b"   ", b"\t"]))  # blank: a line, not a record
                continue
            if roll < 0.024 or made == want_records - 1:  # the last line of each file is bad, unterminated
                lines.append(bad_record(r, g))
            else:
                lines.append(benchcorpus.make_record(g, r.choice(formats))[0])
            made += 1
        with open(os.path.join(directory, "ndjson", name), "wb") as f:
            f.write(b"\n".join(lines))  # no newline after the last line
        counts[name] = made
    with open(stamp, "w") as f:
        json.dump({"want": want, "counts": counts}, f)
    return counts


def write_parquet(directory: str, target: str) -> dict:
    """One Parquet file per NDJSON file, column `payload` (string) plus `line`: its records that are valid UTF-8,
    with two nulls, in small row groups (several Spark blocks per file). Returns {name: [payload or None, ...]}."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    os.makedirs(target, exist_ok=True)
    rows = {}
    for name in sorted(FILES):
        values = []
        with open(os.path.join(directory, "ndjson", name), "rb") as f:
            for line in f.read().split(b"\n"):
                if not line.strip(b" \t\r"):
                    continue
                try:
                    values.append(line.decode("utf-8"))
                except UnicodeDecodeError:
                    continue
        values.insert(len(values) // 3, None)
        values.insert(2 * len(values) // 3, None)
        table = pa.table({"payload": pa.array(values, pa.string()),
                          "line": pa.array(range(1, len(values) + 1), pa.int64())})
        pq.write_table(table, os.path.join(target, name.replace(".ndjson", ".parquet")), row_group_size=4000)
        rows[name] = values
    return rows
