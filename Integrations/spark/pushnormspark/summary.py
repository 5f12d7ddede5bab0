"""The batch summary's added keys for the job's summary.json: the same model `pushnorm convert --summary` writes
(Sources/PushReport/BatchSummary.swift), so `pushnorm report OUT/summary.json -o report.html` renders the job's report.

Each task runs its child with `--summary FILE` and returns that summary with its split's statistics. The driver
merges them in split order (file, then start) as BatchSummary.merge does: counts add up, the first reason of a lost
path and the first severity of a code stay, failures and samples follow in order up to the limits (a sample is the
first record of each distinct set of lost paths). A split's record and line numbers become the file's, as the error
records' do. The job's own keys (records, lost, inputs, ...) stay as the job computes them.
"""
from __future__ import annotations

ADDED_KEYS = ("operation", "version", "command", "lostReasons", "codes", "sources", "failures", "samples", "limits")
DEFAULT_LIMITS = {"failures": 20, "samples": 8}


def empty(command: list[str]) -> dict:
    return {"operation": "convert", "version": "", "command": list(command), "lostReasons": {}, "codes": {},
            "sources": {}, "failures": [], "samples": [], "limits": dict(DEFAULT_LIMITS)}


def _loss_set(sample: dict) -> list[str]:
    return [field["path"] for field in sample.get("lost", [])]


def merge(merged: dict, part: dict | None, file: str, line_offset: int, record_offset: int) -> None:
    """Adds the added keys of `part` (one split's `pushnorm convert --summary`, numbered from the split's start) to
    `merged`, after the splits merged so far."""
    if not part:
        return
    if not merged["version"]:
        merged["version"] = part.get("version", "")
    limits = merged["limits"] = part.get("limits", merged["limits"])
    for path, reason in part.get("lostReasons", {}).items():
        merged["lostReasons"].setdefault(path, reason)
    for code, entry in part.get("codes", {}).items():
        known = merged["codes"].setdefault(code, {"count": 0, "severity": entry.get("severity", "warning")})
        known["count"] += entry.get("count", 0)
        if "summary" in entry:
            known.setdefault("summary", entry["summary"])
    for source, count in part.get("sources", {}).items():
        merged["sources"][source] = merged["sources"].get(source, 0) + count
    for failure in part.get("failures", []):
        if len(merged["failures"]) >= limits["failures"]:
            break
        merged["failures"].append(dict(failure, file=file, record=failure["record"] + record_offset,
                                       line=failure["line"] + line_offset))
    seen = [_loss_set(sample) for sample in merged["samples"]]
    for sample in part.get("samples", []):
        if len(merged["samples"]) >= limits["samples"]:
            break
        if _loss_set(sample) in seen:
            continue
        seen.append(_loss_set(sample))
        merged["samples"].append(dict(sample, file=file, record=sample["record"] + record_offset,
                                      line=sample["line"] + line_offset))
