import os
import pathlib
import stat
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
try:
    import pushnormaliser  # noqa: F401  (installed: pip install ./Clients/python)
except ImportError:
    sys.path.insert(0, str(HERE.parent / "src"))  # the package as checked out
ROOT = HERE.parent.parent.parent


@pytest.fixture(scope="session")
def executable() -> str:
    """$PUSHNORM, else the checkout's debug build (`make test` builds it first)."""
    path = os.environ.get("PUSHNORM") or str(ROOT / ".build" / "debug" / "pushnorm")
    assert os.access(path, os.X_OK), f"{path} is not built: swift build --product pushnorm, or set PUSHNORM"
    return path


@pytest.fixture
def silent_server(tmp_path: pathlib.Path) -> str:
    """A stand-in for pushnorm that reads its input and never answers (a hung server)."""
    script = tmp_path / "pushnorm-silent"
    script.write_text("#!/bin/sh\nwhile read -r line; do :; done\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.fixture(scope="session")
def openrpc() -> dict:
    import json

    return json.loads((ROOT / "rpc-spec" / "openrpc.json").read_text(encoding="utf-8"))
