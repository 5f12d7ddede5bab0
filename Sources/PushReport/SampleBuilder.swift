import JSONCodec
public import PushCore
public import PushNormaliser

extension BatchSummary.Sample {
    /// A sample of a converted record: the source and converted payloads parsed from their bytes, and the previews
    /// of the notification each one holds (the converted payload read back as `to`). Nil when the source does not
    /// parse (a record that converted always does).
    public init?(
        file: String, record: Int, line: Int, from: String, to: String, lost: [LostField],
        source: some Collection<UInt8>, converted: some Collection<UInt8>, normaliser: Normaliser,
        options: FormatOptions = FormatOptions()
    ) {
        let parser = JSONParser(maximumBytes: .max, maximumDepth: 4096)
        guard let sourceJSON = try? parser.parse(source), let convertedJSON = try? parser.parse(converted) else {
            return nil
        }
        let before = (try? normaliser.normalise(sourceJSON, format: from, options: options)).map {
            NotificationPreview($0.notification)
        }
        let after = (try? normaliser.normalise(convertedJSON, format: to, options: options)).map {
            NotificationPreview($0.notification)
        }
        self.init(
            file: file, record: record, line: line, from: from, lost: lost, source: sourceJSON,
            converted: convertedJSON, before: before ?? NotificationPreview(), after: after ?? NotificationPreview())
    }
}
