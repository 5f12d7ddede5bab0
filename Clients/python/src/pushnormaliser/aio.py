"""The asyncio client: one ``pushnorm rpc`` child process per :class:`AsyncClient`, the same methods as
:class:`pushnormaliser.Client` as coroutines. Requests are pipelined: any number of calls may be awaited at once
(``asyncio.gather``), each reply goes to its caller by id."""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from typing import (
    Any, AsyncIterable, AsyncIterator, Deque, Dict, Iterable, List, Mapping, Optional, Sequence, Union, cast,
)

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

_LINE_LIMIT = 1 << 30  # a reply is one line; asyncio's default limit (64 KiB) is smaller than rpc.discover's


class _AsyncServer:
    """One child process, its reader task and the futures waiting on it."""

    def __init__(self, process: "asyncio.subprocess.Process") -> None:
        self.process = process
        self.pending: Dict[int, "asyncio.Future[Dict[str, JSON]]"] = {}
        self.failure: Optional[str] = None
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def start(cls, command: List[str], stderr: Any) -> "_AsyncServer":
        try:
            process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=stderr,
                limit=_LINE_LIMIT,
            )
        except OSError as error:
            raise PushnormProcessError(f"cannot start {command[0]}: {error}") from error
        return cls(process)

    @property
    def alive(self) -> bool:
        return self.failure is None and self.process.returncode is None

    async def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                line = await stream.readline()
                if not line:
                    break
                for item in decode_replies(line):
                    request_id = item.get("id")
                    future = self.pending.pop(request_id, None) if isinstance(request_id, int) else None
                    if future is not None and not future.done():
                        future.set_result(item)
        except (OSError, ValueError) as error:
            self.fail(f"cannot read the server's replies: {error}")
            return
        status = await self.process.wait()
        self.fail(f"pushnorm exited (status {status}) before replying")

    def fail(self, message: str) -> None:
        self.failure = self.failure or message
        waiting = list(self.pending.values())
        self.pending.clear()
        for future in waiting:
            if not future.done():
                future.set_exception(PushnormProcessError(self.failure))

    def kill(self) -> None:
        self.fail("the server was stopped")
        if self.process.returncode is None:
            try:
                self.process.kill()
            except ProcessLookupError:
                pass

    async def stop(self, grace: float) -> int:
        stdin = self.process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()
        try:
            status = await asyncio.wait_for(self.process.wait(), grace)
        except asyncio.TimeoutError:
            self.kill()
            status = await self.process.wait()
        try:
            await asyncio.wait_for(self.reader, grace)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            pass
        return status


class AsyncClient:
    """A ``pushnorm rpc`` child process for asyncio. ``async with AsyncClient() as client: await client.convert(…)``.

    The server starts on entering the context (or on the first call). Settings as for
    :class:`pushnormaliser.Client`: ``executable``, ``options``, ``args``, ``stderr``, ``timeout`` (seconds per
    call, default 30; ``None``: no limit) and ``restart`` (start a new server when the current one died or hung).
    """

    def __init__(
        self,
        executable: Optional[str] = None,
        options: Optional[Options] = None,
        *,
        args: Sequence[str] = (),
        stderr: Any = None,
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
        self._server: Optional[_AsyncServer] = None
        self._starting: Optional[asyncio.Lock] = None
        self._closed = False

    async def __aenter__(self) -> "AsyncClient":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Starts the server (when not running yet)."""
        await self._live_server()

    @property
    def pid(self) -> Optional[int]:
        """The process id of the current server (None before it started)."""
        return self._server.process.pid if self._server else None

    async def close(self, grace: float = CLOSE_GRACE) -> Optional[int]:
        """Ends the server's input, waits for it to exit (killing it after ``grace`` seconds); its exit status."""
        self._closed = True
        server, self._server = self._server, None
        return await server.stop(grace) if server else None

    # MARK: - Methods

    async def normalise(
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
        return cast(NormaliseResult, await self.call("normalise", self._params(params, options), timeout=timeout))

    async def validate(
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
        """``validate`` a payload (or a ``notification``, or a ``catalogue``): ``{valid, diagnostics}``; with
        ``substitutions``, of the rendered templates (see ``Client.validate``)."""
        params = validate_params(payload, format, target, notification, catalogue, substitutions)
        return cast(ValidateResult, await self.call("validate", self._params(params, options), timeout=timeout))

    async def render(
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
        return cast(RenderResult, await self.call("render", self._params(params, options), timeout=timeout))

    async def convert(
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
        """``convert``: ``{payload, headers, size, from, lost, diagnostics}`` (see ``Client.convert``)."""
        params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
        return cast(ConvertResult, await self.call("convert", self._params(params, options), timeout=timeout))

    async def convert_messages(
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
        """``convert``, always as a list of messages (see ``Client.convert_messages``)."""
        params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
        return messages_of(await self.call("convert", self._params(params, options), timeout=timeout))

    async def variables(self, payload: Payload, *, timeout: Any = DEFAULT) -> VariablesResult:
        """``variables``: the ``{{…}}`` placeholders of a payload or template (see ``Client.variables``)."""
        return cast(VariablesResult, await self.call("variables", variables_params(payload), timeout=timeout))

    async def report(self, summary: Mapping[str, JSON], *, timeout: Any = DEFAULT) -> ReportResult:
        """``report``: the HTML migration report of a batch summary (see ``Client.report``)."""
        return cast(ReportResult, await self.call("report", report_params(summary), timeout=timeout))

    async def formats(self, *, timeout: Any = DEFAULT) -> List[Format]:
        """``formats``: every format the server knows."""
        return cast(List[Format], await self.call("formats", timeout=timeout))

    async def discover(self, *, timeout: Any = DEFAULT) -> Dict[str, JSON]:
        """``rpc.discover``: the OpenRPC document."""
        return cast(Dict[str, JSON], await self.call("rpc.discover", timeout=timeout))

    async def convert_many(
        self,
        payloads: Union[Iterable[Payload], AsyncIterable[Payload]],
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
    ) -> AsyncIterator[Union[ConvertResult, PushnormError]]:
        """Converts every payload with at most ``max_in_flight`` outstanding; yields the results in input order
        (a failed record raises, or is yielded as its :class:`PushnormError` with ``return_errors``)."""
        if max_in_flight < 1:
            raise ValueError("max_in_flight must be at least 1")
        window: Deque["asyncio.Task[Any]"] = deque()

        async def settle(task: "asyncio.Task[Any]") -> Any:
            try:
                return await task
            except PushnormError as error:
                if return_errors:
                    return error
                raise

        async def each() -> AsyncIterator[Payload]:
            if hasattr(payloads, "__aiter__"):
                async for item in cast(AsyncIterable[Payload], payloads):
                    yield item
            else:
                for item in payloads:
                    yield item

        try:
            async for payload in each():
                if len(window) >= max_in_flight:
                    yield await settle(window.popleft())
                params = convert_params(payload, from_, to, strict, allow_invalid, substitutions)
                params = self._params(params, options)
                window.append(asyncio.ensure_future(self.call("convert", params, timeout=timeout)))
            while window:
                yield await settle(window.popleft())
        finally:
            for task in window:
                task.cancel()

    async def call(self, method: str, params: Optional[Mapping[str, JSON]] = None, *, timeout: Any = DEFAULT) -> Any:
        """Any method: the result, or the :class:`PushnormError` subclass of the reply's code."""
        limit = self.timeout if timeout is DEFAULT else timeout
        server = await self._live_server()
        request_id = next(self._ids)
        future: "asyncio.Future[Dict[str, JSON]]" = asyncio.get_running_loop().create_future()
        server.pending[request_id] = future
        try:
            reply = await asyncio.wait_for(self._exchange(server, request_id, method, params, future), limit)
        except asyncio.TimeoutError:
            server.pending.pop(request_id, None)
            if self.restart:
                server.kill()  # hung: the next call starts a new server
            raise PushnormTimeout(method, limit) from None
        result = outcome(reply, server.failure)
        if isinstance(result, PushnormError):
            raise result
        return result

    # MARK: - Plumbing

    def _params(self, params: Dict[str, JSON], options: Optional[Options]) -> Dict[str, JSON]:
        return merge_options(self.options, params, options)

    async def _exchange(
        self,
        server: _AsyncServer,
        request_id: int,
        method: str,
        params: Optional[Mapping[str, JSON]],
        future: "asyncio.Future[Dict[str, JSON]]",
    ) -> Dict[str, JSON]:
        stdin = server.process.stdin
        assert stdin is not None
        try:
            stdin.write(encode_request(request_id, method, params))
            await stdin.drain()
        except (OSError, RuntimeError) as error:
            server.pending.pop(request_id, None)
            server.fail(f"the server is gone: {error}")
            raise PushnormProcessError(server.failure or str(error)) from error
        return await future

    async def _live_server(self) -> _AsyncServer:
        if self._closed:
            raise PushnormProcessError("the client is closed")
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            server = self._server
            if server is not None and server.alive:
                return server
            if server is not None:
                if not self.restart:
                    status = server.process.returncode
                    raise PushnormProcessError(server.failure or f"pushnorm exited (status {status})")
                server.kill()
                self.restarts += 1
            self._server = await _AsyncServer.start(self._command, self._stderr)
            return self._server
