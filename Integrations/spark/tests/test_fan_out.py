"""One input, many messages: a record that converts to several messages (a Pinpoint send to several addresses, a
legacy FCM `registration_ids` into `fcm`) becomes one output line, or row, per message, each with its record number,
label and index, in input order; the summary counts inputs and outputs. Against `pushnorm convert --ndjson`."""
import collections
import json
import os
import random
import re
import subprocess
import tempfile

import pytest
from conftest import read_errors, read_lines

from pushnormspark import JobOptions, convert_dataframe, run_job
from pushnormspark.child import ConverterChild, ConverterFailed, Messages
from pushnormspark.partition import LostTally, message_line, renumber, split_message

SUMMARY_LINE = re.compile(r"^converted (\d+) into (\d+) messages, lossy \d+, failed \d+, \d+\.\d{3} s, \d+ records/s$")


def token(r: random.Random) -> str:
    return "%064x" % r.getrandbits(256)


def fan_out_record(r: random.Random, n: int) -> bytes:
    """A record of the corpus: a Pinpoint send to 1-4 addresses (APNs headers from Priority, CollapseId,
    APNSPushType, and TimeToLive that `sendTime` turns into apns-expiration), a legacy FCM `registration_ids`, a
    plain APNs payload (one message), or a bad one (a record that fails)."""
    kind = r.randrange(10)
    if kind < 4:
        addresses = {}
        for a in range(1 + r.randrange(4)):
            address = {"ChannelType": r.choice(["APNS", "APNS", "APNS_SANDBOX", "GCM"])}
            if r.random() < 0.3:
                address["TitleOverride"] = "For you, nº %d" % a
            addresses[token(r)] = address
        apns = {"Title": "Back in stock %d" % n, "Body": "The blue jacket is back", "Priority": r.choice(["5", "10"]),
                "CollapseId": "restock-%d" % r.randrange(100), "APNSPushType": "alert"}
        if r.random() < 0.5:
            apns["TimeToLive"] = 3600
        return json.dumps({"Addresses": addresses, "MessageConfiguration": {
            "APNSMessage": apns, "GCMMessage": {"Title": "Back in stock %d" % n, "Body": "Tap to see it"}}},
            ensure_ascii=False).encode()
    if kind < 6:
        tokens = [token(r)[:40] for _ in range(1 + r.randrange(3))]
        return json.dumps({"registration_ids": tokens, "notification": {"title": "Sale %d" % n},
                           "data": {"n": str(n)}}).encode()
    if kind < 9:
        return json.dumps({"aps": {"alert": "one message %d" % n, "badge": n % 5}}).encode()
    return r.choice([b'{"aps":{"alert":"cut short', b'{"registration_ids":["x"],"time_to_live":"soon"}',
                     b'{"Addresses":{"t":{"ChannelType":"APNS"}},'
                     b'"MessageConfiguration":{"APNSMessage":{"Badge":"1"}}}'])


def write_corpus(path, records: int, seed: int) -> None:
    r = random.Random(seed)
    lines = []
    for n in range(records):
        if r.random() < 0.01:
            lines.append(b"")  # a blank line: a line, not a record
        lines.append(fan_out_record(r, n))
    path.write_bytes(b"\n".join(lines) + b"\n")


def reference(pushnorm: str, path, to: str, *arguments: str) -> tuple[list[bytes], dict]:
    """`pushnorm convert --ndjson` of one file: its output lines and its `--summary`."""
    handle, summary = tempfile.mkstemp(suffix=".json")  # not beside the input: the job reads that directory
    os.close(handle)
    run = subprocess.run([pushnorm, "convert", "--ndjson", "--to", to, "--summary", summary, *arguments, str(path)],
                         capture_output=True)
    assert run.returncode in (0, 1), run.stderr
    with open(summary) as f:
        written = json.load(f)
    os.unlink(summary)
    return run.stdout.split(b"\n")[:-1], written


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    directory = tmp_path_factory.mktemp("fan-out")
    (directory / "in").mkdir()
    write_corpus(directory / "in" / "a.ndjson", 2500, 23)
    write_corpus(directory / "in" / "b.ndjson", 1500, 24)
    options = directory / "options.json"
    options.write_text(json.dumps({"sendTime": 1767225600}))
    return directory


@pytest.fixture
def small_splits(spark):
    """Splits of 64 KiB: every file spans several tasks, so most message records are numbered past a split's start."""
    key = "spark.sql.files.maxPartitionBytes"
    before = spark.conf.get(key)
    spark.conf.set(key, str(64 << 10))
    yield
    spark.conf.set(key, before)


# Into a delivered target with the losses, and into a send form without (each job costs CI about half a minute).
@pytest.mark.parametrize("to,report_loss", [("apns", True), ("fcm", False)])
def test_ndjson_fan_out_matches_pushnorm_convert(spark, pushnorm, corpus, small_splits, tmp_path, to, report_loss):
    out = str(tmp_path / "out")
    options = str(corpus / "options.json")
    result = run_job(spark, JobOptions(from_="auto", to=to, input=str(corpus / "in"), output=out, options=options,
                                       report_loss=report_loss, pushnorm=pushnorm))
    errors = read_errors(out)
    totals = collections.Counter()
    for name in ("a.ndjson", "b.ndjson"):
        path = corpus / "in" / name
        lines, summary = reference(pushnorm, path, to, "--options", options,
                                   *(["--report-loss"] if report_loss else []))
        expected = [line for line in lines if not line.startswith(b'{"error":')]
        payloads = read_lines(os.path.join(out, "payloads", name, "part-*.ndjson"))
        assert payloads == expected, name  # same bytes, same order, message records numbered in the file
        assert len(read_lines(os.path.join(out, "payloads", name, "part-*.ndjson"))) == summary["outputs"]
        mine = [{k: v for k, v in e.items() if k != "file"} for e in errors if e["file"] == str(path)]
        assert mine == [json.loads(line)["error"] for line in lines if line.startswith(b'{"error":')]
        for key in ("records", "converted", "outputs", "lossy", "failed"):
            totals[key] += summary[key]
        totals.update({"lost " + p: count for p, count in summary["lost"].items()})
    assert len(os.listdir(os.path.join(out, "payloads", "a.ndjson"))) > 5  # several splits per file
    messages = [json.loads(line) for line in read_lines(os.path.join(out, "payloads", "*", "part-*.ndjson"))
                if line.startswith(b'{"record":')]
    assert messages and all(m["recipient"]["label"] for m in messages)
    if to == "apns":  # a delivered target: the device token and the APNs headers beside each payload
        assert all(m["recipient"]["deviceToken"] and "headers" in m for m in messages)
        assert any(m["headers"].get("apns-expiration") == "1767229200" for m in messages)
        assert {"apns-push-type", "apns-priority", "apns-collapse-id"} <= {h for m in messages for h in m["headers"]}
    else:  # a send form: the token and headers are in the message
        assert all("headers" not in m and m["payload"]["token"] for m in messages)
    assert ("lost" in messages[0]) == report_loss

    with open(os.path.join(out, "summary.json")) as f:
        job = json.load(f)
    assert {key: job[key] for key in ("records", "converted", "outputs", "lossy", "failed")} == {
        key: totals[key] for key in ("records", "converted", "outputs", "lossy", "failed")}
    assert job["outputs"] > job["converted"] and job["records"] == 4000
    assert sorted(os.listdir(corpus / "in")) == ["a.ndjson", "b.ndjson"]
    assert job["lost"] == {p[len("lost "):]: count for p, count in sorted(totals.items()) if p.startswith("lost ")}
    assert (result.converted, result.outputs) == (job["converted"], job["outputs"])
    match = SUMMARY_LINE.match(result.summary_line())
    assert match and (int(match.group(1)), int(match.group(2))) == (job["converted"], job["outputs"])


def test_parquet_fan_out_numbers_messages_by_row(spark, pushnorm, corpus, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq
    values = [line.decode() if line else None
              for line in (corpus / "in" / "a.ndjson").read_bytes().split(b"\n")[:-1]]  # blank lines: nulls
    (tmp_path / "parquet").mkdir()
    pq.write_table(pa.table({"payload": pa.array(values, pa.string())}), str(tmp_path / "parquet" / "a.parquet"),
                   row_group_size=200)  # several Spark blocks
    out = str(tmp_path / "out")
    result = run_job(spark, JobOptions(from_="auto", to="apns", input=str(tmp_path / "parquet"), output=out,
                                       input_format="parquet", pushnorm=pushnorm))
    sent = [n for n, v in enumerate(values, 1) if v is not None]
    source = tmp_path / "records.ndjson"
    source.write_bytes(b"\n".join(values[n - 1].encode() for n in sent) + b"\n")
    lines, summary = reference(pushnorm, source, "apns")
    # pushnorm numbers the records it saw; the job numbers Parquet rows (nulls included).
    expected = [renumber(line, sent[json.loads(line)["record"] - 1]) if line.startswith(b'{"record":') else line
                for line in lines if not line.startswith(b'{"error":')]
    assert read_lines(os.path.join(out, "payloads", "a.parquet", "part-*.ndjson")) == expected
    assert sum(line.startswith(b'{"record":') for line in expected) > 100
    assert expected != [line for line in lines if not line.startswith(b'{"error":')]  # the nulls shift the rows
    nulls = len(values) - len(sent)
    assert (result.records, result.converted, result.outputs, result.failed) == (
        len(values), summary["converted"], summary["outputs"], summary["failed"] + nulls)


def test_convert_dataframe_one_row_per_message(spark, pushnorm):
    rows = [(1, json.dumps({"Addresses": {"tok-a": {"ChannelType": "APNS"}, "tok-b": {"ChannelType": "APNS_SANDBOX"},
                                          "tok-c": {"ChannelType": "APNS", "TitleOverride": "C!"}},
                            "MessageConfiguration": {"APNSMessage": {"Title": "T", "Priority": "5",
                                                                     "CollapseId": "c-1"}}})),
            (2, '{"aps":{"alert":"one"}}'),
            (3, None),
            (4, '{"registration_ids":["r1","r2"],"notification":{"title":"N"}}'),
            (5, '{"aps":{"badge":"x"}}')]
    frame = spark.createDataFrame(rows, "id int, source string").coalesce(1)
    converted = convert_dataframe(frame, "source", "auto", "apns", pushnorm=pushnorm)
    assert converted.columns == ["id", "source", "payload", "lost", "error", "recipient", "headers"]
    out = converted.collect()
    assert [r.id for r in out] == [1, 1, 1, 2, 3, 4, 4, 5]  # in order, a row per message
    first = out[:3]
    assert [r.recipient.label for r in first] == ["address 1 of 3 (APNS)", "address 2 of 3 (APNS_SANDBOX)",
                                                  "address 3 of 3 (APNS)"]
    # `index` and `count` are also tuple methods of a Row: read them by key.
    assert [(r.recipient["index"], r.recipient["count"]) for r in first] == [(1, 3), (2, 3), (3, 3)]
    assert converted.where("recipient.index = 2").select("id").collect()[0].id == 1
    assert [r.recipient.deviceToken for r in first] == ["tok-a", "tok-b", "tok-c"]
    assert all(dict(r.headers) == {"apns-priority": "5", "apns-collapse-id": "c-1"} for r in first)
    assert json.loads(first[2].payload) == {"aps": {"alert": {"title": "C!"}}}
    assert all(r.error is None and r.lost is not None for r in first)
    assert out[3].recipient is None and out[3].headers is None and json.loads(out[3].payload) == {
        "aps": {"alert": "one"}}
    assert out[4].payload is None and out[4].error.code == "spark.payload.null" and out[4].recipient is None
    assert [r.recipient.deviceToken for r in out[5:7]] == ["r1", "r2"] and out[5].headers == {}
    assert out[7].error.code == "apns.badge.not-integer" and out[7].recipient is None
    # Into a send form: the token is in the message, no headers beside it.
    fcm = convert_dataframe(frame, "source", "auto", "fcm", pushnorm=pushnorm).collect()
    assert [r.id for r in fcm] == [1, 1, 1, 2, 3, 4, 4, 5]
    assert all(r.headers is None and r.recipient.deviceToken is None for r in fcm if r.recipient)


# -- without Spark --------------------------------------------------------------------------------------

def test_the_child_stream_groups_a_records_messages(pushnorm, tmp_path):
    records = [b'{"registration_ids":["a","b","c"],"notification":{"title":"T"}}', b'{"to":"solo"}',
               b'{"registration_ids":["d"],"time_to_live":"soon"}', b'{"registration_ids":["e","f"]}']
    child = ConverterChild([pushnorm, "convert", "--ndjson", "--from", "fcm-legacy", "--to", "fcm",
                            "--report-loss"])
    (meta, out), = list(child.stream(iter([("run", records)])))
    assert meta == "run" and len(out) == 4 and child.returncode == 1
    assert isinstance(out[0], Messages) and len(out[0]) == 3 and isinstance(out[3], Messages) and len(out[3]) == 2
    assert out[1].startswith(b'{"payload":') and out[2].startswith(b'{"error":')
    assert [json.loads(line)["payload"]["token"] for line in out[0]] == ["a", "b", "c"]
    assert child.records_answered == 4 and child.lines_read == 7


def test_a_child_that_stops_within_a_records_messages_fails(tmp_path):
    import stat
    import textwrap
    path = tmp_path / "fake-pushnorm"
    path.write_text("#!/usr/bin/env python3\nimport sys\n" + textwrap.dedent("""
        sys.stdin.read()
        print('{"record":1,"recipient":{"index":1,"count":3,"label":"recipient 1 of 3"},"payload":{},"lost":[]}')
        print('{"record":1,"recipient":{"index":2,"count":3,"label":"recipient 2 of 3"},"payload":{},"lost":[]}')
    """))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(ConverterFailed, match="2 of the 3 messages of record 1"):
        list(ConverterChild([str(path)]).stream(iter([(0, [b"{}"])])))


def test_message_lines_are_cut_without_parsing_the_payload():
    payload = b'{"aps":{"alert":"a \\",\\"payload\\":"},"lost":[1],"headers":{"x":"y"}}'
    line = (b'{"record":7,"recipient":{"index":2,"count":2,"label":"a \\"label\\", \\"payload\\":"},'
            b'"headers":{"apns-priority":"5"},"payload":' + payload
            + b',"lost":[{"path":"/a","reason":"r"}],"diagnostics":[{"severity":"error","code":"c","path":"",'
            b'"message":"m"}]}')
    head, cut, lost = split_message(line)
    assert cut == payload and lost == b'[{"path":"/a","reason":"r"}]'
    assert json.loads(head + b"}")["headers"] == {"apns-priority": "5"}
    assert message_line(line, report_loss=False, record=1007) == (
        b'{"record":1007,' + head[len(b'{"record":7,'):] + b',"payload":' + payload + b"}")
    assert message_line(line, report_loss=True) == line
    assert split_message(b'{"record":1,"recipient":{"index":1,"count":1,"label":"l"},"payload":{},"lost":[]}')[2] \
        is None


def test_a_records_losses_count_each_path_once():
    tally = LostTally()
    tally.add_union([b'[{"path":"/a","reason":"r"}]'] * 3)
    tally.add_union([b'[{"path":"/a","reason":"r"}]', b'[{"path":"/a","reason":"r"},{"path":"/b","reason":"s"}]'])
    assert tally.counts() == {"/a": 2, "/b": 1}
