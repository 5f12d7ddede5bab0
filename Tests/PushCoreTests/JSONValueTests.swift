import Testing
import PushCore

@Suite("JSONValue and JSONObject")
struct JSONValueTests {
    @Test func objectsKeepOrderButCompareUnordered() {
        let a: JSONValue = ["x": 1, "y": 2]
        let b: JSONValue = ["y": 2, "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.objectValue?.keys == ["x", "y"])
    }

    @Test func numbersAndBooleansNeverMerge() {
        #expect(JSONValue.integer(1) != .bool(true))
        #expect(JSONValue.integer(1) != .double(1))
        #expect(JSONValue.integer(1).isNumericallyEqual(to: .double(1)))
        #expect(!JSONValue.integer(1).isNumericallyEqual(to: .bool(true)))
    }

    @Test func settingAKeyKeepsItsPosition() {
        var object = JSONObject(uniqueKeysWithValues: [("a", 1), ("b", 2), ("c", 3)])
        object["b"] = 20
        #expect(object.keys == ["a", "b", "c"])
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
    }

    @Test func takeLeavesWrongTypesInPlace() {
        var rest = JSONObject(uniqueKeysWithValues: [("badge", "3"), ("title", "T")])
        var diagnostics: [Diagnostic] = []
        #expect(rest.takeInteger("badge", at: "/aps", &diagnostics) == nil)
        #expect(rest.takeString("title", at: "/aps", &diagnostics) == "T")
        #expect(rest.keys == ["badge"])
        #expect(diagnostics.map(\.path) == ["/aps/badge"])
        #expect(diagnostics.first?.code == .wrongType)
    }
}
