import glob
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SPARK_DIR = os.path.dirname(HERE)
ROOT = os.path.abspath(os.path.join(SPARK_DIR, "..", ".."))
sys.path.insert(0, SPARK_DIR)
sys.path.insert(0, HERE)


def find_pushnorm() -> str:
    for candidate in [os.environ.get("PUSHNORM"), os.path.join(ROOT, ".build", "dist", "pushnorm"),
                      os.path.join(ROOT, ".build", "release", "pushnorm"),
                      os.path.join(ROOT, ".build", "debug", "pushnorm")]:
        if candidate and os.path.isfile(candidate):
            return os.path.abspath(candidate)
    pytest.exit("no pushnorm executable: run `make dist` (or set PUSHNORM)", returncode=2)


@pytest.fixture(scope="session")
def pushnorm() -> str:
    return find_pushnorm()


@pytest.fixture(scope="session")
def spark():
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession
    # local[2,3]: 2 cores, and a failed task is tried up to 3 times, as on a cluster (plain local[2] never retries).
    session = (SparkSession.builder.master("local[2,3]").appName("pushnorm spark tests")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.shuffle.partitions", "2")
               # 33 MB files in 8 MiB blocks: every file spans several partitions, so line numbers and order
               # are carried across blocks.
               .config("spark.sql.files.maxPartitionBytes", str(8 << 20))
               .config("spark.driver.memory", "2g")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def corpus():
    import spark_corpus
    directory = os.path.join(ROOT, ".build", "spark-test-corpus")
    counts = spark_corpus.generate(directory)
    return directory, counts


def reference(pushnorm: str, path: str, *arguments: str) -> list[bytes]:
    """What `pushnorm convert` writes for a whole file: one line per record, error records in place."""
    run = subprocess.run([pushnorm, "convert", "--from", "auto", "--to", "amazon", "--jobs", "2", *arguments, path],
                         capture_output=True)
    assert run.returncode in (0, 1), run.stderr
    return run.stdout.split(b"\n")[:-1]


def read_lines(pattern: str) -> list[bytes]:
    lines = []
    for path in sorted(glob.glob(pattern)):
        with open(path, "rb") as f:
            lines += f.read().split(b"\n")[:-1]
    return lines


def read_errors(out: str) -> list[dict]:
    return [json.loads(line)["error"] for line in read_lines(os.path.join(out, "errors", "part-*"))]
