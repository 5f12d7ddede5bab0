#!/usr/bin/env python3
"""Reproducible benchmark corpora for pushnorm.

Writes NDJSON files (one compact payload per line) into OUT:

  mixed.ndjson        every format, interleaved (formats listed line by line in mixed.formats)
  zego.ndjson         ZEGO offline pushes as delivered (for zego -> amazon)
  hive.ndjson         Hive remote pushes as delivered (for hive -> apns)
  pinpoint.ndjson     Pinpoint pushes as delivered (for pinpoint -> zego-push-config)
  manifest.json       seed, counts, byte sizes, share of non-ASCII and of \\u-escaped records, sha256

Every record is a valid payload of its format (the shapes of the adapters' golden fixtures and
/work/shared/vendor-notes.md), 200 B to 4 KB compact, with mixed scripts: about 40 % carry CJK,
Hangul, Cyrillic and emoji text, and about 25 % are written with every non-ASCII character as a
`\\u` escape (surrogate pairs for emoji), as ensure_ascii JSON encoders emit them. Only the seed
decides the output: the same seed gives byte-identical files on any Python 3.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys

FORMATS = [
    "apns", "hive", "hive-local", "amazon", "pinpoint", "pinpoint-message", "sns",
    "zego", "zego-push-config", "zego-offline-push",
]
MAPPINGS = {  # corpus name -> (from, to)
    "zego": ("zego", "amazon"),
    "hive": ("hive", "apns"),
    "pinpoint": ("pinpoint", "zego-push-config"),
}
MIN_BYTES, MAX_BYTES = 200, 4096

ASCII_WORDS = (
    "raid tonight energy full double xp season live join now your reward is ready guild war starts "
    "in ten minutes claim daily bonus new level unlocked friend request limited offer weekend event "
    "boss appeared arena ranking updated message from"
).split()
SCRIPTS = {
    "cjk": "今日限定活动开始了请尽快领取奖励新的关卡已经解锁公会战将在十分钟后开始好友向你发送了消息",
    "hangul": "오늘의이벤트가시작되었습니다보상을받으세요새로운레벨이열렸습니다길드전이곧시작됩니다",
    "cyrillic": "Событиеначалосьзаберитенаградуновыйуровеньоткрытгильдейскаявойнаскоро",
    "kana": "イベント開始報酬を受け取ってください新しいステージが解放されましたギルド戦まもなく",
    "emoji": "🎉🔥⚔️🏆💎🎁✨🚀👾🎮❤️😀",
}


class Gen:
    """One seeded generator; every random choice goes through `self.r`."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    # -- text ---------------------------------------------------------------------------------

    def words(self, n: int, script: str | None) -> str:
        r = self.r
        parts = []
        for _ in range(n):
            if script is None or r.random() < 0.3:
                parts.append(r.choice(ASCII_WORDS))
            else:
                alphabet = SCRIPTS[script]
                k = r.randint(2, 6)
                start = r.randrange(0, max(1, len(alphabet) - k))
                parts.append(alphabet[start:start + k])
            if script is not None and r.random() < 0.15:
                parts.append(r.choice(SCRIPTS["emoji"]))
        text = " ".join(parts)
        if r.random() < 0.1:
            text += ' "quoted"\n\ttab \\ back'  # escapes every writer must handle
        return text

    def script(self, international: bool) -> str | None:
        return self.r.choice(["cjk", "hangul", "cyrillic", "kana"]) if international else None

    def ident(self, prefix: str, n: int = 8) -> str:
        return prefix + "".join(self.r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))

    def url(self, kinds=("jpg", "png", "gif", "mp4")) -> str:
        return "https://cdn.example.com/%s/%s.%s" % (self.ident("c", 4), self.ident("m", 10), self.r.choice(kinds))

    # -- APNs pieces ----------------------------------------------------------------------------

    def alert(self, script):
        r = self.r
        shape = r.random()
        if shape < 0.15:
            return self.words(r.randint(3, 12), script)
        alert = {"title": self.words(r.randint(1, 4), script), "body": self.words(r.randint(4, 20), script)}
        if shape > 0.7:
            alert["subtitle"] = self.words(r.randint(1, 5), script)
        if shape > 0.92:
            alert["loc-key"] = "MSG_" + self.ident("", 4).upper()
            alert["loc-args"] = [self.words(1, script), str(r.randint(1, 99))]
        return alert

    def aps(self, script, media: bool, group: str | None = None):
        r = self.r
        aps = {"alert": self.alert(script)}
        if r.random() < 0.6:
            aps["badge"] = r.randint(0, 120)
        if r.random() < 0.7:
            aps["sound"] = r.choice(["default", "chime.caf", "coin.aiff"])
        if group is not None:
            aps["thread-id"] = group
        elif r.random() < 0.4:
            aps["thread-id"] = self.ident("t", 6)
        if r.random() < 0.3:
            aps["category"] = r.choice(["CONFIRM_CATEGORY", "INFO_CATEGORY", "SALE_CATEGORY", "invite"])
        if media:
            aps["mutable-content"] = 1
        if r.random() < 0.2:
            aps["interruption-level"] = r.choice(["passive", "active", "time-sensitive"])
        if r.random() < 0.15:
            aps["relevance-score"] = round(r.random(), 3)
        return aps

    def custom(self, script) -> dict:
        r = self.r
        out = {}
        for _ in range(r.randint(0, 3)):
            kind = r.random()
            key = self.ident("k", 5)
            if kind < 0.4:
                out[key] = self.words(r.randint(1, 6), script)
            elif kind < 0.6:
                out[key] = r.randint(-5000, 5_000_000)
            elif kind < 0.7:
                out[key] = r.random() < 0.5
            elif kind < 0.8:
                out[key] = round(r.uniform(-1000, 1000), 4)
            else:
                out[key] = {"id": self.ident("", 12), "tags": [self.words(1, script) for _ in range(r.randint(1, 3))]}
        return out

    # -- formats -------------------------------------------------------------------------------

    def apns(self, script):
        p = {"aps": self.aps(script, media=False)}
        p.update(self.custom(script))
        return p, p

    def hive(self, script):
        r = self.r
        group = self.ident("g", 5) if r.random() < 0.7 else None
        media = r.random() < 0.6
        p = {"aps": self.aps(script, media, group)}
        if group is not None:
            p["groupId"] = group
        if media:
            p["imageUrl"] = self.url(("jpg", "gif", "mp4"))
        p.update(self.custom(script))
        return p, p

    def hive_local(self, script):
        r = self.r
        p = {"noticeID": r.randint(1, 100000), "title": self.words(r.randint(1, 4), script),
             "msg": self.words(r.randint(4, 20), script), "after": r.randint(0, 86400)}
        if r.random() < 0.6:
            p["groupId"] = self.ident("g", 5)
        if r.random() < 0.3:
            p["bigpicture"] = self.url(("jpg",))
        if r.random() < 0.3:
            p["type"] = r.choice(["bar", "popup", "toast"])
        return p, p

    def amazon(self, script):
        r = self.r
        media = r.random() < 0.7
        p = {"aps": self.aps(script, media)}
        data = self.custom(script)
        if media:
            placement = r.random()
            if placement < 0.5:
                p["attachment-url"] = self.url()
            else:
                data["attachment-url"] = self.url()
        if data:
            p["data"] = data
        return p, p

    def pinpoint(self, script):
        r = self.r
        media = r.random() < 0.7
        p = {"aps": self.aps(script, media)}
        data = {}
        if media:
            data["media-url"] = self.url(("jpg", "png", "gif"))
        pin = {}
        if r.random() < 0.7:
            pin["deeplink"] = "mygame://" + self.ident("", 6) + "/" + str(r.randint(1, 99))
        if r.random() < 0.8:
            pin["campaign"] = {"campaign_id": self.ident("", 16), "treatment_id": str(r.randint(0, 3))}
        elif r.random() < 0.5:
            pin["journey"] = {"journey_id": self.ident("", 16), "journey_activity_id": self.ident("", 8)}
        if pin:
            data["pinpoint"] = pin
        data.update(self.custom(script))
        if data:
            p["data"] = data
        return p, p

    def pinpoint_message(self, script):
        r = self.r
        m = {"Title": self.words(r.randint(1, 4), script), "Body": self.words(r.randint(4, 20), script)}
        if r.random() < 0.5:
            m["Badge"] = r.randint(0, 99)
        if r.random() < 0.6:
            m["Sound"] = "default"
        if r.random() < 0.4:
            m["ThreadId"] = self.ident("t", 6)
        if r.random() < 0.5:
            m["MediaUrl"] = self.url(("jpg", "png"))
        if r.random() < 0.3:
            m["Action"] = "DEEP_LINK"
            m["Url"] = "mygame://" + self.ident("", 6)
        if r.random() < 0.3:
            m["Data"] = {self.ident("k", 4): self.words(2, script) for _ in range(r.randint(1, 3))}
        p = {"APNSMessage": m} if r.random() < 0.7 else m
        return p, p

    def sns(self, script, target: int = 0):
        inner, _ = self.amazon(script)
        inner = self.pad("amazon", inner, script, int(target * 0.8), False)
        text = json.dumps(inner, ensure_ascii=self.r.random() < 0.3, separators=(",", ":"))
        p = {"APNS": text}
        if self.r.random() < 0.6:
            p["default"] = self.words(self.r.randint(2, 8), script)
        return p, p

    def zego_payload(self, script, media: bool) -> str | None:
        r = self.r
        inner = {}
        if media:
            inner["image_attachment"] = self.url(("jpg", "png"))
        if r.random() < 0.5:
            inner["customId"] = str(r.randint(1, 10**6))
        if r.random() < 0.3:
            inner["avatar_url"] = self.url(("png",))
        if r.random() < 0.3:
            inner["note"] = self.words(r.randint(1, 5), script)
        if not inner and r.random() < 0.5:
            return None
        return json.dumps(inner, ensure_ascii=r.random() < 0.3, separators=(",", ":"))

    def zego(self, script):
        r = self.r
        media = r.random() < 0.6
        p = {"aps": self.aps(script, media)}
        payload = self.zego_payload(script, media)
        if payload is not None:
            p["payload"] = payload
        p.update(self.custom(script))
        return p, p

    def zego_push_config(self, script):
        r = self.r
        media = r.random() < 0.4
        p = {"title": self.words(r.randint(1, 4), script), "content": self.words(r.randint(4, 20), script)}
        payload = self.zego_payload(script, media)
        if payload is not None:
            p["payload"] = payload
        if media or r.random() < 0.3:
            p["resourcesID"] = "rich_ios" if media else self.ident("r", 6)
        if r.random() < 0.4:
            p["enableBadge"] = True
            p["badgeIncrement"] = r.randint(0, 5)
        return p, p

    def zego_offline_push(self, script):
        r = self.r
        media = r.random() < 0.4
        op = {"Enable": 1, "Title": self.words(r.randint(1, 4), script),
              "Content": self.words(r.randint(4, 20), script)}
        payload = self.zego_payload(script, media)
        if payload is not None:
            op["Payload"] = payload
        if r.random() < 0.4:
            op["PushStrategyId"] = "rich_ios"
        if r.random() < 0.3:
            op["EnableBadge"] = True
            op["BadgeIncrement"] = r.randint(0, 99)
        if media and r.random() < 0.5:
            op["PushImageInfo"] = {"Apns": {"Image": self.url(("jpg",))}}
        p = {"FromUserId": self.ident("u", 6), "MessageType": 1, "PushType": 1,
             "MessageBody": {"Message": self.words(r.randint(2, 10), script), "OfflinePush": op}}
        return p, p

    # -- sizing --------------------------------------------------------------------------------

    def target_size(self) -> int:
        # Log-uniform between MIN and MAX: many small payloads, a long tail up to the APNs limit.
        return int(math.exp(self.r.uniform(math.log(MIN_BYTES + 40), math.log(MAX_BYTES - 96))))

    def pad(self, fmt: str, payload: dict, script, target: int, escape: bool) -> dict:
        """Grows the payload towards `target` bytes: custom keys where the format carries them,
        else a longer body text."""
        holder, body = self.pad_holder(fmt, payload)
        if holder is None:
            return payload
        for _ in range(40):
            size = len(encode(payload, escape))
            if size >= target - 24:
                break
            room = target - size - 16
            text = self.words(max(1, min(40, room // 9)), script)
            while len(encode({"x": text}, escape)) - 8 > room and len(text) > 1:
                text = text[: len(text) * 3 // 4]
            if body is None:
                holder[self.ident("x", 5)] = text
            else:
                holder[body] = holder.get(body, "") + " " + text
        return payload

    @staticmethod
    def pad_holder(fmt: str, payload: dict):
        """(object to grow, body key or None for new custom keys)."""
        if fmt in ("apns", "hive", "zego"):
            return payload, None
        if fmt in ("amazon", "pinpoint"):
            return payload.setdefault("data", {}), None
        if fmt == "hive-local":
            return payload, "msg"
        if fmt == "pinpoint-message":
            return payload.get("APNSMessage", payload), "Body"
        if fmt == "zego-push-config":
            return payload, "content"
        if fmt == "zego-offline-push":
            return payload["MessageBody"]["OfflinePush"], "Content"
        return None, None  # sns: the APNs text is a string; its size follows the inner payload


def encode(payload, escape: bool) -> bytes:
    return json.dumps(payload, ensure_ascii=escape, separators=(",", ":")).encode("utf-8")


def make_record(g: Gen, fmt: str) -> tuple[bytes, bool, bool]:
    international = g.r.random() < 0.4
    escape = g.r.random() < 0.25
    script = g.script(international)
    target = g.target_size()
    if fmt == "sns":  # the APNs text is escaped once more: shrink the inner payload until it fits
        payload, _ = g.sns(script, target)
        while len(encode(payload, escape)) > MAX_BYTES:
            target = target * 3 // 4
            payload, _ = g.sns(script, target)
    else:
        payload, _ = getattr(g, fmt.replace("-", "_"))(script)
    payload = g.pad(fmt, payload, script, target, escape)
    data = encode(payload, escape)
    while len(data) > MAX_BYTES:  # rare: halve the longest padded string
        holder, body = Gen.pad_holder(fmt, payload)
        if not holder:
            break
        keys = [body] if body else [k for k, v in holder.items() if isinstance(v, str) and k.startswith("x")]
        key = max(keys, key=lambda k: len(holder[k]), default=None)
        if key is None:
            break
        holder[key] = holder[key][: len(holder[key]) // 2]
        data = encode(payload, escape)
    return data, international, escape


def write_corpus(path: str, records: list[bytes]) -> dict:
    blob = b"".join(r + b"\n" for r in records)
    with open(path, "wb") as f:
        f.write(blob)
    sizes = sorted(len(r) for r in records)
    return {
        "records": len(records), "bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest(),
        "min": sizes[0], "median": sizes[len(sizes) // 2], "max": sizes[-1],
        "nonASCII": sum(1 for r in records if any(b >= 0x80 for b in r) or b"\\u" in r) / len(records),
        "escaped": sum(1 for r in records if b"\\u" in r) / len(records),
    }


def generate(out: str, seed: int, records: int) -> dict:
    os.makedirs(out, exist_ok=True)
    manifest = {"seed": seed, "recordsPerCorpus": records, "corpora": {}}
    g = Gen(seed)
    mixed, formats = [], []
    for i in range(records):
        fmt = FORMATS[i % len(FORMATS)] if i < len(FORMATS) else g.r.choice(FORMATS)
        data, _, _ = make_record(g, fmt)
        mixed.append(data)
        formats.append(fmt)
    manifest["corpora"]["mixed"] = write_corpus(os.path.join(out, "mixed.ndjson"), mixed)
    with open(os.path.join(out, "mixed.formats"), "w") as f:
        f.write("\n".join(formats) + "\n")
    for name, (source, target) in MAPPINGS.items():
        g = Gen(seed * 1000 + sum(map(ord, name)))
        recs = [make_record(g, source)[0] for _ in range(records)]
        info = write_corpus(os.path.join(out, name + ".ndjson"), recs)
        info.update({"from": source, "to": target})
        manifest["corpora"][name] = info
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=".build/bench-corpus")
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--records", type=int, default=20000, help="records per corpus")
    args = ap.parse_args(argv)
    manifest = generate(args.out, args.seed, args.records)
    for name, info in manifest["corpora"].items():
        print("%-10s %6d records %9d bytes  size %d/%d/%d  non-ASCII %.0f%%  \\u %.0f%%" % (
            name, info["records"], info["bytes"], info["min"], info["median"], info["max"],
            100 * info["nonASCII"], 100 * info["escaped"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
