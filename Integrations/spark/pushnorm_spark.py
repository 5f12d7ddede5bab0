#!/usr/bin/env python3
"""Convert push payloads on Apache Spark with the semantics of `pushnorm convert`.

  spark-submit Integrations/spark/pushnorm_spark.py --from F --to T --input IN --output OUT [--strict]
      [--allow-invalid] [--failures-ok] [--options FILE] [--pushnorm PATH] [--input-format ndjson|parquet]
      [--column payload] [--report-loss]

--allow-invalid means what it means to `pushnorm convert` (records with error findings are converted anyway).
Exit status: 0 ok; 1 some records failed (0 with --failures-ok); 2 usage; 3 the job failed (OUT incomplete,
no summary.json). The library is the `pushnormspark` package beside this file.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pushnormspark.job import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
