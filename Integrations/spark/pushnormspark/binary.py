"""Where the `pushnorm` executable comes from, on the driver and on the executors.

Order on an executor: the file shipped by the driver for `--pushnorm PATH` (when PATH exists on the driver), else
PATH itself (installed on every executor), else a `pushnorm` shipped with `spark-submit --files`
(`SparkFiles`), else `pushnorm` on the executor's PATH.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass

SHIPPED_NAME = "pushnorm"


@dataclass(frozen=True)
class BinarySpec:
    shipped: str | None = None  # a name in SparkFiles (the driver called addFile)
    path: str | None = None  # a path valid on the executors


class BinaryNotFound(RuntimeError):
    pass


def plan(spark, pushnorm: str | None) -> BinarySpec:
    """Driver side: ship `pushnorm` when it is a file here, else pass the path on as is."""
    if pushnorm and os.path.isfile(pushnorm):
        # SparkFiles keys files by name and refuses a second, different file of the same name in one context:
        # ship it under a name that changes with the file.
        path = os.path.realpath(pushnorm)
        info = os.stat(path)
        key = hashlib.sha1(("%s:%d:%d" % (path, info.st_size, info.st_mtime_ns)).encode()).hexdigest()[:12]
        links = os.path.join(tempfile.gettempdir(), "pushnormspark-binaries")
        os.makedirs(links, exist_ok=True)
        link = os.path.join(links, "pushnorm-" + key)
        if not os.path.exists(link):  # a copy, not a symlink: addFile resolves links back to the original name
            partial = "%s.%d" % (link, os.getpid())
            try:
                os.link(path, partial)
            except OSError:
                shutil.copy2(path, partial)
            os.replace(partial, link)
        spark.sparkContext.addFile(link)
        return BinarySpec(shipped=os.path.basename(link))
    if pushnorm:
        return BinarySpec(path=pushnorm)
    return BinarySpec()


def on_driver(pushnorm: str | None) -> str | None:
    """A binary the driver can run to check the arguments (None: the executors alone have one)."""
    if pushnorm:
        return pushnorm if os.path.isfile(pushnorm) else None
    shipped = _spark_file(SHIPPED_NAME)
    return shipped or shutil.which("pushnorm")


def resolve(spec: BinarySpec) -> str:
    """Executor side: the executable to run."""
    if spec.shipped:
        found = _spark_file(spec.shipped)
        if found is None:
            raise BinaryNotFound("the shipped pushnorm (%s) is not in SparkFiles on this executor" % spec.shipped)
        return found
    if spec.path:
        return spec.path
    found = _spark_file(SHIPPED_NAME) or shutil.which("pushnorm")
    if found is None:
        raise BinaryNotFound("no pushnorm executable on this executor: ship one with `spark-submit --files "
                             ".../pushnorm`, pass --pushnorm PATH, or install pushnorm on the executors' PATH")
    return found


def _spark_file(name: str) -> str | None:
    try:
        from pyspark import SparkFiles
        path = SparkFiles.get(name)
    except Exception:  # no SparkContext / no SparkFiles root here
        return None
    if not os.path.isfile(path):
        return None
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        try:
            os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            pass
    return path
