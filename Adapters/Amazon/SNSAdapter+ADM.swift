import JSONCodec
import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

// MARK: - The `ADM` string: an SNS message for Fire OS only
//
// SNS's `ADM` string is the body Amazon Device Messaging's send API takes (`data`, `consolidationKey`, `expiresAfter`,
// `md5`, `notification`): the `adm` format, read and written by its adapter (the mapping is written once, there).
// A message with no APNs key and no `GCM` is read from it as the whole notification, `extensions.amazon.snsPlatform`
// naming `ADM`. Beside an APNs payload and no `GCM`, it is the Android side (``AndroidSideMessage``: its content
// Android's own where it differs from the APNs payload's, `extensions.amazon.pinpointGCM.channel` naming
// `ADMMessage`), written back as `ADM`. Beside a `GCM` string it is kept verbatim with an info: the model has one
// Android side, and `GCM` comes first.

extension SNSAdapter {
    /// True when `n` was read from an SNS message's `ADM` string alone.
    static func admAlone(_ n: PushNotification) -> Bool {
        n.extensionObject(X.namespace)[X.snsPlatform]?.stringValue == S.adm
    }

    /// Reads the `ADM` string of `root` into `n`: as the whole notification when it holds neither an APNs key nor
    /// `GCM`, as the Android side beside an APNs key (`apple`); beside `GCM`, says it is kept. Removes `ADM` from
    /// `kept` when it was read.
    func readADM(
        _ root: JSONObject, apple: String?, into n: inout PushNotification, kept: inout JSONObject,
        context: inout NormaliseContext
    ) {
        guard let value = root[S.adm] else { return }
        let path = JSONPointer(tokens: [S.adm])
        if root[S.gcm] != nil {
            context.diagnostics.info(
                .amazonSNSPlatformKept, at: path,
                "`ADM` is kept verbatim but not read (the Android side was read from `GCM`; the model has one Android "
                    + "side)")
            return
        }
        if apple != nil {
            readAndroidSide(value, kind: .adm, key: S.adm, into: &n, kept: &kept, context: &context)
            return
        }
        guard
            let object = EmbeddedJSON.parseObject(
                in: value, at: path, name: S.adm, describing: "the ADM message's JSON", context: &context)
        else { return }
        var inner = NormaliseContext(options: context.options)
        let adapter = ADMAdapter()
        guard var read = adapter.normalise(.object(object), context: &inner) else {
            EmbeddedJSON.relocate(inner, to: path, name: S.adm, into: &context)
            return
        }
        // ADM's own rules (6 KB of string data, something to deliver, …), located in the string.
        inner.diagnostics += adapter.check(.object(object), notification: read, context: inner)
        EmbeddedJSON.relocate(inner, to: path, name: S.adm, into: &context)
        kept.removeValue(forKey: S.adm)
        read.source = descriptor.name
        for (key, value) in n.extensions where read.extensions[key] == nil {
            read.extensions.appendUnchecked(key, value)
        }
        n = read
        var amazon = n.extensionObject(X.namespace)
        amazon[X.snsPlatform] = .string(S.adm)
        n.setExtension(X.namespace, amazon)
    }

    /// The message for `n` read from `ADM` alone: `default` and the other kept keys around the `ADM` string written
    /// by the `adm` format.
    func renderADM(_ n: PushNotification, kept: JSONObject, context: inout RenderContext) -> JSONValue {
        var root = JSONObject()
        if let value = kept[S.default] { root.appendUnchecked(S.default, value) }
        var message = n
        message.extensions[X.namespace] = nil
        let body = ADMAdapter().render(message, context: &context)
        root.appendUnchecked(S.adm, .string(body.compactText))
        for (key, value) in kept where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }

    /// What an SNS message read from `ADM` alone carries: what the `adm` format carries, with the SNS memory.
    static func admCarriedPart(of n: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = ADMAdapter().carriedPart(of: n, options: options)
        let amazon = n.extensionObject(X.namespace)
        var own = JSONObject()
        for key in [X.sns, X.snsPlatform] {
            if let value = amazon[key] { own.appendUnchecked(key, value) }
        }
        kept.setExtension(X.namespace, own)
        return kept
    }
}
