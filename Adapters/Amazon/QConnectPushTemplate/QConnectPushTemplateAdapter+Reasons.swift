public import PushCore

private typealias W = QConnectPushTemplateWire
private typealias K = QConnectPushTemplateWire.Memory

extension QConnectPushTemplateAdapter: ExplainsKeptValues {
    /// Why another format loses what a Q in Connect push template keeps (`extensions.amazon.qconnectPushTemplate`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 4, tokens[1] == AmazonKeys.Extension.namespace, tokens[2] == W.memoryKey else {
            return nil
        }
        switch tokens[3] {
        case K.document:
            let inner = Array(tokens.dropFirst(4))
            if let index = inner.firstIndex(of: W.push), index + 1 < inner.count {
                let key = inner[index + 1]
                if key == W.adm || key == W.baidu {
                    return "the template's \(key) section (another channel), kept verbatim and not read into the model"
                }
                return "a key the push content does not define, kept for qconnect-push-template only"
            }
            let key = inner.first == W.messageTemplate ? inner.dropFirst().first : inner.first
            switch key {
            case W.defaultAttributes?:
                return "the default values of the template's variables, which Amazon Connect fills in when it sends; a "
                    + "payload carries the placeholders verbatim"
            case W.tags?:
                return "the stored template's resource tags, not part of a notification"
            case W.content?:
                return "content of another channel beside the push content, kept for qconnect-push-template only"
            case let key? where W.responseKeys.contains(key):
                return "the stored template's metadata (name, knowledge base, version, …), not part of a notification"
            default:
                return "a key a message template does not define, kept for qconnect-push-template only"
            }
        case K.unknown:
            return "a key the template's section does not define, kept for qconnect-push-template only"
        default:
            return nil
        }
    }
}
