import PushCore

/// The migration report: one self-contained HTML page rendered from a ``BatchSummary`` only (no network, no
/// script, no external style, font or image; a Content-Security-Policy that forbids loading any). Its sections, in
/// order, with these `id`s: `totals`, `lost-fields` (a row per lost path with an inline SVG bar), `findings` (by
/// code and severity), `failures` (the first failed records) and `samples` (source and converted payloads side by
/// side, lost paths marked, and iOS banner and Android shade previews before and after).
///
/// Its size grows with the distinct paths, codes and inputs and the bounded failures and samples, never with the
/// number of records.
public enum HTMLReport {
    /// The page.
    public static func render(_ summary: BatchSummary) -> String {
        var page = HTMLPage()
        page.head(title: "pushnorm \(summary.operation) report")
        page.raw("<header><h1>Migration report</h1>")
        page.raw("<p class=\"command\"><code>")
        page.text(summary.command.joined(separator: " "))
        page.raw("</code></p><p class=\"meta\">pushnorm ")
        page.text(summary.version.isEmpty ? "(version unknown)" : summary.version)
        page.raw(" &middot; ")
        page.text(summary.operation)
        page.raw(" &middot; ")
        page.text(summary.from + (summary.to.map { " \u{2192} " + $0 } ?? ""))
        page.raw("</p></header>\n<main>\n")
        totals(summary, &page)
        lostFields(summary, &page)
        findings(summary, &page)
        failures(summary, &page)
        samples(summary, &page)
        page.raw("</main>\n</body>\n</html>\n")
        return page.html
    }

    // MARK: - Sections

    private static func totals(_ summary: BatchSummary, _ page: inout HTMLPage) {
        page.raw("<section id=\"totals\"><h2>Totals</h2>\n<div class=\"cards\">")
        let isConvert = summary.operation != "validate"
        let rate = summary.seconds > 0 ? Int((Double(summary.records) / summary.seconds).rounded()) : nil
        let cards: [(String, String, String)] = [
            ("records", "Records", String(summary.records)),
            ("converted", isConvert ? "Converted" : "Valid", String(summary.converted)),
            ("lossy", "Lossy", String(summary.lossy)),
            ("failed", isConvert ? "Failed" : "Invalid", String(summary.failed)),
            ("throughput", "Records/s", rate.map(String.init) ?? "\u{2013}"),
            ("seconds", "Seconds", String(format3(summary.seconds))),
        ]
        for (key, label, value) in cards {
            page.raw("<div class=\"card \(key)\"><span class=\"value\" data-count=\"\(key)\">")
            page.text(value)
            page.raw("</span><span class=\"label\">\(label)</span></div>")
        }
        page.raw("</div>\n")
        if !summary.sources.isEmpty {
            page.raw("<p class=\"sources\">Source formats: ")
            let sources = summary.sources.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            for (index, (format, count)) in sources.enumerated() {
                if index > 0 { page.raw(", ") }
                page.raw("<code>")
                page.text(format)
                page.raw("</code> ")
                page.text(String(count))
            }
            page.raw("</p>\n")
        }
        if summary.inputs.count > 1 {
            page.raw("<table class=\"inputs\"><thead><tr><th>Input</th><th>Records</th><th>Converted</th>")
            page.raw("<th>Lossy</th><th>Failed</th></tr></thead><tbody>\n")
            for input in summary.inputs {
                page.raw("<tr><td><code>")
                page.text(input.file)
                page.raw("</code></td>")
                for value in [input.records, input.converted, input.lossy, input.failed] {
                    page.raw("<td class=\"num\">\(value)</td>")
                }
                page.raw("</tr>\n")
            }
            page.raw("</tbody></table>\n")
        }
        page.raw("</section>\n")
    }

    private static func lostFields(_ summary: BatchSummary, _ page: inout HTMLPage) {
        page.raw("<section id=\"lost-fields\"><h2>Lost fields</h2>\n")
        guard !summary.lost.isEmpty else {
            page.raw("<p class=\"empty\">No field was lost.</p></section>\n")
            return
        }
        let rows = summary.lost.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let largest = max(rows.first?.value ?? 1, 1)
        page.raw("<table><thead><tr><th>Canonical path</th><th>Records</th><th>Share</th><th>Reason</th></tr>")
        page.raw("</thead><tbody>\n")
        for (path, count) in rows {
            let width = max(1, Int((Double(count) / Double(largest) * 200).rounded()))
            let share = summary.converted > 0 ? Double(count) / Double(summary.converted) * 100 : 0
            page.raw("<tr class=\"lost-row\"><td><code>")
            page.text(path)
            page.raw("</code></td><td class=\"num\">\(count)</td><td>")
            page.raw("<svg class=\"bar\" width=\"210\" height=\"14\" viewBox=\"0 0 210 14\" role=\"img\" aria-label=\"")
            page.text("\(count) records")
            page.raw("\"><rect x=\"0\" y=\"1\" width=\"\(width)\" height=\"12\" rx=\"2\"></rect></svg> ")
            page.text(format1(share) + " %")
            page.raw("</td><td>")
            page.text(summary.lostReasons[path] ?? "")
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody></table></section>\n")
    }

    private static func findings(_ summary: BatchSummary, _ page: inout HTMLPage) {
        page.raw("<section id=\"findings\"><h2>Findings</h2>\n")
        guard !summary.codes.isEmpty else {
            page.raw("<p class=\"empty\">No findings.</p></section>\n")
            return
        }
        let rows = summary.codes.sorted {
            $0.value.severity != $1.value.severity
                ? $0.value.severity > $1.value.severity
                : $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        page.raw("<table><thead><tr><th>Severity</th><th>Code</th><th>Records</th><th>Summary</th></tr></thead>")
        page.raw("<tbody>\n")
        for (code, count) in rows {
            let severity = count.severity.rawValue
            page.raw("<tr class=\"finding \(severity)\"><td><span class=\"severity \(severity)\">\(severity)</span>")
            page.raw("</td><td><code>")
            page.text(code)
            page.raw("</code></td><td class=\"num\">\(count.count)</td><td>")
            page.text(DiagnosticSummaries.summary(for: code) ?? "")
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody></table></section>\n")
    }

    private static func failures(_ summary: BatchSummary, _ page: inout HTMLPage) {
        page.raw("<section id=\"failures\"><h2>Failures</h2>\n")
        guard !summary.failures.isEmpty else {
            page.raw("<p class=\"empty\">No record failed.</p></section>\n")
            return
        }
        if summary.failed > summary.failures.count {
            page.raw("<p>The first \(summary.failures.count) of \(summary.failed) failed records.</p>\n")
        }
        page.raw("<table><thead><tr><th>File</th><th>Record</th><th>Line</th><th>Code</th><th>Path</th>")
        page.raw("<th>Message</th></tr></thead><tbody>\n")
        for failure in summary.failures {
            page.raw("<tr class=\"failure\"><td><code>")
            page.text(failure.file)
            page.raw(
                "</code></td><td class=\"num\">\(failure.record)</td><td class=\"num\">\(failure.line)</td><td><code>")
            page.text(failure.code)
            page.raw("</code></td><td><code>")
            page.text(failure.path.isEmpty ? "/" : failure.path)
            page.raw("</code></td><td>")
            page.text(failure.message)
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody></table></section>\n")
    }

    private static func samples(_ summary: BatchSummary, _ page: inout HTMLPage) {
        page.raw("<section id=\"samples\"><h2>Samples</h2>\n")
        guard !summary.samples.isEmpty else {
            page.raw("<p class=\"empty\">No lossy record to show.</p></section>\n")
            return
        }
        page.raw("<p>The first record of each distinct set of lost fields (at most \(summary.limits.samples)).</p>\n")
        for (index, sample) in summary.samples.enumerated() {
            page.raw("<article class=\"sample\" id=\"sample-\(index + 1)\"><h3>")
            page.text("\(sample.file) record \(sample.record), line \(sample.line) (\(sample.from))")
            page.raw("</h3>\n<ul class=\"lost-list\">")
            for field in sample.lost {
                page.raw("<li><mark class=\"lost\">")
                page.text(field.path.description)
                page.raw("</mark> ")
                page.text(field.reason)
                page.raw("</li>")
            }
            page.raw("</ul>\n<div class=\"side-by-side\"><figure><figcaption>Source (")
            page.text(sample.from)
            page.raw(")</figcaption><pre class=\"json source\">")
            let marked = Set(sample.lost.compactMap(\.path.tokens.last))
            JSONHTML.write(sample.source, marking: marked, into: &page)
            page.raw("</pre></figure><figure><figcaption>Converted (")
            page.text(summary.to ?? "")
            page.raw(")</figcaption><pre class=\"json converted\">")
            JSONHTML.write(sample.converted, marking: [], into: &page)
            page.raw("</pre></figure></div>\n<div class=\"previews\">")
            preview(sample.before, caption: "Before", &page)
            preview(sample.after, caption: "After", &page)
            page.raw("</div></article>\n")
        }
        page.raw("</section>\n")
    }

    /// An iOS banner and an Android shade entry of one notification.
    private static func preview(_ preview: NotificationPreview, caption: String, _ page: inout HTMLPage) {
        page.raw("<div class=\"preview-pair\"><h4>\(caption)</h4>")
        page.raw("<div class=\"ios-banner\" data-platform=\"ios\"><div class=\"banner-head\">")
        page.raw("<span class=\"app-icon\"></span><span class=\"app-name\">")
        page.text(preview.app ?? "App")
        page.raw("</span><span class=\"when\">now</span></div><div class=\"banner-body\"><div class=\"banner-text\">")
        line(preview.title, "title", &page)
        line(preview.subtitle, "subtitle", &page)
        line(preview.body, "body", &page)
        if preview.title == nil && preview.subtitle == nil && preview.body == nil {
            page.raw("<div class=\"silent\">(no visible text)</div>")
        }
        page.raw("</div>")
        if let attachment = preview.attachment {
            page.raw("<div class=\"thumbnail\" title=\"")
            page.text(attachment)
            page.raw("\">")
            page.text(preview.attachmentKind ?? "media")
            page.raw("</div>")
        }
        page.raw("</div></div>")
        page.raw("<div class=\"android-shade\" data-platform=\"android\"><div class=\"shade-head\">")
        page.raw("<span class=\"small-icon\"></span>")
        page.text(preview.app ?? "App")
        if let channel = preview.channel {
            page.raw(" &middot; <span class=\"channel\">")
            page.text(channel)
            page.raw("</span>")
        }
        page.raw("</div>")
        line(preview.androidTitle, "title", &page)
        line(preview.androidBody, "body", &page)
        if let picture = preview.androidPicture {
            page.raw("<div class=\"big-picture\" title=\"")
            page.text(picture)
            page.raw("\">big picture</div>")
        }
        page.raw("</div></div>")
    }

    private static func line(_ text: String?, _ kind: String, _ page: inout HTMLPage) {
        guard let text else { return }
        page.raw("<div class=\"\(kind)\">")
        page.text(text)
        page.raw("</div>")
    }

    static func format3(_ value: Double) -> String { fixed(value, places: 3) }
    static func format1(_ value: Double) -> String { fixed(value, places: 1) }

    /// `value` with `places` decimals (no Foundation).
    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fraction : "")
    }
}
