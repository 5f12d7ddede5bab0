"""Client for `pushnorm rpc`, the PushNormaliser JSON-RPC 2.0 server (standard library only)."""

from .client import Client, PushnormError, PushnormProcessError, find_executable

__all__ = ["Client", "PushnormError", "PushnormProcessError", "find_executable"]
__version__ = "0.1.0"
