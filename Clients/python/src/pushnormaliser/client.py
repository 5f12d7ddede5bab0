"""One `pushnorm rpc` child process, spoken to in JSON-RPC 2.0 over NDJSON (one message per line).

A reader thread takes every reply off the child's stdout as it arrives and hands it to the caller waiting for
that id, so requests can be pipelined (``convert_many``) without the pipes filling up in both directions.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import threading
from collections import deque
from typing import IO, Any, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

JSON = Any
Payload = Union[Mapping[str, JSON], str]


class PushnormError(Exception):
    """A JSON-RPC error reply: ``code`` (e.g. -32602, 1001), ``message`` and ``data`` (or None)."""

    def __init__(self, code: int, message: str, data: JSON = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.data = data

    def __repr__(self) -> str:
        return f"PushnormError(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class PushnormProcessError(RuntimeError):
    """The server process could not be started, or ended before answering."""


def find_executable(executable: Optional[str] = None) -> str:
    """The ``pushnorm`` to run: ``executable``, else ``$PUSHNORM``, else ``pushnorm`` on ``PATH``."""
    for candidate in (executable, os.environ.get("PUSHNORM")):
        if candidate:
            return candidate
    found = shutil.which("pushnorm")
    if found:
        return found
    raise PushnormProcessError("pushnorm not found: pass executable=, set $PUSHNORM, or put pushnorm on PATH")


class _Pending:
    __slots__ = ("event", "reply")

    def __init__(self) -> None:
        self.event = threading.Event()
        self.reply: Optional[Dict[str, JSON]] = None


class Client:
    """A ``pushnorm rpc`` child process. Use as a context manager, or call :meth:`close`.

    ``options`` are default format options (README "Options") sent with every call; a call's own ``options``
    override them key by key. ``args`` are extra ``pushnorm rpc`` options (``["--max-message-bytes", "4194304"]``).
    ``stderr`` is where the server's log lines go (default: this process's stderr). Thread-safe.
    """

    def __init__(
        self,
        executable: Optional[str] = None,
        options: Optional[Mapping[str, JSON]] = None,
        *,
        args: Sequence[str] = (),
        stderr: Union[int, IO[Any], None] = None,
    ) -> None:
        self.executable = find_executable(executable)
        self.options: Dict[str, JSON] = dict(options or {})
        try:
            self._process = subprocess.Popen(
                [self.executable, "rpc", *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
            )
        except OSError as error:
            raise PushnormProcessError(f"cannot start {self.executable}: {error}") from error
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._pending: Dict[int, _Pending] = {}
        self._closed = False
        self._failure: Optional[str] = None
        self._reader = threading.Thread(target=self._read_replies, name="pushnorm-replies", daemon=True)
        self._reader.start()

    # MARK: - Lifecycle

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> int:
        """Closes the server's stdin (it exits at end of input) and waits for it; returns its exit status."""
        with self._lock:
            if not self._closed:
                self._closed = True
                try:
                    assert self._process.stdin is not None
                    self._process.stdin.close()
                except OSError:
                    pass
        status = self._process.wait()
        self._reader.join(timeout=5)
        return status

    # MARK: - Methods

    def normalise(self, payload: Payload, format: str = "auto", options: Optional[Mapping[str, JSON]] = None) -> JSON:
        """``normalise``: ``{notification, format, evidence, diagnostics}``."""
        return self.call("normalise", self._params({"payload": payload, "format": format}, options))

    def validate(
        self,
        payload: Optional[Payload] = None,
        format: Optional[str] = None,
        target: Optional[str] = None,
        options: Optional[Mapping[str, JSON]] = None,
        *,
        notification: Optional[Mapping[str, JSON]] = None,
        catalogue: Optional[Mapping[str, JSON]] = None,
    ) -> JSON:
        """``validate`` a payload (or a canonical ``notification``, or a ``catalogue``): ``{valid, diagnostics}``."""
        params: Dict[str, JSON] = {}
        for key, value in (("payload", payload), ("notification", notification), ("catalogue", catalogue)):
            if value is not None:
                params[key] = value
        if format is not None:
            params["format"] = format
        if target is not None:
            params["target"] = target
        return self.call("validate", self._params(params, options))

    def render(
        self, notification: Mapping[str, JSON], format: str, options: Optional[Mapping[str, JSON]] = None
    ) -> JSON:
        """``render`` a canonical notification (an action catalogue with format ``hive-actions``)."""
        key = "catalogue" if format == "hive-actions" else "notification"
        return self.call("render", self._params({key: notification, "format": format}, options))

    def convert(
        self,
        payload: Payload,
        from_: str = "auto",
        to: Optional[str] = None,
        strict: bool = False,
        options: Optional[Mapping[str, JSON]] = None,
    ) -> JSON:
        """``convert``: ``{payload, headers, size, from, lost, diagnostics}``. ``to`` is required."""
        return self.call("convert", self._convert_params(payload, from_, to, strict, options))

    def formats(self) -> List[Dict[str, JSON]]:
        """``formats``: every format the server knows (``kind`` is ``notification`` or ``catalogue``)."""
        return self.call("formats")

    def discover(self) -> Dict[str, JSON]:
        """``rpc.discover``: the OpenRPC document (self-contained: the schemas are inlined)."""
        return self.call("rpc.discover")

    def convert_many(
        self,
        payloads: Iterable[Payload],
        from_: str = "auto",
        to: Optional[str] = None,
        strict: bool = False,
        options: Optional[Mapping[str, JSON]] = None,
        *,
        max_in_flight: int = 64,
        return_errors: bool = False,
    ) -> Iterator[Union[JSON, PushnormError]]:
        """Converts every payload, keeping at most ``max_in_flight`` requests outstanding, and yields the results
        in input order. A failed record raises its :class:`PushnormError`, or is yielded as one when
        ``return_errors`` is true (so one bad record does not end the run)."""
        if max_in_flight < 1:
            raise ValueError("max_in_flight must be at least 1")
        window: Deque[_Pending] = deque()
        for payload in payloads:
            if len(window) >= max_in_flight:
                yield self._outcome(window.popleft(), return_errors)
            window.append(self._send("convert", self._convert_params(payload, from_, to, strict, options)))
        while window:
            yield self._outcome(window.popleft(), return_errors)

    def call(self, method: str, params: Optional[Mapping[str, JSON]] = None) -> JSON:
        """Any method: the result, or :class:`PushnormError`."""
        return self._outcome(self._send(method, params), False)

    # MARK: - Plumbing

    def _params(self, params: Dict[str, JSON], options: Optional[Mapping[str, JSON]]) -> Dict[str, JSON]:
        merged = {**self.options, **(options or {})}
        if merged:
            params["options"] = merged
        return params

    def _convert_params(
        self, payload: Payload, from_: str, to: Optional[str], strict: bool, options: Optional[Mapping[str, JSON]]
    ) -> Dict[str, JSON]:
        if not to:
            raise TypeError("convert needs to= (the target format)")
        params: Dict[str, JSON] = {"payload": payload, "from": from_, "to": to}
        if strict:
            params["strict"] = True
        return self._params(params, options)

    def _send(self, method: str, params: Optional[Mapping[str, JSON]]) -> _Pending:
        pending = _Pending()
        with self._lock:
            if self._closed:
                raise PushnormProcessError("the client is closed")
            if self._failure:
                raise PushnormProcessError(self._failure)
            request_id = next(self._ids)
            message: Dict[str, JSON] = {"jsonrpc": "2.0", "id": request_id, "method": method}
            if params:
                message["params"] = dict(params)
            line = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
            self._pending[request_id] = pending
            try:
                assert self._process.stdin is not None
                self._process.stdin.write(line)
                self._process.stdin.flush()
            except OSError as error:
                del self._pending[request_id]
                raise PushnormProcessError(f"the server is gone: {error}") from error
        return pending

    def _outcome(self, pending: _Pending, return_errors: bool) -> Union[JSON, PushnormError]:
        pending.event.wait()
        reply = pending.reply or {}
        if "error" in reply:
            error = reply["error"]
            failure = PushnormError(error.get("code", 0), error.get("message", ""), error.get("data"))
            if return_errors:
                return failure
            raise failure
        if "result" not in reply:
            raise PushnormProcessError(self._failure or "no reply")
        return reply["result"]

    def _read_replies(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        for line in stream:
            if not line.strip():
                continue
            try:
                reply = json.loads(line)
            except ValueError:
                continue
            for item in reply if isinstance(reply, list) else [reply]:
                if not isinstance(item, dict):
                    continue
                with self._lock:
                    pending = self._pending.pop(item.get("id"), None) if isinstance(item.get("id"), int) else None
                if pending is not None:
                    pending.reply = item
                    pending.event.set()
        # End of output: the server exited; fail whatever is still waiting.
        with self._lock:
            self._failure = self._failure or f"pushnorm exited (status {self._process.poll()}) before replying"
            waiting = list(self._pending.values())
            self._pending.clear()
        for pending in waiting:
            pending.event.set()
