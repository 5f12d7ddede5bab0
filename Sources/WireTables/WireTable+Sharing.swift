extension WireTable.Line {
    /// The scalar or array line `line` of a table over another hook type, for a format whose object shares that key
    /// and field with another format's (HMS's `AndroidNotification` and FCM's have the same `title`, `channel_id`,
    /// `visibility`, …): the key is still spelt once, on the other format's line, and taken in one of its spellings
    /// (`spelling`: HMS takes only snake_case, so findings name the key as HMS spells it). Nil for a kept, nested or
    /// hook line, which belongs to its own format.
    package init?<Other: Sendable>(sharing line: WireTable<Other>.Line, spelling: WireTableSpelling) {
        let value: WireTable<Hook>.Value
        switch line.value {
        case .text(let field): value = .text(field)
        case .integer(let field): value = .integer(field)
        case .number(let field): value = .number(field)
        case .flag(let field): value = .flag(field)
        case .bool(let field): value = .bool(field)
        case .value(let field): value = .value(field)
        case .strings(let field): value = .strings(field)
        case .kept, .object, .embedded, .hook: return nil
        }
        self.init(
            line.key.only(spelling), value, othersLose: line.othersLose, wrongTypeCode: line.wrongTypeCode,
            coercedCode: line.coercedCode, androidOnly: line.androidOnly)
    }
}
