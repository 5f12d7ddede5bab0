#!/usr/bin/env python3
"""The alternative for the Pinpoint migration: a hand-written pinpoint-message -> fcm mapping in
Python 3 with orjson, as a team leaving Amazon Pinpoint would write it.

  pinpoint_fcm.py map < IN > OUT    map NDJSON `aws pinpoint send-messages` CLI inputs to FCM v1 messages

Each input is a SendMessages CLI input (`ApplicationId`, `MessageRequest.Addresses`,
`MessageRequest.MessageConfiguration` with an `APNSMessage` and a `GCMMessage`). The output is what
`pushnorm convert --from pinpoint-message --to fcm` writes for such an input, byte for byte: the
APNs message becomes the top-level `notification` and the `apns` block, the GCM message the
`android` block. It handles the fields `engine_corpus.py` generates and nothing else.
"""
import sys

import orjson


def ttl(seconds):
    return "%ds" % seconds


def convert(cli):
    config = cli["MessageRequest"]["MessageConfiguration"]
    a, g = config["APNSMessage"], config["GCMMessage"]
    notification = {"title": a["Title"], "body": a["Body"]}
    if "MediaUrl" in a:
        notification["image"] = a["MediaUrl"]
    android = {"priority": g["Priority"]} if "Priority" in g else {}
    if "TimeToLive" in g:
        android["ttl"] = ttl(g["TimeToLive"])
    if "Data" in g:
        android["data"] = g["Data"]
    # The Android title and body are written only where they differ from the shared notification's.
    an = {k: v for k, v in (("title", g["Title"]), ("body", g["Body"])) if v != notification[k]}
    if "IconReference" in g:
        an["icon"] = g["IconReference"]
    if "Sound" in a:
        an["sound"] = a["Sound"]
    if "ImageUrl" in g:
        an["image"] = g["ImageUrl"]
    if an:
        android["notification"] = an
    aps = {"alert": {"title": a["Title"], "body": a["Body"]}}
    if "Badge" in a:
        aps["badge"] = a["Badge"]
    if "Sound" in a:
        aps["sound"] = a["Sound"]
    if "ThreadId" in a:
        aps["thread-id"] = a["ThreadId"]
    payload = {"aps": aps}
    pinpoint = {}
    if "Data" in a:
        pinpoint["jsonBody"] = a["Data"]
    if a.get("Action") == "DEEP_LINK":
        pinpoint["deeplink"] = a["Url"]
    if pinpoint:
        payload["data"] = {"pinpoint": pinpoint}
    out = {"notification": notification}
    if android:
        out["android"] = android
    out["apns"] = {"payload": payload}
    return out


def map_stream():
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        if line.strip():
            out.write(orjson.dumps(convert(orjson.loads(line))) + b"\n")


def main(argv):
    if argv[:1] == ["map"]:
        map_stream()
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
