import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// The golden comparison itself: it must tell apart what the documentation promises stays apart.
@Suite("Golden comparison")
struct GoldenTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }

    @Test(
        "values the comparison keeps apart",
        arguments: [
            ("1", "1.0"),
            ("1", "true"),
            ("0", "-0.0"),
            ("9007199254740993", "9007199254740992"),
            ("9223372036854775807", "9223372036854775806"),
            ("18446744073709551615", "18446744073709551614"),
            ("9007199254740993", "9007199254740993.0"),
            (#"{"a":[1,2]}"#, #"{"a":[2,1]}"#),
            (#"{"a":1}"#, #"{"a":1,"b":null}"#),
            ("\"1\"", "1"),
        ])
    func keepsApart(_ pair: (String, String)) throws {
        let a = try Self.parse(pair.0)
        let b = try Self.parse(pair.1)
        #expect(!Golden.isExactlyEqual(a, b, keyOrder: .sorted), "\(pair.0) and \(pair.1) compare equal")
        #expect(!Golden.isExactlyEqual(a, b, keyOrder: .asWritten))
        #expect(!Golden.difference(a, b).isEmpty)
    }

    @Test func keyOrderCountsOnlyWhereTheOutputPromisesIt() throws {
        let a = try Self.parse(#"{"aps":{"alert":"x","badge":1},"k":2}"#)
        let b = try Self.parse(#"{"k":2,"aps":{"badge":1,"alert":"x"}}"#)
        #expect(Golden.isExactlyEqual(a, b, keyOrder: .sorted))
        #expect(!Golden.isExactlyEqual(a, b, keyOrder: .asWritten))
        let diff = Golden.difference(a, b, keyOrder: .asWritten)
        #expect(diff.contains { $0.contains("keys in another order") }, "\(diff)")
    }

    /// A golden file in a scratch folder, compared and then cleaned up.
    static func compare(_ actual: JSONValue, golden text: String?, keyOrder: Golden.KeyOrder = .sorted) throws
        -> [String]
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("golden.json").path
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        return Golden.compare(actual, with: path, keyOrder: keyOrder)
    }

    @Test func aMissingEmptyOrCorruptGoldenFails() throws {
        guard !Golden.isRecording else { return }
        let value: JSONValue = ["a": 1]
        #expect(try Self.compare(value, golden: #"{"a": 1}"#).isEmpty)
        #expect(try Self.compare(value, golden: #"{"a": 1.0}"#).count == 1)
        #expect(try Self.compare(value, golden: nil).first?.contains("missing golden") == true)
        #expect(try Self.compare(value, golden: "").first?.contains("not valid JSON") == true)
        #expect(try Self.compare(value, golden: #"{"a": 1"#).first?.contains("not valid JSON") == true)
    }

    @Test func renderedGoldensAreWrittenInTheirOwnKeyOrder() throws {
        let value = try Self.parse(#"{"z":1,"a":{"y":2.0,"b":18446744073709551615}}"#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rendered.json").path
        Golden.write(value, to: path, keyOrder: .asWritten)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": 2.0,\n    \"b\": 18446744073709551615\n  }\n}\n")
        let back = try #require(try Golden.load(path))
        #expect(Golden.isExactlyEqual(back, value, keyOrder: .asWritten))
    }

    @Test func emptyFoldersYieldAScenarioThatFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Golden.scenarios(in: folder.path) == [Golden.noScenarios])
        #expect(Golden.files(in: folder.path, suffix: ".json") == [Golden.noScenarios])
        #expect(Golden.scenarios(in: folder.path + "/absent") == [Golden.noScenarios])
    }
}
