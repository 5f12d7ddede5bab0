public import PushCore

private typealias W = PinpointTemplateWire
private typealias K = PinpointTemplateWire.Memory

extension PinpointTemplateAdapter: ExplainsKeptValues {
    /// Why another format loses what a push template keeps (`extensions.amazon.pinpointTemplate`).
    public func reasonOthersLose(_ path: JSONPointer) -> String? {
        let tokens = path.tokens
        guard tokens.count >= 4, tokens[1] == AmazonKeys.Extension.namespace, tokens[2] == W.memoryKey else {
            return nil
        }
        switch tokens[3] {
        case K.template:
            guard tokens.count > 4 else { return "the push template's own keys, not part of a notification" }
            let wire = W.cdkTopLevel.first(where: { $0.cdk == tokens[4] })?.wire ?? tokens[4]
            switch wire {
            case W.defaultSection:
                return "the template's Default section: what it supplies to each platform was read there; a payload "
                    + "carries the content, not the default"
            case W.defaultSubstitutions:
                return "the default values of the template's variables, which Pinpoint fills in when it sends; a "
                    + "payload carries the placeholders verbatim"
            case W.adm, W.baidu:
                return "the template's \(wire) section (another channel), kept verbatim and not read into the model"
            case W.tags, W.cloudFormationTags:
                return "the stored template's resource tags, not part of a notification"
            case W.recommenderID:
                return "the Pinpoint recommender model the template's variables draw on, not part of a notification"
            case W.templateName, W.templateDescription, "Arn", "CreationDate", "LastModifiedDate", "TemplateType",
                "Version":
                return "the stored template's metadata, not part of a notification"
            default:
                return "a key the push template does not define, kept for pinpoint-template only"
            }
        case K.unknown:
            return "a key the template's section does not define, kept for pinpoint-template only"
        case K.envelope:
            return "the envelope the template was stored in (get-push-template output, a CloudFormation resource)"
        default:
            return nil
        }
    }
}
