"""Run by `make test-packages` with the installed wheel's Python, from an empty directory, with the environment
emptied (PATH=/usr/bin:/bin): the client finds the pushnorm bundled in the wheel, the binary loads the libraries
bundled beside it (none from the toolchain or the checkout), and a payload converts."""

import json
import os
import subprocess
import sys

import pushnormaliser
from pushnormaliser import Client

payload, checkout = json.loads(sys.argv[1]), sys.argv[2]
binary = pushnormaliser.bundled_executable()
assert binary and binary.startswith(sys.prefix), f"no bundled binary in the venv: {binary}"
libraries = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
wrong = [line for line in libraries.splitlines() if "not found" in line or "/opt/swift" in line or checkout in line]
assert not wrong, wrong
assert "pushnormaliser.libs/libjansson" in libraries and "pushnormaliser.libs/libsimdjson" in libraries, libraries
with Client() as client:
    assert client.executable == binary, client.executable
    result = client.convert(payload, to="fcm")
assert result["payload"]["notification"]["title"] == payload["aps"]["alert"]["title"], result
print(f"test-packages: the wheel ({pushnormaliser.__version__}) converts with its bundled "
      f"{os.path.relpath(binary, sys.prefix)}")
