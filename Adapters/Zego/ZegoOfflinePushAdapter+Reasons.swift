public import PushCore

extension ZegoOfflinePushAdapter: ExplainsKeptValues {
    /// Why another format loses what a ZEGO send form keeps in `extensions.zego` (the server request, the badge
    /// increment, the push strategy, …).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 3, tokens[1] == ZegoKeys.Extension.namespace else { return nil }
        return ZegoWire.othersLose(tokens[2])
    }
}
