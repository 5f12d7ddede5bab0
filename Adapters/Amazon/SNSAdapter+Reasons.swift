public import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

extension SNSAdapter: ExplainsKeptValues {
    /// Why another format loses what an SNS message keeps beside the payload it read (`extensions.amazon.sns`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 4, tokens[1] == X.namespace, tokens[2] == X.sns else { return nil }
        let key = tokens[3]
        if key == S.default {
            return "the text SNS sends to subscribers without a key of their own (email, SMS, …), not this notification"
        }
        if S.apnsPlatforms.contains(key) {
            return "the payload SNS sends to another Apple platform application (`\(key)`), not the one read"
        }
        if key == "GCM" { return "the payload SNS sends to Android (FCM) endpoints (`GCM`), not the iOS notification" }
        return "a key of the SNS message beside the payload read (`\(key)`)"
    }
}
