"""Input file names: Spark reports them as URIs, percent-encoded or not depending on where they come from."""
from __future__ import annotations

import posixpath
from urllib.parse import unquote, urlsplit


def normalise(uri: str) -> str:
    """One spelling per file: `scheme://authority/decoded/path` (`file:/x`, `file:///x` and `/x` agree)."""
    parts = urlsplit(uri)
    return "%s://%s%s" % (parts.scheme or "file", parts.netloc, unquote(parts.path))


def display(uri: str) -> str:
    """The name error records and the summary use: a plain path for local files, else the decoded URI."""
    normal = normalise(uri)
    return normal[len("file://"):] if normal.startswith("file://") else normal


def relative_names(uris: list[str]) -> list[str]:
    """Each file's path below the deepest directory holding them all (the folder name under `payloads/`)."""
    paths = [display(u) for u in uris]
    if not paths:
        return []
    common = posixpath.commonpath([posixpath.dirname(p) or "/" for p in paths]) if len(paths) > 1 \
        else posixpath.dirname(paths[0])
    return [posixpath.relpath(p, common) if common else p for p in paths]
