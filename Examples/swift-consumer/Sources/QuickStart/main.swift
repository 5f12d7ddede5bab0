import PushNormaliser

// The README's Swift quick start, as written (Tests/PushNormaliserTests/QuickStartTests.swift checks that the
// block between the markers equals the README's), in a package that depends on PushNormaliser by path and imports
// nothing else (no Foundation or Glibc, which would pull in libm and hide a missing link dependency). A wrong result
// throws out of the top level, so the process fails and so does `make test`.
struct QuickStartFailure: Error, CustomStringConvertible {
    var description: String
}

// --- README: Library quick start ---
let json = #"{"aps":{"alert":"hi","badge":-1},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
let normaliser = Normaliser()
// A payload with error findings (badge -1) fails to convert, as `validate` calls it invalid; allowInvalid
// converts it anyway, with the findings in `result.diagnostics`.
let result = try normaliser.convert(Array(json.utf8), from: "zego", to: "amazon", allowInvalid: true)
print(result.payload.compactText)  // the converted payload
for lost in result.lost { print(lost.path, lost.reason) }

let report = normaliser.validate(Array(json.utf8))  // never throws: findings are data
for finding in report.diagnostics { print(finding) }  // "error apns.badge.negative at /aps/badge: …"
if let entry = DiagnosticCatalogue.standard.entry(for: "apns.badge.negative") {
    print(entry.severity, entry.summary)  // what the code means, from the catalogue
}
// --- end ---
guard result.payload["attachment-url"] == "https://x.example/a.jpg" else {
    throw QuickStartFailure(description: "the converted payload has no attachment-url")
}
guard report.diagnostics.contains(where: { $0.code.rawValue == "apns.badge.negative" }) else {
    throw QuickStartFailure(description: "validation did not report the negative badge")
}
print("quick start: ok")
