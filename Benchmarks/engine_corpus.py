#!/usr/bin/env python3
"""Seeded corpora for the engine targets of issue 21 (`engine_targets.py`).

  engine_corpus.py --out DIR [--seed S] [--records N] [--pinpoint-records N] [--small-records N]

Writes NDJSON (one compact record a line) and `manifest.json` into DIR:

  zego.ndjson          ZEGO delivered pushes (corpus.py's generator)             zego -> amazon
  pinpoint-cli.ndjson  `aws pinpoint send-messages --cli-input-json` inputs, each
                       with an APNSMessage and a GCMMessage                         pinpoint-message -> fcm
  fcm.ndjson           FCM v1 send requests (`{"message": ...}`) with notification,
                       android, apns and data blocks                                fcm -> apns
  sns.ndjson           SNS platform messages with `default`, `APNS` and `GCM`
                       (an `fcmV1Message`) strings                                  sns -> fcm
  apns.ndjson          APNs payloads (corpus.py's generator)                        apns -> pinpoint-message

The shapes follow `Examples/payloads` and the goldens under `Tests/*/Fixtures` (pinpoint-message
`send-messages-both-channels`, fcm `send-request-both-platforms`, sns `apns-attachment-url`). Text is
mixed-script as in corpus.py (CJK, Hangul, Cyrillic, kana, emoji; some records `\\u`-escaped). Only
the seed and the counts decide the bytes (each corpus has its own generator seeded from the seed and
its name), and a corpus of N records is the first N records of a longer one.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

# name -> (from, to, default size key): which pair each corpus is for.
PAIRS = {
    "zego": ("zego", "amazon"),
    "pinpoint-cli": ("pinpoint-message", "fcm"),
    "fcm": ("fcm", "apns"),
    "sns": ("sns", "fcm"),
    "apns": ("apns", "pinpoint-message"),
}


class EngineGen(corpus.Gen):
    """corpus.Gen plus the request shapes of the Android half."""

    def hex(self, n: int) -> str:
        return "".join(self.r.choice("0123456789abcdef") for _ in range(n))

    def fcm_token(self) -> str:
        return self.ident("", 11) + ":" + self.ident("", 28)

    def string_data(self, script, keys: int) -> dict:
        """FCM and Pinpoint `Data`: string values only."""
        r = self.r
        return {self.ident("k", 4): (self.words(r.randint(1, 3), script) if r.random() < 0.6
                                     else str(r.randint(0, 99999))) for _ in range(keys)}

    # -- pinpoint-message: SendMessages CLI input, both channels ---------------------------------

    def pinpoint_cli(self, script):
        r = self.r
        apns = {"Title": self.words(r.randint(1, 4), script), "Body": self.words(r.randint(4, 24), script)}
        if r.random() < 0.5:
            apns["Badge"] = r.randint(0, 99)
        if r.random() < 0.6:
            apns["Sound"] = "default"
        if r.random() < 0.4:
            apns["ThreadId"] = self.ident("t", 6)
        if r.random() < 0.4:
            apns["MediaUrl"] = self.url(("jpg", "png"))
        if r.random() < 0.3:
            apns["Action"] = "DEEP_LINK"
            apns["Url"] = "mygame://" + self.ident("", 6) + "/" + str(r.randint(1, 99))
        if r.random() < 0.4:
            apns["Data"] = self.string_data(script, r.randint(1, 4))
        gcm = {"Title": self.words(r.randint(1, 4), script), "Body": self.words(r.randint(4, 24), script)}
        if r.random() < 0.5:
            gcm["IconReference"] = "ic_" + self.ident("", 5)
        if r.random() < 0.3:
            gcm["ImageUrl"] = self.url(("jpg", "png"))
        if r.random() < 0.6:
            gcm["Priority"] = r.choice(["high", "normal"])
        if r.random() < 0.5:
            gcm["TimeToLive"] = r.choice([30, 600, 3600, 86400])
        if r.random() < 0.5:
            gcm["Data"] = self.string_data(script, r.randint(1, 4))
        addresses = {}
        if r.random() < 0.8:
            addresses[self.hex(64)] = {"ChannelType": "APNS"}
        addresses[self.fcm_token()] = {"ChannelType": "GCM"}
        return {"ApplicationId": self.hex(32), "MessageRequest": {
            "Addresses": addresses, "MessageConfiguration": {"APNSMessage": apns, "GCMMessage": gcm}}}

    # -- fcm: v1 send request ------------------------------------------------------------------

    def fcm_message(self, script) -> dict:
        r = self.r
        title, body = self.words(r.randint(1, 4), script), self.words(r.randint(4, 24), script)
        m = {"token": self.fcm_token(), "notification": {"title": title, "body": body}}
        if r.random() < 0.3:
            m["notification"]["image"] = self.url(("jpg", "png"))
        if r.random() < 0.7:
            a = {"priority": r.choice(["high", "normal"])}
            if r.random() < 0.5:
                a["ttl"] = "%ds" % r.choice([60, 3600, 86400])
            n = {"title": self.words(r.randint(1, 4), script), "body": self.words(r.randint(4, 16), script)}
            if r.random() < 0.5:
                n["icon"] = "ic_" + self.ident("", 5)
            if r.random() < 0.4:
                n["channel_id"] = self.ident("ch", 4)
            if r.random() < 0.3:
                n["color"] = "#%06x" % r.randint(0, 0xFFFFFF)
            a["notification"] = n
            m["android"] = a
        if r.random() < 0.8:
            aps = self.aps(script, media=False)
            payload = {"aps": aps}
            payload.update(self.custom(script))
            m["apns"] = {"headers": {"apns-priority": r.choice(["10", "5"])}, "payload": payload}
        if r.random() < 0.6:
            m["data"] = self.string_data(script, r.randint(1, 5))
        return m

    def fcm(self, script):
        return {"message": self.fcm_message(script)}

    # -- sns: APNS and GCM platform strings ----------------------------------------------------

    def sns_both(self, script):
        r = self.r
        inner, _ = self.amazon(script)
        message = self.fcm_message(script)
        message.pop("token", None)
        message.pop("apns", None)
        p = {"default": self.words(r.randint(2, 8), script),
             "APNS": json.dumps(inner, ensure_ascii=r.random() < 0.3, separators=(",", ":")),
             "GCM": json.dumps({"fcmV1Message": {"message": message}}, ensure_ascii=r.random() < 0.3,
                               separators=(",", ":"))}
        return p


def make(g: EngineGen, name: str) -> bytes:
    """One record of corpus `name`."""
    if name in ("zego", "apns"):
        return corpus.make_record(g, name)[0]
    escape = g.r.random() < 0.25
    script = g.script(g.r.random() < 0.4)
    payload = {"pinpoint-cli": g.pinpoint_cli, "fcm": g.fcm, "sns": g.sns_both}[name](script)
    return corpus.encode(payload, escape)


def records(name: str, seed: int, count: int) -> list[bytes]:
    g = EngineGen(seed * 1000 + sum(map(ord, name)))
    return [make(g, name) for _ in range(count)]


def generate(out: str, seed: int, counts: dict[str, int]) -> dict:
    """Writes each corpus of `counts` (name -> records) into `out`, unless one at least as long is there; returns
    the manifest."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "manifest.json")
    try:
        with open(path) as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        manifest = {}
    if manifest.get("seed") != seed or manifest.get("generator") != GENERATOR_VERSION:
        manifest = {"seed": seed, "generator": GENERATOR_VERSION, "corpora": {}}
    for name, count in counts.items():
        known = manifest["corpora"].get(name)
        if known and known["records"] >= count and os.path.exists(os.path.join(out, name + ".ndjson")):
            continue  # a longer corpus holds this one as its first `count` records
        info = corpus.write_corpus(os.path.join(out, name + ".ndjson"), records(name, seed, count))
        info["from"], info["to"] = PAIRS[name]
        manifest["corpora"][name] = info
    with open(path, "w") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    return manifest


# Bumped whenever a generator changes, so that a cached corpus of the old shape is regenerated.
GENERATOR_VERSION = 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=".build/engine-corpus")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--records", type=int, default=100_000, help="zego records")
    ap.add_argument("--pinpoint-records", type=int, default=50_000)
    ap.add_argument("--small-records", type=int, default=4_000, help="fcm, sns and apns records (valgrind)")
    args = ap.parse_args(argv)
    counts = {"zego": args.records, "pinpoint-cli": args.pinpoint_records, "fcm": args.small_records,
              "sns": args.small_records, "apns": args.small_records}
    manifest = generate(args.out, args.seed, counts)
    for name, info in manifest["corpora"].items():
        print("%-13s %6d records %10d bytes  size %d/%d/%d  %s -> %s" % (
            name, info["records"], info["bytes"], info["min"], info["median"], info["max"], info["from"], info["to"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
