import JSONCodec
import PushCore
import WireTables

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

// MARK: - The `BAIDU` string: an SNS message for Baidu Cloud Push only
//
// A message with no APNs key, no `GCM` and no `ADM` is read from its `BAIDU` string (``SNSBaiduWire``) as the whole
// notification, `extensions.amazon.snsPlatform` naming `BAIDU`. Beside an APNs key with no `GCM` and no `ADM` it is
// the Android side (``AndroidSideMessage``), written back as `BAIDU`; beside `GCM` or `ADM` it is kept verbatim with
// an info.

extension SNSAdapter {
    /// True when `n` was read from an SNS message's `BAIDU` string alone.
    static func baiduAlone(_ n: PushNotification) -> Bool {
        n.extensionObject(X.namespace)[X.snsPlatform]?.stringValue == S.baidu
    }

    /// Reads the `BAIDU` string of `root` into `n`: as the whole notification when it holds no other platform's key,
    /// as the Android side beside an APNs key (`apple`) with no `GCM` and no `ADM`; beside those, says it is kept.
    /// Removes `BAIDU` from `kept` when it was read.
    func readBaidu(
        _ root: JSONObject, apple: String?, into n: inout PushNotification, kept: inout JSONObject,
        context: inout NormaliseContext
    ) {
        guard let value = root[S.baidu] else { return }
        let path = JSONPointer(tokens: [S.baidu])
        if let android = [S.gcm, S.adm].first(where: { root[$0] != nil }) {
            context.diagnostics.info(
                .amazonSNSPlatformKept, at: path,
                "`BAIDU` is kept verbatim but not read (the Android side was read from `\(android)`; the model has one "
                    + "Android side)")
            return
        }
        if apple != nil {
            readAndroidSide(value, kind: .baidu, key: S.baidu, into: &n, kept: &kept, context: &context)
            return
        }
        guard
            let object = EmbeddedJSON.parseObject(
                in: value, at: path, name: S.baidu, describing: "the Baidu message's JSON", context: &context)
        else { return }
        var inner = NormaliseContext(options: context.options)
        var read = PushNotification()
        var ext = JSONObject()
        var hooks = SNSBaiduHooks()
        SNSBaiduWire.message.read(
            JSONValueSource(), .object(object), at: .root, into: &read, ext: &ext, hooks: &hooks, context: &inner)
        let missing = ["title", "description"].filter { object[$0] == nil }
        if !missing.isEmpty {
            inner.diagnostics.warning(
                .amazonSNSBaiduIncomplete, at: .root,
                "a Baidu notification needs a `title` and a `description`; this one has no "
                    + missing.map { "`\($0)`" }.joined(separator: " and "))
        }
        EmbeddedJSON.relocate(inner, to: path, name: S.baidu, into: &context)
        kept.removeValue(forKey: S.baidu)
        read.source = descriptor.name
        read.extensions = n.extensions
        n = read
        var amazon = n.extensionObject(X.namespace)
        amazon[X.snsPlatform] = .string(S.baidu)
        if !ext.isEmpty { amazon[SNSBaiduWire.memoryKey] = .object(ext) }
        n.setExtension(X.namespace, amazon)
    }

    /// The message for `n` read from `BAIDU` alone: `default` and the other kept keys around the `BAIDU` string.
    func renderBaidu(_ n: PushNotification, kept: JSONObject, context: inout RenderContext) -> JSONValue {
        var root = JSONObject()
        if let value = kept[S.default] { root.appendUnchecked(S.default, value) }
        var hooks = SNSBaiduHooks()
        var out = JSONValueOutput()
        let ext = n.extensionObject(X.namespace)[SNSBaiduWire.memoryKey]?.objectValue ?? JSONObject()
        SNSBaiduWire.message.write(n, ext: ext, hooks: &hooks, context: &context, to: &out)
        root.appendUnchecked(S.baidu, .string(out.result.compactText))
        for (key, value) in kept where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }

    /// What an SNS message read from `BAIDU` alone carries: the title, body and custom data, with the SNS memory.
    static func baiduCarriedPart(of n: PushNotification) -> PushNotification {
        var kept = n.keeping(CarriedFields(SNSBaiduWire.carriedFields))
        let amazon = n.extensionObject(X.namespace)
        var own = JSONObject()
        for key in [X.sns, X.snsPlatform, SNSBaiduWire.memoryKey] {
            if let value = amazon[key] { own.appendUnchecked(key, value) }
        }
        kept.setExtension(X.namespace, own)
        return kept
    }
}
