package import PushCore

private typealias M = AmazonKeys.Message
private typealias R = AmazonKeys.Request
private typealias P = AmazonKeys.Pinpoint
private typealias XM = AmazonKeys.Extension.PinpointMessage

// Pinpoint's defaults: "channel-specific messages override DefaultPushNotificationMessage", and `DefaultMessage`
// (Body, Substitutions) is the default for every channel. So what `APNSMessage` lacks is taken from
// `DefaultPushNotificationMessage` (Title, Body, SilentPush, Data, Action + Url), then `DefaultMessage` (Body). The
// default objects stay verbatim in `extensions.amazon.pinpointMessage.configuration`; the canonical fields they
// filled are listed in `defaulted`, so rendering writes them back there and not into `APNSMessage`.

extension PinpointMessageReader {
    /// The canonical fields a default can fill, by the name `defaulted` lists them under.
    package static let defaultableFields = ["title", "body", "contentAvailable", P.jsonBody, P.deeplink, P.url]

    /// What the defaults of `configuration` (at `path`) hold, read as an `APNSMessage` would be; their findings go
    /// to `diagnostics`, the input location of each field to the result's `provenance`.
    package static func readDefaults(
        _ configuration: JSONObject, at path: JSONPointer, options: FormatOptions, diagnostics: inout [Diagnostic]
    ) -> (notification: PushNotification, provenance: [String: JSONPointer]) {
        var d = PushNotification()
        var provenance: [String: JSONPointer] = [:]
        for (key, fields) in [
            (R.defaultPushNotificationMessage, R.defaultPushNotificationFields),
            (R.defaultMessage, R.defaultMessageFields),
        ] {
            guard case .object(let object)? = configuration[key] else { continue }
            let base = path.appending(key)
            var scratch = NormaliseContext(options: options)
            PinpointRequest.warnUnknown(object, known: fields, at: base, level: key, context: &scratch)
            var rest = JSONObject()
            for (field, value) in object where fields.contains(field) { rest.appendUnchecked(field, value) }
            var read = PushNotification()
            var delivery = PushNotification.Delivery()
            readContent(from: &rest, at: base, into: &read, delivery: &delivery, context: &scratch)
            checkKeptContent(rest, at: base, context: &scratch)
            diagnostics += scratch.diagnostics
            // DefaultPushNotificationMessage first: DefaultMessage only fills what it left.
            for name in defaultableFields where value(of: name, in: d) == nil {
                guard let filled = value(of: name, in: read) else { continue }
                set(name, filled, in: &d)
                let canonical = name == "title" || name == "body" || name == "contentAvailable" ? name : "data"
                provenance[name] = scratch.provenance[JSONPointer(tokens: [canonical])] ?? base
            }
        }
        return (d, provenance)
    }

    /// Fills what `n` (read from `APNSMessage`) lacks from the defaults of `configuration`, recording the fields
    /// filled in `memory.defaulted`.
    package static func fillFromDefaults(
        _ configuration: JSONObject, at path: JSONPointer, into n: inout PushNotification, memory: inout JSONObject,
        context: inout NormaliseContext
    ) {
        let (defaults, provenance) = readDefaults(
            configuration, at: path, options: context.options, diagnostics: &context.diagnostics)
        var defaulted: [JSONValue] = []
        for name in defaultableFields where value(of: name, in: n) == nil {
            guard let filled = value(of: name, in: defaults) else { continue }
            set(name, filled, in: &n)
            defaulted.append(.string(name))
            let canonical = name == "title" || name == "body" || name == "contentAvailable" ? name : "data"
            if let from = provenance[name] { context.record(canonical, from: from) }
        }
        if !defaulted.isEmpty { memory[XM.defaulted] = .array(defaulted) }
        // SilentPush from the default implies the background push type, as in `APNSMessage`.
        if n.contentAvailable == true, defaulted.contains(.string("contentAvailable")), n.delivery?.pushType == nil {
            var delivery = n.delivery ?? PushNotification.Delivery()
            delivery.pushType = "background"
            n.delivery = delivery
        }
    }

    /// `n` without the defaulted fields that still hold the defaults' values: what `APNSMessage` must carry itself.
    package static func removingDefaulted(
        _ n: PushNotification, memory: JSONObject, options: FormatOptions
    ) -> PushNotification {
        guard let names = memory[XM.defaulted]?.arrayValue, let configuration = memory[XM.configuration]?.objectValue
        else { return n }
        var ignored: [Diagnostic] = []
        let defaults = readDefaults(configuration, at: .root, options: options, diagnostics: &ignored).notification
        var out = n
        for case .string(let name) in names {
            guard let current = value(of: name, in: n), current == value(of: name, in: defaults) else { continue }
            remove(name, from: &out)
            if name == "contentAvailable", out.delivery?.pushType == "background" {
                out.delivery?.pushType = nil
                if out.delivery?.isEmpty == true { out.delivery = nil }
            }
        }
        return out
    }

    // MARK: - One defaultable field

    private static func value(of name: String, in n: PushNotification) -> JSONValue? {
        switch name {
        case "title": return n.title.map(JSONValue.string)
        case "body": return n.body.map(JSONValue.string)
        case "contentAvailable": return n.contentAvailable.map(JSONValue.bool)
        default: return n.data[AmazonKeys.data]?.objectValue?[P.pinpoint]?.objectValue?[name]
        }
    }

    private static func set(_ name: String, _ value: JSONValue, in n: inout PushNotification) {
        switch name {
        case "title": n.title = value.stringValue
        case "body": n.body = value.stringValue
        case "contentAvailable": n.contentAvailable = value.boolValue
        default: setDelivered(name, value, in: &n)
        }
    }

    private static func remove(_ name: String, from n: inout PushNotification) {
        switch name {
        case "title": n.title = nil
        case "body": n.body = nil
        case "contentAvailable": n.contentAvailable = nil
        default:
            guard var data = n.data[AmazonKeys.data]?.objectValue, var pinpoint = data[P.pinpoint]?.objectValue
            else { return }
            pinpoint.removeValue(forKey: name)
            data[P.pinpoint] = pinpoint.isEmpty ? nil : .object(pinpoint)
            n.data[AmazonKeys.data] = data.isEmpty ? nil : .object(data)
        }
    }
}
