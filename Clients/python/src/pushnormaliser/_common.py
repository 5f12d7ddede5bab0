"""What the threaded and the asyncio client share: where the executable is, the params of each method (one place
per RPC parameter), and how a reply becomes a result or an exception."""

from __future__ import annotations

import json
import os
import shutil
from typing import Any, Dict, List, Mapping, Optional, Union

from .errors import PushnormError, PushnormProcessError, error_from_reply

JSON = Any
Payload = Union[Mapping[str, JSON], str]
Options = Mapping[str, JSON]
Substitutions = Mapping[str, JSON]
"""Template variable values (``Substitutions`` of rpc-spec/openrpc.json): a variable name (dotted,
``"User.UserAttributes.FirstName"``, or nested objects) to a list of strings (the first is used unless the placeholder
names ``.[n]``) or a string."""

DEFAULT_TIMEOUT = 30.0
"""Seconds a call waits for its reply unless the client or the call says otherwise (``None``: no limit)."""

CLOSE_GRACE = 5.0
"""Seconds :meth:`close` waits for the server to exit at end of input before killing it."""


class _Default:
    def __repr__(self) -> str:
        return "<client default>"


DEFAULT: Any = _Default()
"""A call's ``timeout`` when not given: the client's ``timeout``."""


def bundled_executable() -> Optional[str]:
    """The ``pushnorm`` shipped inside the wheel (``pushnormaliser/bin/pushnorm``), if this install has one."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "pushnorm")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def find_executable(executable: Optional[str] = None) -> str:
    """The ``pushnorm`` to run: ``executable``, else ``$PUSHNORM``, else the one bundled in the wheel, else
    ``pushnorm`` on ``PATH``."""
    for candidate in (executable, os.environ.get("PUSHNORM"), bundled_executable(), shutil.which("pushnorm")):
        if candidate:
            return candidate
    raise PushnormProcessError(
        "pushnorm not found: pass executable=, set $PUSHNORM, install the platform wheel (it bundles pushnorm), "
        "or put pushnorm on PATH"
    )


def merge_options(defaults: Mapping[str, JSON], params: Dict[str, JSON], options: Optional[Options]) -> Dict[str, JSON]:
    merged = {**defaults, **(options or {})}
    if merged:
        params["options"] = merged
    return params


def with_substitutions(params: Dict[str, JSON], substitutions: Optional[Substitutions]) -> Dict[str, JSON]:
    """``params`` with ``substitutions`` when given (normalise, validate, render and convert take them)."""
    if substitutions is not None:
        params["substitutions"] = substitutions
    return params


def normalise_params(payload: Payload, format: str, substitutions: Optional[Substitutions] = None) -> Dict[str, JSON]:
    return with_substitutions({"payload": payload, "format": format}, substitutions)


def validate_params(
    payload: Optional[Payload],
    format: Optional[str],
    target: Optional[str],
    notification: Optional[Mapping[str, JSON]],
    catalogue: Optional[Mapping[str, JSON]],
    substitutions: Optional[Substitutions] = None,
) -> Dict[str, JSON]:
    params: Dict[str, JSON] = {}
    for key, value in (
        ("payload", payload), ("notification", notification), ("catalogue", catalogue), ("format", format),
        ("target", target),
    ):
        if value is not None:
            params[key] = value
    return with_substitutions(params, substitutions)


def render_params(
    notification: Optional[Mapping[str, JSON]],
    format: str,
    catalogue: Optional[Mapping[str, JSON]],
    substitutions: Optional[Substitutions] = None,
) -> Dict[str, JSON]:
    params: Dict[str, JSON] = {"format": format}
    if catalogue is not None:
        params["catalogue"] = catalogue
    if notification is not None:
        # A catalogue handed over as the first argument (format hive-actions) goes where the server reads it.
        params["catalogue" if format == "hive-actions" and catalogue is None else "notification"] = notification
    return with_substitutions(params, substitutions)


def convert_params(
    payload: Payload,
    from_: str,
    to: Optional[str],
    strict: bool,
    allow_invalid: bool,
    substitutions: Optional[Substitutions] = None,
) -> Dict[str, JSON]:
    if not to:
        raise TypeError("convert needs to= (the target format)")
    params: Dict[str, JSON] = {"payload": payload, "from": from_, "to": to}
    if strict:
        params["strict"] = True
    if allow_invalid:
        params["allowInvalid"] = True
    return with_substitutions(params, substitutions)


def variables_params(payload: Payload) -> Dict[str, JSON]:
    return {"payload": payload}


def report_params(summary: Mapping[str, JSON]) -> Dict[str, JSON]:
    return {"summary": summary}


def encode_request(request_id: int, method: str, params: Optional[Mapping[str, JSON]]) -> bytes:
    message: Dict[str, JSON] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params:
        message["params"] = dict(params)
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def decode_replies(line: bytes) -> List[Dict[str, JSON]]:
    """The reply objects on one line of output (a batch reply is a list); nothing for a line that is not JSON."""
    if not line.strip():
        return []
    try:
        reply = json.loads(line)
    except ValueError:
        return []
    return [item for item in (reply if isinstance(reply, list) else [reply]) if isinstance(item, dict)]


def outcome(reply: Optional[Dict[str, JSON]], failure: Optional[str]) -> Union[JSON, PushnormError]:
    """A reply's result, or the :class:`PushnormError` subclass of its code (returned, not raised)."""
    if reply is None:
        raise PushnormProcessError(failure or "no reply")
    if "error" in reply:
        return error_from_reply(reply["error"])
    if "result" not in reply:
        raise PushnormProcessError(f"a reply with neither result nor error: {reply!r}")
    return reply["result"]
