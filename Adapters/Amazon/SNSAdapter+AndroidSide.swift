import FCMAdapter
import JSONCodec
import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

// MARK: - An `ADM` or `BAIDU` string beside the APNs payload: the Android side
//
// With an APNs key and no `GCM`, the `ADM` string (else `BAIDU`) is what Fire OS (Baidu) devices receive: read by
// its own reader (``AndroidSideMessage``) into the model's Android side, its content Android's own where it differs
// from the APNs payload's. `extensions.amazon.pinpointGCM.channel` names the channel (the memory every Amazon format
// reads, so `pinpoint-message` writes an `ADMMessage` for it), and `extensions.amazon.snsAndroid.absent` the shared
// values the string did not say. A notification whose Android side came from ADM or Baidu (this, an `adm` message, a
// Pinpoint `ADMMessage` or `BaiduMessage`) is written with its APNs payload and that string, not `GCM`.

extension SNSAdapter {
    /// The `extensions.amazon` key of the Android side's layout when it is an `ADM` or `BAIDU` string.
    static let androidSideMemoryKey = "snsAndroid"
    /// The layout list of the shared fields the string did not say.
    static let absentKey = "absent"

    /// Reads `value` (the `key` string, a message of `kind`) as the Android side of `n`, whose APNs payload was read.
    /// Removes `key` from `kept` when it was read.
    func readAndroidSide(
        _ value: JSONValue, kind: AndroidSideMessage.Kind, key: String, into n: inout PushNotification,
        kept: inout JSONObject, context: inout NormaliseContext
    ) {
        let path = JSONPointer(tokens: [key])
        guard
            let object = EmbeddedJSON.parseObject(
                in: value, at: path, name: key, describing: "\(kind.name)'s JSON", context: &context)
        else { return }
        var inner = NormaliseContext(options: context.options)
        guard let read = AndroidSideMessage.read(object, kind: kind, context: &inner) else {
            EmbeddedJSON.relocate(inner, to: path, name: key, into: &context)
            return
        }
        // What the string holds is Android's: its provenance is the Android part's.
        inner.provenance = [:]
        EmbeddedJSON.relocate(inner, to: path, name: key, into: &context)
        kept.removeValue(forKey: key)
        let absent = AndroidSideMessage.merge(read, kind: kind, into: &n)
        context.record("android", from: path)
        PinpointAndroidChannel.record(kind.channel, in: &n)
        if !absent.isEmpty {
            var amazon = n.extensionObject(X.namespace)
            amazon[Self.androidSideMemoryKey] = .object(
                JSONObject(uniqueKeysWithValues: [(Self.absentKey, .array(absent.map(JSONValue.string)))]))
            n.setExtension(X.namespace, amazon)
        }
    }

    /// The native message (`ADM` or `BAIDU`) `n`'s Android side is written as beside its APNs payload: the one it
    /// came from, when not `GCM` (nil: the `GCM` string, if any).
    static func androidSideKind(_ n: PushNotification) -> AndroidSideMessage.Kind? {
        AndroidSideMessage.Kind(PinpointAndroidChannel.origin(of: n))
    }

    /// The `ADM` or `BAIDU` string for the Android side of `n`.
    func renderAndroidSide(_ n: PushNotification, kind: AndroidSideMessage.Kind, context: inout RenderContext)
        -> String
    {
        let layout = n.extensionObject(X.namespace)[Self.androidSideMemoryKey]?.objectValue
        let absent = Set(layout?[Self.absentKey]?.arrayValue?.compactMap(\.stringValue) ?? [])
        if n.target != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["target"]),
                "SNS adds the target itself (the endpoint or topic the message is published to)")
        }
        return AndroidSideMessage.render(n, kind: kind, absent: absent, context: &context).compactText
    }

    /// What an SNS message whose Android side is the `ADM` or `BAIDU` string carries of `n`, added to `carried` (the
    /// APNs payload's part): that message's part of the Android side, the channel and the string's layout.
    static func androidSideCarriedPart(
        of n: PushNotification, kind: AndroidSideMessage.Kind, carried: PushNotification
    ) -> PushNotification {
        var kept = carried
        kept.target = nil
        kept.extensions[FCMKeys.namespace] = nil
        kept.extensions[ADMWire.namespace] = nil
        var own = kept.extensionObject(X.namespace)
        own.removeValue(forKey: SNSBaiduWire.memoryKey)
        kept.setExtension(X.namespace, own)
        AndroidSideMessage.carriedPart(of: n, kind: kind, into: &kept)
        var amazon = kept.extensionObject(X.namespace)
        amazon[PinpointGCMMessage.memoryKey] = .object(
            JSONObject(uniqueKeysWithValues: [(PinpointAndroidChannel.memoryKey, .string(kind.channel.rawValue))]))
        amazon[Self.androidSideMemoryKey] = n.extensionObject(X.namespace)[Self.androidSideMemoryKey]
        kept.setExtension(X.namespace, amazon)
        return kept
    }
}
