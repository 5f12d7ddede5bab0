"""The Spark article's example (Sources/PushNormaliser/PushNormaliser.docc/ApacheSpark.md), run as a user would (spark-submit, local[2], the bundled examples), and the
bundled examples kept equal to Examples/payloads; a child that fails fails the job and leaves no output."""
import glob
import json
import os
import re
import stat
import subprocess
import sys

import pytest
from conftest import ROOT

from pushnormspark import JobOptions, run_job


def readme_example() -> str:
    article = os.path.join(ROOT, "Sources", "PushNormaliser", "PushNormaliser.docc", "ApacheSpark.md")
    with open(article, encoding="utf-8") as f:
        text = f.read()
    block = re.search(r"```sh\n(\. \.build/spark-venv/bin/activate\n.*?spark-submit .*?)```\n", text, re.S)
    assert block, "ApacheSpark.md lost its spark-submit example block"
    return block.group(1)


def test_bundled_examples_are_the_example_payloads():
    lines = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Examples", "spark", "*.ndjson"))):
        with open(path, encoding="utf-8") as f:
            lines += [json.loads(line) for line in f.read().splitlines()]
    payloads = []
    for path in glob.glob(os.path.join(ROOT, "Examples", "payloads", "*", "*.json")):
        with open(path, encoding="utf-8") as f:
            payloads.append(json.load(f))
    key = lambda value: json.dumps(value, sort_keys=True)  # noqa: E731
    assert sorted(map(key, lines)) == sorted(map(key, payloads))


def test_readme_spark_example_runs(pushnorm, tmp_path):
    out = str(tmp_path / "example")
    script = readme_example().replace("/tmp/pushnorm-spark-example", out)
    script = script.replace(".build/dist/pushnorm", pushnorm)
    env = dict(os.environ)
    env.pop("PYSPARK_PYTHON", None)  # the article's activate must be enough
    run = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, env=env, timeout=600)
    stderr = run.stderr.decode()
    assert re.search(r"^converted 29, lossy 18, failed 1, \d+\.\d{3} s, \d+ records/s$", stderr, re.M), stderr[-3000:]
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert (summary["records"], summary["converted"], summary["lossy"], summary["failed"]) == (30, 29, 18, 1)
    error = json.loads(run.stdout.decode().strip().splitlines()[-1])["error"]
    assert error["file"].endswith("Examples/spark/delivered.ndjson") and error["code"] == "apns.badge.not-integer"
    # The batch summary's added keys (the model `pushnorm convert --summary` writes): `pushnorm report` renders it.
    assert summary["operation"] == "convert" and summary["version"] and summary["command"]
    assert sum(summary["sources"].values()) == 30
    assert summary["failures"][0]["file"] == error["file"] and summary["failures"][0]["line"] == error["line"]
    assert summary["codes"]["apns.badge.not-integer"] == {
        "count": 1, "severity": "error", "summary": "`badge` is not an integer."}
    assert set(summary["lostReasons"]) == set(summary["lost"])
    assert 0 < len(summary["samples"]) <= summary["limits"]["samples"]
    report = subprocess.run([pushnorm, "report", os.path.join(out, "summary.json"), "-o", str(tmp_path / "r.html")],
                            capture_output=True)
    assert report.returncode == 0, report.stderr
    names = sorted(os.listdir(os.path.join(out, "payloads")))
    assert names == ["delivered.ndjson", "send-forms.ndjson"]


def test_a_failing_child_fails_the_job_and_leaves_no_output(spark, tmp_path):
    dies = tmp_path / "pushnorm"
    dies.write_text("#!%s\nimport sys\nsys.stdin.readline()\nsys.stderr.write('simulated crash\\n')\nsys.exit(134)\n"
                    % sys.executable)
    dies.chmod(dies.stat().st_mode | stat.S_IXUSR)
    out = str(tmp_path / "out")
    with pytest.raises(Exception, match="simulated crash"):
        run_job(spark, JobOptions(from_="auto", to="amazon", input=os.path.join(ROOT, "Examples", "spark"),
                                  output=out, pushnorm=str(dies)))
    assert not os.path.exists(out)


def test_a_retried_task_leaves_exactly_one_copy_of_its_split(spark, pushnorm, tmp_path):
    """The first attempt of the first task gets a child that answers one line and dies; Spark retries the task
    (the session is local[2,3]) and the output is what an undisturbed run writes."""
    from conftest import read_lines, reference
    marker = tmp_path / "failed-once"
    flaky = tmp_path / "flaky-pushnorm"
    flaky.write_text(
        "#!%s\nimport os, subprocess, sys\ndata = sys.stdin.buffer.read()\n"
        "if len(data) > 1000 and not os.path.exists(%r):\n"
        "    open(%r, 'w').close()\n"
        "    sys.stdout.buffer.write(b'{\"payload\":{},\"lost\":[]}\\n')\n"
        "    sys.stderr.write('injected failure\\n')\n"
        "    sys.exit(70)\n"
        "sys.exit(subprocess.run([%r] + sys.argv[1:], input=data).returncode)\n"
        % (sys.executable, str(marker), str(marker), pushnorm))
    flaky.chmod(flaky.stat().st_mode | stat.S_IXUSR)
    out = str(tmp_path / "out")
    result = run_job(spark, JobOptions(from_="auto", to="amazon", input=os.path.join(ROOT, "Examples", "spark"),
                                       output=out, pushnorm=str(flaky)))
    assert marker.exists()  # the first attempt did fail
    assert (result.records, result.failed) == (30, 1)
    for name in ("delivered.ndjson", "send-forms.ndjson"):
        expected = [line for line in reference(pushnorm, os.path.join(ROOT, "Examples", "spark", name))
                    if not line.startswith(b'{"error":')]
        assert read_lines(os.path.join(out, "payloads", name, "part-*.ndjson")) == expected
    assert sorted(os.listdir(out)) == ["errors", "payloads", "summary.json"]
