public import PushCore

private typealias M = AmazonKeys.Message
private typealias R = AmazonKeys.Request
private typealias X = AmazonKeys.Extension
private typealias XM = AmazonKeys.Extension.PinpointMessage

extension PinpointMessageAdapter: ExplainsKeptValues {
    /// Why another format loses what a Pinpoint send request keeps (`extensions.amazon.pinpointMessage`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 4, tokens[1] == X.namespace, tokens[2] == X.pinpointMessage else { return nil }
        let key = tokens.count > 4 ? tokens[4] : nil
        switch tokens[3] {
        case XM.fields:
            switch key {
            case M.timeToLive?:
                return "Pinpoint's `TimeToLive` is relative (seconds after sending) and apns-expiration is an absolute "
                    + "time: give the `sendTime` option to convert it into delivery.expiration"
            case M.substitutions?:
                return "message variables Pinpoint fills in when it sends; a payload carries the text they produce"
            case M.preferredAuthenticationMethod?:
                return "how Pinpoint authenticates with APNs (a send setting), not part of the notification"
            case M.action?:
                return "Pinpoint's tap action (OPEN_APP is what every APNs payload does)"
            default:
                return "an APNSMessage value with no canonical field, kept for Pinpoint only"
            }
        case XM.request:
            switch key {
            case R.addresses?, R.endpoints?, R.users?:
                return "the recipients of a Pinpoint send request: a notification payload does not name them"
            case R.context?:
                return "Pinpoint adds `Context` to data.pinpoint when it sends (which keys, AWS does not document)"
            case R.traceID?:
                return "a Pinpoint send request's trace id, not part of the notification"
            case R.templateConfiguration?:
                return "the Pinpoint templates the request sends (a push template given with `--templates` is read "
                    + "into the notification), not part of the notification"
            default:
                return "a key of the Pinpoint send request, not part of the notification"
            }
        case XM.configuration:
            switch key {
            case R.defaultPushNotificationMessage?, R.defaultMessage?:
                return "Pinpoint's defaults for the request's other channels (what applies to iOS was read)"
            default:
                return "another channel's message in the Pinpoint request (\(key ?? "")), not the iOS notification"
            }
        case XM.input:
            return "the AWS CLI input's `ApplicationId` (the Pinpoint project), not part of the notification"
        default:
            return nil
        }
    }
}
