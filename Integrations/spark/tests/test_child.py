"""The child process stream without Spark: big records both ways, a child that dies, one that lies."""
import os
import stat
import textwrap

import pyarrow as pa
import pytest

from pushnormspark.child import ConverterChild, ConverterFailed
from pushnormspark.partition import ConvertConfig, FileBlocksConverter, split_output


def fake(tmp_path, body: str) -> str:
    path = tmp_path / "fake-pushnorm"
    path.write_text("#!/usr/bin/env python3\nimport sys\n" + textwrap.dedent(body))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_large_records_both_ways_do_not_deadlock(pushnorm):
    # 16 runs of 20 records of ~100 KB: far beyond any pipe buffer, in both directions at once.
    body = "x" * 100_000
    runs = [(n, [b'{"aps":{"alert":"%d"},"k":"%s"}' % (n * 20 + i, body.encode()) for i in range(20)])
            for n in range(16)]
    child = ConverterChild([pushnorm, "convert", "--ndjson", "--from", "apns", "--to", "amazon", "--report-loss",
                          "--allow-invalid"])  # over the APNs size limit on purpose: converted with the finding
    outputs = list(child.stream(iter(runs)))
    assert [meta for meta, _ in outputs] == list(range(16))
    for meta, lines in outputs:
        assert len(lines) == 20
        for i, line in enumerate(lines):
            payload, lost = split_output(line)
            assert payload.startswith(b'{"aps":{"alert":"%d"}' % (meta * 20 + i)) and lost is None
    assert child.returncode == 0


def test_no_child_without_records(tmp_path):
    child = ConverterChild([str(tmp_path / "does-not-exist")])
    assert list(child.stream(iter([("a", []), ("b", [])]))) == [("a", []), ("b", [])]
    assert child.returncode is None


def test_a_child_that_dies_fails_the_stream(tmp_path):
    dies = fake(tmp_path, """
        for n, line in enumerate(sys.stdin):
            if n == 3:
                sys.stderr.write("simulated crash\\n")
                sys.exit(134)
            print('{"payload":{},"lost":[]}', flush=True)
    """)
    child = ConverterChild([dies])
    with pytest.raises(ConverterFailed, match="simulated crash"):
        list(child.stream(iter([(0, [b"{}"] * 10)])))


def test_missing_lines_or_a_wrong_exit_status_fail_the_stream(tmp_path):
    short = fake(tmp_path, """
        lines = sys.stdin.read().splitlines()
        print('{"payload":{},"lost":[]}\\n' * (len(lines) - 1), end="")
    """)
    with pytest.raises(ConverterFailed, match="output ended"):
        list(ConverterChild([short]).stream(iter([(0, [b"{}"] * 5)])))
    status = fake(tmp_path, """
        for line in sys.stdin:
            print('{"payload":{},"lost":[]}')
        sys.exit(1)
    """)
    converter = FileBlocksConverter(ConvertConfig(from_="auto", to="amazon",
                                                  binary=__import__("pushnormspark.binary").binary.BinarySpec(
                                                      path=status)), {"file:///in.ndjson": 0}, parquet=False)
    batch = pa.RecordBatch.from_arrays([pa.array([b"{}"], pa.binary()), pa.array(["file:/in.ndjson"]),
                                        pa.array([0], pa.int64())], names=["value", "file", "block"])
    with pytest.raises(ConverterFailed, match="exited 1"):
        list(converter(iter([batch])))


def test_blocks_lines_and_a_first_record_starting_with_a_bracket(pushnorm):
    from pushnormspark import binary
    values = [b'[{"aps":{}}]', b"", b'{"aps":{"alert":"a"}}', b"  ", b'{"aps":{"badge":"x"}}',
              b'{"aps":{"alert":"b"}}']
    files = ["file:/in/a%20b.ndjson"] * 4 + ["file:///in/c.ndjson"] * 2
    blocks = [100, 100, 100, 100, 0, 0]
    batch = pa.RecordBatch.from_arrays([pa.array(values, pa.binary()), pa.array(files), pa.array(blocks, pa.int64())],
                                       names=["value", "file", "block"])
    converter = FileBlocksConverter(
        ConvertConfig(from_="apns", to="amazon", binary=binary.BinarySpec(path=pushnorm)),
        {"file:///in/a b.ndjson": 0, "file:///in/c.ndjson": 1}, parquet=False)
    rows = pa.Table.from_batches(list(converter(iter([batch])))).to_pylist()
    staged = [(r["kind"], r["input"], r["text"]) for r in rows]
    assert [s[:2] for s in staged] == [("payload", 0), ("error", 0), ("payload", 1), ("error", 1),
                                       ("stats", 0), ("stats", 1)]
    assert staged[0][2] == b'{"aps":{"alert":"a"}}'
    assert staged[1][2].startswith(b'{"input":0,"block":100,"line":1,"record":1,"error":{"record":1,')
    assert staged[3][2].startswith(b'{"input":1,"block":0,"line":1,"record":1,"error":{"record":3,')
    assert b'"lines":4,"records":2,"converted":1,"outputs":1,"lossy":0,"failed":1' in staged[4][2]
    assert [r["seq"] for r in rows] == sorted(r["seq"] for r in rows)


def test_dist_binary_is_relocatable(pushnorm, tmp_path):
    """`make dist`'s binary carries the Swift runtime: it runs from anywhere with Debian's C libraries alone."""
    if "/dist/" not in pushnorm:
        pytest.skip("PUSHNORM is not the `make dist` binary")
    import shutil
    import subprocess
    libraries = subprocess.run(["ldd", pushnorm], capture_output=True, text=True).stdout
    assert "libswift" not in libraries and "libFoundation" not in libraries, libraries
    moved = tmp_path / "pushnorm"
    shutil.copy2(pushnorm, moved)
    run = subprocess.run([str(moved), "convert", "--from", "zego", "--to", "amazon", "--ndjson"], cwd=tmp_path,
                         input=b'{"aps":{"alert":"hi"},"payload":"{\\"image_attachment\\":\\"https://x.example/a.jpg\\"}"}\n',
                         capture_output=True, env={"PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    assert run.stdout == b'{"aps":{"alert":"hi"},"attachment-url":"https://x.example/a.jpg"}\n'
