"""The job on 100 000 records over 4 NDJSON files (and the same as Parquet), against `pushnorm convert` per file."""
import collections
import json
import os
import re

import pytest
from conftest import read_errors, read_lines, reference

from pushnormspark import JobOptions, run_job
from pushnormspark.job import UsageError

SUMMARY_LINE = re.compile(r"^converted \d+, lossy \d+, failed \d+, \d+\.\d{3} s, \d+ records/s$")


def split_reference(lines):
    payloads = [line for line in lines if not line.startswith(b'{"error":')]
    errors = [json.loads(line)["error"] for line in lines if line.startswith(b'{"error":')]
    return payloads, errors


def test_ndjson_strict_matches_pushnorm_convert_file_by_file(spark, pushnorm, corpus, tmp_path):
    directory, counts = corpus
    out = str(tmp_path / "out")
    result = run_job(spark, JobOptions(from_="auto", to="amazon", input=os.path.join(directory, "ndjson"),
                                       output=out, strict=True, pushnorm=pushnorm))
    errors = read_errors(out)
    total_payloads = 0
    for name in sorted(counts):
        path = os.path.join(directory, "ndjson", name)
        expected_payloads, expected_errors = split_reference(reference(pushnorm, path, "--strict"))
        payloads = read_lines(os.path.join(out, "payloads", name, "part-*.ndjson"))
        assert payloads == expected_payloads, name  # same bytes, same order
        mine = [e for e in errors if e["file"] == path]
        assert [{k: v for k, v in e.items() if k != "file"} for e in mine] == expected_errors, name
        assert len(payloads) + len(mine) == counts[name]
        total_payloads += len(payloads)
    assert total_payloads + len(errors) == sum(counts.values()) == 100_000
    assert all(isinstance(e["line"], int) and e["line"] >= 1 and e["file"] for e in errors)
    assert errors == sorted(errors, key=lambda e: (e["file"], e["line"]))
    codes = collections.Counter(e["code"] for e in errors)
    for code in ("json.syntax", "json.truncated", "json.invalid-utf8", "apns.badge.not-integer",
                 "core.payload.not-object", "core.conversion.lost"):
        assert codes[code] > 0, (code, codes)

    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert (summary["records"], summary["converted"], summary["failed"]) == (100_000, total_payloads, len(errors))
    assert summary["outputs"] == summary["converted"]  # into amazon every record is one message
    assert summary["lossy"] == 0 and summary["lost"] == {}  # strict: a lossy record fails instead
    assert summary["seconds"] > 0
    assert [i["records"] for i in summary["inputs"]] == [counts[n] for n in sorted(counts)]
    assert SUMMARY_LINE.match(result.summary_line())
    assert not os.path.exists(os.path.join(out, "_staging"))


def test_parquet_with_report_loss(spark, pushnorm, corpus, tmp_path):
    import spark_corpus
    directory, _ = corpus
    rows = spark_corpus.write_parquet(directory, str(tmp_path / "parquet"))
    out = str(tmp_path / "out")
    run_job(spark, JobOptions(from_="auto", to="amazon", input=str(tmp_path / "parquet"), output=out,
                              input_format="parquet", column="payload", report_loss=True, pushnorm=pushnorm))
    errors = read_errors(out)
    lost = collections.Counter()
    lossy = 0
    for name, values in rows.items():
        parquet = str(tmp_path / "parquet" / name.replace(".ndjson", ".parquet"))
        sent = [n for n, v in enumerate(values, 1) if v is not None]
        source = tmp_path / (name + ".records")
        source.write_bytes(b"\n".join(values[n - 1].encode() for n in sent) + b"\n")
        lines = reference(pushnorm, str(source), "--report-loss")
        expected_payloads, expected_errors = split_reference(lines)
        payloads = read_lines(os.path.join(out, "payloads", name.replace(".ndjson", ".parquet"), "part-*.ndjson"))
        assert payloads == expected_payloads, name
        for line in expected_payloads:
            items = json.loads(line)["lost"]
            lossy += bool(items)
            lost.update(item["path"] for item in items)
        mine = [e for e in errors if e["file"] == parquet]
        nulls = [e for e in mine if e["code"] == "spark.payload.null"]
        assert [e["line"] for e in nulls] == [n for n, v in enumerate(values, 1) if v is None]
        converted = [e for e in mine if e["code"] != "spark.payload.null"]
        # pushnorm numbers the records it saw; the job numbers Parquet rows (nulls included).
        assert [(e["line"], e["record"], e["code"], e["path"], e["message"]) for e in converted] == [
            (sent[e["record"] - 1], sent[e["record"] - 1], e["code"], e["path"], e["message"])
            for e in expected_errors], name
        assert len(payloads) + len(mine) == len(values)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert summary["records"] == sum(len(v) for v in rows.values())
    assert summary["lossy"] == lossy > 0
    assert summary["lost"] == dict(sorted(lost.items()))


def test_convert_dataframe_row_for_row(spark, pushnorm, corpus, tmp_path):
    import spark_corpus
    from pyspark.sql import functions as F

    from pushnormspark import convert_dataframe
    directory, _ = corpus
    rows = spark_corpus.write_parquet(directory, str(tmp_path / "parquet"))
    frame = (spark.read.parquet(str(tmp_path / "parquet")).withColumnRenamed("payload", "source")
             .withColumn("file", F.col("_metadata.file_name")))
    converted = convert_dataframe(frame, "source", "auto", "amazon", pushnorm=pushnorm)
    assert converted.columns == ["source", "line", "file", "payload", "lost", "error", "recipient", "headers"]
    collected = converted.select("file", "line", "payload", "lost", "error", "recipient", "headers").collect()
    by_file = collections.defaultdict(list)
    for row in collected:
        by_file[row.file].append(row)
    for name, values in rows.items():
        mine = by_file[name.replace(".ndjson", ".parquet")]
        assert [r.line for r in mine] == sorted(r.line for r in mine)  # each partition keeps its order
        assert len(mine) == len(values)
        sent = [v for v in values if v is not None]
        source = tmp_path / (name + ".records")
        source.write_bytes(b"\n".join(v.encode() for v in sent) + b"\n")
        expected = iter(reference(pushnorm, str(source), "--report-loss"))
        for row, value in zip(mine, values):
            if value is None:
                assert row.payload is None and row.error.code == "spark.payload.null"
                continue
            line = next(expected)
            if line.startswith(b'{"error":'):
                error = json.loads(line)["error"]
                assert row.payload is None and row.lost is None
                assert (row.error.code, row.error.path, row.error.message) == (
                    error["code"], error["path"], error["message"])
                assert json.loads(row.error.diagnostics) == error["diagnostics"]
            else:
                wrapper = json.loads(line)
                assert row.error is None
                assert json.loads(row.payload) == wrapper["payload"]
                assert line.startswith(b'{"payload":' + row.payload.encode() + b',"lost":')  # same bytes
                assert [{"path": i.path, "reason": i.reason} for i in row.lost] == wrapper["lost"]
            assert row.recipient is None and row.headers is None  # into amazon no record fans out


def test_usage_errors(spark, pushnorm, corpus, tmp_path):
    directory, _ = corpus
    existing = tmp_path / "exists"
    existing.mkdir()
    with pytest.raises(UsageError, match="exists"):
        run_job(spark, JobOptions(from_="auto", to="amazon", input=directory, output=str(existing)))
    with pytest.raises(UsageError, match="carrier-pigeon"):
        run_job(spark, JobOptions(from_="auto", to="carrier-pigeon", input=os.path.join(directory, "ndjson"),
                                  output=str(tmp_path / "o1"), pushnorm=pushnorm))
    bad = tmp_path / "bad-options.json"
    bad.write_text('{"amazonMediaPlacement": "sideways"}')
    with pytest.raises(UsageError, match="options"):
        run_job(spark, JobOptions(from_="auto", to="amazon", input=os.path.join(directory, "ndjson"),
                                  output=str(tmp_path / "o2"), options=str(bad), pushnorm=pushnorm))
