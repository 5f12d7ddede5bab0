import PushNormaliser

#if canImport(Glibc)
    import Glibc  // exit() only: the quick start itself needs nothing but PushNormaliser
#endif

// The README's "Library quick start", as written (Tests/PushNormaliserTests/QuickStartTests.swift checks that the
// block between the markers equals the README's), in a package that depends on PushNormaliser by path.
let payloadJSON = #"{"aps":{"alert":"hi","badge":-1},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
do {
    // --- README: Library quick start ---
    let normaliser = Normaliser()
    let result = try normaliser.convert(Array(payloadJSON.utf8), from: "zego", to: "amazon")
    print(result.payload.compactText)  // the converted payload
    for lost in result.lost { print(lost.path, lost.reason) }

    let report = normaliser.validate(Array(payloadJSON.utf8))  // never throws: findings are data
    for finding in report.diagnostics { print(finding) }  // "error apns.badge.negative at /aps/badge: …"
    // --- end ---
    guard result.payload["attachment-url"] == "https://x.example/a.jpg",
        report.diagnostics.contains(where: { $0.code.rawValue == "apns.badge.negative" })
    else {
        print("quick start: unexpected result")
        exit(1)
    }
} catch {
    print("quick start failed: \(error)")
    exit(1)
}
