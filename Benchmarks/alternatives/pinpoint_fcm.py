#!/usr/bin/env python3
"""The alternative for the Pinpoint migration: a hand-written pinpoint-message -> fcm mapping in
Python 3 with orjson, as a team leaving Amazon Pinpoint would write it.

  pinpoint_fcm.py map < IN > OUT    map NDJSON `aws pinpoint send-messages` CLI inputs to FCM v1 messages

Each input is a SendMessages CLI input (`ApplicationId`, `MessageRequest.Addresses`,
`MessageRequest.MessageConfiguration` with an `APNSMessage` and a `GCMMessage`). The output is what
`pushnorm convert --from pinpoint-message --to fcm` writes for such an input, byte for byte: one
line per address, in order, labelled with its record number and its place among the addresses;
an `APNS` address gets the APNs message (the top-level `notification` and the `apns` block), a
`GCM` address the GCM message (the `android` block), each with the address as its `token`. It handles the fields `engine_corpus.py` generates and nothing else.
"""
import sys

import orjson


def ttl(seconds):
    return "%ds" % seconds


def apns_message(a):
    notification = {"title": a["Title"], "body": a["Body"]}
    if "MediaUrl" in a:
        notification["image"] = a["MediaUrl"]
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
    message = {"notification": notification}
    if "Sound" in a:
        # The shared sound is the model's: FCM writes it for Android too.
        message["android"] = {"notification": {"sound": a["Sound"]}}
    message["apns"] = {"payload": payload}
    return message


def gcm_message(g):
    android = {"priority": g["Priority"]} if "Priority" in g else {}
    if "TimeToLive" in g:
        android["ttl"] = ttl(g["TimeToLive"])
    if "Data" in g:
        android["data"] = g["Data"]
    an = {"title": g["Title"], "body": g["Body"]}
    if "IconReference" in g:
        an["icon"] = g["IconReference"]
    if "ImageUrl" in g:
        an["image"] = g["ImageUrl"]
    android["notification"] = an
    return {"android": android}


def convert(record, cli):
    """One output line per address, in the request's order: the address's channel picks its message."""
    request = cli["MessageRequest"]
    config = request["MessageConfiguration"]
    addresses = request["Addresses"]
    count = len(addresses)
    for index, (token, address) in enumerate(addresses.items(), 1):
        channel = address["ChannelType"]
        if channel == "APNS":
            message = apns_message(config["APNSMessage"])
        else:
            message = gcm_message(config["GCMMessage"])
        message["token"] = token
        yield {"record": record, "recipient": {"index": index, "count": count,
               "label": "address %d of %d (%s)" % (index, count, channel)}, "payload": message}


def map_stream():
    out = sys.stdout.buffer
    record = 0
    for line in sys.stdin.buffer:
        if line.strip():
            record += 1
            for output in convert(record, orjson.loads(line)):
                out.write(orjson.dumps(output) + b"\n")


def main(argv):
    if argv[:1] == ["map"]:
        map_stream()
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
