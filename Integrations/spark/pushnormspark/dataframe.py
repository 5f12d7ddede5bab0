"""`convert_dataframe`: for teams that already have a DataFrame of payloads."""
from __future__ import annotations

import json
from typing import Any, Mapping

from . import binary
from .partition import ColumnConverter, ConvertConfig
from .ship import ship_package

HIDDEN = "__pushnorm_input"
ADDED = ("payload", "lost", "error", "recipient", "headers")


def convert_dataframe(df, column: str, from_: str, to: str, options: Mapping[str, Any] | str | None = None,
                      strict: bool = False, *, allow_invalid: bool = False, pushnorm: str | None = None,
                      jobs_per_task: int = 1):
    """`df` with five columns added (replacing columns of those names), in each partition's order:

    - `payload` (string): the converted payload, exactly as `pushnorm convert` writes it; null when it failed;
    - `lost` (array of {path, reason}): what the conversion could not carry; null when it failed;
    - `error` (struct {code, path, message, diagnostics}: diagnostics as a JSON array): null when it converted;
    - `recipient` (struct {index, count, label, deviceToken}) and `headers` (map of APNs request headers): null but
      for a row converted into several messages (a Pinpoint send to several addresses, a legacy FCM
      `registration_ids` into `fcm`, a campaign's treatments), which becomes one row per message, its other columns
      repeated: `recipient` as in `pushnorm convert`'s message records (`deviceToken` when the payload names no
      recipient, `apns` and `adm`), `headers` for a delivered target (`apns`, `adm`; empty when none).

    Every other row stays one row. Keep an id column in `df` to tell which row a message comes from.

    `column` holds the payloads (string or binary). `options`: FormatOptions as a mapping, JSON text, or a
    path to a JSON file on the driver. `allow_invalid`: convert payloads with error findings anyway (as
    `pushnorm convert --allow-invalid`). Each partition streams through one `pushnorm convert` child; `pushnorm`
    names the executable (shipped when it is a file on the driver), else SparkFiles or PATH on the executors.
    Lazy, like any transformation: the children run when an action runs."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import (ArrayType, BinaryType, IntegerType, MapType, StringType, StructField, StructType)

    if column not in df.columns:
        raise ValueError("no column %r (columns: %s)" % (column, ", ".join(df.columns)))
    if not isinstance(df.schema[column].dataType, (StringType, BinaryType)):
        raise ValueError("column %r holds %s, not a string" % (column, df.schema[column].dataType.simpleString()))
    spark = df.sparkSession
    ship_package(spark)
    config = ConvertConfig(from_=from_, to=to, strict=strict, allow_invalid=allow_invalid,
                           options_json=_options_text(options),
                           binary=binary.plan(spark, pushnorm), jobs=jobs_per_task)
    keep = [name for name in df.columns if name not in ADDED]
    source = df.select(*[df[name] for name in keep], df[column].cast(BinaryType()).alias(HIDDEN))
    lost = ArrayType(StructType([StructField("path", StringType()), StructField("reason", StringType())]))
    error = StructType([StructField(name, StringType()) for name in ("code", "path", "message", "diagnostics")])
    recipient = StructType([StructField("index", IntegerType()), StructField("count", IntegerType()),
                            StructField("label", StringType()), StructField("deviceToken", StringType())])
    schema = StructType([df.schema[name] for name in keep] + [
        StructField("payload", StringType()), StructField("lost", lost), StructField("error", error),
        StructField("recipient", recipient), StructField("headers", MapType(StringType(), StringType()))])
    return source.mapInArrow(ColumnConverter(config, keep), schema)


def _options_text(options) -> str | None:
    if options is None:
        return None
    if isinstance(options, Mapping):
        return json.dumps(dict(options))
    text = str(options)
    if text.lstrip().startswith("{"):
        return text
    with open(text, encoding="utf-8") as f:
        return f.read()
