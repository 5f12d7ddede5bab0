"""Makes this package importable on the executors (`SparkContext.addPyFile` of a zip, once per context)."""
from __future__ import annotations

import os
import tempfile
import zipfile

_shipped: set[str] = set()


def ship_package(spark) -> None:
    context = spark.sparkContext
    key = context.applicationId
    if key in _shipped:
        return
    package = os.path.dirname(os.path.abspath(__file__))
    directory = tempfile.mkdtemp(prefix="pushnormspark-")
    archive = os.path.join(directory, "pushnormspark.zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                zf.write(os.path.join(package, name), "pushnormspark/" + name)
    context.addPyFile(archive)
    _shipped.add(key)
