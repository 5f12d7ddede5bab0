import PushCore

private typealias W = PinpointTemplateWire
private typealias K = PinpointTemplateWire.Memory

/// Writes a push template from what `pinpoint-message`'s two-channel writer gives (`APNSMessage`, `GCMMessage`),
/// in the form, spelling and key order the template was read in (its memory), or as a request when the notification
/// came from another format (see ``PinpointTemplateAdapter``).
struct PinpointTemplateWriter {
    let memory: JSONObject?

    private var isCDK: Bool { memory?[K.spelling]?.stringValue == "cdk" }

    /// The template (in its envelope) for `rendered`, a `MessageConfiguration` or a bare `APNSMessage`.
    func template(from rendered: JSONValue) -> JSONValue {
        var configuration = JSONObject()
        if case .object(let object) = rendered {
            if W.platformSections.contains(where: { object[$0.message] != nil }) {
                configuration = object
            } else if !object.isEmpty {
                configuration.appendUnchecked(W.apnsMessage, .object(object))
            }
        }
        var produced = sections(configuration)
        let kept = memory?[K.template]?.objectValue ?? JSONObject()
        var template = JSONObject()
        for case .string(let key) in memory?[K.order]?.arrayValue ?? [] {
            if let value = kept[key] {
                template.appendUnchecked(key, value)
                continue
            }
            let wire = W.cdkTopLevel.first(where: { isCDK && $0.cdk == key })?.wire ?? key
            if let section = produced.removeValue(forKey: wire) { template.appendUnchecked(key, .object(section)) }
        }
        for wire in [W.apns, W.defaultSection, W.gcm, W.adm, W.baidu] {
            guard let section = produced[wire] else { continue }
            let key = isCDK ? W.cdkTopLevel.first(where: { $0.wire == wire })?.cdk ?? wire : wire
            if template[key] == nil { template.appendUnchecked(key, .object(section)) }
        }
        return enveloped(template)
    }

    /// The template in the envelope it was read from (the response wrapper, the CloudFormation resource).
    private func enveloped(_ template: JSONObject) -> JSONValue {
        guard case .object(var envelope)? = memory?[K.envelope] else { return .object(template) }
        let key = memory?[K.form]?.stringValue == "response" ? W.responseWrapper : W.properties
        if envelope[key] != nil || !template.isEmpty { envelope[key] = .object(template) }
        return .object(envelope)
    }

    /// `APNS` and `GCM`, spelt as read, with what `Default`
    /// supplies left out and the keys kept aside put back.
    private func sections(_ configuration: JSONObject) -> [String: JSONObject] {
        let kept = memory?[K.template]?.objectValue ?? JSONObject()
        let defaultKey = memory?[K.order]?.arrayValue?.compactMap(\.stringValue).first {
            $0 == W.defaultSection || (isCDK && $0 == "default")
        }
        let defaults = respelt(defaultKey.flatMap { kept[$0]?.objectValue } ?? JSONObject(), toWire: true)
        let fromDefault = memory?[K.fromDefault]?.objectValue ?? JSONObject()
        let absent = Set(memory?[K.absent]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let unknown = memory?[K.unknown]?.objectValue ?? JSONObject()
        var out: [String: JSONObject] = [:]
        // Another format's notification has its Android side written in `GCM` (or where it was read from).
        let android: String
        switch PinpointAndroidChannel.written(in: configuration) {
        case .adm: android = W.adm
        case .baidu: android = W.baidu
        case .gcm: android = W.gcm
        }
        for (name, message) in W.platformSections {
            let written = configuration[message]?.objectValue ?? (memory == nil && name == android ? JSONObject() : nil)
            guard var section = written else { continue }
            let members = W.members(of: name) ?? []
            for key in section.keys where !members.contains(key) { section.removeValue(forKey: key) }
            for case .string(let key) in fromDefault[name]?.arrayValue ?? [] where section[key] == defaults[key] {
                section.removeValue(forKey: key)
            }
            if memory == nil && name == android, case .object(let apns)? = configuration[W.apnsMessage] {
                // Another format's notification: Android shows the shared title and body too (a template without
                // them in GCM or Default sends Android nothing).
                for key in ["Body", "Title"] where section[key] == nil {
                    if let value = apns[key] { section.appendUnchecked(key, value) }
                }
            }
            if section.isEmpty && (absent.contains(name) || memory == nil) { continue }
            // In alphabetical order, as botocore and AWS's examples list the members.
            var sorted = JSONObject()
            for key in section.keys.sorted() { if let value = section[key] { sorted.appendUnchecked(key, value) } }
            var spelt = respelt(sorted, toWire: false)
            for (key, value) in unknown[name]?.objectValue ?? JSONObject() where spelt[key] == nil {
                spelt.appendUnchecked(key, value)
            }
            out[name] = spelt
        }
        return out
    }

    /// `section` with its members spelt as the CDK spells them (`toWire` false) or back (`toWire` true); other keys
    /// as they are. Unchanged outside the CDK's spelling.
    private func respelt(_ section: JSONObject, toWire: Bool) -> JSONObject {
        guard isCDK else { return section }
        var out = JSONObject()
        for (key, value) in section {
            let name = toWire ? (W.wireMember(key) ?? key) : (W.allMembers.contains(key) ? W.cdkMember(key) : key)
            if out[name] == nil { out.appendUnchecked(name, value) }
        }
        return out
    }
}
