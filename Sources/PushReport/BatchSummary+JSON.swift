public import PushCore

/// A summary JSON that cannot be read as a ``BatchSummary``: what is wrong and where.
public struct SummaryError: Error, Sendable, CustomStringConvertible {
    public var path: JSONPointer
    public var message: String
    public var description: String { "\(path.description.isEmpty ? "/" : path.description): \(message)" }
    public var diagnostic: Diagnostic { Diagnostic(.error, .summaryInvalid, at: path, message) }
}

extension DiagnosticCode {
    /// A batch summary (`pushnorm report`'s input, the RPC `report` method's `summary`) that is not one.
    public static let summaryInvalid: DiagnosticCode = "report.summary.invalid"
}

extension BatchSummary {
    /// The summary as JSON: the Spark job's `summary.json` keys (`records`, `converted`, `lossy`, `failed`, `lost`,
    /// `seconds`, `from`, `to`, `strict`, `allowInvalid`, `reportLoss`, `inputFormat`, `inputs`) and the added ones
    /// (`operation`, `version`, `command`, `outputs`, `lostReasons`, `codes`, `sources`, `failures`, `samples`, `limits`).
    /// Written with sorted keys, it is the same bytes for the same records whatever the grouping.
    public var jsonValue: JSONValue {
        func counts(_ values: [String: Int]) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: values.sorted { $0.key < $1.key }.map { ($0.key, int($0.value)) }))
        }
        var codeObject = JSONObject()
        for (code, count) in codes.sorted(by: { $0.key < $1.key }) {
            var entry = JSONObject()
            entry["count"] = int(count.count)
            entry["severity"] = .string(count.severity.rawValue)
            if let summary = DiagnosticSummaries.summary(for: code) { entry["summary"] = .string(summary) }
            codeObject[code] = .object(entry)
        }
        return [
            "operation": .string(operation), "version": .string(version),
            "command": .array(command.map(JSONValue.string)),
            "from": .string(from), "to": to.map(JSONValue.string) ?? .null, "strict": .bool(strict),
            "allowInvalid": .bool(allowInvalid), "reportLoss": .bool(reportLoss), "inputFormat": .string(inputFormat),
            "records": int(records), "converted": int(converted), "outputs": int(outputs), "lossy": int(lossy),
            "failed": int(failed),
            "seconds": .double((seconds * 1000).rounded() / 1000),
            "lost": counts(lost),
            "lostReasons": .object(
                JSONObject(
                    uniqueKeysWithValues: lostReasons.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            "codes": .object(codeObject), "sources": counts(sources),
            "inputs": .array(inputs.map(\.jsonValue)), "failures": .array(failures.map(\.jsonValue)),
            "samples": .array(samples.map(\.jsonValue)),
            "limits": ["failures": int(limits.failures), "samples": int(limits.samples)],
        ]
    }

    /// Reads a summary written by ``jsonValue`` (or by the Spark job). The Spark job's own keys are required; the
    /// added ones default to empty. Throws ``SummaryError`` naming the first key that is missing or of the wrong type.
    public init(json: JSONValue) throws(SummaryError) {
        let reader = SummaryReader(path: .root)
        let object = try reader.object(json)
        self.init(
            operation: try reader.string(object, "operation", default: "convert"),
            version: try reader.string(object, "version", default: ""),
            command: try reader.strings(object, "command"),
            from: try reader.string(object, "from", default: "auto"),
            to: object["to"] == .null ? nil : try reader.optionalString(object, "to"))
        strict = try reader.bool(object, "strict")
        allowInvalid = try reader.bool(object, "allowInvalid")
        reportLoss = try reader.bool(object, "reportLoss")
        inputFormat = try reader.string(object, "inputFormat", default: "ndjson")
        records = try reader.count(object, "records", required: true)
        converted = try reader.count(object, "converted", required: true)
        // A summary written before fan-out existed: each converted record was one output.
        outputs = object["outputs"] == nil ? converted : try reader.count(object, "outputs")
        lossy = try reader.count(object, "lossy", required: true)
        failed = try reader.count(object, "failed", required: true)
        seconds = try reader.number(object, "seconds")
        lost = try reader.counts(object, "lost")
        for (path, value) in try reader.members(object, "lostReasons") {
            guard let reason = value.stringValue else {
                throw reader.error(["lostReasons", path], "must be a string, found \(value.typeName)")
            }
            lostReasons[path] = reason
        }
        for (code, value) in try reader.members(object, "codes") {
            let at = reader.at(["codes", code])
            let entry = try at.object(value)
            let severityText = try at.string(entry, "severity", default: "warning")
            guard let severity = Diagnostic.Severity(rawValue: severityText) else {
                throw at.error(["severity"], "must be error, warning or info, found \"\(severityText)\"")
            }
            codes[code] = CodeCount(count: try at.count(entry, "count", required: true), severity: severity)
        }
        sources = try reader.counts(object, "sources")
        inputs = try reader.items(object, "inputs") { at, value throws(SummaryError) in
            let entry = try at.object(value)
            var counts = InputCounts(
                file: try at.string(entry, "file", default: ""), name: try at.string(entry, "name", default: ""))
            counts.lines = try at.count(entry, "lines")
            counts.records = try at.count(entry, "records")
            counts.converted = try at.count(entry, "converted")
            counts.lossy = try at.count(entry, "lossy")
            counts.failed = try at.count(entry, "failed")
            return counts
        }
        failures = try reader.items(object, "failures") { at, value throws(SummaryError) in
            let entry = try at.object(value)
            return Failure(
                file: try at.string(entry, "file", default: ""), record: try at.count(entry, "record"),
                line: try at.count(entry, "line"), code: try at.string(entry, "code", default: ""),
                path: try at.string(entry, "path", default: ""), message: try at.string(entry, "message", default: ""))
        }
        samples = try reader.items(object, "samples") { at, value throws(SummaryError) in
            let entry = try at.object(value)
            let lost = try at.items(entry, "lost") { at, value throws(SummaryError) in
                let field = try at.object(value)
                let path = try at.string(field, "path", default: "")
                guard let pointer = JSONPointer(parsing: path) else {
                    throw at.error(["path"], "is not a JSON Pointer")
                }
                return LostField(path: pointer, reason: try at.string(field, "reason", default: ""))
            }
            return Sample(
                file: try at.string(entry, "file", default: ""), record: try at.count(entry, "record"),
                line: try at.count(entry, "line"), from: try at.string(entry, "from", default: ""), lost: lost,
                source: entry["source"] ?? .null, converted: entry["converted"] ?? .null,
                before: NotificationPreview(json: entry["before"]), after: NotificationPreview(json: entry["after"]))
        }
        if let limits = object["limits"] {
            let at = reader.at(["limits"])
            let entry = try at.object(limits)
            self.limits = Limits(
                failures: try at.count(entry, "failures", default: 20),
                samples: try at.count(entry, "samples", default: 8))
        }
    }
}

private func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }

extension BatchSummary.InputCounts {
    var jsonValue: JSONValue {
        [
            "file": .string(file), "name": .string(name), "lines": int(lines), "records": int(records),
            "converted": int(converted), "lossy": int(lossy), "failed": int(failed),
        ]
    }
}

extension BatchSummary.Failure {
    var jsonValue: JSONValue {
        [
            "file": .string(file), "record": int(record), "line": int(line), "code": .string(code),
            "path": .string(path), "message": .string(message),
        ]
    }
}

extension BatchSummary.Sample {
    var jsonValue: JSONValue {
        [
            "file": .string(file), "record": int(record), "line": int(line), "from": .string(from),
            "lost": .array(lost.map(\.jsonValue)), "source": source, "converted": converted,
            "before": before.jsonValue, "after": after.jsonValue,
        ]
    }
}

/// Reads the members of a summary JSON, naming the path of the first wrong one.
private struct SummaryReader {
    var path: JSONPointer

    func at(_ tokens: [String]) -> SummaryReader { SummaryReader(path: JSONPointer(tokens: path.tokens + tokens)) }

    func error(_ tokens: [String], _ message: String) -> SummaryError {
        SummaryError(path: JSONPointer(tokens: path.tokens + tokens), message: message)
    }

    func object(_ value: JSONValue) throws(SummaryError) -> JSONObject {
        guard let object = value.objectValue else { throw error([], "must be an object, found \(value.typeName)") }
        return object
    }

    func string(_ object: JSONObject, _ key: String, default fallback: String) throws(SummaryError) -> String {
        try optionalString(object, key) ?? fallback
    }

    func optionalString(_ object: JSONObject, _ key: String) throws(SummaryError) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else { throw error([key], "must be a string, found \(value.typeName)") }
        return text
    }

    func strings(_ object: JSONObject, _ key: String) throws(SummaryError) -> [String] {
        try items(object, key) { at, value throws(SummaryError) in
            guard let text = value.stringValue else { throw at.error([], "must be a string, found \(value.typeName)") }
            return text
        }
    }

    func bool(_ object: JSONObject, _ key: String) throws(SummaryError) -> Bool {
        guard let value = object[key], value != .null else { return false }
        guard let flag = value.boolValue else { throw error([key], "must be true or false, found \(value.typeName)") }
        return flag
    }

    func number(_ object: JSONObject, _ key: String) throws(SummaryError) -> Double {
        guard let value = object[key] else { return 0 }
        guard let number = value.numberValue, number >= 0 else {
            throw error([key], "must be a number of at least 0, found \(value.typeName)")
        }
        return number
    }

    func count(_ object: JSONObject, _ key: String, required: Bool = false, default fallback: Int = 0)
        throws(SummaryError) -> Int
    {
        guard let value = object[key] else {
            if required { throw error([key], "is missing") }
            return fallback
        }
        guard let number = value.int64Value, number >= 0, number <= Int64(Int32.max) * 1_000_000 else {
            throw error([key], "must be a whole number of at least 0, found \(value.typeName)")
        }
        return Int(number)
    }

    func members(_ object: JSONObject, _ key: String) throws(SummaryError) -> [(key: String, value: JSONValue)] {
        guard let value = object[key] else { return [] }
        return Array(try at([key]).object(value))
    }

    func counts(_ object: JSONObject, _ key: String) throws(SummaryError) -> [String: Int] {
        var out: [String: Int] = [:]
        for (name, value) in try members(object, key) {
            guard let number = value.int64Value, number >= 0 else {
                throw error([key, name], "must be a whole number of at least 0, found \(value.typeName)")
            }
            out[name] = Int(number)
        }
        return out
    }

    func items<T>(
        _ object: JSONObject, _ key: String, _ read: (SummaryReader, JSONValue) throws(SummaryError) -> T
    ) throws(SummaryError) -> [T] {
        guard let value = object[key], value != .null else { return [] }
        guard let array = value.arrayValue else { throw error([key], "must be an array, found \(value.typeName)") }
        var out: [T] = []
        for (index, item) in array.enumerated() { out.append(try read(at([key, String(index)]), item)) }
        return out
    }
}
