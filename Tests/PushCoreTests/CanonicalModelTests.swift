import Foundation
import Testing
import PushCore

/// The model's declaration (`PushNotification+Model.swift`) against the published schema, and every tool derived
/// from it (canonical JSON both ways, presence, keeping, removing, comparing), field by field.
@Suite("Canonical model declaration")
struct CanonicalModelTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("rpc-spec/notification.schema.json").path

    /// The value fields (not part headers, not `extensions`, not `source`), as token paths.
    static let valueFields: [[String]] = PushNotification.fieldDescriptions.filter { $0.kind == .value }.map {
        $0.path.split(separator: ".").map(String.init)
    }

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: schemaPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func properties(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test func theSchemaNamesExactlyTheDeclaredFields() throws {
        let schema = try Self.schema()
        let definitions = schema["$defs"] as? [String: Any]
        let topLevel = Set(PushNotification.fieldDescriptions.map(\.path).filter { !$0.contains(".") })
        #expect(Self.properties(schema).subtracting(["schemaVersion"]) == topLevel)
        for part in ["sound", "liveActivity", "delivery", "android", "target"] {
            let declared = Set(
                PushNotification.fieldDescriptions.map(\.path).filter { $0.hasPrefix(part + ".") }.map {
                    String($0.dropFirst(part.count + 1))
                })
            #expect(Self.properties(definitions?[part]) == declared, "\(part)")
        }
        let item = PushNotification.Media(url: "u", kind: .image, identifier: "i").canonicalFields
        #expect(Self.properties(definitions?["media"]) == Set(item.keys))
    }

    /// `Android.isEmpty` tests its fields one by one: each declared field of the part, set alone, makes it non-empty.
    @Test(arguments: valueFields.filter { $0.first == "android" }.map { $0.joined(separator: ".") })
    func anAndroidPartHoldingOneFieldIsNotEmpty(field: String) throws {
        let n = PushNotification.documentationSample(field.split(separator: ".").map(String.init))
        let part = try #require(n.android)
        #expect(!part.isEmpty)
        #expect(part != PushNotification.Android())
        #expect(PushNotification.Android().isEmpty)
    }

    /// The fields Apple alone uses are held apart (copy on write): a copy changed leaves the original as it was, and
    /// a field set then set back to nil leaves a notification equal to, and hashed as, one that never held it.
    @Test func appleDetailsAreCopiedOnWriteAndComparedByValue() {
        var original = PushNotification()
        original.subtitleLocKey = "GREETING"
        var delivery = PushNotification.Delivery()
        delivery.priority = 10
        original.delivery = delivery
        var copy = original
        copy.subtitleLocKey = "FAREWELL"
        copy.delivery?.priority = 5
        #expect(original.subtitleLocKey == "GREETING")
        #expect(original.delivery?.priority == 10)
        #expect(copy.subtitleLocKey == "FAREWELL")
        #expect(copy.delivery?.priority == 5)
        #expect(copy != original)

        var cleared = original
        cleared.subtitleLocKey = nil
        cleared.delivery = nil
        #expect(cleared == PushNotification())
        #expect(cleared.hashValue == PushNotification().hashValue)
        #expect(original.subtitleLocKey == "GREETING", "clearing a shared copy leaves the original")

        var alone = PushNotification()
        alone.targetContentID = "thread"
        alone.targetContentID = nil
        #expect(alone == PushNotification())
        var setToNil = PushNotification()
        setToNil.liveActivity = nil
        #expect(setToNil == PushNotification())
        #expect(PushNotification.documentationSample(["launchImage"]) != PushNotification())
    }

    @Test func topLevelFieldsFitTheirBits() {
        #expect(PushNotification.topLevelFieldNames.count <= 32)
        #expect(Set(PushNotification.topLevelFieldNames).count == PushNotification.topLevelFieldNames.count)
    }

    @Test(arguments: valueFields.map { $0.joined(separator: ".") })
    func everyToolFollowsTheDeclaration(field: String) throws {
        let tokens = field.split(separator: ".").map(String.init)
        let n = PushNotification.documentationSample(tokens)
        let pointer = JSONPointer(tokens: tokens)
        #expect(n != PushNotification(), "the sample holds the field")
        // Canonical JSON holds it where its path says, and reads back to the same notification.
        var resolved: JSONValue? = n.canonicalJSON
        for token in tokens {
            if case .array(let items)? = resolved { resolved = items.first }
            resolved = resolved?[token]
        }
        #expect(resolved != nil, "canonical JSON holds \(pointer)")
        var diagnostics: [Diagnostic] = []
        #expect(PushNotification(canonical: n.canonicalJSON, diagnostics: &diagnostics) == n)
        #expect(diagnostics.isEmpty)
        // Held, kept by a format carrying its top-level field, dropped by one that does not.
        #expect(n.presentFields != 0)
        #expect(n.keeping([tokens[0]]) == n)
        #expect(n.keeping([]) == PushNotification())
        // Compared down to its leaves, and removed by its pointer.
        let lost = n.lostFields(comparedWith: PushNotification())
        #expect(!lost.isEmpty && lost.allSatisfy { $0.tokens.starts(with: tokens.prefix(1)) })
        // A leaf held where the comparison finds one: in its top-level field, in no other.
        let bit = CarriedFields.bit(of: tokens[0])
        #expect(bit != 0 && n.holdsLeaf(inFields: bit) && n.holdsLeaf(inFields: n.presentFields))
        #expect(!n.holdsLeaf(inFields: ~bit))
        #expect(n.lostFields(comparedWith: n).isEmpty)
        #expect(n.removing([pointer]).lostFields(comparedWith: PushNotification()).allSatisfy { $0 != pointer })
        // (Removing a member of a JSON object keeps the object: `android.data` stays `{}`, as before.)
        #expect(n.removing(lost).lostFields(comparedWith: PushNotification()).allSatisfy { !lost.contains($0) })
    }

    /// ``PushNotification/holdsLeaf(inFields:)`` agrees with ``PushNotification/lostFields(comparedWith:)`` against
    /// nothing for the edge shapes: an empty part and an empty JSON object hold no leaf and one leaf.
    @Test func aLeafIsHeldExactlyWhereTheComparisonFindsOne() {
        var samples: [PushNotification] = [PushNotification()]
        var n = PushNotification()
        n.android = PushNotification.Android()
        samples.append(n)
        n.android?.data = JSONObject()
        samples.append(n)
        n = PushNotification()
        n.delivery = PushNotification.Delivery()
        samples.append(n)
        n.sound = PushNotification.Sound(name: "")
        samples.append(n)
        n = PushNotification()
        n.liveActivity = PushNotification.LiveActivity()
        n.liveActivity?.contentState = .object(JSONObject())
        samples.append(n)
        for sample in samples {
            let found = sample.holdsLeaf(inFields: ~0)
            #expect(found == !sample.lostFields(comparedWith: PushNotification()).isEmpty, "\(sample)")
        }
        #expect(!samples[1].holdsLeaf(inFields: ~0) && samples[2].holdsLeaf(inFields: ~0))
    }

    @Test func badCanonicalInputIsReportedWhereItIs() throws {
        let json: JSONValue = [
            "title": 1, "sound": ["volume": "loud"], "media": [["kind": "movie"], 3],
            "android": ["foo": 1, "title": 2], "extensions": ["zego": 1], "bogus": true,
        ]
        var diagnostics: [Diagnostic] = []
        #expect(PushNotification(canonical: json, diagnostics: &diagnostics) == nil)
        let found = Set(diagnostics.map { "\($0.code) \($0.path)" })
        #expect(
            found == [
                "core.type.mismatch /title", "core.type.mismatch /sound/volume", "core.value.missing /sound",
                "core.type.mismatch /media/0/kind", "core.value.missing /media/0", "core.type.mismatch /media/1",
                "core.type.mismatch /android/title", "core.canonical.unknown-key /android/foo",
                "core.type.mismatch /extensions/zego", "core.canonical.unknown-key /bogus",
            ])
        #expect(diagnostics.contains { $0.message == "`android.foo` is not a canonical notification key" })
        #expect(diagnostics.contains { $0.message == "`sound` needs a `name`" })
        #expect(diagnostics.contains { $0.message == "a media item needs a `url`" })
    }
}

/// The wire tables' typed field names (`PushNotification+Fields.swift`) against the declaration: each case's
/// subscript sets the field its `canonicalName` names.
@Suite("Wire field names")
struct WireFieldNameTests {
    /// The top-level field a notification holding one value holds.
    static func held(_ n: PushNotification) -> Set<String> {
        Set(n.lostFields(comparedWith: PushNotification()).compactMap { $0.tokens.first })
    }

    @Test func everyCaseSetsTheFieldItNames() {
        for field in PushNotification.TextField.allCases {
            var n = PushNotification()
            n[text: field] = "s"
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
        for field in PushNotification.StringsField.allCases {
            var n = PushNotification()
            n[strings: field] = ["s"]
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
        for field in PushNotification.IntegerField.allCases {
            var n = PushNotification()
            n[integer: field] = 1
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
        for field in PushNotification.NumberField.allCases {
            var n = PushNotification()
            n[number: field] = 0.5
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
        for field in PushNotification.FlagField.allCases {
            var n = PushNotification()
            n[flag: field] = true
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
        for field in PushNotification.ValueField.allCases {
            var n = PushNotification()
            n[value: field] = "s"
            #expect(Self.held(n) == [field.canonicalName], "\(field)")
        }
    }
}
