package import PushCore

extension WireTable.Line {
    /// True when `n` has a value for this scalar or array line (false for a kept, nested or hook line).
    package func isHeld(by n: PushNotification) -> Bool {
        // Through the scalar, which is not generic over the table's hooks (no metadata looked up per call).
        scalar?.isHeld(by: n) ?? false
    }
}
