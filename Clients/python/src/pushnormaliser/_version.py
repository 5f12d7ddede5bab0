"""The package version: a copy of rpc-spec/VERSION, written by `make version` (a test fails while it differs)."""

__version__ = "0.1.0"
