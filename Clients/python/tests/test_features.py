"""Every RPC parameter, the error classes, typed results, timeouts and restarts (threaded client)."""

import json
import os
import pathlib
import signal
import subprocess
import time
import typing

import pytest

import pushnormaliser
from pushnormaliser import (
    ERROR_CLASSES,
    Client,
    InvalidParamsError,
    InvalidPayloadJSONError,
    LossyConversionError,
    MethodNotFoundError,
    PayloadRejectedError,
    PushnormError,
    PushnormProcessError,
    PushnormTimeout,
    UnknownFormatError,
    UnrecognisedPayloadError,
    find_executable,
)
from pushnormaliser.results import (
    CONVERT_MESSAGES_TYPE, RESULT_TYPES, Diagnostic, Format, LostField, Recipient, TemplateVariable,
)

INVALID = {"aps": {"alert": "bad", "badge": "seven"}}
ROOT = pathlib.Path(__file__).resolve().parent.parent.parent.parent


def test_allow_invalid_converts_a_payload_with_errors_that_is_refused_without_it(executable: str) -> None:
    with Client(executable) as client:
        with pytest.raises(PayloadRejectedError) as refused:
            client.convert(INVALID, to="amazon")
        assert refused.value.code == 1003
        assert refused.value.diagnostics[0]["code"] == "apns.badge.not-integer"
        result = client.convert(INVALID, to="amazon", allow_invalid=True)
        assert result["payload"]["aps"]["badge"] == "seven"
        assert [d["code"] for d in result["diagnostics"]] == ["apns.badge.not-integer"]
        many = list(client.convert_many([INVALID, INVALID], "apns", "amazon", allow_invalid=True))
        assert [r["payload"]["aps"]["badge"] for r in many] == ["seven", "seven"]


def test_each_error_code_raises_its_own_subclass(executable: str) -> None:
    offline = {"OfflinePush": {"Title": "t", "Content": "c", "ResourcesID": "r"}}
    cases = [
        (lambda c: c.convert({"aps": {"alert": "x"}}, to="carrier-pigeon"), UnknownFormatError, 1001),
        (lambda c: c.normalise({"neither": "vendor"}), UnrecognisedPayloadError, 1002),
        (lambda c: c.convert(INVALID, to="amazon"), PayloadRejectedError, 1003),
        (lambda c: c.convert(offline, "zego-offline-push", "hive", strict=True), LossyConversionError, 1004),
        (lambda c: c.convert('{"aps": ', to="amazon"), InvalidPayloadJSONError, 1005),
        (lambda c: c.convert({"aps": {}}, to="amazon", options={"noSuchOption": 1}), InvalidParamsError, -32602),
        (lambda c: c.call("no.such.method"), MethodNotFoundError, -32601),
    ]
    with Client(executable) as client:
        for call, cls, code in cases:
            with pytest.raises(cls) as raised:
                call(client)
            assert raised.value.code == code and isinstance(raised.value, PushnormError), raised.value
    assert LossyConversionError(1004, "m", {"lost": [{"path": "/x", "reason": "r"}]}).lost[0]["path"] == "/x"


def test_the_error_classes_are_the_specs_errors(openrpc: dict) -> None:
    declared = {entry["code"]: name for name, entry in openrpc["components"]["errors"].items()}
    assert set(ERROR_CLASSES) == set(declared)
    for code, cls in ERROR_CLASSES.items():
        name = declared[code]
        assert cls.__name__ == (name if name.endswith("Error") else name + "Error")
        assert issubclass(cls, PushnormError) and cls.code == code
        assert getattr(pushnormaliser, cls.__name__) is cls


def test_the_result_types_have_the_specs_keys(openrpc: dict) -> None:
    schemas = openrpc["components"]["schemas"]
    results = {method["name"]: method["result"]["schema"] for method in openrpc["methods"]}
    # convert answers one message (ConvertedMessage) or several ({from, messages}).
    converted, several = results["convert"]["oneOf"]
    assert converted == {"$ref": "#/components/schemas/ConvertedMessage"}
    results["convert"] = schemas["ConvertedMessage"]
    results["convert-messages"] = several
    typed = dict(RESULT_TYPES)
    typed.update({"convert-messages": CONVERT_MESSAGES_TYPE, "#Diagnostic": Diagnostic, "#LostField": LostField,
                  "#Format": Format, "#Recipient": Recipient})
    # variables' entries are declared inline in its result.
    results["variables-entry"] = results["variables"]["properties"]["variables"]["items"]
    typed["variables-entry"] = TemplateVariable
    for name, cls in typed.items():
        schema = schemas[name[1:]] if name.startswith("#") else results[name]
        required = set(schema["required"])
        assert set(cls.__required_keys__) == required, name
        assert set(cls.__optional_keys__) == set(schema["properties"]) - required, name
    assert typing.get_type_hints(RESULT_TYPES["convert"])["size"] is int


# Methods of the spec the clients do not expose yet.
NOT_EXPOSED: typing.Set[str] = set()


def test_every_method_of_the_spec_is_a_method_of_both_clients(openrpc: dict) -> None:
    names = {method["name"] for method in openrpc["methods"]} - NOT_EXPOSED
    assert set(RESULT_TYPES) <= names
    for name in names:
        attribute = "discover" if name == "rpc.discover" else name
        assert callable(getattr(Client, attribute, None)), name
        assert callable(getattr(pushnormaliser.AsyncClient, attribute, None)), name


TEMPLATE = json.loads((ROOT / "Examples" / "payloads" / "pinpoint-template" / "push-template-request.json").read_text())


def test_substitutions_render_a_template_and_a_bad_one_is_invalid_params(executable: str) -> None:
    names = {"User.UserAttributes.FirstName": ["Ana"]}
    with Client(executable) as client:
        kept = client.convert(TEMPLATE, "pinpoint-template", "fcm")
        assert kept["payload"]["notification"]["title"] == "Hello {{User.UserAttributes.FirstName}}"
        result = client.convert(TEMPLATE, "pinpoint-template", "fcm", substitutions=names)
        assert result["payload"]["notification"]["title"] == "Hello Ana"
        # DefaultSubstitutions fill what substitutions leave out; a value given here wins over it.
        assert result["payload"]["android"]["notification"]["body"] == "Your order is waiting, tap to check out."
        assert "{{" not in json.dumps(result["payload"])
        assert [d["code"] for d in result["diagnostics"]] == ["amazon.media.found"]  # no core.template.* left
        items = client.convert_messages(TEMPLATE, to="fcm", substitutions={"Attributes.Item": "basket"})
        assert items[0]["payload"]["notification"]["body"] == "Your basket is waiting in your cart."
        many = list(client.convert_many([TEMPLATE] * 2, to="fcm", substitutions=names))
        assert [m["payload"]["notification"]["title"] for m in many] == ["Hello Ana"] * 2
        unknown = client.convert({"GCM": {"Title": "{{Attributes.Who}}", "Body": "b"}}, "pinpoint-template", "fcm",
                                 substitutions={})
        assert [d["code"] for d in unknown["diagnostics"]] == ["core.template.unrendered"]
        with pytest.raises(InvalidParamsError) as bad:
            client.convert(TEMPLATE, to="fcm", substitutions={"Attributes.Item": 3})
        assert bad.value.code == -32602
        assert [(d["code"], d["path"]) for d in bad.value.diagnostics] == [
            ("core.template.substitutions-invalid", "/substitutions/Attributes.Item")
        ]


MEDIA_TEMPLATE = {"APNS": {"Title": "Hi {{User.UserAttributes.FirstName}}", "Body": "b", "MediaUrl": "{{Attributes.Image}}"}}


def test_validate_normalise_and_render_take_substitutions(executable: str) -> None:
    names = {"User.UserAttributes.FirstName": ["Ana"]}
    with Client(executable) as client:
        assert client.validate(MEDIA_TEMPLATE, "pinpoint-template")["valid"] is True  # a placeholder URL: checked later
        bad = client.validate(MEDIA_TEMPLATE, "pinpoint-template", substitutions={"Attributes.Image": "not a url"})
        assert bad["valid"] is False
        found = [(d["severity"], d["code"], d["path"]) for d in bad["diagnostics"]]
        assert ("error", "media.url.invalid", "/APNS/MediaUrl") in found
        assert ("warning", "core.template.unrendered", "/APNS/Title") in found
        good = client.validate(
            MEDIA_TEMPLATE, "pinpoint-template", substitutions={**names, "Attributes.Image": "https://cdn.example.com/a.png"}
        )
        assert good["valid"] is True and not [d for d in good["diagnostics"] if d["code"].startswith("core.template")]
        normalised = client.normalise(TEMPLATE, substitutions=names)
        assert normalised["notification"]["title"] == "Hello Ana"
        assert client.normalise(TEMPLATE)["notification"]["title"] == "Hello {{User.UserAttributes.FirstName}}"
        rendered = client.render({"title": "Hi {{X}}", "body": "{{Y}}"}, "apns", substitutions={"X": "Ana"})
        assert rendered["payload"]["aps"]["alert"] == {"title": "Hi Ana", "body": "{{Y}}"}
        assert [(d["code"], d["path"]) for d in rendered["diagnostics"]] == [("core.template.unrendered", "/body")]
        for call in (
            lambda: client.validate(TEMPLATE, substitutions={"a": 3}),
            lambda: client.normalise(TEMPLATE, substitutions={"a": 3}),
            lambda: client.render({"title": "t"}, "apns", substitutions={"a": 3}),
        ):
            with pytest.raises(InvalidParamsError) as raised:
                call()
            assert [(d["code"], d["path"]) for d in raised.value.diagnostics] == [
                ("core.template.substitutions-invalid", "/substitutions/a")
            ]


SUMMARY = {"records": 2, "converted": 2, "lossy": 1, "failed": 0, "lost": {"/badge": 1},
           "lostReasons": {"/badge": "fcm has no place for this field"}, "from": "apns", "to": "fcm"}


def test_report_renders_the_html_page_of_a_summary(executable: str) -> None:
    with Client(executable) as client:
        report = client.report(SUMMARY)
        assert set(report) == {"html", "size"}
        assert report["html"].startswith("<!DOCTYPE html>") and "/badge" in report["html"]
        assert report["size"] == len(report["html"].encode("utf-8"))
        with pytest.raises(InvalidParamsError) as raised:
            client.report({"records": 1})
        assert [(d["code"], d["path"]) for d in raised.value.diagnostics] == [
            ("report.summary.invalid", "/summary/converted")
        ]


def test_variables_lists_the_placeholders_with_their_json_pointers(executable: str) -> None:
    with Client(executable) as client:
        listed = client.variables(TEMPLATE)
        assert [(v["path"], v["placeholder"], v.get("variable")) for v in listed["variables"]] == [
            ("/APNS/Body", "{{Attributes.Item}}", "Attributes.Item"),
            ("/APNS/Title", "{{User.UserAttributes.FirstName}}", "User.UserAttributes.FirstName"),
            ("/GCM/Body", "{{Attributes.Item}}", "Attributes.Item"),
            ("/GCM/Title", "{{User.UserAttributes.FirstName}}", "User.UserAttributes.FirstName"),
        ]
        assert listed["names"] == ["Attributes.Item", "User.UserAttributes.FirstName"]
        helper = client.variables('{"GCM": {"Body": "{{#if Attributes.Gold}}Gold{{/if}}"}}')
        assert helper == {
            "variables": [
                {"path": "/GCM/Body", "placeholder": "{{#if Attributes.Gold}}"},
                {"path": "/GCM/Body", "placeholder": "{{/if}}"},
            ],
            "names": [],
        }
        assert client.variables({"aps": {"alert": "no placeholders"}}) == {"variables": [], "names": []}
        with pytest.raises(InvalidPayloadJSONError):
            client.variables('{"GCM": ')


def test_options_target_and_catalogue_reach_the_server(executable: str) -> None:
    catalogue = {"actions": [], "custom": 1}
    with Client(executable) as client:
        sandbox = client.convert({"aps": {"alert": "x"}}, to="sns", options={"snsPlatform": "APNS_SANDBOX"})
        assert "APNS_SANDBOX" in sandbox["payload"]
        badge = {"aps": {"alert": "x", "badge": 1}}
        assert client.validate(badge)["diagnostics"] == []
        report = client.validate(badge, target="zego-offline-push")
        assert report["format"] == "apns"
        assert [(d["code"], d["path"]) for d in report["diagnostics"]] == [("core.conversion.lost", "/aps/badge")]
        checked = client.validate(catalogue=catalogue)
        assert checked["valid"] is False and checked["diagnostics"][0]["path"] == "/actions"
        rendered = client.render(None, "hive-actions", catalogue=catalogue)
        assert rendered["payload"]["custom"] == 1 and rendered["payload"]["categories"] == {}
        assert client.render(catalogue, "hive-actions")["payload"] == rendered["payload"]


def test_a_hung_server_times_out_and_close_kills_it(executable: str) -> None:
    client = Client(executable, timeout=10, stderr=subprocess.DEVNULL)
    assert client.formats()
    os.kill(client.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        with pytest.raises(PushnormTimeout) as timed_out:
            client.convert({"aps": {"alert": "x"}}, to="amazon", timeout=0.5)
        assert 0.4 < time.monotonic() - started < 5
        assert timed_out.value.method == "convert" and isinstance(timed_out.value, TimeoutError)
        with pytest.raises(PushnormTimeout):
            list(client.convert_many([{"aps": {}}] * 3, to="amazon", timeout=0.2))
    finally:
        started = time.monotonic()
        assert client.close(grace=0.5) == -signal.SIGKILL  # stopped: it never reads its end of input
        assert time.monotonic() - started < 5


def test_a_server_that_never_answers_times_out_by_the_clients_default(silent_server: str) -> None:
    with Client(silent_server, timeout=0.3) as client:
        with pytest.raises(PushnormTimeout) as timed_out:
            client.formats()
        assert timed_out.value.timeout == 0.3


def test_without_restart_a_dead_server_fails_every_call(executable: str) -> None:
    client = Client(executable, stderr=subprocess.DEVNULL)
    os.kill(client.pid, signal.SIGKILL)
    with pytest.raises(PushnormProcessError):
        client.formats()
    with pytest.raises(PushnormProcessError):
        client.formats()
    assert client.close() == -signal.SIGKILL


def test_restart_starts_a_new_server_after_a_crash_and_after_a_hang(executable: str) -> None:
    with Client(executable, restart=True, stderr=subprocess.DEVNULL) as client:
        first = client.pid
        assert client.convert({"aps": {"alert": "x"}}, to="amazon")["from"] == "apns"
        os.kill(first, signal.SIGKILL)
        client._server.process.wait()  # dead and reaped before the next call
        assert client.convert({"aps": {"alert": "y"}}, to="amazon")["payload"]["aps"]["alert"] == "y"
        assert client.restarts == 1 and client.pid != first
        second = client.pid
        os.kill(second, signal.SIGSTOP)
        with pytest.raises(PushnormTimeout):
            client.formats(timeout=0.3)
        assert client.formats(), "a new server after the hung one was killed"
        assert client.restarts == 2 and client.pid not in (first, second)


def test_a_call_in_flight_when_the_server_dies_fails_and_is_not_resent(executable: str) -> None:
    with Client(executable, restart=True, stderr=subprocess.DEVNULL) as client:
        os.kill(client.pid, signal.SIGSTOP)
        pending = client._send("formats", None)
        os.kill(client.pid, signal.SIGKILL)
        with pytest.raises(PushnormProcessError):
            client._outcome(pending, 5, False)
        assert client.formats()
        assert client.restarts == 1


def test_the_bundled_binary_is_found_after_explicit_and_environment(
    executable: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pushnormaliser._common.bundled_executable", lambda: executable)
    monkeypatch.delenv("PUSHNORM", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    assert find_executable() == executable
    monkeypatch.setenv("PUSHNORM", "/from/env/pushnorm")
    assert find_executable() == "/from/env/pushnorm"
    assert find_executable("/explicit/pushnorm") == "/explicit/pushnorm"


def test_the_version_is_rpc_spec_version_everywhere(executable: str) -> None:
    version = (ROOT / "rpc-spec" / "VERSION").read_text(encoding="utf-8").strip()
    assert pushnormaliser.__version__ == version
    printed = subprocess.run([executable, "--version"], capture_output=True, text=True, check=True).stdout
    assert printed == f"pushnorm {version}\n"
    with Client(executable) as client:
        assert client.discover()["info"]["version"] == version
