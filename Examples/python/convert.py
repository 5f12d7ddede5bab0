#!/usr/bin/env python3
"""Convert push payloads with the `pushnormaliser` client (Clients/python) over `pushnorm rpc`.

    python3 Examples/python/convert.py [payload.json ...] [--from auto] [--to apns] [--strict]

The executable is $PUSHNORM, else .build/debug/pushnorm in this checkout, else `pushnorm` on PATH. Without a
payload file a small APNs payload is converted; with several, they are pipelined with `convert_many`. Prints each
`convert` result (or error) as JSON.
"""

import argparse
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
try:
    import pushnormaliser  # installed: pip install ./Clients/python
except ImportError:  # run from the checkout
    sys.path.insert(0, os.path.join(ROOT, "Clients", "python", "src"))
    import pushnormaliser

from pushnormaliser import Client, PushnormError

SAMPLE = {"aps": {"alert": {"title": "Sale", "body": "50% off today"}, "badge": 1, "sound": "default"}, "campaign": "spring"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("payloads", nargs="*", help="JSON payload files (default: a sample APNs payload)")
    parser.add_argument("--from", dest="source", default="auto")
    parser.add_argument("--to", default="apns")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    payloads = []
    for name in args.payloads:
        with open(name, encoding="utf-8") as file:
            payloads.append(json.load(file))
    local = os.path.join(ROOT, ".build", "debug", "pushnorm")
    executable = None if os.environ.get("PUSHNORM") or not os.access(local, os.X_OK) else local
    failed = 0
    with Client(executable) as client:
        results = client.convert_many(payloads or [SAMPLE], args.source, args.to, args.strict, return_errors=True)
        for result in results:
            if isinstance(result, PushnormError):
                failed += 1
                print(json.dumps({"code": result.code, "message": result.message, "data": result.data}, indent=2),
                      file=sys.stderr)
            else:
                print(json.dumps(result, indent=2, ensure_ascii=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
