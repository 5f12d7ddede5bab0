"""The asyncio client: the same surface as Client, as coroutines."""

import asyncio
import os
import signal
import subprocess
import time

import pytest

from pushnormaliser import (
    AsyncClient,
    InvalidParamsError,
    LossyConversionError,
    PayloadRejectedError,
    PushnormError,
    PushnormProcessError,
    PushnormTimeout,
    UnknownFormatError,
)

ZEGO = {"aps": {"alert": "hi"}, "payload": '{"image_attachment": "https://x.example/a.jpg"}'}
INVALID = {"aps": {"alert": "bad", "badge": "seven"}}


def test_report_and_substitutions(executable: str) -> None:
    summary = {"records": 1, "converted": 1, "lossy": 0, "failed": 0}
    template = {"APNS": {"Title": "Hi {{Name}}", "Body": "b", "MediaUrl": "{{Image}}"}}

    async def main() -> None:
        async with AsyncClient(executable) as client:
            report = await client.report(summary)
            assert report["html"].startswith("<!DOCTYPE html>")
            assert report["size"] == len(report["html"].encode("utf-8"))
            with pytest.raises(InvalidParamsError):
                await client.report({})
            checked = await client.validate(template, "pinpoint-template", substitutions={"Image": "nope"})
            assert checked["valid"] is False
            assert "media.url.invalid" in [d["code"] for d in checked["diagnostics"]]
            normalised = await client.normalise(template, "pinpoint-template", substitutions={"Name": "Ana"})
            assert normalised["notification"]["title"] == "Hi Ana"
            rendered = await client.render({"title": "Hi {{Name}}"}, "fcm", substitutions={"Name": ["Bo"]})
            assert rendered["payload"]["notification"]["title"] == "Hi Bo"

    asyncio.run(main())


def test_methods_and_parameters(executable: str) -> None:
    async def main() -> None:
        async with AsyncClient(executable, options={"amazonMediaPlacement": "data"}) as client:
            placed = await client.convert(ZEGO, from_="zego", to="amazon")
            assert placed["payload"]["data"]["attachment-url"] == "https://x.example/a.jpg"
            top = await client.convert(ZEGO, "zego", "amazon", options={"amazonMediaPlacement": "top"})
            assert top["payload"]["attachment-url"] == "https://x.example/a.jpg" and top["from"] == "zego"
            normalised = await client.normalise({"aps": {"alert": {"title": "T"}, "badge": 2}})
            assert normalised["format"] == "apns"
            rendered = await client.render(normalised["notification"], "apns")
            assert rendered["payload"]["aps"]["badge"] == 2
            assert (await client.validate(notification={"body": "hi"}))["valid"] is True
            badge = {"aps": {"alert": "x", "badge": 1}}
            targeted = await client.validate(badge, target="zego-offline-push")
            assert [d["path"] for d in targeted["diagnostics"]] == ["/aps/badge"]
            kinds = {entry["name"]: entry.get("kind") for entry in await client.formats()}
            assert kinds["hive-actions"] == "catalogue"
            assert (await client.discover())["openrpc"] == "1.3.2"
            lenient = await client.convert(INVALID, to="amazon", allow_invalid=True)
            assert lenient["payload"]["aps"]["badge"] == "seven"
            template = {"GCM": {"Title": "Hello {{User.UserAttributes.FirstName}}", "Body": "b"}}
            names = {"User": {"UserAttributes": {"FirstName": "Ana"}}}
            rendered = await client.convert(template, "pinpoint-template", "fcm", substitutions=names)
            assert rendered["payload"]["android"]["notification"]["title"] == "Hello Ana"
            messages = await client.convert_messages(template, to="fcm", substitutions=names)
            assert [m["payload"]["android"]["notification"]["title"] for m in messages] == ["Hello Ana"]
            many = [r async for r in client.convert_many([template], to="fcm", substitutions=names)]
            assert many[0]["payload"]["android"]["notification"]["title"] == "Hello Ana"
            with pytest.raises(InvalidParamsError):
                await client.convert(template, to="fcm", substitutions={"x": [1]})
            listed = await client.variables(template)
            assert listed["variables"] == [
                {"path": "/GCM/Title", "placeholder": "{{User.UserAttributes.FirstName}}",
                 "variable": "User.UserAttributes.FirstName"}
            ]
            assert listed["names"] == ["User.UserAttributes.FirstName"]

    asyncio.run(main())


def test_errors_are_the_subclass_of_their_code(executable: str) -> None:
    async def main() -> None:
        async with AsyncClient(executable) as client:
            with pytest.raises(UnknownFormatError):
                await client.convert(ZEGO, to="carrier-pigeon")
            with pytest.raises(PayloadRejectedError):
                await client.convert(INVALID, to="amazon")
            offline = {"OfflinePush": {"Title": "t", "Content": "c", "ResourcesID": "r"}}
            with pytest.raises(LossyConversionError) as lossy:
                await client.convert(offline, "zego-offline-push", "hive", strict=True)
            assert lossy.value.lost

    asyncio.run(main())


def test_concurrent_calls_and_convert_many_keep_order(executable: str) -> None:
    payloads = [{"aps": {"alert": f"m{index}", "badge": index}} for index in range(300)]
    payloads[5] = INVALID

    async def main() -> None:
        async with AsyncClient(executable) as client:
            gathered = await asyncio.gather(*(client.convert(p, "apns", "amazon") for p in payloads[6:50]))
            assert [r["payload"]["aps"]["badge"] for r in gathered] == list(range(6, 50))
            results = [r async for r in client.convert_many(payloads, "apns", "amazon", max_in_flight=8,
                                                             return_errors=True)]
            assert len(results) == 300 and isinstance(results[5], PushnormError) and results[5].code == 1003
            assert all(results[i]["payload"]["aps"]["badge"] == i for i in range(300) if i != 5)

            async def source():
                for payload in payloads[:4]:
                    yield payload

            assert len([r async for r in client.convert_many(source(), to="hive")]) == 4

    asyncio.run(main())


def test_a_hung_server_times_out(executable: str, silent_server: str) -> None:
    async def main() -> None:
        client = AsyncClient(executable, stderr=subprocess.DEVNULL)
        await client.start()
        os.kill(client.pid, signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(PushnormTimeout):
            await client.convert({"aps": {"alert": "x"}}, to="amazon", timeout=0.5)
        assert time.monotonic() - started < 5
        assert await client.close(grace=0.5) == -signal.SIGKILL
        async with AsyncClient(silent_server, timeout=0.3) as silent:
            with pytest.raises(PushnormTimeout):
                await silent.formats()

    asyncio.run(main())


def test_restart_after_a_crash_and_after_a_hang(executable: str) -> None:
    async def main() -> None:
        async with AsyncClient(executable, restart=True, stderr=subprocess.DEVNULL) as client:
            first = client.pid
            os.kill(first, signal.SIGKILL)
            await client._server.process.wait()
            assert (await client.convert({"aps": {"alert": "y"}}, to="amazon"))["payload"]["aps"]["alert"] == "y"
            assert client.restarts == 1 and client.pid != first
            os.kill(client.pid, signal.SIGSTOP)
            with pytest.raises(PushnormTimeout):
                await client.formats(timeout=0.3)
            assert await client.formats()
            assert client.restarts == 2
        plain = AsyncClient(executable, stderr=subprocess.DEVNULL)
        await plain.start()
        os.kill(plain.pid, signal.SIGKILL)
        await plain._server.process.wait()
        with pytest.raises(PushnormProcessError):
            await plain.formats()
        await plain.close()

    asyncio.run(main())


def test_convert_messages_lists_one_message_per_token(executable: str) -> None:
    async def main() -> None:
        async with AsyncClient(executable) as client:
            legacy = {"registration_ids": ["a", "b"], "notification": {"title": "T"}}
            messages = await client.convert_messages(legacy, from_="fcm-legacy", to="fcm")
            assert [m["payload"]["token"] for m in messages] == ["a", "b"]
            assert [m["recipient"]["index"] for m in messages] == [1, 2]

    asyncio.run(main())
