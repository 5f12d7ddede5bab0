import PushCore

private typealias W = QConnectPushTemplateWire
private typealias K = QConnectPushTemplateWire.Memory
private typealias P = PinpointTemplateWire

/// Writes a Q in Connect push template from what `pinpoint-message`'s two-channel writer gives (`APNSMessage`,
/// `GCMMessage`), in the form and key order the template was read in (its memory), or as the bare `content`
/// (`{"push": {…}}`, what `create-message-template --content` takes) when the notification came from another format.
struct QConnectPushTemplateWriter {
    let memory: JSONObject?

    /// The template document for `rendered`, a `MessageConfiguration` or a bare `APNSMessage`.
    func document(from rendered: JSONValue) -> JSONValue {
        var configuration = JSONObject()
        if case .object(let object) = rendered {
            if [W.apns, W.fcm, W.adm, W.baidu].contains(where: { object[W.message(of: $0)] != nil }) {
                configuration = object
            } else if !object.isEmpty {
                configuration[P.apnsMessage] = .object(object)
            }
        }
        var produced = sections(configuration)
        guard let memory else {
            var push = JSONObject()
            for name in [W.apns, W.fcm, W.adm, W.baidu] {
                if let section = produced[name] { push[name] = .object(section) }
            }
            return .object(JSONObject(uniqueKeysWithValues: [(W.push, .object(push))]))
        }
        let document = memory[K.document]?.objectValue ?? JSONObject()
        let tokens = QConnectPushTemplateReader.pushTokens(form: memory[K.form]?.stringValue ?? "content")
        var cursor: JSONValue? = .object(document)
        for token in tokens { cursor = cursor?.objectValue?[token] }
        let existing = cursor?.objectValue
        var push = JSONObject()
        for case .string(let key) in memory[K.pushOrder]?.arrayValue ?? [] where push[key] == nil {
            if let section = produced.removeValue(forKey: key) {
                push[key] = .object(section)
            } else if let value = existing?[key] {
                push[key] = value
            }
        }
        for (key, value) in existing ?? JSONObject() where push[key] == nil { push[key] = value }
        for name in [W.apns, W.fcm, W.adm, W.baidu] {
            if let section = produced[name] { push[name] = .object(section) }
        }
        let order = memory[K.containerOrder]?.objectValue
        let parent = JSONPointer(tokens: Array(tokens.dropLast())).description
        let hadPush = order?[parent]?.arrayValue?.contains(.string(W.push)) == true
        guard existing != nil || hadPush || !push.isEmpty else { return .object(document) }
        return .object(placed(push, at: tokens, in: document, order: order))
    }

    /// `object` (at `path[..<depth]`) with `push` at `path`, each object on the way made where there is none and
    /// its keys in the order read.
    private func placed(
        _ push: JSONObject, at path: [String], depth: Int = 0, in object: JSONObject, order: JSONObject?
    ) -> JSONObject {
        guard depth < path.count else { return object }
        let key = path[depth]
        var out = object
        if depth == path.count - 1 {
            out[key] = .object(push)
        } else {
            let inner = object[key]?.objectValue ?? JSONObject()
            out[key] = .object(placed(push, at: path, depth: depth + 1, in: inner, order: order))
        }
        let pointer = JSONPointer(tokens: Array(path[..<depth])).description
        let keys = order?[pointer]?.arrayValue?.compactMap(\.stringValue)
        return keys.map { QConnectPushTemplateReader.reordered(out, $0) } ?? out
    }

    /// `apns` and `fcm`, spelt as Q in Connect spells them (`Body` wrapped as `{"content": …}`), in the order read,
    /// with the keys kept aside put back.
    private func sections(_ configuration: JSONObject) -> [String: JSONObject] {
        let sectionOrder = memory?[K.sectionOrder]?.objectValue ?? JSONObject()
        let unknown = memory?[K.unknown]?.objectValue ?? JSONObject()
        var out: [String: JSONObject] = [:]
        // Another format's notification has its Android side written in `fcm` (or where it was read from).
        let android: String
        switch PinpointAndroidChannel.written(in: configuration) {
        case .adm: android = W.adm
        case .baidu: android = W.baidu
        case .gcm: android = W.fcm
        }
        for (name, message, members) in [
            (W.apns, P.apnsMessage, P.apnsMembers), (W.fcm, P.gcmMessage, P.androidMembers),
            (W.adm, W.message(of: W.adm), P.androidMembers), (W.baidu, W.message(of: W.baidu), P.androidMembers),
        ] {
            let order = sectionOrder[name]?.arrayValue?.compactMap(\.stringValue)
            var written = configuration[message]?.objectValue
            if written == nil && (order != nil || (memory == nil && name == android)) { written = JSONObject() }
            guard var section = written else { continue }
            for key in section.keys where !members.contains(key) { section.removeValue(forKey: key) }
            if memory == nil && name == android, case .object(let apns)? = configuration[P.apnsMessage] {
                // Another format's notification: Android shows the shared title and body too (an `fcm` section
                // without them sends Android nothing).
                for key in ["Body", "Title"] where section[key] == nil {
                    if let value = apns[key] { section[key] = value }
                }
            }
            var members = JSONObject()
            for (key, value) in section {
                let member = W.qconnectMember(key)
                if member == W.body || member == W.rawContent {
                    var wrapper = JSONObject(uniqueKeysWithValues: [(W.wrappedContent, value)])
                    for (inner, extra) in unknown[name]?.objectValue?[member]?.objectValue ?? JSONObject()
                    where wrapper[inner] == nil {
                        wrapper[inner] = extra
                    }
                    members[member] = .object(wrapper)
                } else {
                    members[member] = value
                }
            }
            for (key, value) in unknown[name]?.objectValue ?? JSONObject() where members[key] == nil {
                members[key] = value
            }
            if members.isEmpty && order == nil { continue }
            var ordered = JSONObject()
            for key in (order ?? []) + W.writtenOrder + members.keys where ordered[key] == nil {
                if let value = members[key] { ordered[key] = value }
            }
            out[name] = ordered
        }
        return out
    }
}
