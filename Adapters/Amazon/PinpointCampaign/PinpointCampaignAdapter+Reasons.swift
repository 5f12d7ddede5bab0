public import PushCore

private typealias W = PinpointCampaignWire
private typealias K = PinpointCampaignWire.Memory

extension PinpointCampaignAdapter: ExplainsKeptValues {
    /// Why another format loses what a campaign keeps (`extensions.amazon.pinpointCampaign`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 4, tokens[1] == AmazonKeys.Extension.namespace, tokens[2] == W.memoryKey else {
            return nil
        }
        switch tokens[3] {
        case K.campaign:
            guard tokens.count > 4 else { return "the campaign's own keys, not part of a notification" }
            switch tokens[4] {
            case W.additionalTreatments:
                return "an additional treatment of the campaign (an A/B variant with its own messages): a message of "
                    + "its own only when converting into a format with a place per message (fcm, apns, hms, …)"
            case W.schedule:
                return "the campaign's schedule: when Pinpoint sends it, not part of a notification"
            case W.templateConfiguration:
                return "the message template the campaign sends, by name: the template itself is not in the campaign"
            case W.limits:
                return "the campaign's sending limits (per endpoint, per second, per session): Pinpoint's settings, "
                    + "not part of a notification"
            case W.hook:
                return "the campaign's Lambda hook, which customises its segment: a Pinpoint setting, not part of a "
                    + "notification"
            case "SegmentId", "SegmentVersion":
                return "the segment the campaign sends to: its recipients, not part of a notification"
            case W.tags:
                return "the stored campaign's resource tags, not part of a notification"
            case "Id", "Arn", "ApplicationId", "CreationDate", "LastModifiedDate", W.state, W.defaultState,
                "Version":
                return "the stored campaign's metadata, not part of a notification"
            case _ where W.topLevelKeys.contains(tokens[4]):
                return "the campaign's settings (name, limits, hook, holdout, treatment), not part of a notification"
            default:
                return "a key the campaign does not define, kept for pinpoint-campaign only"
            }
        case K.configuration:
            guard tokens.count > 4 else { return "the campaign's messages kept verbatim" }
            switch tokens[4] {
            case W.defaultMessage:
                return "the campaign's DefaultMessage: what it supplies to each platform was read there; a payload "
                    + "carries the content, not the default"
            case _ where W.keptPushMessages.contains(tokens[4]):
                return "the campaign's \(tokens[4]) (another channel), kept verbatim and not read into the model"
            case _ where W.otherMessages.contains(tokens[4]):
                return "the campaign's \(tokens[4]), which is not a push notification"
            default:
                return "a key the campaign's MessageConfiguration does not define, kept for pinpoint-campaign only"
            }
        case K.fields:
            return "a campaign Message key the model has no place for on that platform, kept for pinpoint-campaign "
                + "only"
        case K.envelope:
            return "the envelope the campaign was stored in (create-campaign's CLI input, with its ApplicationId)"
        default:
            return nil
        }
    }
}
