/// An HTML page being written: markup as given (``raw(_:)``), text escaped (``text(_:)``).
struct HTMLPage {
    private(set) var html = ""

    /// Markup written as it is: only literals of this module.
    mutating func raw(_ markup: String) { html += markup }

    /// Text from the summary, escaped for element content and attribute values alike.
    mutating func text(_ text: String) {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // Control characters other than tab and newline are not allowed in HTML text.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || (0x7F...0x9F).contains(scalar.value) {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        html += escaped
    }

    /// The document's start: charset, a policy that forbids loading anything, the inline style.
    mutating func head(title: String) {
        raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        text(title)
        raw("</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n")
    }

    static let style = """
        :root { --ink: #1d2330; --muted: #5b6475; --line: #dde1e8; --accent: #3b6fd8; --lost: #fde2c8;
          --error: #c62828; --warning: #b26a00; --info: #2e6da4; font-family: system-ui, sans-serif; color: var(--ink); }
        body { margin: 0 auto; max-width: 1180px; padding: 24px; background: #f6f7f9; }
        h1 { margin: 0 0 4px; font-size: 26px; } h2 { margin: 0 0 12px; font-size: 19px; }
        h3 { font-size: 15px; margin: 0 0 8px; } h4 { margin: 0 0 6px; font-size: 13px; color: var(--muted); }
        header .command code { font-size: 12px; background: #e9ecf1; padding: 2px 6px; border-radius: 4px; }
        header .meta { color: var(--muted); font-size: 13px; margin: 4px 0 16px; }
        section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px;
          margin-bottom: 16px; }
        .cards { display: flex; flex-wrap: wrap; gap: 12px; }
        .card { flex: 1 1 120px; border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; }
        .card .value { display: block; font-size: 24px; font-weight: 600; }
        .card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        .card.lossy .value { color: var(--warning); } .card.failed .value { color: var(--error); }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: 600; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
        svg.bar rect { fill: var(--accent); } svg.bar { vertical-align: middle; }
        .severity { font-size: 11px; font-weight: 600; padding: 1px 6px; border-radius: 8px; color: #fff; }
        .severity.error { background: var(--error); } .severity.warning { background: var(--warning); }
        .severity.info { background: var(--info); }
        .empty { color: var(--muted); }
        .sample { border-top: 1px solid var(--line); padding-top: 12px; margin-top: 12px; }
        .lost-list { font-size: 13px; margin: 0 0 8px; padding-left: 18px; }
        mark { background: var(--lost); border-radius: 3px; padding: 0 2px; }
        .side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        figure { margin: 0; min-width: 0; } figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
        pre.json { background: #f3f4f7; border: 1px solid var(--line); border-radius: 6px; padding: 8px;
          font-size: 12px; overflow: auto; max-height: 340px; margin: 0; }
        .previews { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 12px; }
        .ios-banner { background: rgba(245,245,247,.95); border-radius: 16px; padding: 10px 12px; margin-bottom: 8px;
          box-shadow: 0 1px 4px rgba(0,0,0,.18); font-size: 13px; }
        .banner-head { display: flex; align-items: center; gap: 6px; color: var(--muted); font-size: 11px;
          text-transform: uppercase; }
        .app-icon { width: 18px; height: 18px; border-radius: 5px; background: linear-gradient(#7aa2f7, #3b6fd8); }
        .banner-head .when { margin-left: auto; text-transform: none; }
        .banner-body { display: flex; gap: 8px; margin-top: 4px; } .banner-text { flex: 1; min-width: 0; }
        .ios-banner .title, .android-shade .title { font-weight: 600; }
        .thumbnail { width: 44px; height: 44px; border-radius: 6px; background: #c9ced8; color: #40485a;
          font-size: 10px; display: flex; align-items: center; justify-content: center; }
        .android-shade { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 10px 12px;
          font-size: 13px; font-family: Roboto, system-ui, sans-serif; }
        .shade-head { color: var(--muted); font-size: 11px; margin-bottom: 4px; display: flex; align-items: center;
          gap: 6px; }
        .small-icon { width: 12px; height: 12px; border-radius: 50%; background: var(--accent); }
        .big-picture { margin-top: 6px; height: 90px; border-radius: 8px; background: #d5dae3; color: #40485a;
          display: flex; align-items: center; justify-content: center; font-size: 11px; }
        .silent { color: var(--muted); font-style: italic; }
        code { font-family: ui-monospace, monospace; }
        @media (max-width: 760px) { .side-by-side, .previews { grid-template-columns: 1fr; } }

        """
}
