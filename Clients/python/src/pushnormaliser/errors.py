"""The errors a client raises: one class per JSON-RPC error code of the server (``components.errors`` of
rpc-spec/openrpc.json), under :class:`PushnormError`; and :class:`PushnormProcessError` when the server itself
fails (cannot start, exits, or does not answer in time: :class:`PushnormTimeout`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Type

if TYPE_CHECKING:
    from .results import Diagnostic, LostField


class PushnormError(Exception):
    """A JSON-RPC error reply: ``code`` (e.g. -32602, 1001), ``message`` and ``data`` (or None).

    Raised as the subclass of its code (:class:`UnknownFormatError` for 1001, …); a code this client does not know
    raises :class:`PushnormError` itself. ``diagnostics`` is ``data["diagnostics"]`` (or ``[]``)."""

    code: int = 0

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.data = data

    @property
    def diagnostics(self) -> "List[Diagnostic]":
        return list(self.data.get("diagnostics") or []) if isinstance(self.data, dict) else []

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class ParseError(PushnormError):
    """-32700: the message is not JSON (or broken framing)."""

    code = -32700


class InvalidRequestError(PushnormError):
    """-32600: not a JSON-RPC request, an empty batch, or a message over the size limit."""

    code = -32600


class MethodNotFoundError(PushnormError):
    """-32601: no such method."""

    code = -32601


class InvalidParamsError(PushnormError):
    """-32602: params of the wrong shape (an unknown key, a wrong type, a missing param, bad options)."""

    code = -32602


class InternalError(PushnormError):
    """-32603: the server could not answer."""

    code = -32603


class UnknownFormatError(PushnormError):
    """1001: a format name the server does not know."""

    code = 1001


class UnrecognisedPayloadError(PushnormError):
    """1002: format ``auto`` recognised no format."""

    code = 1002


class PayloadRejectedError(PushnormError):
    """1003: the payload has errors (``diagnostics`` says which); ``allow_invalid=True`` converts it anyway."""

    code = 1003


class LossyConversionError(PushnormError):
    """1004: ``strict`` conversion would lose fields; ``lost`` lists them."""

    code = 1004

    @property
    def lost(self) -> "List[LostField]":
        return list(self.data.get("lost") or []) if isinstance(self.data, dict) else []


class InvalidPayloadJSONError(PushnormError):
    """1005: a payload given as a string does not hold valid JSON."""

    code = 1005


ERROR_CLASSES: Dict[int, Type[PushnormError]] = {
    cls.code: cls
    for cls in (
        ParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError,
        UnknownFormatError, UnrecognisedPayloadError, PayloadRejectedError, LossyConversionError,
        InvalidPayloadJSONError,
    )
}


def error_from_reply(error: Any) -> PushnormError:
    """The exception for a reply's ``error`` member."""
    if not isinstance(error, dict):
        return PushnormError(0, f"malformed error reply: {error!r}")
    code = error.get("code", 0)
    cls = ERROR_CLASSES.get(code, PushnormError) if isinstance(code, int) else PushnormError
    return cls(code, str(error.get("message", "")), error.get("data"))


class PushnormProcessError(RuntimeError):
    """The server process could not be started, or ended before answering."""


class PushnormTimeout(PushnormProcessError, TimeoutError):
    """The server did not answer a call within its timeout (the call is abandoned; a late reply is dropped)."""

    def __init__(self, method: str, timeout: Optional[float]) -> None:
        super().__init__(f"{method}: no reply within {timeout} s")
        self.method = method
        self.timeout = timeout
