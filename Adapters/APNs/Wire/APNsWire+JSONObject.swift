import JSONCodec
package import PushCore

// Entry points into ``APNsWire`` for formats that still hold their payload as a ``JSONObject`` (SNS, Pinpoint,
// ZEGO): the same table, read in full over a ``JSONValueSource`` and written into a ``JSONValueOutput``. They hold
// no mapping of their own.

/// Reads the `aps` dictionary of a ``JSONObject`` payload with ``APNsWire``.
package enum APNsPayloadReader {
    /// Takes `aps` out of `rest` (the payload's root object, located at `root`) and reads it into `n`. A missing
    /// `aps` is an error unless `requireAps` is false.
    package static func readAps(
        from rest: inout JSONObject, at root: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext, requireAps: Bool = true
    ) {
        let aps = rest.take(APNsKeys.aps)
        if aps == nil && !requireAps { return }
        _ = APNsWire.readApsMember(JSONValueSource(), aps, root: root, into: &n, context: &context, strict: false)
    }
}

/// Writes the model as an APNs payload with ``APNsWire``.
package enum APNsPayloadWriter {
    /// The `aps` value: an object (empty when there is nothing to put in it), or the non-object `aps` that was read.
    package static func aps(for n: PushNotification) -> JSONValue {
        var out = JSONValueOutput()
        out.beginObject()
        APNsWire.writeAps(n, to: &out)
        out.endObject()
        return out.result[APNsKeys.aps] ?? .object(JSONObject())
    }

    /// Appends `aps` to `root`, unless the payload read had none and there is still nothing to put in it.
    package static func appendAps(for n: PushNotification, to root: inout JSONObject) {
        var out = JSONValueOutput()
        out.beginObject()
        APNsWire.writeAps(n, to: &out)
        out.endObject()
        guard case .object(let written) = out.result, let aps = written[APNsKeys.aps] else { return }
        root.appendUnchecked(APNsKeys.aps, aps)
    }

    /// A whole APNs payload: `aps` first, then `data`'s keys at the root.
    package static func payload(for n: PushNotification) -> JSONObject {
        var root = JSONObject()
        appendAps(for: n, to: &root)
        for (key, value) in n.data where root[key] == nil { root.appendUnchecked(key, value) }
        return root
    }
}

extension APNsWire {
    /// True when `n` has nothing in `extensions.apns` (the conversion path writes only such notifications).
    package static func canWrite(_ n: PushNotification) -> Bool {
        n.extensions.isEmpty || n.extensions[APNsKeys.Extension.namespace] == nil
    }

    /// Writes `"aps":{…}` for `n` at the end of `out` (no separator before it).
    package static func write(_ n: PushNotification, into out: inout [UInt8]) {
        CompactOutput.appending(to: &out) { writeAps(n, to: &$0) }
    }
}
