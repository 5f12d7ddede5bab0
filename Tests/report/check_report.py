#!/usr/bin/env python3
"""Checks an HTML migration report (`pushnorm convert --report`) the way a person opens it, and as a parser reads it.

    check_report.py REPORT.html --summary SUMMARY.json --screenshot OUT.png [--chromium PATH]
    check_report.py --self-test [--chromium PATH]

1. Well-formed: Python's html.parser reads it with every element closed in order (void elements aside), one <html>,
   <head> and <body>, and the sections totals, lost-fields, findings, failures and samples.
2. Loads nothing: no attribute (src, href, srcset, poster, action, ...) and no CSS url() names an http(s) resource,
   and there is no <script>, <link>, <iframe>, <object> or <embed>.
3. Counts: the totals cards and the lost-field rows say what the summary says.
4. In a real browser: headless Chromium over the DevTools protocol (PyPI `websocket-client`) loads the file; any
   console error, uncaught exception, log entry of level error (a Content-Security-Policy violation, a failed load)
   or network request other than the file itself fails the check; the sections must be in the DOM; a full-page
   screenshot is saved.

`--self-test` renders two bad pages (a console error; an external image) and fails unless both are caught, so a
passing run shows the browser check catches errors for real.
"""
from __future__ import annotations

import argparse
import base64
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

SECTIONS = ["totals", "lost-fields", "findings", "failures", "samples"]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
FORBIDDEN_ELEMENTS = {"script", "link", "iframe", "object", "embed", "base"}
REMOTE = re.compile(r"^\s*(https?:)?//", re.I)


class Problems(list):
    def add(self, message: str) -> None:
        self.append(message)


class StructureChecker(html.parser.HTMLParser):
    """Every element closed in order; no remote resource; the sections and counts collected."""

    def __init__(self, problems: Problems):
        super().__init__(convert_charrefs=True)
        self.problems = problems
        self.stack: list[str] = []
        self.seen: dict[str, int] = {}
        self.ids: set[str] = set()
        self.counts: dict[str, str] = {}
        self._count: str | None = None
        self.rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.seen[tag] = self.seen.get(tag, 0) + 1
        if tag in FORBIDDEN_ELEMENTS:
            self.problems.add("<%s> element at line %d" % (tag, self.getpos()[0]))
        for name, value in attrs:
            value = value or ""
            if name in ("src", "href", "srcset", "poster", "action", "formaction", "data", "background", "ping"):
                self.problems.add("%s=%r on <%s> at line %d" % (name, value, tag, self.getpos()[0]))
            if REMOTE.search(value) and name not in ("title", "aria-label", "alt"):
                self.problems.add("remote URL in %s of <%s> at line %d" % (name, tag, self.getpos()[0]))
            if name == "style" and "url(" in value:
                self.problems.add("url() in a style attribute at line %d" % self.getpos()[0])
            if name == "id":
                self.ids.add(value)
            if name == "data-count":
                self._count = value
        if tag == "tr":
            self._row = []
        if tag in ("td", "th") and self._row is not None:
            self._cell = []
        if tag == "style":
            self.in_style = True
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()  # <svg .../> children such as <rect/> close themselves

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.add("</%s> at line %d closes <%s>" % (tag, self.getpos()[0],
                                                               self.stack[-1] if self.stack else "nothing"))
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self._count is not None:
            self.counts[self._count] = data.strip()
            self._count = None
        if self._cell is not None:
            self._cell.append(data)
        if self.in_style and re.search(r"url\(|@import|@font-face", data):
            self.problems.add("the style sheet loads a resource (url(), @import or @font-face)")

    def close(self):
        super().close()
        if self.stack:
            self.problems.add("unclosed elements at the end: %s" % " > ".join(self.stack))
        for tag in ("html", "head", "body"):
            if self.seen.get(tag) != 1:
                self.problems.add("%d <%s> elements" % (self.seen.get(tag, 0), tag))


def check_static(text: str, summary: dict | None) -> Problems:
    problems = Problems()
    if not text.startswith("<!DOCTYPE html>"):
        problems.add("no <!DOCTYPE html> at the start")
    checker = StructureChecker(problems)
    checker.feed(text)
    checker.close()
    for section in SECTIONS:
        if section not in checker.ids:
            problems.add("no section #%s" % section)
    if summary is not None:
        for key in ("records", "converted", "lossy", "failed"):
            if checker.counts.get(key) != str(summary[key]):
                problems.add("%s: the report says %r, the summary %r" % (key, checker.counts.get(key), summary[key]))
        shown = {row[0]: row[1] for row in checker.rows if len(row) >= 2 and row[0].startswith("/")}
        for path, count in summary.get("lost", {}).items():
            if shown.get(path) != str(count):
                problems.add("lost %s: the report says %r, the summary %r" % (path, shown.get(path), count))
    return problems


# -- the browser -------------------------------------------------------------------------------------------------

def find_chromium(given: str | None) -> str:
    for name in ([given] if given else []) + ["chromium", "chromium-browser", "google-chrome", "chrome"]:
        path = shutil.which(name) if name else None
        if path:
            return path
    raise SystemExit("check_report: no chromium found (Debian: apt-get install chromium)")


class Browser:
    """Headless Chromium and one page, over the DevTools protocol."""

    def __init__(self, chromium: str):
        import websocket  # PyPI websocket-client

        self.profile = tempfile.mkdtemp(prefix="pushnorm-report-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-extensions",
             "--remote-debugging-port=0", "--user-data-dir=" + self.profile, "--window-size=1280,900",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port = None
        deadline = time.time() + 60
        while time.time() < deadline and port is None:
            line = self.process.stderr.readline().decode("utf-8", "replace")
            if not line and self.process.poll() is not None:
                raise SystemExit("check_report: chromium exited %s" % self.process.returncode)
            match = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if match:
                port = int(match.group(1))
        if port is None:
            self.close()
            raise SystemExit("check_report: chromium did not start its DevTools server")
        pages = []
        while time.time() < deadline and not pages:
            with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=10) as reply:
                pages = [t for t in json.load(reply) if t.get("type") == "page"]
        self.socket = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=60,
                                                  suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event: str, seconds: float = 30) -> None:
        deadline = time.time() + seconds
        if any(e["method"] == event for e in self.events):
            return
        while time.time() < deadline:
            message = json.loads(self.socket.recv())
            if "method" in message:
                self.events.append(message)
                if message["method"] == event:
                    return
        raise RuntimeError("no %s within %d s" % (event, seconds))

    def settle(self, seconds: float = 0.5) -> None:
        """Collects the events that arrive within `seconds`."""
        self.socket.settimeout(seconds)
        try:
            while True:
                message = json.loads(self.socket.recv())
                if "method" in message:
                    self.events.append(message)
        except Exception:
            pass
        self.socket.settimeout(60)

    def close(self) -> None:
        try:
            self.socket.close()
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def check_in_browser(path: str, chromium: str, screenshot: str | None, top: str | None = None) -> Problems:
    problems = Problems()
    url = "file://" + os.path.abspath(path)
    browser = Browser(chromium)
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable")
        browser.events.clear()
        browser.call("Page.navigate", url=url)
        browser.wait_for("Page.loadEventFired")
        browser.settle()
        for event in browser.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                problems.add("uncaught exception: %s" % params["exceptionDetails"].get("text"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                problems.add("console.%s: %s" % (params["type"], text))
            elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
                problems.add("console %s (%s): %s" % (params["entry"]["level"], params["entry"].get("source"),
                                                     params["entry"].get("text")))
            elif method == "Network.requestWillBeSent":
                requested = params["request"]["url"]
                if requested != url and not requested.startswith("data:"):
                    problems.add("network request: %s" % requested)
        found = browser.call("Runtime.evaluate", returnByValue=True, expression=(
            "JSON.stringify({sections: %s.filter(id => document.getElementById(id) !== null),"
            " banners: document.querySelectorAll('.ios-banner').length,"
            " shades: document.querySelectorAll('.android-shade').length,"
            " bars: document.querySelectorAll('#lost-fields svg.bar').length,"
            " height: document.documentElement.scrollHeight})" % json.dumps(SECTIONS)))
        dom = json.loads(found["result"]["value"])
        for section in SECTIONS:
            if section not in dom["sections"]:
                problems.add("the browser's DOM has no #%s" % section)
        if screenshot:
            height = min(int(dom["height"]), 16000)
            shot = browser.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                                clip={"x": 0, "y": 0, "width": 1280, "height": height, "scale": 1})
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        if top:  # the first screen, as a person opening the file sees it
            shot = browser.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                                clip={"x": 0, "y": 0, "width": 1280, "height": 900, "scale": 1})
            with open(top, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        print("check_report: browser: sections %s, %d iOS banners, %d Android shades, %d bars, %d px tall" % (
            ", ".join(dom["sections"]), dom["banners"], dom["shades"], dom["bars"], dom["height"]))
    finally:
        browser.close()
    return problems


def self_test(chromium: str) -> int:
    """The browser check must fail on a console error and on an external resource."""
    good = "<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body>%s</body></html>"
    sections = "".join("<section id='%s'></section>" % s for s in SECTIONS)
    cases = {
        "console error": good % (sections + "<script>console.error('boom')</script>"),
        "external image": good % (sections + "<img src='https://example.invalid/x.png' alt=''>"),
    }
    failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for name, page in cases.items():
            path = os.path.join(directory, name.replace(" ", "-") + ".html")
            with open(path, "w") as f:
                f.write(page)
            problems = check_in_browser(path, chromium, None)
            if problems:
                print("check_report: self-test %s: caught (%s)" % (name, problems[0]))
            else:
                print("check_report: self-test %s: NOT caught" % name)
                failed += 1
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("report", nargs="?")
    parser.add_argument("--summary")
    parser.add_argument("--screenshot")
    parser.add_argument("--top-screenshot", help="also save the first 1280x900 screen here")
    parser.add_argument("--chromium")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    chromium = find_chromium(args.chromium)
    if args.self_test:
        return self_test(chromium)
    if not args.report:
        parser.error("a report to check, or --self-test")
    with open(args.report, encoding="utf-8") as f:
        text = f.read()
    summary = None
    if args.summary:
        with open(args.summary, encoding="utf-8") as f:
            summary = json.load(f)
    problems = check_static(text, summary)
    problems += check_in_browser(args.report, chromium, args.screenshot, args.top_screenshot)
    for problem in problems:
        print("check_report: %s: %s" % (args.report, problem), file=sys.stderr)
    if problems:
        return 1
    print("check_report: %s: well-formed, loads nothing, counts equal the summary's, no console errors%s" % (
        args.report, ", screenshot " + args.screenshot if args.screenshot else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
