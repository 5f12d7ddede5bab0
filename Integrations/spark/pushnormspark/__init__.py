"""pushnorm on Apache Spark: convert push payloads at cluster scale with the semantics of `pushnorm convert`.

- `convert_dataframe(df, column, from_, to, options=None, strict=False)`: a DataFrame with `payload`, `lost`,
  `error`, `recipient` and `headers` columns added (a row converted into several messages: one row per message).
- `run_job(spark, JobOptions(...))` / `pushnorm_spark.py`: files in (NDJSON or Parquet), `payloads/`, `errors/`
  and `summary.json` out.
"""
from .child import ConverterFailed
from .dataframe import convert_dataframe
from .job import JobOptions, JobResult, UsageError, run_job

__all__ = ["convert_dataframe", "run_job", "JobOptions", "JobResult", "UsageError", "ConverterFailed"]
