public import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

extension SNSAdapter: ExplainsKeptValues {
    /// Why another format loses what an SNS message keeps beside the payload it read (`extensions.amazon.sns`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        if tokens.count >= 4, tokens[1] == X.namespace, tokens[2] == X.snsGCM {
            switch tokens[3] {
            case X.SNSGCM.apns:
                return "the `apns` block of SNS's GCM message (for iOS apps registered with FCM), beside the APNS "
                    + "payload"
            case X.SNSGCM.others: return "a key of SNS's GCM string beside `fcmV1Message`"
            case X.SNSGCM.messageData:
                return "the data of SNS's GCM message beside its `android.data`, which differs from the shared data"
            default: return nil
            }
        }
        if tokens.count >= 4, tokens[1] == X.namespace, tokens[2] == SNSBaiduWire.memoryKey {
            return tokens[3] == SNSBaiduWire.unknown
                ? "keys of SNS's Baidu message that Baidu Cloud Push does not define"
                : "a Baidu Cloud Push option of SNS's BAIDU message (`\(tokens[3])`) other formats have no place for"
        }
        guard tokens.count >= 4, tokens[1] == X.namespace, tokens[2] == X.sns else { return nil }
        let key = tokens[3]
        if key == S.default {
            return "the text SNS sends to subscribers without a key of their own (email, SMS, …), not this notification"
        }
        if S.apnsPlatforms.contains(key) {
            return "the payload SNS sends to another Apple platform application (`\(key)`), not the one read"
        }
        if key == S.gcm {
            return "the payload SNS sends to Android (FCM) endpoints (`GCM`), kept verbatim because it could not be "
                + "read"
        }
        return "a key of the SNS message beside the payload read (`\(key)`)"
    }
}
