package import PushCore

extension WireTable.Line {
    /// True when `n` has a value for this scalar or array line (false for a kept, nested or hook line).
    package func isHeld(by n: PushNotification) -> Bool {
        switch value {
        case .text(let field): return n[text: field] != nil
        case .strings(let field): return n[strings: field] != nil
        case .integer(let field): return n[integer: field] != nil
        case .number(let field): return n[number: field] != nil
        case .flag(let field), .bool(let field): return n[flag: field] != nil
        case .value(let field): return n[value: field] != nil
        case .kept, .object, .embedded, .hook: return false
        }
    }
}
