import PushCore

private typealias W = PinpointCampaignWire
private typealias K = PinpointCampaignWire.Memory

/// Writes a campaign from what `pinpoint-message`'s two-channel writer gives (`APNSMessage`, `GCMMessage`), in the
/// envelope and key order the campaign was read in (its memory), or as a bare `WriteCampaignRequest` holding only its
/// `MessageConfiguration` when the notification came from another format (see ``PinpointCampaignAdapter``).
struct PinpointCampaignWriter {
    let memory: JSONObject?

    /// The campaign (in its envelope) for `rendered`, a `MessageConfiguration` or a bare `APNSMessage`.
    func campaign(from rendered: JSONValue) -> JSONValue {
        var written = JSONObject()
        if case .object(let object) = rendered {
            if object[W.apnsMessage] != nil || W.androidMessages.contains(where: { object[$0] != nil }) {
                written = object
            } else if !object.isEmpty {
                written.appendUnchecked(W.apnsMessage, .object(object))
            }
        }
        let configuration = self.configuration(messages(written))
        let kept = memory?[K.campaign]?.objectValue ?? JSONObject()
        var campaign = JSONObject()
        for case .string(let key) in memory?[K.order]?.arrayValue ?? [] {
            if key == W.messageConfiguration, kept[key] == nil {
                campaign.appendUnchecked(key, .object(configuration))
            } else if let value = kept[key] {
                campaign.appendUnchecked(key, value)
            }
        }
        if campaign[W.messageConfiguration] == nil && (!configuration.isEmpty || memory == nil) {
            campaign.appendUnchecked(W.messageConfiguration, .object(configuration))
        }
        // A bare MessageConfiguration is written back bare.
        if memory?[K.bareConfiguration]?.boolValue == true, case .object(let bare)? = campaign[W.messageConfiguration] {
            return .object(bare)
        }
        return enveloped(campaign)
    }

    /// The campaign in the envelope it was read from (`CampaignResponse`, the CLI input's `WriteCampaignRequest`).
    private func enveloped(_ campaign: JSONObject) -> JSONValue {
        guard let wrapper = memory?[K.wrapper]?.stringValue else { return .object(campaign) }
        let envelope = memory?[K.envelope]?.objectValue ?? JSONObject()
        var out = JSONObject()
        for case .string(let key) in memory?[K.envelopeOrder]?.arrayValue ?? [] {
            if key == wrapper {
                out.appendUnchecked(key, .object(campaign))
            } else if let value = envelope[key] {
                out.appendUnchecked(key, value)
            }
        }
        if out[wrapper] == nil { out.appendUnchecked(wrapper, .object(campaign)) }
        return .object(out)
    }

    /// The `MessageConfiguration`: its keys kept aside and the messages written, in the input's order, then the
    /// messages the input did not have.
    private func configuration(_ produced: [String: JSONObject]) -> JSONObject {
        var produced = produced
        let kept = memory?[K.configuration]?.objectValue ?? JSONObject()
        var out = JSONObject()
        for case .string(let key) in memory?[K.configurationOrder]?.arrayValue ?? [] {
            if let value = kept[key] {
                out.appendUnchecked(key, value)
            } else if let message = produced.removeValue(forKey: key) {
                out.appendUnchecked(key, .object(message))
            }
        }
        for name in [W.apnsMessage] + W.androidMessages {
            if let message = produced[name], out[name] == nil { out.appendUnchecked(name, .object(message)) }
        }
        return out
    }

    /// `APNSMessage` and `GCMMessage` as campaign `Message`s: only the members each reads, with what
    /// `DefaultMessage` supplies left out, the keys kept aside put back, in the input's key order.
    private func messages(_ written: JSONObject) -> [String: JSONObject] {
        let kept = memory?[K.configuration]?.objectValue ?? JSONObject()
        let defaults = kept[W.defaultMessage]?.objectValue ?? JSONObject()
        let fromDefault = memory?[K.fromDefault]?.objectValue ?? JSONObject()
        let absent = Set(memory?[K.absent]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let fields = memory?[K.fields]?.objectValue ?? JSONObject()
        let orders = memory?[K.messageOrder]?.objectValue ?? JSONObject()
        var out: [String: JSONObject] = [:]
        // Another format's notification has its Android side written in `GCMMessage` (or where it was read from).
        let android = PinpointAndroidChannel.written(in: written).configurationKey
        for name in [W.apnsMessage] + W.androidMessages {
            // A message the input had is written back, even when nothing in it was read (`{}`, only kept keys).
            let present = orders[name] != nil || (memory == nil && name == android)
            let message = written[name]?.objectValue ?? (present ? JSONObject() : nil)
            guard var section = message else { continue }
            if name != W.apnsMessage, let small = section.removeValue(forKey: W.sendSmallIcon) {
                section[W.campaignSmallIcon] = small
            }
            let members = W.readMembers(of: name)
            for key in section.keys where !members.contains(key) { section.removeValue(forKey: key) }
            for case .string(let key) in fromDefault[name]?.arrayValue ?? [] where section[key] == defaults[key] {
                section.removeValue(forKey: key)
            }
            if memory == nil && name == android, case .object(let apns)? = written[W.apnsMessage] {
                // Another format's notification: Android shows the shared title and body too (a campaign without
                // them in GCMMessage or DefaultMessage sends Android nothing).
                for key in ["Body", "Title"] where section[key] == nil {
                    if let value = apns[key] { section.appendUnchecked(key, value) }
                }
            }
            for (key, value) in fields[name]?.objectValue ?? JSONObject() where section[key] == nil {
                section.appendUnchecked(key, value)
            }
            if section.isEmpty && orders[name] == nil && (absent.contains(name) || memory == nil) { continue }
            // In the input's order, then alphabetical, as botocore and AWS's examples list the members.
            var ordered = JSONObject()
            for case .string(let key) in orders[name]?.arrayValue ?? [] {
                if let value = section[key], ordered[key] == nil { ordered.appendUnchecked(key, value) }
            }
            for key in section.keys.sorted() where ordered[key] == nil {
                if let value = section[key] { ordered.appendUnchecked(key, value) }
            }
            out[name] = ordered
        }
        return out
    }
}
