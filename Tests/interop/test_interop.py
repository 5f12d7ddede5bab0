"""Interop: drive the real `pushnorm rpc` from Python, in both framings, and check the published contracts.

- Content-Length framing with python-lsp-jsonrpc's JsonRpcStreamReader/Writer (what LSP-style clients use);
- NDJSON over a plain pipe, interactively (one request, one reply) and in bulk;
- every returned `notification` validates against rpc-spec/notification.schema.json (JSON Schema 2020-12);
- so does every canonical golden, Tests/*/Fixtures/**/canonical.json;
- rpc-spec/openrpc.json loads into the `openrpc` package's models, passes a structural check of the
  OpenRPC 1.3 meta-schema, and its examples validate against their own param and result schemas.

Run with Tests/interop/run.sh [path/to/pushnorm]; PUSHNORM_BIN names the executable.
"""

import copy
import glob
import io
import json
import os
import shutil
import subprocess
import sys

import jsonschema
import pytest
import referencing
import referencing.jsonschema
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("PUSHNORM_BIN", os.path.join(ROOT, ".build", "debug", "pushnorm"))
SPEC_DIR = os.path.join(ROOT, "rpc-spec")
BASE = "https://pushnorm.invalid/rpc-spec/"

# Nothing here skips silently: without the executable every test fails.
if not os.access(BINARY, os.X_OK):
    pytest.fail(f"no pushnorm executable at {BINARY} (swift build --product pushnorm)", pytrace=False)


def load(name):
    with open(os.path.join(SPEC_DIR, name), encoding="utf-8") as f:
        return json.load(f)


OPENRPC = load("openrpc.json")
NOTIFICATION_SCHEMA = load("notification.schema.json")
CATALOGUE_SCHEMA = load("hive-actions.schema.json")
DRAFT = referencing.jsonschema.DRAFT202012
REGISTRY = referencing.Registry().with_resources(
    [
        (BASE + "openrpc.json", referencing.Resource(contents=OPENRPC, specification=DRAFT)),
        (BASE + "notification.schema.json", referencing.Resource.from_contents(NOTIFICATION_SCHEMA)),
        (BASE + "hive-actions.schema.json", referencing.Resource(contents=CATALOGUE_SCHEMA, specification=DRAFT)),
    ]
)
NOTIFICATION_VALIDATOR = jsonschema.Draft202012Validator(NOTIFICATION_SCHEMA)

PAYLOADS = [
    {"aps": {"alert": {"title": "Sale", "subtitle": "Today", "body": "50% off"}, "badge": 3, "sound": "default"}},
    {"aps": {"alert": "plain", "thread-id": "t", "category": "C", "mutable-content": 1}, "custom": {"a": [1, 2]}},
    {"aps": {"content-available": 1}, "sync": True},
    {"aps": {"alert": {"loc-key": "K", "loc-args": ["a"]}, "sound": {"name": "s", "critical": 1, "volume": 0.5}}},
    {"aps": {"alert": "x", "interruption-level": "time-sensitive", "relevance-score": 0.7, "unknown-aps-key": 1}},
    {"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1}}},
    {"aps": {"badge": -1, "alert": "bad badge is a finding, still a notification"}},
]


def schema_validator(pointer):
    """A validator for the schema at `pointer` inside openrpc.json (its $refs resolve in the document)."""
    return jsonschema.Draft202012Validator({"$ref": BASE + "openrpc.json#" + pointer}, registry=REGISTRY)


def request(id_, method, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return message


def requests():
    out = []
    for i, payload in enumerate(PAYLOADS):
        out.append(request(f"n{i}", "normalise", {"payload": payload}))
        out.append(request(f"s{i}", "normalise", {"payload": json.dumps(payload), "format": "apns"}))
        out.append(request(f"v{i}", "validate", {"payload": payload, "target": "apns"}))
        # A payload with error findings (the bad badge) converts only with allowInvalid (issue 11).
        invalid = payload["aps"].get("badge", 0) < 0
        params = {"payload": payload, "to": "apns", **({"allowInvalid": True} if invalid else {})}
        out.append(request(f"c{i}", "convert", params))
    out.append(request("f", "formats"))
    out.append(request("e1", "normalise", {"payload": {"no": "format"}}))
    out.append(request("e2", "nope"))
    out.append(request("e3", "convert", {"payload": PAYLOADS[-1], "to": "apns"}))
    return out


def spawn(*args):
    return subprocess.Popen(
        [BINARY, "rpc", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def check_notifications(replies):
    """Every notification in a normalise result validates against the schema."""
    count = 0
    for reply in replies:
        result = reply.get("result")
        if isinstance(result, dict) and "notification" in result:
            NOTIFICATION_VALIDATOR.validate(result["notification"])
            count += 1
    return count


def check_replies(sent, replies):
    by_id = {r["id"]: r for r in replies}
    assert [r["id"] for r in replies] == [m["id"] for m in sent]
    assert by_id["e1"]["error"]["code"] == 1002
    assert by_id["e2"]["error"]["code"] == -32601
    assert by_id["e3"]["error"]["code"] == 1003  # convert checks what validate checks
    assert check_notifications(replies) == 2 * len(PAYLOADS)
    for reply in replies:
        assert reply["jsonrpc"] == "2.0"
        if reply["id"].startswith("c"):
            assert reply["result"]["payload"] == PAYLOADS[int(reply["id"][1:])]
    # Results validate against the spec's result schemas.
    methods = {m["name"]: i for i, m in enumerate(OPENRPC["methods"])}
    for message, reply in zip(sent, replies):
        if "result" in reply:
            schema_validator(f"/methods/{methods[message['method']]}/result/schema").validate(reply["result"])


# MARK: - Content-Length framing (python-lsp-jsonrpc)


def test_content_length_framing_with_pylsp_jsonrpc():
    process = spawn()
    writer = JsonRpcStreamWriter(process.stdin)
    sent = requests()
    for message in sent:
        writer.write(message)
    writer.close()
    replies = []
    JsonRpcStreamReader(process.stdout).listen(replies.append)
    assert process.wait(timeout=60) == 0
    check_replies(sent, replies)


def test_content_length_interactive_one_at_a_time():
    """The server flushes each reply as soon as its request is answered (no waiting for EOF)."""
    process = spawn()
    writer = JsonRpcStreamWriter(process.stdin)
    reader = JsonRpcStreamReader(process.stdout)
    for i in range(20):
        writer.write(request(i, "normalise", {"payload": PAYLOADS[i % len(PAYLOADS)]}))
        body = reader._read_message()  # one message, blocking
        reply = json.loads(body)
        assert reply["id"] == i
        NOTIFICATION_VALIDATOR.validate(reply["result"]["notification"])
    writer.close()
    assert process.wait(timeout=30) == 0


# MARK: - NDJSON framing (plain pipe)


def test_ndjson_framing_over_a_pipe():
    sent = requests()
    data = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=data, capture_output=True, timeout=60)
    assert out.returncode == 0
    replies = [json.loads(line) for line in out.stdout.decode().splitlines()]
    check_replies(sent, replies)


def test_ndjson_interactive_one_at_a_time():
    process = spawn()
    for i in range(20):
        process.stdin.write((json.dumps(request(i, "validate", {"payload": PAYLOADS[i % len(PAYLOADS)]})) + "\n").encode())
        process.stdin.flush()
        reply = json.loads(process.stdout.readline())
        assert reply["id"] == i
        assert isinstance(reply["result"]["valid"], bool)
    process.stdin.close()
    assert process.wait(timeout=30) == 0


def test_a_stray_header_does_not_strand_the_requests_after_it():
    """Issue 22 item 5: a Content-Length header with no blank line, then NDJSON requests sent one at a time: the
    header block is answered -32700 at once and each request gets its reply before the input ends."""
    import select
    process = spawn()
    process.stdin.write(b"Content-Length: 120\r\n")
    process.stdin.flush()
    replies, pending, fd = [], b"", process.stdout.fileno()
    for i in range(3):
        process.stdin.write((json.dumps(request(i, "formats")) + "\n").encode())
        process.stdin.flush()
        wanted = len(replies) + (2 if i == 0 else 1)
        while len(replies) < wanted:
            # The header block's error comes in the framing it seemed to use (Content-Length), the rest as lines.
            framed = pending.startswith(b"Content-Length:")
            header, blank, rest = pending.partition(b"\r\n\r\n")
            length = int(header.split(b":")[1]) if framed and blank else None
            if framed and length is not None and len(rest) >= length:
                replies.append(json.loads(rest[:length]))
                pending = rest[length:]
            elif not framed and b"\n" in pending:
                line, _, pending = pending.partition(b"\n")
                replies.append(json.loads(line))
            else:
                ready, _, _ = select.select([fd], [], [], 20)
                assert ready, "no reply while the input is still open: the caller is stranded"
                chunk = os.read(fd, 1 << 20)
                assert chunk, "the server closed its output"
                pending += chunk
    assert replies[0]["id"] is None and replies[0]["error"]["code"] == -32700
    assert replies[0]["error"]["data"]["reason"] == "bad-header"
    assert [reply["id"] for reply in replies[1:]] == [0, 1, 2]
    assert all("result" in reply for reply in replies[1:])
    process.stdin.close()
    assert process.wait(timeout=30) == 0


def test_mixed_framings_are_answered_in_kind():
    sent = [request(i, "formats") for i in range(10)]
    data = io.BytesIO()
    for i, message in enumerate(sent):
        body = json.dumps(message).encode()
        data.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) if i % 2 else body + b"\n")
    out = subprocess.run([BINARY, "rpc"], input=data.getvalue(), capture_output=True, timeout=60).stdout
    for i in range(10):
        if i % 2:
            assert out.startswith(b"Content-Length: ")
            header, _, rest = out.partition(b"\r\n\r\n")
            length = int(header.split(b":")[1])
            body, out = rest[:length], rest[length:]
        else:
            body, _, out = out.partition(b"\n")
        assert json.loads(body)["id"] == i
    assert out == b""


def test_batch_reply_is_an_array_in_order():
    batch = [request(i, "normalise", {"payload": PAYLOADS[i % len(PAYLOADS)]}) for i in range(50)]
    batch.insert(10, {"jsonrpc": "2.0", "method": "formats"})  # a notification: no reply
    out = subprocess.run([BINARY, "rpc"], input=(json.dumps(batch) + "\n").encode(), capture_output=True, timeout=60)
    replies = json.loads(out.stdout)
    assert [r["id"] for r in replies] == list(range(50))
    assert check_notifications(replies) == 50


def discovered():
    out = subprocess.run(
        [BINARY, "rpc"], input=(json.dumps(request(1, "rpc.discover")) + "\n").encode(), capture_output=True, timeout=60
    )
    return json.loads(out.stdout)["result"]


def refs(value):
    if isinstance(value, dict):
        for key, member in value.items():
            if key == "$ref" and isinstance(member, str):
                yield member
            else:
                yield from refs(member)
    elif isinstance(value, list):
        for member in value:
            yield from refs(member)


def test_discover_returns_the_document_self_contained():
    """rpc.discover is openrpc.json with the schema files inlined: every $ref resolves inside the document, so a
    tool holding only that document can validate results with it."""
    document = discovered()
    bundled = json.dumps(OPENRPC["methods"]).replace('"hive-actions.schema.json"', '"#/components/schemas/HiveActions"')
    assert document["methods"] == json.loads(bundled)
    assert document["components"]["errors"] == OPENRPC["components"]["errors"]
    for reference in refs(document):
        assert reference.startswith("#/"), reference
        node = document
        for token in reference[2:].split("/"):
            node = node[token.replace("~1", "/").replace("~0", "~")]
    schemas = document["components"]["schemas"]
    assert schemas["Notification"]["properties"] == json.loads(
        json.dumps(NOTIFICATION_SCHEMA["properties"]).replace('"#/$defs/', '"#/components/schemas/Notification/$defs/'))
    only = referencing.Registry().with_resource("urn:discovered", referencing.Resource(document, specification=DRAFT))
    validator = jsonschema.Draft202012Validator({"$ref": "urn:discovered#/components/schemas/Notification"},
                                                registry=only)
    validator.validate({"schemaVersion": 1, "body": "hi", "badge": 1})
    assert not validator.is_valid({"schemaVersion": 1, "badge": "one"})


# MARK: - notification.schema.json


def test_notification_schema_is_a_valid_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(NOTIFICATION_SCHEMA)


def test_notification_schema_rejects_what_the_model_rejects():
    for bad in [{"bogus": 1}, {"title": 5}, {"media": [{"url": "u", "kind": "hologram"}]}, {"sound": {"critical": True}},
                {"schemaVersion": 2}, {"extensions": {"apns": 1}}, {"delivery": {"priority": "high"}}]:
        with pytest.raises(jsonschema.ValidationError):
            NOTIFICATION_VALIDATOR.validate(bad)


CANONICAL_GOLDENS = sorted(glob.glob(os.path.join(ROOT, "Tests", "*", "Fixtures", "**", "canonical.json"), recursive=True))


@pytest.mark.parametrize("path", CANONICAL_GOLDENS or [None], ids=lambda p: os.path.relpath(p, ROOT) if p else "none")
def test_canonical_goldens_validate(path):
    if path is None:
        pytest.fail("no Tests/*/Fixtures/**/canonical.json goldens found")
    with open(path, encoding="utf-8") as f:
        NOTIFICATION_VALIDATOR.validate(json.load(f))


# MARK: - openrpc.json


def dereference(document):
    """Inlines the `#/components/errors|contentDescriptors|examplePairings/...` references (schema $refs stay)."""
    document = copy.deepcopy(document)
    components = document.get("components", {})

    def resolve(node):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/") and not ref.startswith("#/components/schemas/"):
                _, _, kind, name = ref.split("/", 3)
                return resolve(components[kind][name])
            return {k: resolve(v) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(v) for v in node]
        return node

    return resolve(document)


def test_openrpc_loads_into_the_openrpc_models():
    from openrpc import OpenRPC, ParamStructure

    model = OpenRPC(**dereference(OPENRPC))
    assert model.openrpc == "1.3.2"
    names = [m.name for m in model.methods]
    assert names == ["normalise", "validate", "render", "convert", "formats", "report", "variables", "rpc.discover"]
    for method in model.methods:
        assert method.param_structure == ParamStructure.BY_NAME
        assert method.examples, method.name
        assert method.errors, method.name
    codes = {e.code for e in model.components.errors.values()}
    assert {-32700, -32600, -32601, -32602, -32603, 1001, 1002, 1003, 1004, 1005} == codes


# A faithful subset of the OpenRPC 1.3 meta-schema (open-rpc/spec spec/1.3/schema.json): the required members,
# the closed objects (`additionalProperties: false` with `^x-` extensions) and the member types. JSON Schemas
# inside it are checked separately with check_schema.
EXT = {"^x-": {}}
REF = {"type": "object", "required": ["$ref"], "properties": {"$ref": {"type": "string"}}, "additionalProperties": False}


def closed(required, properties):
    return {"type": "object", "required": required, "properties": properties, "patternProperties": EXT,
            "additionalProperties": False}


META = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {
        "error": {"type": "object", "required": ["code", "message"], "additionalProperties": False,
                  "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {}}},
        "contentDescriptor": closed(["name", "schema"], {
            "name": {"type": "string", "minLength": 1}, "summary": {"type": "string"}, "description": {"type": "string"},
            "schema": {"type": ["object", "boolean"]}, "required": {"type": "boolean"}, "deprecated": {"type": "boolean"}}),
        "example": {"type": "object", "required": ["name", "value"], "patternProperties": EXT, "properties": {
            "name": {"type": "string", "minLength": 1}, "summary": {"type": "string"}, "description": {"type": "string"},
            "value": {}}},
        "examplePairing": {"type": "object", "required": ["name", "params"], "properties": {
            "name": {"type": "string", "minLength": 1}, "description": {"type": "string"},
            "params": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/example"}, REF]}},
            "result": {"oneOf": [{"$ref": "#/$defs/example"}, REF]}}},
        "method": closed(["name", "params"], {
            "name": {"type": "string", "minLength": 1}, "summary": {"type": "string"}, "description": {"type": "string"},
            "tags": {"type": "array"}, "servers": {"type": "array"}, "links": {"type": "array"},
            "paramStructure": {"enum": ["by-position", "by-name", "either"]},
            "params": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/contentDescriptor"}, REF]}},
            "result": {"oneOf": [{"$ref": "#/$defs/contentDescriptor"}, REF]},
            "errors": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/error"}, REF]}},
            "examples": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/examplePairing"}, REF]}},
            "deprecated": {"type": "boolean"}, "externalDocs": {"type": "object"}}),
    },
    **closed(["info", "methods", "openrpc"], {
        "openrpc": {"type": "string", "pattern": r"^1\.3\.\d+$"},
        "info": closed(["title", "version"], {
            "title": {"type": "string"}, "description": {"type": "string"}, "termsOfService": {"type": "string"},
            "version": {"type": "string"}, "contact": {"type": "object"}, "license": {"type": "object"}}),
        "externalDocs": {"type": "object"}, "servers": {"type": "array"}, "$schema": {"type": "string"},
        "methods": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/method"}, REF]}},
        "components": {"type": "object", "properties": {
            "schemas": {"type": "object", "additionalProperties": {"type": ["object", "boolean"]}},
            "errors": {"type": "object", "additionalProperties": {"$ref": "#/$defs/error"}},
            "contentDescriptors": {"type": "object", "additionalProperties": {"$ref": "#/$defs/contentDescriptor"}},
            "examples": {"type": "object", "additionalProperties": {"$ref": "#/$defs/example"}},
            "examplePairings": {"type": "object", "additionalProperties": {"$ref": "#/$defs/examplePairing"}},
            "links": {"type": "object"}, "tags": {"type": "object"}}},
    }),
}


def test_openrpc_is_structurally_valid():
    jsonschema.Draft202012Validator(META).validate(OPENRPC)
    names = [m["name"] for m in OPENRPC["methods"]]
    assert len(names) == len(set(names))
    for method in OPENRPC["methods"]:
        params = [p["name"] for p in method["params"]]
        assert len(params) == len(set(params)), method["name"]
        required = [p.get("required", False) for p in method["params"]]
        assert required == sorted(required, reverse=True), f"{method['name']}: required params must come first"


def test_openrpc_schemas_are_valid_2020_12():
    for name, schema in OPENRPC["components"]["schemas"].items():
        jsonschema.Draft202012Validator.check_schema(schema)
    for method in OPENRPC["methods"]:
        for param in method["params"]:
            jsonschema.Draft202012Validator.check_schema(param["schema"])
        jsonschema.Draft202012Validator.check_schema(method["result"]["schema"])


def test_openrpc_examples_match_their_schemas():
    for i, method in enumerate(OPENRPC["methods"]):
        params = {p["name"]: j for j, p in enumerate(method["params"])}
        for example in method["examples"]:
            for param in example["params"]:
                schema_validator(f"/methods/{i}/params/{params[param['name']]}/schema").validate(param["value"])
            missing = {p["name"] for p in method["params"] if p.get("required")} - {p["name"] for p in example["params"]}
            assert not missing, f"{method['name']} example {example['name']} misses {missing}"
            if "result" in example:
                schema_validator(f"/methods/{i}/result/schema").validate(example["result"]["value"])


def test_openrpc_examples_run_through_the_binary():
    calls = []
    for method in OPENRPC["methods"]:
        for example in method["examples"]:
            params = {p["name"]: p["value"] for p in example["params"]}
            calls.append((request(len(calls), method["name"], params), example.get("result", {}).get("value")))
    data = "".join(json.dumps(c[0]) + "\n" for c in calls).encode()
    out = subprocess.run([BINARY, "rpc"], input=data, capture_output=True, timeout=60)
    replies = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert len(replies) == len(calls)
    for (call, expected), reply in zip(calls, replies):
        assert "result" in reply, reply
        if expected is not None:
            assert reply["result"] == expected, call["method"]


def test_every_error_code_is_declared():
    declared = {e["code"] for e in OPENRPC["components"]["errors"].values()}
    probes = [
        b"{oops\n",
        b'{"jsonrpc":"1.0","id":1,"method":"formats"}\n',
        b'{"jsonrpc":"2.0","id":2,"method":"nope"}\n',
        b'{"jsonrpc":"2.0","id":3,"method":"formats","params":{"x":1}}\n',
        b'{"jsonrpc":"2.0","id":4,"method":"normalise","params":{"payload":{},"format":"nope"}}\n',
        b'{"jsonrpc":"2.0","id":5,"method":"normalise","params":{"payload":{"x":1}}}\n',
        b'{"jsonrpc":"2.0","id":6,"method":"convert","params":{"payload":{"aps":{"badge":"x"}},"to":"apns"}}\n',
        b'{"jsonrpc":"2.0","id":7,"method":"normalise","params":{"payload":"{"}}\n',
    ]
    out = subprocess.run([BINARY, "rpc"], input=b"".join(probes), capture_output=True, timeout=60)
    codes = [json.loads(line)["error"]["code"] for line in out.stdout.decode().splitlines()]
    assert codes == [-32700, -32600, -32601, -32602, 1001, 1002, 1003, 1005]
    assert set(codes) <= declared


# MARK: - Examples


def test_python_example_converts():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Examples", "python", "convert.py"), "--to", "apns", "--strict"],
        capture_output=True, timeout=60, env={**os.environ, "PUSHNORM": BINARY},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["from"] == "apns"


def require_node():
    """node, or a skip outside CI; under CI=true a missing node fails."""
    if shutil.which("node"):
        return
    if os.environ.get("CI") == "true":
        pytest.fail("node is not installed, and CI=true requires the Node interop tests to run")
    pytest.skip("node is not installed (CI=true makes this a failure)")


def test_node_example_converts():
    require_node()
    out = subprocess.run(
        ["node", os.path.join(ROOT, "Examples", "node", "convert.js"), "--to", "apns"],
        capture_output=True, timeout=60, env={**os.environ, "PUSHNORM": BINARY},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["payload"]["aps"]["badge"] == 1


# MARK: - Every format through the real binary, with the real client libraries


def strict(value, ordered=False):
    """A value in which True, 1 and 1.0 differ (Python's == merges them), and, when `ordered`, key order counts."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("real", value)
    if isinstance(value, list):
        return ("array", [strict(v, ordered) for v in value])
    if isinstance(value, dict):
        items = [(k, strict(v, ordered)) for k, v in value.items()]
        return ("object", items if ordered else sorted(items))
    return (type(value).__name__, value)


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def adapter_fixtures():
    """(format, folder) for every adapter fixture folder: Tests/<Vendor>AdapterTests/Fixtures/<format>/<s> is <format>
    (hive-actions is a catalogue: see below)."""
    out = []
    for input_path in sorted(glob.glob(os.path.join(ROOT, "Tests", "*AdapterTests", "Fixtures", "**", "input.json"), recursive=True)):
        folder = os.path.dirname(input_path)
        parts = os.path.relpath(folder, ROOT).split(os.sep)
        fmt = parts[3]
        out.append((fmt, folder))
    return out


FIXTURES = adapter_fixtures()
FORMATS = sorted({fmt for fmt, _ in FIXTURES} - {"hive-actions"})


def fixture_requests(fmt):
    """normalise (with the format named) and a same-format convert for every fixture of `fmt`."""
    sent, expected = [], {}
    for index, (f, folder) in enumerate(FIXTURES):
        if f != fmt:
            continue
        payload = load_json(os.path.join(folder, "input.json"))
        # A payload that is not an object travels as JSON text (the param is an object or a string).
        params = {"payload": payload if isinstance(payload, dict) else json.dumps(payload), "format": fmt}
        if os.path.exists(os.path.join(folder, "options.json")):
            params["options"] = load_json(os.path.join(folder, "options.json"))
        sent.append(request(f"n{index}", "normalise", params))
        # convert checks what validate checks; FCM's rules call a message without a target (most FCM fixtures) an
        # error, which is not what this checks: allowInvalid there, for fixtures that read without errors (a fixture
        # with errors must still fail); likewise HMS's, whose fixtures are Huawei's demos with the mistakes HMS's rules
        # report. Elsewhere plain requests, which the RPC's wire lane answers.
        errors = any(d["severity"] == "error" for d in load_json(os.path.join(folder, "diagnostics.json")))
        convert = {**{k: v for k, v in params.items() if k != "format"}, "from": fmt, "to": fmt}
        if (fmt.startswith("fcm") or fmt == "hms") and not errors:
            convert["allowInvalid"] = True
        sent.append(request(f"c{index}", "convert", convert))
        expected[index] = folder
    return sent, expected


def check_fixture_replies(fmt, sent, expected, replies):
    assert [r["id"] for r in replies] == [m["id"] for m in sent]
    checked = 0
    for reply in replies:
        index = int(reply["id"][1:])
        folder = expected[index]
        has_canonical = os.path.exists(os.path.join(folder, "canonical.json"))
        diagnostics = load_json(os.path.join(folder, "diagnostics.json"))
        errors = any(d["severity"] == "error" for d in diagnostics)
        if reply["id"].startswith("n"):
            if not has_canonical:
                assert reply["error"]["code"] == 1003, (folder, reply)
                continue
            result = reply["result"]
            assert strict(result["notification"]) == strict(load_json(os.path.join(folder, "canonical.json"))), folder
            got = [{k: d[k] for k in ("severity", "code", "path")} for d in result["diagnostics"]]
            assert got == diagnostics, folder
            NOTIFICATION_VALIDATOR.validate(result["notification"])
            checked += 1
        else:
            if errors or not has_canonical:
                assert "error" in reply, (folder, reply)
                continue
            rendered = os.path.join(folder, "rendered.json")
            want = load_json(rendered if os.path.exists(rendered) else os.path.join(folder, "input.json"))
            # Same bytes as the goldens: values, types and key order.
            assert strict(reply["result"]["payload"], ordered=True) == strict(want, ordered=True), folder
            assert reply["result"]["lost"] == [], folder
            checked += 1
    return checked


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_fixture_of_every_format_through_content_length_framing(fmt):
    sent, expected = fixture_requests(fmt)
    assert sent, f"no fixtures for {fmt}"
    process = spawn()
    writer = JsonRpcStreamWriter(process.stdin)
    for message in sent:
        writer.write(message)
    writer.close()
    replies = []
    JsonRpcStreamReader(process.stdout).listen(replies.append)
    assert process.wait(timeout=120) == 0
    assert check_fixture_replies(fmt, sent, expected, replies) > 0


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_fixture_of_every_format_through_ndjson(fmt):
    sent, expected = fixture_requests(fmt)
    body = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=body, capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert check_fixture_replies(fmt, sent, expected, replies) > 0


def test_every_format_converts_into_every_format():
    """One valid fixture per format into every format and back to its own: results match their schema, and
    converting back to the source loses nothing it did not report."""
    sent = []
    for fmt in FORMATS:
        folder = next(
            folder for f, folder in FIXTURES
            if f == fmt and os.path.exists(os.path.join(folder, "canonical.json"))
            and not any(d["severity"] == "error" for d in load_json(os.path.join(folder, "diagnostics.json")))
            and not os.path.exists(os.path.join(folder, "options.json"))
        )
        payload = load_json(os.path.join(folder, "input.json"))
        for target in FORMATS:
            sent.append(request(f"{fmt}>{target}", "convert", {"payload": payload, "from": fmt, "to": target}))
    body = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=body, capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert [r["id"] for r in replies] == [m["id"] for m in sent]
    methods = {m["name"]: i for i, m in enumerate(OPENRPC["methods"])}
    result_schema = schema_validator(f"/methods/{methods['convert']}/result/schema")
    for reply in replies:
        assert "result" in reply, reply
        result_schema.validate(reply["result"])
        source, target = reply["id"].split(">")
        if source == target:
            assert reply["result"]["lost"] == [], reply["id"]


def test_convert_to_one_message_per_recipient_through_the_binary():
    """Issue 23, item 4: a legacy multicast converted to FCM v1 (one token per message) and to APNs (the token
    beside the payload) answers `{from, messages}`, each message labelled, in order, valid against the spec; kept
    together by legacy FCM it is the single reply, with no recipient."""
    legacy = {"registration_ids": ["token-1", "token-2", "token-3"], "notification": {"title": "Sale"}}
    sent = [
        request(target, "convert", {"payload": legacy, "from": "fcm-legacy", "to": target})
        for target in ("fcm", "apns", "fcm-legacy")
    ]
    body = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=body, capture_output=True, timeout=60)
    assert out.returncode == 0, out.stderr
    replies = {r["id"]: r for r in (json.loads(line) for line in out.stdout.splitlines() if line.strip())}
    methods = {m["name"]: i for i, m in enumerate(OPENRPC["methods"])}
    result_schema = schema_validator(f"/methods/{methods['convert']}/result/schema")
    for reply in replies.values():
        result_schema.validate(reply["result"])
    fcm = replies["fcm"]["result"]
    assert fcm["from"] == "fcm-legacy"
    assert [m["payload"]["token"] for m in fcm["messages"]] == legacy["registration_ids"]
    assert [m["recipient"]["label"] for m in fcm["messages"]] == ["recipient 1 of 3", "recipient 2 of 3",
                                                                  "recipient 3 of 3"]
    assert all(m["lost"] == [] for m in fcm["messages"])
    apns = replies["apns"]["result"]["messages"]
    assert [m["recipient"]["deviceToken"] for m in apns] == legacy["registration_ids"]
    assert apns[0]["payload"] == {"aps": {"alert": {"title": "Sale"}}}
    together = replies["fcm-legacy"]["result"]
    assert "recipient" not in together and together["payload"]["registration_ids"] == legacy["registration_ids"]


def test_hive_actions_catalogues_through_the_binary():
    folders = sorted(glob.glob(os.path.join(ROOT, "Tests", "HiveAdapterTests", "Fixtures", "hive-actions", "*")))
    assert folders
    sent = []
    for index, folder in enumerate(folders):
        catalogue = load_json(os.path.join(folder, "input.json"))
        sent.append(request(f"n{index}", "normalise", {"payload": catalogue, "format": "hive-actions"}))
        sent.append(request(f"v{index}", "validate", {"catalogue": catalogue}))
    body = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=body, capture_output=True, timeout=120)
    replies = {r["id"]: r for r in (json.loads(line) for line in out.stdout.splitlines() if line.strip())}
    for index, folder in enumerate(folders):
        diagnostics = load_json(os.path.join(folder, "diagnostics.json"))
        validation = replies[f"v{index}"]["result"]
        assert [{k: d[k] for k in ("severity", "code", "path")} for d in validation["diagnostics"]] == diagnostics, folder
        normalised = replies[f"n{index}"]
        if "result" in normalised:
            rendered = os.path.join(folder, "rendered.json")
            want = load_json(rendered if os.path.exists(rendered) else os.path.join(folder, "input.json"))
            assert strict(normalised["result"]["catalogue"], ordered=True) == strict(want, ordered=True), folder


def example_payloads():
    return sorted(glob.glob(os.path.join(ROOT, "Examples", "payloads", "*", "*.json")))


@pytest.mark.parametrize("path", example_payloads(), ids=lambda p: os.path.relpath(p, ROOT))
def test_python_example_converts_every_format(path):
    fmt = os.path.basename(os.path.dirname(path))
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Examples", "python", "convert.py"), path, "--from", fmt, "--to", fmt],
        capture_output=True, timeout=60, env={**os.environ, "PUSHNORM": BINARY},
    )
    if out.returncode == 1:  # a payload with errors: the RPC error on stderr
        assert json.loads(out.stderr)["code"] == 1003, out.stderr
    else:
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["from"] == fmt


@pytest.mark.parametrize("path", example_payloads(), ids=lambda p: os.path.relpath(p, ROOT))
def test_node_example_converts_every_format(path):
    require_node()
    fmt = os.path.basename(os.path.dirname(path))
    out = subprocess.run(
        ["node", os.path.join(ROOT, "Examples", "node", "convert.js"), path, "--from", fmt, "--to", "apns"],
        capture_output=True, timeout=60, env={**os.environ, "PUSHNORM": BINARY},
    )
    if out.returncode == 1:  # a payload with errors: the RPC error on stderr
        assert json.loads(out.stderr)["code"] == 1003, out.stderr
    else:
        assert out.returncode == 0, out.stderr
        reply = json.loads(out.stdout)
        # A payload naming several devices converts to one APNs payload each (`messages`, one recipient each).
        payloads = [m["payload"] for m in reply["messages"]] if "messages" in reply else [reply["payload"]]
        assert payloads and all("aps" in payload for payload in payloads), reply


def test_strict_lossy_conversion_is_error_1004_through_a_real_adapter():
    payload = {"aps": {"alert": "a"}, "payload": json.dumps({"image_attachment": "https://x.example/a.jpg", "k": 1})}
    sent = [
        request(1, "convert", {"payload": payload, "from": "zego", "to": "amazon", "strict": True}),
        request(2, "convert", {"payload": payload, "from": "zego", "to": "amazon"}),
    ]
    body = "".join(json.dumps(m) + "\n" for m in sent).encode()
    out = subprocess.run([BINARY, "rpc"], input=body, capture_output=True, timeout=60)
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    error = replies[0]["error"]
    assert error["code"] == 1004, error
    assert error["data"]["kind"] == "lossy"
    assert [lost["path"] for lost in error["data"]["lost"]] == ["/extensions/zego/payload/k"]
    assert [lost["path"] for lost in replies[1]["result"]["lost"]] == ["/extensions/zego/payload/k"]
