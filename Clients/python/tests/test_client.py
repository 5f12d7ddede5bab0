import json
import os
import subprocess

import pytest

from pushnormaliser import Client, PushnormError, PushnormProcessError, find_executable

ZEGO = {"aps": {"alert": "hi"}, "payload": json.dumps({"image_attachment": "https://x.example/a.jpg"})}


def test_convert_returns_the_payload_and_the_loss_report(executable: str) -> None:
    with Client(executable) as client:
        result = client.convert(ZEGO, from_="zego", to="amazon")
    assert result["payload"]["attachment-url"] == "https://x.example/a.jpg"
    assert result["from"] == "zego"
    assert result["lost"] == []


def test_errors_raise_pushnorm_error_with_code_message_and_data(executable: str) -> None:
    with Client(executable) as client:
        with pytest.raises(PushnormError) as unknown:
            client.convert(ZEGO, to="carrier-pigeon")
        assert unknown.value.code == 1001
        assert "carrier-pigeon" in unknown.value.message
        lossy = {"aps": {"alert": "hi"}, "payload": "{}", "custom": 1}
        with pytest.raises(PushnormError) as strict:
            client.convert({"OfflinePush": {"Title": "t", "Content": "c", "ResourcesID": "r"}}, from_="zego-offline-push",
                           to="hive", strict=True)
        assert strict.value.code == 1004
        assert strict.value.data["lost"], strict.value.data
        assert client.convert(lossy, to="apns")["payload"]["custom"] == 1  # the client still works after errors


def test_normalise_validate_render(executable: str) -> None:
    with Client(executable) as client:
        normalised = client.normalise({"aps": {"alert": {"title": "T", "body": "B"}, "badge": 2}})
        assert normalised["notification"]["title"] == "T"
        assert normalised["format"] == "apns"
        report = client.validate({"aps": {"alert": "hi", "badge": -1}})
        assert report["valid"] is False
        assert report["diagnostics"][0]["code"] == "apns.badge.negative"
        assert client.validate(notification={"body": "hi"})["valid"] is True
        rendered = client.render(normalised["notification"], "apns")
        assert rendered["payload"]["aps"]["badge"] == 2


def test_formats_lists_the_catalogue_and_discover_is_self_contained(executable: str) -> None:
    with Client(executable) as client:
        formats = client.formats()
        document = client.discover()
    kinds = {entry["name"]: entry["kind"] for entry in formats}
    assert kinds["hive-actions"] == "catalogue"
    assert kinds["apns"] == "notification"
    text = json.dumps(document)
    assert '"$ref": "notification.schema.json"' not in text
    assert "Notification" in document["components"]["schemas"]
    assert document["components"]["schemas"]["Notification"]["properties"]["body"]


def test_client_options_apply_to_every_call_and_a_calls_options_override_them(executable: str) -> None:
    with Client(executable, options={"amazonMediaPlacement": "data"}) as client:
        placed = client.convert(ZEGO, from_="zego", to="amazon")
        overridden = client.convert(ZEGO, from_="zego", to="amazon", options={"amazonMediaPlacement": "top"})
    assert placed["payload"]["data"]["attachment-url"] == "https://x.example/a.jpg"
    assert overridden["payload"]["attachment-url"] == "https://x.example/a.jpg"


def test_convert_many_pipelines_and_yields_in_order(executable: str) -> None:
    payloads = [{"aps": {"alert": f"message {index}", "badge": index}} for index in range(500)]
    payloads[7] = {"aps": {"alert": "bad", "badge": "seven"}}
    with Client(executable) as client:
        results = list(client.convert_many(payloads, "apns", "amazon", max_in_flight=16, return_errors=True))
        assert len(results) == 500
        assert isinstance(results[7], PushnormError) and results[7].code == 1003
        for index, result in enumerate(results):
            if index != 7:
                assert result["payload"]["aps"]["badge"] == index
        with pytest.raises(PushnormError):
            list(client.convert_many(payloads[:10], "apns", "amazon", max_in_flight=3))


def test_executable_from_argument_environment_or_path(executable: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pushnormaliser._common.bundled_executable", lambda: None)  # as installed from source
    assert find_executable("/x/pushnorm") == "/x/pushnorm"
    monkeypatch.setenv("PUSHNORM", executable)
    assert find_executable() == executable
    with Client() as client:
        assert client.executable == executable
    monkeypatch.delenv("PUSHNORM")
    monkeypatch.setenv("PATH", os.path.dirname(executable))
    assert find_executable() == os.path.join(os.path.dirname(executable), "pushnorm")
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(PushnormProcessError):
        find_executable()


def test_close_ends_the_server_cleanly(executable: str) -> None:
    client = Client(executable, stderr=subprocess.DEVNULL)
    assert client.formats()
    assert client.close() == 0
    assert client.close() == 0  # closing twice is harmless
    with pytest.raises(PushnormProcessError):
        client.formats()


LEGACY = {"registration_ids": ["token-1", "token-2", "token-3"], "notification": {"title": "Sale"}}


def test_a_payload_that_becomes_several_messages_is_answered_with_messages(executable: str) -> None:
    with Client(executable) as client:
        reply = client.convert(LEGACY, from_="fcm-legacy", to="fcm")
        assert set(reply) == {"from", "messages"} and reply["from"] == "fcm-legacy"  # type: ignore[comparison-overlap]
        messages = client.convert_messages(LEGACY, from_="fcm-legacy", to="fcm")
        assert [m["payload"]["token"] for m in messages] == ["token-1", "token-2", "token-3"]
        assert [m["recipient"]["label"] for m in messages] == [f"recipient {i} of 3" for i in (1, 2, 3)]
        assert all(m["lost"] == [] for m in messages)
        apns = client.convert_messages(LEGACY, from_="fcm-legacy", to="apns")
        assert [m["recipient"].get("deviceToken") for m in apns] == ["token-1", "token-2", "token-3"]
        # One message: a list of one, the reply unchanged (no recipient).
        together = client.convert_messages(LEGACY, from_="fcm-legacy", to="fcm-legacy")
        assert len(together) == 1 and "recipient" not in together[0]
        assert together[0] == client.convert(LEGACY, from_="fcm-legacy", to="fcm-legacy")
