#!/usr/bin/env python3
"""Convert a push payload with `pushnorm rpc` (JSON-RPC 2.0, NDJSON framing). Standard library only.

    python3 Examples/python/convert.py [payload.json] [--from auto] [--to apns] [--strict]

The executable is $PUSHNORM, else .build/debug/pushnorm in this checkout, else `pushnorm` on PATH.
Without a payload file a small APNs payload is converted. Prints the `convert` result (or the error) as JSON.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLE = {"aps": {"alert": {"title": "Sale", "body": "50% off today"}, "badge": 1, "sound": "default"}, "campaign": "spring"}


def executable():
    candidates = [os.environ.get("PUSHNORM"), os.path.join(ROOT, ".build", "debug", "pushnorm"), shutil.which("pushnorm")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("pushnorm not found: build it (swift build --product pushnorm) or set PUSHNORM")


class Client:
    """One `pushnorm rpc` process; one request per line, one reply per line."""

    def __init__(self, path):
        self.process = subprocess.Popen([path, "rpc"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.next_id = 1

    def call(self, method, params):
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.next_id += 1
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        assert reply["id"] == request["id"]
        if "error" in reply:
            raise RuntimeError(json.dumps(reply["error"], indent=2))
        return reply["result"]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("payload", nargs="?", help="a JSON payload file (default: a sample APNs payload)")
    parser.add_argument("--from", dest="source", default="auto")
    parser.add_argument("--to", default="apns")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    payload = SAMPLE
    if args.payload:
        with open(args.payload, encoding="utf-8") as f:
            payload = json.load(f)
    client = Client(executable())
    try:
        result = client.call("convert", {"payload": payload, "from": args.source, "to": args.to, "strict": args.strict})
    except RuntimeError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
    finally:
        client.close()
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
