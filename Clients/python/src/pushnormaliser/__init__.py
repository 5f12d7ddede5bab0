"""Client for `pushnorm rpc`, the PushNormaliser JSON-RPC 2.0 server (standard library only).

:class:`Client` (threads) and :class:`AsyncClient` (asyncio) run one server each; the platform wheel bundles the
``pushnorm`` binary, which they use unless ``executable=`` or ``$PUSHNORM`` names another."""

from ._common import bundled_executable, find_executable
from ._version import __version__
from .aio import AsyncClient
from .client import Client
from .errors import (
    ERROR_CLASSES,
    InternalError,
    InvalidParamsError,
    InvalidPayloadJSONError,
    InvalidRequestError,
    LossyConversionError,
    MethodNotFoundError,
    ParseError,
    PayloadRejectedError,
    PushnormError,
    PushnormProcessError,
    PushnormTimeout,
    UnknownFormatError,
    UnrecognisedPayloadError,
)
from .results import (
    ConvertMessagesResult,
    ConvertResult,
    Diagnostic,
    Format,
    LostField,
    NormaliseResult,
    Recipient,
    RenderResult,
    ReportResult,
    TemplateVariable,
    ValidateResult,
    VariablesResult,
)

__all__ = [
    "AsyncClient",
    "Client",
    "ConvertMessagesResult",
    "ConvertResult",
    "Diagnostic",
    "ERROR_CLASSES",
    "Format",
    "InternalError",
    "InvalidParamsError",
    "InvalidPayloadJSONError",
    "InvalidRequestError",
    "LossyConversionError",
    "LostField",
    "MethodNotFoundError",
    "NormaliseResult",
    "ParseError",
    "PayloadRejectedError",
    "PushnormError",
    "Recipient",
    "PushnormProcessError",
    "PushnormTimeout",
    "RenderResult",
    "ReportResult",
    "TemplateVariable",
    "UnknownFormatError",
    "UnrecognisedPayloadError",
    "ValidateResult",
    "VariablesResult",
    "__version__",
    "bundled_executable",
    "find_executable",
]
