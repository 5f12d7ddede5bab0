import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@testable import PushNormaliser

/// Pinpoint's send requests read over the borrowed document, one message per address
/// (``Normaliser/wireConvertRecipients(_:from:to:options:lostFields:)``), against the adapters' path, the reference:
/// the same messages, bytes, labels, losses, lossy flags, findings, notices and headers, or the same failure, into
/// every format; and the requests it models are taken by it.
@Suite("Pinpoint send requests read over the borrowed document")
struct WireRecipientsTests {
    static let formats = FormatRegistry.standard.descriptors.map(\.name)

    /// Requests the reader models: it must take each of them into `fcm`.
    static let modelled: [String] = [
        // The CLI input, both channels, one address each (the benchmark's shape).
        #"{"ApplicationId":"app-1","MessageRequest":{"Addresses":{"apns-token-1":{"ChannelType":"APNS"},"fcm-token-1":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"Sale","Body":"Half price","Badge":3,"Sound":"chime.caf","ThreadId":"t1","MediaUrl":"https://cdn.example.com/a.png","Data":{"k":"v"},"Action":"DEEP_LINK","Url":"app://sale"},"GCMMessage":{"Title":"Sale!","Body":"Half price today","IconReference":"ic_sale","ImageUrl":"https://cdn.example.com/b.png","Priority":"high","TimeToLive":86400,"Data":{"k":"w"}}}}}"#,
        // Several addresses of each channel, sandbox and VoIP channels, a TraceId, no ApplicationId.
        #"{"MessageRequest":{"TraceId":"trace-9","Addresses":{"a1":{"ChannelType":"APNS_SANDBOX"},"g1":{"ChannelType":"GCM"},"a2":{"ChannelType":"APNS_VOIP"},"g2":{"ChannelType":"GCM"}},"MessageConfiguration":{"GCMMessage":{"Title":"Hi","Body":"There","Action":"URL","Url":"https://example.com","SilentPush":false},"APNSMessage":{"Title":"Hi","Body":"There","Category":"INVITE","SilentPush":true}}}}"#,
        // The bare request (no CLI input), APNs addresses only, header fields and a kept Action.
        #"{"Addresses":{"t1":{"ChannelType":"APNS"},"t2":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Body":"Only iOS","Priority":"10","CollapseId":"c1","APNSPushType":"alert","TimeToLive":3600,"Action":"OPEN_APP","PreferredAuthenticationMethod":"TOKEN"}}}"#,
        // A GCMMessage repeating nothing, with a priority APNs spells (a warning: the adapters'), and one without.
        // Content alone, read in place: an OPEN_APP action and its Url kept verbatim, a URL action taking its Url.
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Action":"OPEN_APP","Url":"https://x.example"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Body":"B","Url":"https://x.example","Action":"URL","Data":{"a":"1","b":"2"}}}}}"#,
        #"{"ApplicationId":"app-2","MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"Title":"T","Body":"B","CollapseKey":"ck","RestrictedPackageName":"com.example","Sound":"default"}}}}"#,
    ]

    /// Requests the reader leaves to the adapters (each converts the same either way).
    static let declined: [String] = [
        // Overrides, substitutions, a placeholder, the defaults, endpoints, another channel, unknown keys.
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS","TitleOverride":"Yours"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"Hi {{Name}}","Substitutions":{"Name":["Ana"]}}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"Hi {{Name}}"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"GCM"}},"MessageConfiguration":{"DefaultPushNotificationMessage":{"Title":"D"},"GCMMessage":{"Body":"B"},"APNSMessage":{"Body":"A"}}}}"#,
        #"{"MessageRequest":{"Endpoints":{"e1":{}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"ADM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"ADMMessage":{"Title":"A"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"SMS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Colour":"red"}}}}"#,
        #"{"Extra":1,"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        // A GCM address without a GCMMessage, RawContent on either side, the console's forms, wrong types.
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"RawContent":"{\"aps\":{\"alert\":\"raw\"}}"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"RawContent":"{\"notification\":{\"title\":\"raw\"}}"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"aps":{"alert":"console"}}}}}"#,
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"notification":{"title":"console"}}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":7,"Badge":"x"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"Priority":"urgent","TimeToLive":-1}}}}"#,
        // A GCMMessage key that is not one of its own (warned about), a campaign Message's key, a lowercase key after
        // accepted ones: each past the one comparison of accepted keys, and declined.
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"Title":"T","Colour":"red"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"Body":"B","JsonBody":"{}"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"g":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"},"GCMMessage":{"Body":"B","Priority":"high","data":{"k":"v"}}}}}"#,
        #"{"MessageRequest":{"Addresses":{},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":[],"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Badge":-1}}}}"#,
        // Content alone with a finding: an action without the Url it needs, a Data value that is not a string.
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Action":"URL"}}}}"#,
        #"{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Data":{"n":1}}}}}"#,
    ]

    /// Converts `bytes` both ways: the facade's bytes entry (which takes the borrowed-document path when it can),
    /// and the adapters alone on the parsed payload.
    static func expectSame(
        _ bytes: [UInt8], to target: String, options: FormatOptions = FormatOptions(), lostFields: Bool = true,
        _ label: String
    ) {
        let normaliser = Normaliser()
        var adapters = Normaliser()
        adapters.writesThroughTables = false
        let tables = Result { () throws(NormalisationFailure) in
            try normaliser.convertMessages(
                bytes, from: "pinpoint-message", to: target, strict: false, allowInvalid: false, options: options,
                lostFields: lostFields)
        }
        let reference = Result { () throws(NormalisationFailure) in
            try adapters.convertMessages(
                adapters.parse(bytes), from: "pinpoint-message", to: target, strict: false, allowInvalid: false,
                options: options, lostFields: true)
        }
        if lostFields {
            WireWriteTests.expectSame(tables, reference, label)
            return
        }
        // Without the lost paths, the lossy flag still says whether anything was lost.
        guard case .success(let a) = tables, case .success(let b) = reference else {
            WireWriteTests.expectSame(tables, reference, label)
            return
        }
        #expect(a.map(\.compactBytes) == b.map(\.compactBytes), "\(label)")
        #expect(a.map(\.lossy) == b.map { !$0.lost.isEmpty }, "\(label)")
        // A message the adapter renders builds its lost paths all the same; the tables' writing leaves them out.
        #expect(zip(a, b).allSatisfy { $0.lost.isEmpty || $0.lost == $1.lost }, "\(label)")
    }

    /// True when the borrowed-document path converts `bytes` into `target`.
    static func taken(_ bytes: [UInt8], to target: String, options: FormatOptions = FormatOptions()) -> Bool {
        Normaliser().wireConvertRecipients(
            bytes, from: "pinpoint-message", to: target, options: options, lostFields: true) != nil
    }

    @Test("modelled requests: taken, and the same results as the adapters into every format")
    func modelledRequests() {
        for (index, json) in Self.modelled.enumerated() {
            let bytes = Array(json.utf8)
            #expect(Self.taken(bytes, to: "fcm"), "request \(index + 1) is not taken into fcm")
            #expect(Self.taken(bytes, to: "apns"), "request \(index + 1) is not taken into apns")
            for target in Self.formats {
                Self.expectSame(bytes, to: target, "request \(index + 1) → \(target)")
                Self.expectSame(bytes, to: target, lostFields: false, "request \(index + 1) → \(target), lossy only")
            }
        }
    }

    @Test("the sendTime option turns an APNSMessage's TimeToLive into its expiration on this path too")
    func sendTime() {
        var options = FormatOptions()
        options.sendTime = 1_700_000_000
        let bytes = Array(Self.modelled[2].utf8)
        #expect(Self.taken(bytes, to: "apns", options: options))
        #expect(Self.modelled[2].contains(#""TimeToLive":3600"#), "the request with a TimeToLive")
        for target in Self.formats { Self.expectSame(bytes, to: target, options: options, "sendTime → \(target)") }
    }

    @Test("requests it does not model: left to the adapters, with the same results")
    func declinedRequests() {
        for (index, json) in Self.declined.enumerated() {
            let bytes = Array(json.utf8)
            #expect(!Self.taken(bytes, to: "fcm"), "declined request \(index + 1) was taken")
            for target in Self.formats { Self.expectSame(bytes, to: target, "declined \(index + 1) → \(target)") }
        }
    }

    @Test("every pinpoint-message fixture: the same results as the adapters", arguments: ConversionMatrixTests.sources)
    func fixtures(_ source: ConversionMatrixTests.Source) throws {
        guard source.format == "pinpoint-message" else { return }
        let options = ConversionMatrixTests.options(source)
        let payload = try #require(try Golden.load(source.path + "/input.json"))
        let bytes = JSONWriter(style: .compact).bytes(payload)
        for target in Self.formats {
            Self.expectSame(bytes, to: target, options: options, "\(source.testDescription) → \(target)")
        }
    }

    /// The benchmark's Pinpoint corpus (`Benchmarks/engine_corpus.py`), when `PUSH_WIRE_CORPUS` names its directory:
    /// every record taken into fcm, and the same results as the adapters into every format.
    @Test(
        "corpus records: taken, and the same results as the adapters",
        .enabled(if: ProcessInfo.processInfo.environment["PUSH_WIRE_CORPUS"] != nil))
    func corpus() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = environment["PUSH_WIRE_CORPUS"] ?? ""
        let limit = environment["PUSH_WIRE_CORPUS_RECORDS"].flatMap { Int($0) } ?? 500
        let text = try String(contentsOfFile: directory + "/pinpoint-cli.ndjson", encoding: .utf8)
        for (index, line) in text.split(separator: "\n").prefix(limit).enumerated() {
            let bytes = Array(line.utf8)
            #expect(Self.taken(bytes, to: "fcm"), "record \(index + 1) is not taken")
            for target in Self.formats { Self.expectSame(bytes, to: target, "record \(index + 1) → \(target)") }
        }
    }
}
