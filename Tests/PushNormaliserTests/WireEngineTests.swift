import Foundation
import Testing
@testable import PushNormaliser
import PushCore
import JSONCodec
import PushTestSupport

/// The wire engine (formats' wire tables over a borrowed document) against the adapters, the reference: on every
/// fixture converted into every format, whenever the engine takes a conversion it gives the same bytes, size,
/// losses, findings and headers.
@Suite("Wire engine")
struct WireEngineTests {
    static let formats = FormatRegistry.standard.descriptors.map(\.name)

    @Test("same result as the adapters", arguments: ConversionMatrixTests.sources)
    func sameAsAdapters(_ source: ConversionMatrixTests.Source) throws {
        let normaliser = Normaliser()
        let options = ConversionMatrixTests.options(source)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source.path + "/input.json")))
        // Compact and pretty-printed input alike.
        let compact = try JSONWriter(style: .compact).bytes(JSONParser().parse(bytes))
        for input in [bytes, compact] {
            for target in Self.formats {
                try Self.expectSameAsAdapters(input, from: source.format, to: target, options: options, normaliser)
            }
        }
    }

    /// Converts `input` through the engine and, when it takes the conversion, through the adapters, and expects the
    /// same bytes, size, losses, findings and headers (the adapters' rendering, with the tables' writing of what the
    /// adapters read turned off). True when the engine took it.
    @discardableResult
    static func expectSameAsAdapters(
        _ input: [UInt8], from: String, to target: String, options: FormatOptions, _ normaliser: Normaliser,
        record: String = ""
    ) throws -> Bool {
        guard let wire = normaliser.wireConvert(input, from: from, to: target, options: options) else { return false }
        var adapters = normaliser
        adapters.writesThroughTables = false  // the adapters' rendering is the reference
        let reference = try adapters.convert(adapters.parse(input), from: from, to: target, options: options)
        let name = "\(from) → \(target)\(record)"
        #expect(
            String(decoding: wire.compactBytes, as: UTF8.self)
                == String(decoding: reference.compactBytes, as: UTF8.self), "\(name)")
        #expect(wire.size == reference.size, "\(name)")
        #expect(wire.lost == reference.lost, "\(name)")
        #expect(wire.diagnostics == reference.diagnostics, "\(name)")
        #expect(wire.notices == reference.notices, "\(name)")
        #expect(wire.headers == reference.headers, "\(name)")
        #expect(wire.from == reference.from, "\(name)")
        #expect(wire.payload == reference.payload, "\(name)")
        return true
    }

    /// The benchmark corpora (`Benchmarks/engine_corpus.py` writes them, with a `manifest.json` naming each one's
    /// format), when `PUSH_WIRE_CORPUS` names their directory: the first `PUSH_WIRE_CORPUS_RECORDS` (default 500)
    /// records of each, converted into every format, held to the adapters' result as the fixtures are.
    @Test(
        "corpus records: the same result as the adapters",
        .enabled(if: ProcessInfo.processInfo.environment["PUSH_WIRE_CORPUS"] != nil))
    func corpusSameAsAdapters() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = environment["PUSH_WIRE_CORPUS"] ?? ""
        let limit = environment["PUSH_WIRE_CORPUS_RECORDS"].flatMap { Int($0) } ?? 500
        let manifest = try JSONParser().parse(Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json")))
        let normaliser = Normaliser()
        for (name, corpus) in manifest.objectValue?["corpora"]?.objectValue ?? JSONObject() {
            guard let from = corpus.objectValue?["from"]?.stringValue,
                let text = try? String(contentsOfFile: directory + "/\(name).ndjson", encoding: .utf8)
            else { continue }
            var taken: [String: Int] = [:]
            for (index, line) in text.split(separator: "\n").prefix(limit).enumerated() {
                for target in Self.formats
                where try Self.expectSameAsAdapters(
                    Array(line.utf8), from: from, to: target, options: FormatOptions(), normaliser,
                    record: " (\(name) record \(index + 1))")
                {
                    taken[target, default: 0] += 1
                }
            }
            print("corpus \(name): taken by the engine \(taken.sorted { $0.key < $1.key })")
        }
    }

    @Test(
        "into the caller's buffer: the same bytes, and the lossy flag without lost paths agrees with the paths",
        arguments: ConversionMatrixTests.sources)
    func intoCallersBuffer(_ source: ConversionMatrixTests.Source) throws {
        let normaliser = Normaliser()
        let options = ConversionMatrixTests.options(source)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source.path + "/input.json")))
        let prefix = Array("[prefix]".utf8)
        for target in Self.formats {
            guard let whole = normaliser.wireConvert(bytes, from: source.format, to: target, options: options) else {
                continue
            }
            for lostFields in [false, true] {
                var out = prefix
                let converted = bytes.withUnsafeBufferPointer {
                    normaliser.wireConvert(
                        $0, from: source.format, to: target, options: options, lostFields: lostFields, into: &out)
                }
                guard let converted else {
                    Issue.record("\(source.format) → \(target): declined into a buffer")
                    continue
                }
                #expect(out == prefix + whole.compactBytes, "\(source.format) → \(target)")
                #expect(converted.size == whole.size)
                #expect(converted.lossy == !whole.lost.isEmpty, "\(source.format) → \(target) lostFields \(lostFields)")
                #expect(converted.lost == (lostFields ? whole.lost : []))
            }
        }
        // Declined: the buffer is left as it was.
        var out = prefix
        let declined = Array(#"{"aps":{"alert":"x","future":1}}"#.utf8).withUnsafeBufferPointer {
            normaliser.wireConvert($0, from: "apns", to: "amazon", options: options, lostFields: false, into: &out)
        }
        #expect(declined == nil)
        #expect(out == prefix)
    }

    @Test("records converted one after another on a thread (arrays reused) give each record's own result")
    func reusedArraysKeepRecordsApart() throws {
        let normaliser = Normaliser()
        let records = [
            #"{"aps":{"alert":{"title":"T","body":"B"}},"payload":"{\"image_attachment\":\"https://x/y.png\",\"k\":1,\"m\":{\"n\":2}}","a":1,"b":[1,2],"c":"x"}"#,
            #"{"aps":{"alert":"short"},"z":true}"#,
            #"{"aps":{"badge":3},"payload":"{\"only\":\"kept\"}"}"#,
            #"{"aps":{"alert":{"title":"again"}},"payload":"{\"image_attachment\":\"https://x/z.jpg\"}","d":null}"#,
        ].map { Array($0.utf8) }
        for target in ["amazon", "apns", "zego"] {
            // Each record alone (fresh arrays), then all in a row, twice.
            let alone = records.map { record -> ConversionResult? in
                Normaliser().wireConvert(record, from: "zego", to: target, options: FormatOptions())
            }
            for _ in 0..<2 {
                for (index, record) in records.enumerated() {
                    let again = normaliser.wireConvert(record, from: "zego", to: target, options: FormatOptions())
                    #expect(again?.compactBytes == alone[index]?.compactBytes, "\(target) record \(index)")
                    #expect(again?.lost == alone[index]?.lost, "\(target) record \(index)")
                }
            }
        }
    }

    @Test("fcm is written by the engine: the adapter's bytes, losses and run notice; FCM's rules decline the rest")
    func fcmWrittenByTheEngine() throws {
        var normaliser = Normaliser()
        normaliser.writesThroughTables = false  // the adapters' rendering is the reference
        func both(_ json: String, from: String = "apns") throws -> (
            wire: ConversionResult?, reference: ConversionResult
        ) {
            let bytes = Array(json.utf8)
            return (
                normaliser.wireConvert(bytes, from: from, to: "fcm", options: FormatOptions()),
                try normaliser.convert(normaliser.parse(bytes), from: from, to: "fcm")
            )
        }
        // Strings to `data`, other values to `apns.payload`, the sound and localised keys inherited by Android, the
        // headers from `delivery`; no target: the run notice.
        let taken = [
            #"{"aps":{"alert":{"title":"T","body":"B","loc-key":"K","loc-args":["a"]},"sound":"s.caf","badge":2},"s":"x","n":1,"o":{"p":[true]}}"#,
            #"{"aps":{"content-available":1}}"#,
            #"{"aps":{"alert":"only a body"},"k":"v"}"#,
        ]
        for json in taken {
            let (wire, reference) = try both(json)
            #expect(wire != nil, "\(json)")
            #expect(wire?.compactBytes == reference.compactBytes, "\(json)")
            #expect(wire?.lost == reference.lost)
            #expect(wire?.diagnostics == reference.diagnostics)
            #expect(wire?.notices == reference.notices)
            #expect(wire?.notices.map(\.code) == [.conversionTargetMissing])
        }
        // A video is not an image: declared lost as the adapter declares it.
        let (video, videoReference) = try both(
            #"{"aps":{"alert":"x"},"payload":"{\"image_attachment\":\"https://x/clip.mp4\"}"}"#, from: "zego")
        #expect(video?.compactBytes == videoReference.compactBytes)
        #expect(video?.lost == videoReference.lost)
        // What FCM's rules would find, and what this writer does not write, go to the adapter.
        let declined = [
            #"{"aps":{"alert":"x"},"from":"reserved"}"#,
            #"{"aps":{"alert":"x"},"google.c":"reserved"}"#,
            #"{"aps":{"alert":"x"},"big":"\#(String(repeating: "x", count: 4030))"}"#,
        ]
        for json in declined {
            let (wire, reference) = try both(json)
            #expect(wire == nil, "\(json)")
            #expect(!reference.diagnostics.isEmpty || !reference.notices.isEmpty)
        }
    }

    @Test("fcm writes an Android side read by another format's table: the adapter's bytes, losses and findings")
    func fcmWritesAnAndroidSide() throws {
        var normaliser = Normaliser()
        normaliser.writesThroughTables = false  // the adapters' rendering is the reference
        func both(_ json: String) throws -> (wire: ConversionResult?, reference: ConversionResult) {
            let bytes = Array(json.utf8)
            return (
                normaliser.wireConvert(bytes, from: "hms", to: "fcm", options: FormatOptions()),
                try normaliser.convert(normaliser.parse(bytes), from: "hms", to: "fcm", allowInvalid: true)
            )
        }
        // HMS's bare messages (no send request, no data map, nothing only HMS keeps): Android's values, its own data
        // map, a tap URL and deep link FCM has no place for, a video that is no image.
        let taken = [
            ##"{"notification":{"title":"T","body":"B"},"android":{"urgency":"HIGH","ttl":"3600s","notification":{"title":"AT","body":"AB","icon":"ic","color":"#AACCDD","sound":"s","tag":"tg","channel_id":"ch","visibility":"PUBLIC","click_action":{"type":2,"url":"https://x.example/y"}}},"token":["t1"]}"##,
            #"{"notification":{"title":"T","body":"B","image":"https://x.example/n.png"},"android":{"urgency":"NORMAL","ttl":"86400s","data":"{\"k\":\"v\"}","notification":{"title":"AT","image":"https://x.example/a.png","channel_id":"c","title_loc_key":"TK","title_loc_args":["a"],"body_loc_key":"BK","click_action":{"type":1,"intent":"intent://x#Intent;end"}}},"topic":"news"}"#,
            #"{"android":{"notification":{"title":"AT","body":"AB","image":"https://x.example/clip.mp4","click_action":{"type":1,"action":"com.x.OPEN"}}},"token":["a"]}"#,
        ]
        for json in taken {
            let (wire, reference) = try both(json)
            #expect(wire != nil, "\(json)")
            #expect(wire?.compactBytes == reference.compactBytes, "\(json)")
            #expect(wire?.lost == reference.lost, "\(json)")
            #expect(wire?.diagnostics == reference.diagnostics, "\(json)")
            #expect(wire?.notices == reference.notices, "\(json)")
        }
        #expect(try both(taken[0]).wire?.lost.map(\.path.description) == ["/android/url"])
        // The fixture the conversion matrix converts into every format (`sameAsAdapters`) is one of them.
        let fixture = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: PushnormExecutable.packageRoot
                        + "/Tests/HuaweiAdapterTests/Fixtures/hms/python-topic-message-shared-keys/input.json")))
        #expect(normaliser.wireConvert(fixture, from: "hms", to: "fcm", options: FormatOptions()) != nil)
        #expect(try both(taken[2]).wire?.lost.map(\.path.description) == ["/android/image"])
        // What FCM's rules reject in Android's values (a data map that is not strings, a reserved key, a colour that
        // is not #rrggbb): the adapter renders it and says so.
        let declined = [
            #"{"notification":{"title":"T"},"android":{"data":"{\"n\":1}","notification":{"title":"AT","click_action":{"type":1,"action":"OPEN"}}},"token":["a"]}"#,
            #"{"notification":{"title":"T"},"android":{"data":"{\"from\":\"x\"}","notification":{"title":"AT","click_action":{"type":1,"action":"OPEN"}}},"token":["a"]}"#,
            ##"{"notification":{"title":"T"},"android":{"notification":{"title":"AT","color":"#abc","click_action":{"type":1,"action":"OPEN"}}},"token":["a"]}"##,
        ]
        for json in declined {
            let (wire, reference) = try both(json)
            #expect(wire == nil, "\(json)")
            #expect(reference.diagnostics.map(\.code) == [.conversionInvalidOutput], "\(json)")
        }
    }

    @Test("pinpoint-message is written by the engine: a bare APNSMessage, the adapter's bytes and declared losses")
    func pinpointMessageWrittenByTheEngine() throws {
        var normaliser = Normaliser()
        normaliser.writesThroughTables = false  // the adapters' rendering is the reference
        func both(_ json: String, from: String = "apns") throws -> (
            wire: ConversionResult?, reference: ConversionResult
        ) {
            let bytes = Array(json.utf8)
            return (
                normaliser.wireConvert(bytes, from: from, to: "pinpoint-message", options: FormatOptions()),
                try normaliser.convert(normaliser.parse(bytes), from: from, to: "pinpoint-message")
            )
        }
        // The table's fields; custom data (each member's leaves) and mutable-content lost with Pinpoint's reasons.
        let taken = [
            #"{"aps":{"alert":{"title":"T","body":"B"},"badge":2,"sound":"s.caf","thread-id":"g","category":"c"}}"#,
            #"{"aps":{"alert":"only a body","mutable-content":1},"k":"v","o":{"p":[true],"q":{}}}"#,
            #"{"aps":{"alert":"x","sound":{"name":"n","critical":1,"volume":0.5}},"payload":"{\"image_attachment\":\"https://x/y.png\"}"}"#,
        ]
        for json in taken {
            let from = json.contains("payload") ? "zego" : "apns"
            let (wire, reference) = try both(json, from: from)
            #expect(wire != nil, "\(json)")
            #expect(wire?.compactBytes == reference.compactBytes, "\(json)")
            #expect(wire?.lost == reference.lost, "\(json)")
            #expect(wire?.diagnostics == reference.diagnostics)
        }
        let (custom, _) = try both(#"{"aps":{"alert":"x"},"k":"v","o":{"p":[true],"q":{}}}"#)
        #expect(custom?.lost.map(\.path.description) == ["/data/k", "/data/o/p", "/data/o/q"])
        // Custom `data` (its `pinpoint` object becomes Data, Action and Url) and an Android side are the adapter's.
        let declined = [
            #"{"aps":{"alert":"x"},"data":{"pinpoint":{"deeplink":"app://x"}}}"#,
            #"{"message":{"token":"t","android":{"priority":"high"},"apns":{"payload":{"aps":{"alert":"x"}}}}}"#,
        ]
        for json in declined {
            let (wire, _) = try both(json, from: json.contains("message") ? "fcm" : "apns")
            #expect(wire == nil, "\(json)")
        }
        // It is only written by the engine: a send request is read by the adapter.
        let request = Array(#"{"APNSMessage":{"Title":"T","Body":"B"}}"#.utf8)
        #expect(normaliser.wireConvert(request, from: "pinpoint-message", to: "apns", options: FormatOptions()) == nil)
    }

    @Test("sns is read by the engine: the APNs string, a GCM v1 Android side, the media info; other shapes declined")
    func snsReadByTheEngine() throws {
        let normaliser = Normaliser()
        let gcm =
            #"{\"fcmV1Message\":{\"message\":{\"notification\":{\"title\":\"A\",\"image\":\"https://x/a.png\"},\"android\":{\"priority\":\"high\",\"notification\":{\"icon\":\"ic\"}},\"data\":{\"s\":\"2\"}}}}"#
        let taken: [(json: String, options: FormatOptions)] = [
            (
                #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\"},\"attachment-url\":\"https://x/y.png\",\"k\":\"v\"}"}"#,
                FormatOptions()
            ),
            (
                #"{"default":"d","APNS":"{\"aps\":{\"alert\":{\"title\":\"T\",\"body\":\"B\"},\"mutable-content\":1},\"data\":{\"attachment-url\":\"https://x/y.gif\",\"n\":1},\"s\":\"1\"}","GCM":"\#(gcm)"}"#,
                FormatOptions()
            ),
            (
                #"{"default":"d","APNS":"{\"aps\":{\"badge\":1},\"data\":{\"attachment-url\":\"https://x/y.gif\"}}"}"#,
                FormatOptions()
            ),
            (#"{"GCM":"\#(gcm)","APNS":"{\"aps\":{\"alert\":\"x\"}}","default":"d"}"#, FormatOptions()),
            (
                #"{"default":"d","APNS_VOIP":"{\"aps\":{},\"caller\":\"c\"}"}"#,
                {
                    var options = FormatOptions()
                    options.snsPlatform = "APNS_VOIP"
                    return options
                }()
            ),
        ]
        for (json, options) in taken {
            for target in ["apns", "amazon", "zego"] {
                let wasTaken = try Self.expectSameAsAdapters(
                    Array(json.utf8), from: "sns", to: target, options: options, normaliser, record: " \(json)")
                // The media URL read from `data` beside another member: amazon writes it back into that member
                // (the adapter's work).
                let intoData = target == "amazon" && json.contains(#"\"n\":1"#)
                #expect(wasTaken != intoData, "sns → \(target): \(json)")
            }
        }
        let media = try #require(
            normaliser.wireConvert(Array(taken[0].json.utf8), from: "sns", to: "apns", options: FormatOptions()))
        #expect(media.diagnostics.map(\.code) == [.amazonMediaFound])
        #expect(media.diagnostics.map(\.path.description) == ["/APNS"])
        // The adapter's: findings (no `default`, a platform key kept beside the one read, invalid JSON), ADM and
        // BAIDU, a legacy GCM body, a GCM message's `apns` block (kept verbatim) or target.
        let declined = [
            #"{"APNS":"{\"aps\":{\"alert\":\"x\"}}"}"#,
            #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\"}}","APNS_SANDBOX":"{\"aps\":{}}"}"#,
            #"{"default":"d","APNS":"{\"aps\":"}"#,
            #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\",\"future\":1}}"}"#,
            #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\"}}","ADM":"{\"data\":{\"k\":\"v\"}}"}"#,
            #"{"default":"d","BAIDU":"{\"title\":\"t\",\"description\":\"b\"}"}"#,
            #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\"}}","GCM":"{\"notification\":{\"title\":\"A\"}}"}"#,
            #"{"default":"d","APNS":"{\"aps\":{}}","GCM":"{\"fcmV1Message\":{\"message\":{\"apns\":{\"payload\":{\"aps\":{}}}}}}"}"#,
            #"{"default":"d","APNS":"{\"aps\":{}}","GCM":"{\"fcmV1Message\":{\"message\":{\"token\":\"t\"}}}"}"#,
            #"{"default":"d","GCM":"\#(gcm)"}"#,
        ]
        for json in declined {
            #expect(
                normaliser.wireConvert(Array(json.utf8), from: "sns", to: "apns", options: FormatOptions()) == nil,
                "\(json)")
        }
    }

    @Test func theEngineTakesTheCommonConversions() throws {
        let input = Array(
            #"{"aps":{"alert":{"title":"T","body":"B"},"badge":2},"payload":"{\"image_attachment\":\"https://x/y.png\",\"k\":1}","custom":[1,{"a":null}]}"#
                .utf8)
        for target in ["apns", "amazon", "zego"] {
            #expect(
                Normaliser().wireConvert(input, from: "zego", to: target, options: FormatOptions()) != nil, "\(target)")
        }
        // An FCM send request for both platforms, as the Admin SDKs send it.
        let fcm = Array(
            #"{"message":{"token":"t:1","notification":{"title":"T","body":"B"},"android":{"priority":"high","notification":{"title":"A","icon":"ic"}},"apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"alert":{"title":"i","body":"b"},"badge":1},"k":"v"}},"data":{"d":"1"}}}"#
                .utf8)
        #expect(Normaliser().wireConvert(fcm, from: "fcm", to: "apns", options: FormatOptions()) != nil)
        // The same key in `apns.payload` and `data`: the adapter says which it keeps.
        let both = Array(#"{"token":"t","apns":{"payload":{"aps":{"badge":1},"k":"v"}},"data":{"k":"w"}}"#.utf8)
        #expect(Normaliser().wireConvert(both, from: "fcm", to: "apns", options: FormatOptions()) == nil)
        // A finding (an unknown `aps` key) is the adapter's to report.
        let unknown = Array(#"{"aps":{"alert":"x","future":1}}"#.utf8)
        #expect(Normaliser().wireConvert(unknown, from: "apns", to: "amazon", options: FormatOptions()) == nil)
    }
}
