import PushCore

/// Counts over the records of a batch run: what the summary reports and a checkpoint carries.
struct BatchTally {
    var records = 0
    /// Converted (convert) or valid (validate).
    var converted = 0
    var lossy = 0
    var failed = 0
    /// Messages written (convert): one per converted record, one per recipient for a record that fanned out.
    var outputs = 0
    var codes: [String: Int] = [:]

    mutating func add(failed: Bool, lossy: Bool, codes: [String]) {
        if !failed { outputs += 1 }
        records += 1
        if failed { self.failed += 1 } else { converted += 1 }
        if lossy { self.lossy += 1 }
        for code in codes { self.codes[code, default: 0] += 1 }
    }

    /// Adds the counts of `other` (records counted elsewhere: a chunk's).
    mutating func add(_ other: BatchTally) {
        records += other.records
        converted += other.converted
        lossy += other.lossy
        failed += other.failed
        outputs += other.outputs
        for (code, count) in other.codes { codes[code, default: 0] += count }
    }

    mutating func add(failed: Bool, lossy: Bool, codes: ArraySlice<String>, outputs: Int) {
        self.outputs += outputs
        records += 1
        if failed { self.failed += 1 } else { converted += 1 }
        if lossy { self.lossy += 1 }
        for code in codes { self.codes[code, default: 0] += 1 }
    }

    var json: JSONValue {
        var codes = JSONObject()
        for (code, count) in self.codes.sorted(by: { $0.key < $1.key }) { codes[code] = .integer(Int64(count)) }
        return [
            "records": .integer(Int64(records)), "converted": .integer(Int64(converted)),
            "lossy": .integer(Int64(lossy)), "failed": .integer(Int64(failed)), "codes": .object(codes),
            "outputs": .integer(Int64(outputs)),
        ]
    }

    init() {}

    init?(json: JSONValue) {
        guard let records = json["records"]?.int64Value, let converted = json["converted"]?.int64Value,
            let lossy = json["lossy"]?.int64Value, let failed = json["failed"]?.int64Value,
            let codes = json["codes"]?.objectValue
        else { return nil }
        self.records = Int(records)
        self.converted = Int(converted)
        self.lossy = Int(lossy)
        self.failed = Int(failed)
        // A checkpoint written before fan-out existed: one message per converted record.
        outputs = json["outputs"]?.int64Value.map { Int($0) } ?? self.converted
        for (code, count) in codes { self.codes[code] = Int(count.int64Value ?? 0) }
    }
}
