public import PushCore
public import JSONCodec
import PushNormaliser

/// The invariants the fuzz targets check. A violated invariant traps (libFuzzer records the input
/// as a crash); inputs that are merely invalid are fine as long as they are rejected cleanly.
public enum FuzzOracle {
    /// A parser with limits large enough to re-read anything the writer produces from a value the
    /// default parser accepted (canonical text indents, and `1e5` is written `100000.0`).
    public static let reparser = JSONParser(maximumBytes: 1 << 30, maximumDepth: JSONParser.defaultMaximumDepth)

    /// Every registered format's name, in registry order (data-driven: new formats are fuzzed as they land).
    public static let formats: [String] = FormatRegistry.standard.descriptors.map(\.name)

    /// Traps with `message` unless `condition` holds.
    @inline(never)
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            fatalError("fuzz invariant violated: \(message())")
        }
    }

    /// Parses `bytes` with the default parser, checks the error's location when it fails, and
    /// returns the value when it parses.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        do {
            return try JSONParser().parse(bytes)
        } catch {
            require(
                error.byteOffset >= 0 && error.byteOffset <= bytes.count,
                "error offset \(error.byteOffset) outside 0...\(bytes.count): \(error)")
            require(error.line >= 1 && error.column >= 1, "error line/column below 1: \(error)")
            require(error.code.hasPrefix("json."), "error code \(error.code)")
            _ = error.diagnostic()
            return nil
        }
    }

    /// Writer round trip: the compact and the canonical text re-parse to an equal value, the
    /// compact size is the compact byte count, and writing is idempotent.
    public static func checkWriterRoundTrip(_ value: JSONValue) {
        let compact = JSONWriter(style: .compact).bytes(value)
        require(JSONWriter.compactSize(of: value) == compact.count, "compactSize disagrees with the compact bytes")
        let canonical = JSONWriter(style: .canonical).bytes(value)
        for (style, text) in [("compact", compact), ("canonical", canonical)] {
            do {
                let again = try reparser.parse(text)
                require(
                    again == value,
                    "\(style) text re-parses to a different value: \(String(decoding: text, as: UTF8.self))")
                require(JSONWriter(style: .canonical).bytes(again) == canonical, "\(style) writing is not idempotent")
            } catch {
                fatalError(
                    "fuzz invariant violated: \(style) writer output does not re-parse: \(error)\n\(String(decoding: text, as: UTF8.self))"
                )
            }
        }
    }

    /// Every diagnostic path resolves in `document`.
    public static func checkPaths(_ diagnostics: [Diagnostic], in document: JSONValue, _ what: String) {
        for diagnostic in diagnostics {
            require(
                diagnostic.path.resolve(in: document) != nil,
                "\(what): diagnostic path \(diagnostic.path) does not resolve (\(diagnostic.code)) in \(document.compactText)"
            )
        }
    }

    /// Every leaf of a JSON value (scalars, empty objects and arrays), keyed by pointer, as compact text (so `1`
    /// and `1.0` differ, and integers are exact).
    public static func leaves(_ value: JSONValue, at path: JSONPointer = .root, into out: inout [JSONPointer: String]) {
        switch value {
        case .object(let object) where !object.isEmpty:
            for (key, child) in object { leaves(child, at: path.appending(key), into: &out) }
        case .array(let array) where !array.isEmpty:
            for (index, child) in array.enumerated() { leaves(child, at: path.appending(index: index), into: &out) }
        default:
            out[path] = value.compactText
        }
    }

    /// The loss law: every canonical leaf of `before` (but `source`) that lies under none of `excused` is in
    /// `after` with exactly the same value. Traps with the leaves that are not.
    public static func checkNothingUnreportedLost(
        _ before: PushNotification, _ after: PushNotification, excused: [JSONPointer], _ what: @autoclosure () -> String
    ) {
        var a: [JSONPointer: String] = [:]
        var b: [JSONPointer: String] = [:]
        leaves(before.canonicalJSON, into: &a)
        leaves(after.canonicalJSON, into: &b)
        let changed = a.keys.filter { leaf in
            leaf.tokens.first != "source" && a[leaf] != b[leaf]
                && !excused.contains { leaf.tokens.starts(with: $0.tokens) }
        }
        require(
            changed.isEmpty,
            "\(what()): not reported lost but changed: "
                + changed.map { "\($0): \(a[$0] ?? "-") → \(b[$0] ?? "absent")" }.sorted().joined(separator: ", ")
                + "\nbefore: \(before.canonicalJSON.compactText)\nafter:  \(after.canonicalJSON.compactText)")
    }
}
