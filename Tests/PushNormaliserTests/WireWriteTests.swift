import Foundation
import Testing
@testable import PushNormaliser
import PushCore
import JSONCodec
import PushTestSupport

/// A notification the adapters read, written by the target's wire table (``Normaliser/wireWrite(_:to:options:)``),
/// against the adapters' rendering, the reference: on every fixture converted into every format, one result per
/// message (recipients fanned out included), the same bytes, size, losses, findings, notices, headers and labels.
@Suite("Wire tables writing what the adapters read")
struct WireWriteTests {
    static let formats = FormatRegistry.standard.descriptors.map(\.name)

    /// Converts `payload` both ways: through the tables where they write (the default) and through the adapters
    /// alone; a failure is compared as its code and findings.
    static func both(
        _ payload: JSONValue, from: String, to: String, options: FormatOptions, strict: Bool = false
    ) -> (
        tables: Result<[ConversionResult], NormalisationFailure>,
        adapters: Result<[ConversionResult], NormalisationFailure>
    ) {
        var adapters = Normaliser()
        adapters.writesThroughTables = false
        let tables = Normaliser()
        return (
            Result { () throws(NormalisationFailure) in
                try tables.convertMessages(payload, from: from, to: to, strict: strict, options: options)
            },
            Result { () throws(NormalisationFailure) in
                try adapters.convertMessages(payload, from: from, to: to, strict: strict, options: options)
            }
        )
    }

    /// Compares the two, and returns how many of the table-written results came from a table.
    @discardableResult
    static func expectSame(
        _ tables: Result<[ConversionResult], NormalisationFailure>,
        _ adapters: Result<[ConversionResult], NormalisationFailure>, _ label: String
    ) -> Int {
        switch (tables, adapters) {
        case (.failure(let a), .failure(let b)):
            #expect(a.kind == b.kind, "\(label)")
            #expect(a.diagnostics == b.diagnostics, "\(label)")
            #expect(a.lost == b.lost, "\(label)")
            return 0
        case (.success(let a), .success(let b)):
            #expect(a.count == b.count, "\(label)")
            var written = 0
            for (x, y) in zip(a, b) {
                if case .bytes = x.rendered { written += 1 }
                #expect(
                    String(decoding: x.compactBytes, as: UTF8.self) == String(decoding: y.compactBytes, as: UTF8.self),
                    "\(label)")
                #expect(x.size == y.size, "\(label)")
                #expect(x.lost == y.lost, "\(label)")
                #expect(x.diagnostics == y.diagnostics, "\(label)")
                #expect(x.notices == y.notices, "\(label)")
                #expect(x.headers == y.headers, "\(label)")
                #expect(x.from == y.from, "\(label)")
                #expect(x.recipient == y.recipient, "\(label)")
                #expect(x.payload == y.payload, "\(label)")
            }
            return written
        default:
            Issue.record("\(label): one way failed, the other did not: \(tables) / \(adapters)")
            return 0
        }
    }

    @Test("same results as the adapters", arguments: ConversionMatrixTests.sources)
    func sameAsAdapters(_ source: ConversionMatrixTests.Source) throws {
        let options = ConversionMatrixTests.options(source)
        let payload = try #require(try Golden.load(source.path + "/input.json"))
        for target in Self.formats {
            for strict in [false, true] {
                let (tables, adapters) = Self.both(
                    payload, from: source.format, to: target, options: options, strict: strict)
                Self.expectSame(tables, adapters, "\(source.format) → \(target)\(strict ? " strict" : "")")
            }
        }
    }

    @Test(
        "without lost fields: the same messages, and lossy exactly when the lost fields are not empty",
        arguments: ConversionMatrixTests.sources)
    func lossyWithoutLostFields(_ source: ConversionMatrixTests.Source) throws {
        let options = ConversionMatrixTests.options(source)
        let payload = try #require(try Golden.load(source.path + "/input.json"))
        let normaliser = Normaliser()
        for target in Self.formats {
            let label = "\(source.format) → \(target)"
            let full = Result { () throws(NormalisationFailure) in
                try normaliser.convertMessages(payload, from: source.format, to: target, options: options)
            }
            let bare = Result { () throws(NormalisationFailure) in
                try normaliser.convertMessages(
                    payload, from: source.format, to: target, strict: false, allowInvalid: false, options: options,
                    lostFields: false)
            }
            guard case .success(let all) = full, case .success(let without) = bare else {
                #expect((try? full.get()) == nil && (try? bare.get()) == nil, "\(label)")
                continue
            }
            #expect(all.count == without.count, "\(label)")
            for (x, y) in zip(all, without) {
                #expect(x.compactBytes == y.compactBytes, "\(label)")
                #expect(x.diagnostics == y.diagnostics, "\(label)")
                #expect(x.recipient == y.recipient, "\(label)")
                #expect(x.lossy == !x.lost.isEmpty, "\(label)")
                #expect(y.lossy == x.lossy, "\(label)")
                // Only a result the adapters rendered builds its lost fields all the same.
                if case .bytes = y.rendered { #expect(y.lost.isEmpty, "\(label)") }
            }
        }
    }

    @Test("the tables write most conversions of what the adapters read, from every such format")
    func theTablesTakeMost() throws {
        var written: [String: Int] = [:]
        var all = 0
        for source in ConversionMatrixTests.sources {
            let options = ConversionMatrixTests.options(source)
            let payload = try #require(try Golden.load(source.path + "/input.json"))
            for target in ["apns", "fcm", "amazon", "zego", "hive", "pinpoint-message"] {
                guard
                    let results = try? Normaliser().convertMessages(
                        payload, from: source.format, to: target, options: options)
                else { continue }
                for result in results {
                    all += 1
                    if case .bytes = result.rendered { written[source.format, default: 0] += 1 }
                }
            }
        }
        print("written by the tables: \(written.values.reduce(0, +)) of \(all): \(written.sorted { $0.key < $1.key })")
        for format in ["pinpoint-message", "sns", "pinpoint-template", "qconnect-push-template", "hive-local", "adm"] {
            #expect((written[format] ?? 0) > 0, "\(format)")
        }
        #expect(written.values.reduce(0, +) * 2 > all)
    }

    @Test("a send request's recipients are written by the tables: one message per address, each with its token")
    func recipientsWrittenByTheTables() throws {
        let request: JSONValue = try JSONParser().parse(
            #"{"ApplicationId":"a","MessageRequest":{"Addresses":{"t1":{"ChannelType":"APNS"},"t2":{"ChannelType":"APNS","TitleOverride":"Hi {{User.UserAttributes.Name}}","Substitutions":{"User.UserAttributes.Name":["Ann"]}}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Body":"B","Data":{"k":"v","n":"1"}}}}}"#
        )
        let (tables, adapters) = Self.both(request, from: "pinpoint-message", to: "fcm", options: FormatOptions())
        let written = Self.expectSame(tables, adapters, "pinpoint-message → fcm")
        #expect(written == 2)
        let results = try tables.get()
        #expect(results.map { $0.payload["token"] } == ["t1", "t2"])
        #expect(results.map { $0.payload["notification"]?["title"] } == ["T", "Hi Ann"])
        #expect(results.allSatisfy { $0.lost.contains { $0.path.description.hasPrefix("/extensions/amazon") } })
    }

    @Test(
        "declined where the result could differ: custom data colliding with the target's keys, kept values it carries")
    func declined() throws {
        let normaliser = Normaliser()
        var collides = PushNotification()
        collides.title = "T"
        collides.data = JSONObject(uniqueKeysWithValues: [("aps", .string("x"))])
        #expect(normaliser.wireWrite(collides, to: "fcm", options: FormatOptions()) == nil)
        var kept = PushNotification()
        kept.title = "T"
        kept.setExtension(
            "fcm",
            JSONObject(uniqueKeysWithValues: [("fcmOptions", ["analytics_label": "l"] as JSONValue)]))
        #expect(normaliser.wireWrite(kept, to: "fcm", options: FormatOptions()) == nil)
        var plain = PushNotification()
        plain.title = "T"
        plain.data = JSONObject(uniqueKeysWithValues: [("k", .string("v"))])
        let written = try #require(normaliser.wireWrite(plain, to: "fcm", options: FormatOptions()))
        var adapters = Normaliser()
        adapters.writesThroughTables = false
        let reference = try adapters.render(plain, format: "fcm")
        #expect(written.bytes == reference.compactBytes)
        #expect(written.lost == reference.lost)
        #expect(written.diagnostics == reference.diagnostics)
    }
}
