"""summary.py's merge of the splits' `pushnorm convert --summary` files, without Spark."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("summary", os.path.join(HERE, "..", "pushnormspark", "summary.py"))
summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(summary)


def part(failures, samples, codes, lost_reasons, sources):
    return {"version": "0.1.0", "limits": {"failures": 2, "samples": 2}, "codes": codes,
            "lostReasons": lost_reasons, "sources": sources, "failures": failures, "samples": samples}


def test_splits_merge_in_order_with_file_numbers_and_limits():
    merged = summary.empty(["job"])
    first = part([{"file": "-", "record": 3, "line": 3, "code": "a", "path": "", "message": "m"}],
                 [{"file": "-", "record": 1, "line": 1, "lost": [{"path": "/badge", "reason": "r1"}]}],
                 {"a": {"count": 1, "severity": "error"}}, {"/badge": "r1"}, {"apns": 4})
    second = part([{"file": "-", "record": 1, "line": 1, "code": "b", "path": "/x", "message": "m"},
                   {"file": "-", "record": 2, "line": 5, "code": "b", "path": "/x", "message": "m"}],
                  [{"file": "-", "record": 2, "line": 2, "lost": [{"path": "/badge", "reason": "r2"}]},
                   {"file": "-", "record": 4, "line": 4, "lost": [{"path": "/sound", "reason": "r3"}]}],
                  {"a": {"count": 2, "severity": "error"}, "c": {"count": 1, "severity": "info"}},
                  {"/badge": "r2", "/sound": "r3"}, {"apns": 1, "fcm": 2})
    summary.merge(merged, first, "a.ndjson", 0, 0)
    summary.merge(merged, None, "a.ndjson", 4, 4)  # a split without records
    summary.merge(merged, second, "a.ndjson", 10, 8)
    assert merged["version"] == "0.1.0" and merged["command"] == ["job"]
    assert merged["codes"] == {"a": {"count": 3, "severity": "error"}, "c": {"count": 1, "severity": "info"}}
    assert merged["lostReasons"] == {"/badge": "r1", "/sound": "r3"}  # the first reason stays
    assert merged["sources"] == {"apns": 5, "fcm": 2}
    # Failures: in order, numbered in the file, up to the limit.
    assert [(f["file"], f["record"], f["line"]) for f in merged["failures"]] == [("a.ndjson", 3, 3), ("a.ndjson", 9, 11)]
    # Samples: the first record of each distinct loss set.
    assert [(s["record"], s["line"]) for s in merged["samples"]] == [(1, 1), (12, 14)]
    assert set(summary.ADDED_KEYS) == set(merged)
