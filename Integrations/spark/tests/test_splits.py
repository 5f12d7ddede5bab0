"""Splits of NDJSON files: every line belongs to exactly one split, whatever the split size; plus .gz input,
--options reaching the children, and the job's exit status."""
import gzip
import json
import os
import random

import pytest
from conftest import ROOT, read_lines, reference

from pushnormspark import JobOptions, JobResult, run_job
from pushnormspark.direct import Split, _Counter, _split_bytes
from pushnormspark.job import exit_status, parse_arguments
from pushnormspark.partition import ConvertConfig


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64, 1000, 10**6])
def test_every_line_in_exactly_one_split(tmp_path, size):
    r = random.Random(size)
    lines = [b"x" * r.randrange(0, 40) for _ in range(300)]
    for ending in (b"", b"\n"):
        data = b"\n".join(lines) + ending
        path = tmp_path / "f.ndjson"
        path.write_bytes(data)
        starts = [0] + [i + 1 for i, byte in enumerate(data) if byte == 0x0A and i + 1 < len(data)]
        pieces = []
        for start in range(0, max(len(data), 1), size):
            end = min(len(data), start + size)
            with open(path, "rb") as f:
                piece = b"".join(_split_bytes(f, Split(0, 0, str(path), start, end)))
            owned = [p for p in starts if start <= p < end]  # the lines that start in [start, end)
            first, after = (owned[0], next((p for p in starts if p >= end), len(data))) if owned else (0, 0)
            assert piece == data[first:after], (start, end)
            pieces.append(piece)
        assert b"".join(pieces) == data


def test_counter_counts_lines_and_records_across_blocks():
    counter = _Counter()
    blocks = [b'{"a":1}\n\n  \n{"b"', b':2}\r\n\t', b"\n{}"]
    assert b"".join(counter.count(iter(blocks))) == b"".join(blocks)
    assert (counter.lines, counter.records) == (6, 3)


def test_gzip_input_and_options_reach_the_children(spark, pushnorm, tmp_path):
    source = os.path.join(ROOT, "Examples", "spark", "delivered.ndjson")
    gz = tmp_path / "in" / "delivered.ndjson.gz"
    gz.parent.mkdir()
    with open(source, "rb") as f, gzip.open(gz, "wb") as g:
        g.write(f.read())
    options = tmp_path / "options.json"
    options.write_text(json.dumps({"amazonMediaPlacement": "data"}))
    out = str(tmp_path / "out")
    result = run_job(spark, JobOptions(from_="auto", to="amazon", input=str(gz.parent), output=out,
                                       options=str(options), pushnorm=pushnorm))
    payloads = read_lines(os.path.join(out, "payloads", "delivered.ndjson.gz", "part-*.ndjson"))
    expected = [line for line in reference(pushnorm, source, "--options", str(options))
                if not line.startswith(b'{"error":')]
    assert payloads == expected and result.records == 14 and result.failed == 1
    assert any(json.loads(p).get("data", {}).get("attachment-url") for p in payloads)


def test_exit_status_and_arguments():
    options = parse_arguments(["--to", "amazon", "--input", "in", "--output", "out", "--failures-ok",
                               "--allow-invalid", "--input-format", "parquet", "--column", "body"])
    assert (options.from_, options.to, options.failures_ok, options.input_format, options.column) == (
        "auto", "amazon", True, "parquet", "body")
    # --allow-invalid is pushnorm convert's: the children get it; it does not change the exit status.
    assert options.allow_invalid
    assert "--allow-invalid" in ConvertConfig(from_="auto", to="amazon", allow_invalid=True).argv("pushnorm", None)
    assert exit_status(JobResult(records=2, converted=1, failed=1), options) == 0
    options.failures_ok = False
    assert exit_status(JobResult(records=2, converted=1, failed=1), options) == 1
    assert exit_status(JobResult(records=2, converted=2), options) == 0
    with pytest.raises(SystemExit) as exited:
        parse_arguments(["--to", "amazon"])
    assert exited.value.code == 2


def test_report_loss_on_the_direct_path(spark, pushnorm, tmp_path):
    import collections
    source = os.path.join(ROOT, "Examples", "spark")
    out = str(tmp_path / "out")
    result = run_job(spark, JobOptions(from_="auto", to="amazon", input=source, output=out, report_loss=True,
                                       pushnorm=pushnorm))
    lost = collections.Counter()
    lossy = 0
    for name in ("delivered.ndjson", "send-forms.ndjson"):
        expected = [line for line in reference(pushnorm, os.path.join(source, name), "--report-loss")
                    if not line.startswith(b'{"error":')]
        assert read_lines(os.path.join(out, "payloads", name, "part-*.ndjson")) == expected
        for line in expected:
            items = json.loads(line)["lost"]
            lossy += bool(items)
            lost.update(item["path"] for item in items)
    assert (result.lossy, result.lost) == (lossy, dict(sorted(lost.items())))
    with open(os.path.join(out, "summary.json")) as f:
        assert json.load(f)["lost"] == result.lost
