"""The results of the server's methods as :class:`typing.TypedDict` (the replies are handed back as parsed, so a
result is a ``dict`` typed for checkers). The keys follow ``methods[].result`` of rpc-spec/openrpc.json; a test
fails when they differ."""

from __future__ import annotations

from typing import Any, Dict, List

from typing import Literal, TypedDict

JSON = Any
JSONObject = Dict[str, Any]


class Diagnostic(TypedDict):
    """One finding: ``path`` is a JSON Pointer into the input (or the canonical model, or ``params``)."""

    severity: Literal["error", "warning", "info"]
    code: str
    path: str
    message: str


class LostField(TypedDict):
    """A canonical field the target format cannot carry."""

    path: str
    reason: str


class _NormaliseRequired(TypedDict):
    format: str
    evidence: List[str]
    diagnostics: List[Diagnostic]


class NormaliseResult(_NormaliseRequired, total=False):
    """``normalise``: the canonical ``notification`` (or ``catalogue`` for ``hive-actions``), the format read, what
    decided it (``evidence``) and the findings."""

    notification: JSONObject
    catalogue: JSONObject


class _ValidateRequired(TypedDict):
    valid: bool
    diagnostics: List[Diagnostic]


class ValidateResult(_ValidateRequired, total=False):
    """``validate``: ``valid`` is true when no diagnostic is an error; ``format`` is the format read (absent for a
    notification or an unreadable payload)."""

    format: str


class RenderResult(TypedDict):
    """``render``: the payload, its APNs headers, its compact UTF-8 size, what was lost, and findings."""

    payload: JSON
    headers: Dict[str, str]
    size: int
    lost: List[LostField]
    diagnostics: List[Diagnostic]


class _RecipientRequired(TypedDict):
    index: int
    count: int
    label: str


class Recipient(_RecipientRequired, total=False):
    """Which recipients one of a conversion's messages goes to: ``label`` is ``recipient 2 of 3``, ``recipients
    1001-2000 of 2500`` or a source's label; ``deviceToken`` when the payload cannot name it (APNs)."""

    deviceToken: str


_ConvertRequired = TypedDict(
    "_ConvertRequired",
    {
        "payload": JSON,
        "headers": Dict[str, str],
        "size": int,
        "from": str,
        "lost": List[LostField],
        "diagnostics": List[Diagnostic],
    },
)


class ConvertResult(_ConvertRequired, total=False):
    """``convert``: :class:`RenderResult` plus ``from``, the source format (read as ``result["from"]``), and
    ``recipient`` when the message is labelled. A payload that converts to several messages (one per recipient)
    is answered ``{from, messages}`` instead (:class:`ConvertMessagesResult`): ``Client.convert_messages`` always
    gives the list."""

    recipient: Recipient


ConvertMessagesResult = TypedDict("ConvertMessagesResult", {"from": str, "messages": List[ConvertResult]})
ConvertMessagesResult.__doc__ = """``convert`` of a payload that becomes several messages: each, in order."""


def messages_of(result: Any) -> List[ConvertResult]:
    """The messages of a ``convert`` reply: its ``messages``, or the reply itself as the only one."""
    if isinstance(result, dict) and "messages" in result and "payload" not in result:
        return list(result["messages"])
    return [result]


class _FormatRequired(TypedDict):
    name: str
    vendor: str
    direction: List[Literal["read", "write"]]
    delivered: bool
    summary: str
    carries: List[str]


class Format(_FormatRequired, total=False):
    """One entry of ``formats``; ``kind`` is ``notification`` or ``catalogue`` (``hive-actions``)."""

    kind: Literal["notification", "catalogue"]


class _TemplateVariableRequired(TypedDict):
    path: str
    placeholder: str


class TemplateVariable(_TemplateVariableRequired, total=False):
    """One ``{{…}}`` placeholder: ``path`` is the JSON Pointer of the string holding it, ``placeholder`` is written
    braces included, ``variable`` the variable it names (absent for a Handlebars helper, block, partial or comment,
    which rendering keeps verbatim)."""

    variable: str


class VariablesResult(TypedDict):
    """``variables``: every placeholder in document order, then each variable name once, in order of first use."""

    variables: List[TemplateVariable]
    names: List[str]


class ReportResult(TypedDict):
    """``report``: the HTML migration report of a batch summary."""

    html: str
    """The page: one self-contained HTML document (UTF-8)."""
    size: int
    """Its size in UTF-8 bytes."""


# The OpenRPC method each result type answers (the conformance test walks this).
RESULT_TYPES = {
    "normalise": NormaliseResult,
    "validate": ValidateResult,
    "render": RenderResult,
    "convert": ConvertResult,
    "variables": VariablesResult,
    "report": ReportResult,
}
# The other shape of ``convert``'s reply (``oneOf`` in the spec).
CONVERT_MESSAGES_TYPE = ConvertMessagesResult
