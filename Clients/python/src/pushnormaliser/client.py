"""One `pushnorm rpc` child process, spoken to in JSON-RPC 2.0 over NDJSON (one message per line).

A writer thread puts requests on the child's stdin and a reader thread takes every reply off its stdout as it
arrives and hands it to the caller waiting for that id, so requests can be pipelined (``convert_many``) without
the pipes filling up in both directions, and a call whose server hangs gives up after its timeout.
"""

from __future__ import annotations

import itertools
import queue
import subprocess
import threading
from collections import deque
from typing import IO, Any, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union, cast

from ._common import (
    CLOSE_GRACE,
    DEFAULT,
    DEFAULT_TIMEOUT,
    JSON,
    Options,
    Payload,
    Substitutions,
    convert_params,
    decode_replies,
    encode_request,
    find_executable,
    merge_options,
    normalise_params,
    outcome,
    render_params,
    report_params,
    validate_params,
    variables_params,
)
from .errors import PushnormError, PushnormProcessError, PushnormTimeout
from .results import (
    ConvertResult,
    Format,
    NormaliseResult,
    RenderResult,
    ReportResult,
    ValidateResult,
    VariablesResult,
    messages_of,
)


class _Pending:
    __slots__ = ("event", "reply", "method", "server", "request_id")

    def __init__(self, request_id: int, method: str, server: "_Server") -> None:
        self.request_id = request_id
        self.event = threading.Event()
        self.reply: Optional[Dict[str, JSON]] = None
        self.method = method
        self.server = server


class _Server:
    """One child process with its reader and writer threads and the calls waiting on it."""

    def __init__(self, command: List[str], stderr: Union[int, IO[Any], None]) -> None:
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        except OSError as error:
            raise PushnormProcessError(f"cannot start {command[0]}: {error}") from error
        self.lock = threading.Lock()
        self.pending: Dict[int, _Pending] = {}
        self.failure: Optional[str] = None
        self.outbox: "queue.SimpleQueue[Optional[bytes]]" = queue.SimpleQueue()
        self.reader = threading.Thread(target=self._read, name="pushnorm-replies", daemon=True)
        self.writer = threading.Thread(target=self._write, name="pushnorm-requests", daemon=True)
        self.reader.start()
        self.writer.start()

    @property
    def alive(self) -> bool:
        return self.failure is None and self.process.poll() is None

    def send(self, request_id: int, pending: _Pending, line: bytes) -> None:
        with self.lock:
            if self.failure:
                raise PushnormProcessError(self.failure)
            self.pending[request_id] = pending
        self.outbox.put(line)

    def forget(self, request_id: int) -> None:
        with self.lock:
            self.pending.pop(request_id, None)

    def end_input(self) -> None:
        self.outbox.put(None)

    def stop(self, grace: float) -> int:
        """Ends input, waits up to ``grace`` seconds for the exit, then kills; returns the exit status."""
        self.end_input()
        try:
            return self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.kill()
            return self.process.wait()

    def kill(self) -> None:
        self._fail("the server was stopped")
        try:
            self.process.kill()
        except OSError:
            pass

    def _write(self) -> None:
        stream = self.process.stdin
        assert stream is not None
        while True:
            line = self.outbox.get()
            try:
                if line is None:
                    stream.close()
                    return
                stream.write(line)
                if self.outbox.empty():
                    stream.flush()
            except (OSError, ValueError) as error:
                self._fail(f"the server is gone: {error}")
                return

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        for line in stream:
            for item in decode_replies(line):
                request_id = item.get("id")
                with self.lock:
                    pending = self.pending.pop(request_id, None) if isinstance(request_id, int) else None
                if pending is not None:
                    pending.reply = item
                    pending.event.set()
        self._fail(f"pushnorm exited (status {self.process.wait()}) before replying")

    def _fail(self, message: str) -> None:
        with self.lock:
            self.failure = self.failure or message
            waiting = list(self.pending.values())
            self.pending.clear()
        for pending in waiting:
            pending.event.set()


class Client:
    """A ``pushnorm rpc`` child process. Use as a context manager, or call :meth:`close`. Thread-safe.

    - ``executable``: the binary; default ``$PUSHNORM``, else the one bundled in the wheel, else ``PATH``.
    - ``options``: default format options sent with every call; a call's own ``options`` override them key by key.
    - ``args``: extra ``pushnorm rpc`` options (``["--max-message-bytes", "4194304"]``).
    - ``stderr``: where the server's log lines go (default: this process's stderr).
    - ``timeout``: seconds a call waits for its reply (default 30; ``None``: no limit); each call can override it.
      A call that times out raises :class:`PushnormTimeout`.
    - ``restart``: when true, a call that finds the server dead (it exited, crashed or was killed) or hung (a
      call timed out, which kills it) starts a new one first. Calls in flight when it died still fail with
      :class:`PushnormProcessError` (never resent: a payload may be what killed it). ``restarts`` counts them.
    """

    def __init__(
        self,
        executable: Optional[str] = None,
        options: Optional[Options] = None,
        *,
        args: Sequence[str] = (),
        stderr: Union[int, IO[Any], None] = None,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        restart: bool = False,
    ) -> None:
        self.executable = find_executable(executable)
        self.options: Dict[str, JSON] = dict(options or {})
        self.timeout = timeout
        self.restart = restart
        self.restarts = 0
        self._command = [self.executable, "rpc", *args]
        self._stderr = stderr
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._closed = False
        self._server = _Server(self._command, stderr)

    # MARK: - Lifecycle

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def pid(self) -> int:
        """The process id of the current server."""
        return self._server.process.pid

    def close(self, grace: float = CLOSE_GRACE) -> int:
        """Closes the server's stdin (it exits at end of input) and waits for it, killing it after ``grace``
        seconds; returns its exit status (negative: the signal that ended it)."""
        with self._lock:
            self._closed = True
            server = self._server
        status = server.stop(grace)
        server.reader.join(timeout=grace)
        return status

    # MARK: - Methods

    def normalise(
        self,
        payload: Payload,
        format: str = "auto",
        options: Optional[Options] = None,
        *,
        substitutions: Optional[Substitutions] = None,
        timeout: Any = DEFAULT,
    ) -> NormaliseResult:
        """``normalise``: ``{notification, format, evidence, diagnostics}`` (``catalogue`` for hive-actions).
        ``substitutions`` renders the notification's templates, as ``convert`` does."""
        params = normalise_params(payload, format, substitutions)
        return cast(NormaliseResult, self.call("normalise", self._params(params, options), timeout=timeout))

    def validate(
        self,
        payload: Optional[Payload] = None,
        format: Optional[str] = None,
        target: Optional[str] = None,
        options: Optional[Options] = None,
        *,
        notification: Optional[Mapping[str, JSON]] = None,
        catalogue: Optional[Mapping[str, JSON]] = None,
        substitutions: Optional[Substitutions] = None,
        timeout: Any = DEFAULT,
    ) -> ValidateResult:
        """``validate`` a payload (or a canonical ``notification``, or a ``catalogue``): ``{valid, diagnostics}``.
        ``target`` also checks what rendering it in that format would give. ``substitutions`` renders the templates
        first and checks the rendered values (a URL a variable fills in is checked as a URL)."""
        params = validate_params(payload, format, target, notification, catalogue, substitutions)
        return cast(ValidateResult, self.call("validate", self._params(params, options), timeout=timeout))

    def render(
        self,
        notification: Optional[Mapping[str, JSON]],
        format: str,
        options: Optional[Options] = None,
        *,
        catalogue: Optional[Mapping[str, JSON]] = None,
        substitutions: Optional[Substitutions] = None,
        timeout: Any = DEFAULT,
    ) -> RenderResult:
        """``render`` a canonical notification (an action catalogue with format ``hive-actions``); ``substitutions``
        renders its templates first."""
        params = render_params(notification, format, catalogue, substitutions)
        return cast(RenderResult, self.call("render", self._params(params, options), timeout=timeout))

    def convert(
        self,
        payload: Payload,
        from_: str = "auto",
        to: Optional[str] = None,
        strict: bool = False,
        options: Optional[Options] = None,
        *,
        allow_invalid: bool = False,
        substitutions: Optional[Substitutions] = None,
        timeout: Any = DEFAULT,
    ) -> ConvertResult:
        """``convert``: ``{payload, headers, size, from, lost, diagnostics}``. ``to`` is required. ``strict``
        refuses a lossy conversion (:class:`LossyConversionError`); ``allow_invalid`` converts a payload with
        errors instead of refusing it (:class:`PayloadRejectedError`), its errors in ``diagnostics``.
        ``substitutions`` renders templates: each ``{{…}}`` variable gets its value (variable name to a list of
        strings or a string; over a Pinpoint template's ``DefaultSubstitutions``), and what stays verbatim is
        reported in ``diagnostics`` (``core.template.unrendered``, ``core.template.helper-kept``); a bad entry is
        :class:`InvalidParamsError` located under ``/substitutions``."""
        params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
        return cast(ConvertResult, self.call("convert", self._params(params, options), timeout=timeout))

    def convert_messages(
        self,
        payload: Payload,
        from_: str = "auto",
        to: Optional[str] = None,
        strict: bool = False,
        options: Optional[Options] = None,
        *,
        allow_invalid: bool = False,
        substitutions: Optional[Substitutions] = None,
        timeout: Any = DEFAULT,
    ) -> List[ConvertResult]:
        """``convert``, always as a list: one :class:`ConvertResult` per message the target sends, in order (a
        legacy ``registration_ids`` converted to ``fcm`` gives one per token, each with its ``recipient``); a
        conversion to one message gives a list of one."""
        params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
        return messages_of(self.call("convert", self._params(params, options), timeout=timeout))

    def variables(self, payload: Payload, *, timeout: Any = DEFAULT) -> VariablesResult:
        """``variables``: the ``{{…}}`` placeholders of a payload or template (any JSON document), in document
        order, each with the JSON Pointer of its string (``path``) and the ``variable`` it names; then each variable
        name once (``names``). Takes no options."""
        return cast(VariablesResult, self.call("variables", variables_params(payload), timeout=timeout))

    def report(self, summary: Mapping[str, JSON], *, timeout: Any = DEFAULT) -> ReportResult:
        """``report``: the HTML migration report of a batch summary (the JSON ``pushnorm convert --summary`` and the
        Spark job's ``summary.json`` write), ``{html, size}``: one self-contained page, rendered from the summary
        alone. A summary that is not one is :class:`InvalidParamsError` located under ``/summary``. Takes no
        options."""
        return cast(ReportResult, self.call("report", report_params(summary), timeout=timeout))

    def formats(self, *, timeout: Any = DEFAULT) -> List[Format]:
        """``formats``: every format the server knows (``kind`` is ``notification`` or ``catalogue``)."""
        return cast(List[Format], self.call("formats", timeout=timeout))

    def discover(self, *, timeout: Any = DEFAULT) -> Dict[str, JSON]:
        """``rpc.discover``: the OpenRPC document (self-contained: the schemas are inlined)."""
        return cast(Dict[str, JSON], self.call("rpc.discover", timeout=timeout))

    def convert_many(
        self,
        payloads: Iterable[Payload],
        from_: str = "auto",
        to: Optional[str] = None,
        strict: bool = False,
        options: Optional[Options] = None,
        *,
        allow_invalid: bool = False,
        substitutions: Optional[Substitutions] = None,
        max_in_flight: int = 64,
        return_errors: bool = False,
        timeout: Any = DEFAULT,
    ) -> Iterator[Union[ConvertResult, PushnormError]]:
        """Converts every payload, keeping at most ``max_in_flight`` requests outstanding, and yields the results
        in input order. A failed record raises its :class:`PushnormError`, or is yielded as one when
        ``return_errors`` is true (so one bad record does not end the run). ``timeout`` applies to each reply."""
        if max_in_flight < 1:
            raise ValueError("max_in_flight must be at least 1")
        window: Deque[_Pending] = deque()
        for payload in payloads:
            if len(window) >= max_in_flight:
                yield self._outcome(window.popleft(), timeout, return_errors)
            params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
            window.append(self._send("convert", self._params(params, options)))
        while window:
            yield self._outcome(window.popleft(), timeout, return_errors)

    def call(self, method: str, params: Optional[Mapping[str, JSON]] = None, *, timeout: Any = DEFAULT) -> Any:
        """Any method: the result, or the :class:`PushnormError` subclass of the reply's code."""
        return self._outcome(self._send(method, params), timeout, False)

    # MARK: - Plumbing

    def _params(self, params: Dict[str, JSON], options: Optional[Options]) -> Dict[str, JSON]:
        return merge_options(self.options, params, options)

    def _live_server(self) -> _Server:
        """The server to send to (a new one when it died and ``restart`` is on). Called with ``_lock`` held."""
        if self._closed:
            raise PushnormProcessError("the client is closed")
        server = self._server
        if not server.alive:
            if not self.restart:
                raise PushnormProcessError(server.failure or f"pushnorm exited (status {server.process.poll()})")
            server.kill()
            self._server = server = _Server(self._command, self._stderr)
            self.restarts += 1
        return server

    def _send(self, method: str, params: Optional[Mapping[str, JSON]]) -> _Pending:
        with self._lock:
            server = self._live_server()
            request_id = next(self._ids)
            pending = _Pending(request_id, method, server)
            server.send(request_id, pending, encode_request(request_id, method, params))
        return pending

    def _outcome(self, pending: _Pending, timeout: Any, return_errors: bool) -> Any:
        limit = self.timeout if timeout is DEFAULT else cast(Optional[float], timeout)
        if not pending.event.wait(limit):
            pending.server.forget(pending.request_id)
            if self.restart:
                pending.server.kill()  # hung: the next call starts a new server
            raise PushnormTimeout(pending.method, limit)
        result = outcome(pending.reply, pending.server.failure)
        if isinstance(result, PushnormError) and not return_errors:
            raise result
        return result
