import APNsAdapter
package import JSONCodec
package import PushCore
import WireTables

private typealias W = FCMV1Wire
private typealias X = FCMKeys.Extension

/// Reads an FCM HTTP v1 `Message` (bare, or in a `SendMessageRequest`) into the model. `apns.payload` is a whole APNs
/// payload, read with the APNs reader; the shared `notification` fills what it does not say; `android` fills the
/// Android part, keeping Android's own title, body, image and sound where they differ from what iOS shows.
package enum FCMMessageReader {
    /// The fields of `notification` / `android.notification` / the APNs alert that the model holds once.
    static let sharedContent = ["title", "body", "image"]

    /// The content the model holds once (``sharedContent``, by index), as one place of the message names it, and
    /// Android's sound.
    struct Content<Value> {
        var title: Value?
        var body: Value?
        var image: Value?
        var sound: Value?

        /// ``sharedContent``'s field `index`.
        subscript(index: Int) -> Value? {
            get {
                switch index {
                case 0: return title
                case 1: return body
                default: return image
                }
            }
            set {
                switch index {
                case 0: title = newValue
                case 1: body = newValue
                default: image = newValue
                }
            }
        }
    }

    /// The Message fields kept verbatim in `extensions.fcm.message`, in the order they are kept.
    static let messageKept = [W.name, W.fid]

    /// True when `root` is a send request: a `message` object and no Message field beside it.
    package static func isRequest(_ root: JSONObject) -> Bool {
        isRequest(JSONValueSource(), .object(root))
    }

    /// True when `root` is a send request: a `message` object and no Message field beside it.
    static func isRequest<S: WireSource>(_ source: S, _ root: S.Node) -> Bool {
        var message = false
        for member in source.members(root) {
            if W.message.matches(source, member.key) {
                // `message` is not a Message field.
                if !message { message = source.isObject(member.value) }
                continue
            }
            if W.messageKeys.contains(where: { $0.matches(source, member.key) }) { return false }
        }
        return message
    }

    package static func read(_ payload: JSONValue, format: String, context: inout NormaliseContext)
        -> PushNotification?
    {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an FCM message must be a JSON object, found \(payload.typeName)")
            return nil
        }
        return read(JSONValueSource(), payload, format: format, context: &context)
    }

    /// True when `root` of a borrowed document is a send request (see ``isRequest(_:)``).
    package static func isRequest(in document: BorrowedDocument, _ root: BorrowedDocument.Node) -> Bool {
        isRequest(document, root)
    }

    /// Reads the object `root` of a borrowed document (a format that holds an FCM message in a string of its own:
    /// SNS's `GCM`), as ``read(_:format:context:)`` reads it; specialised here, not generic across modules.
    /// `layoutMemory` false: no layout memory is built (see ``read(_:_:format:context:customData:layoutMemory:)``),
    /// for a caller that drops it.
    package static func read(
        in document: BorrowedDocument, _ root: BorrowedDocument.Node, format: String, context: inout NormaliseContext,
        layoutMemory: Bool = true
    ) -> PushNotification? {
        read(document, root, format: format, context: &context, layoutMemory: layoutMemory)
    }

    /// Reads the object `root` of `source`: a send request or a bare Message.
    ///
    /// For a context that records no provenance (a caller that wants the model, not where its fields came from), the
    /// message is first read building no locations; that read gives up at anything that would need one (a finding,
    /// a key in its lowerCamelCase spelling, which the layout memory locates), and the message is then read again
    /// with locations, as it always is for a context that records provenance.
    ///
    /// `customData` false: the model's `data` is left empty (its keys are still remembered in the layout memory), for
    /// a caller that takes the custom data from the document itself (the wire engine) and would drop the values.
    ///
    /// `layoutMemory` false: `extensions.fcm.layout` is an empty object, for a caller that never writes the
    /// notification back as FCM (the wire engine: FCM's wire writer declines a notification holding FCM's namespace,
    /// and a layout path is never a loss), so the memory's lists are not built into JSON for nothing.
    static func read<S: WireSource>(
        _ source: S, _ root: S.Node, format: String, context: inout NormaliseContext, customData: Bool = true,
        layoutMemory: Bool = true
    )
        -> PushNotification?
    {
        var n = PushNotification()
        guard
            read(
                source, root, format: format, context: &context, customData: customData, layoutMemory: layoutMemory,
                into: &n)
        else { return nil }
        return n
    }

    /// Reads the object `root` of `source` as ``read(_:_:format:context:customData:layoutMemory:)`` does, into `n`
    /// (an empty notification, the caller's own: nothing is copied or moved out at the end); false where that returns
    /// nil (`n` is then partly filled).
    static func read<S: WireSource>(
        _ source: S, _ root: S.Node, format: String, context: inout NormaliseContext, customData: Bool = true,
        layoutMemory: Bool = true, into n: inout PushNotification
    ) -> Bool {
        if !context.recordsProvenance {
            let count = context.diagnostics.count
            if read(
                source, root, format: format, context: &context, locating: false, customData: customData,
                layoutMemory: layoutMemory, into: &n),
                context.diagnostics.count == count
            {
                return true
            }
            context.diagnostics.removeSubrange(count...)
            // Read again from an empty notification.
            n = PushNotification()
        }
        return read(
            source, root, format: format, context: &context, locating: true, customData: customData,
            layoutMemory: layoutMemory, into: &n)
    }

    /// Reads the object `root` of `source` into the empty notification `n`, building locations or not (`locating`:
    /// see ``read(_:_:format:context:customData:layoutMemory:)``; without, false where a location would be needed).
    /// False where the message is not read (`n` is then partly filled).
    static func read<S: WireSource>(
        _ source: S, _ root: S.Node, format: String, context: inout NormaliseContext, locating: Bool,
        customData: Bool = true, layoutMemory: Bool = true, into n: inout PushNotification
    ) -> Bool {
        n.source = format
        var ext = JSONObject()
        // Nil when no layout memory is wanted: nothing of it is then built.
        var layout: FCMLayout? = layoutMemory ? FCMLayout() : nil
        if isRequest(source, root) {
            var request = WireSpeltObject(source, root, at: .root, duplicate: .fcmKeyDuplicate, locates: locating)
            layout?.wrapped = true
            if let found = request.take(W.validateOnly, context: &context) {
                if let validateOnly = source.bool(found.value) {
                    ext.appendUnchecked(X.validateOnly, .bool(validateOnly))
                } else {
                    reportWrongType(found, expected: "a boolean", in: &request, context: &context)
                }
            }
            guard let found = request.take(W.message, context: &context), source.isObject(found.value) else {
                return false
            }
            if !request.declaredUsed.isEmpty {
                if !locating { return false }
                layout?.camel += request.declaredUsed.map(\.description)
            }
            let others = unknown(request, "a send request", &context)
            if !others.isEmpty { ext.appendUnchecked(X.request, .object(others)) }
            guard
                readMessage(
                    source, found.value, at: request.location(of: found.key), locating: locating,
                    customData: customData, into: &n, ext: &ext, layout: &layout, context: &context)
            else { return false }
        } else {
            guard
                readMessage(
                    source, root, at: .root, locating: locating, customData: customData, into: &n, ext: &ext,
                    layout: &layout, context: &context)
            else { return false }
        }
        // Never among the keys read above: appended, not looked up.
        ext.appendUnchecked(X.layout, layout?.json ?? .object(JSONObject()))
        var all = n.extensionObject(FCMKeys.namespace)
        if all.isEmpty {
            // Nothing of FCM's in the model yet (the usual case): `ext` as it is, not merged key by key.
            all = ext
        } else {
            for (key, value) in ext { all[key] = value }
        }
        n.setExtension(FCMKeys.namespace, all)
        return true
    }

    /// Takes the string `key` spells from `object`, with its input path; a value of another type is reported and
    /// kept.
    static func string<S: WireSource>(
        _ key: WireKey, in object: inout WireSpeltObject<S>, context: inout NormaliseContext
    ) -> (String, JSONPointer)? {
        guard let found = object.take(key, context: &context) else { return nil }
        guard let text = object.source.string(found.value) else {
            reportWrongType(found, expected: "a string", in: &object, context: &context)
            return nil
        }
        return (text, object.location(of: found.key))
    }

    /// ``string(_:in:context:)`` as the model holds a text (its bytes copied, no `String` made).
    static func text<S: WireSource>(
        _ key: WireKey, in object: inout WireSpeltObject<S>, context: inout NormaliseContext
    ) -> (PushNotification.Text, JSONPointer)? {
        guard let found = object.take(key, context: &context) else { return nil }
        guard let text = object.source.text(found.value) else {
            reportWrongType(found, expected: "a string", in: &object, context: &context)
            return nil
        }
        return (text, object.location(of: found.key))
    }

    /// Takes the object `key` spells from `object`, with its input path; a value of another type is reported and
    /// kept.
    static func object<S: WireSource>(
        _ key: WireKey, in object: inout WireSpeltObject<S>, context: inout NormaliseContext
    ) -> (S.Node, JSONPointer)? {
        guard let found = object.take(key, context: &context) else { return nil }
        guard object.source.isObject(found.value) else {
            reportWrongType(found, expected: "an object", in: &object, context: &context)
            return nil
        }
        return (found.value, object.location(of: found.key))
    }

    /// Takes the value `key` spells from `object` as it is, under the key as spelt.
    static func take<S: WireSource>(
        _ key: WireKey, in object: inout WireSpeltObject<S>, context: inout NormaliseContext
    ) -> (key: String, value: JSONValue)? {
        guard let found = object.take(key, context: &context) else { return nil }
        return (found.key.description, object.source.jsonValue(found.value))
    }

    /// Reads one Message at `path`. False when a read without locations (`locating` false) gives up. `customData`
    /// false: custom data's keys only (see ``read(_:_:format:context:customData:layoutMemory:)``).
    static func readMessage<S: WireSource>(
        _ source: S, _ message: S.Node, at path: JSONPointer, locating: Bool, customData: Bool = true,
        into n: inout PushNotification, ext: inout JSONObject, layout: inout FCMLayout?,
        context: inout NormaliseContext
    ) -> Bool {
        var f = WireSpeltObject(source, message, at: path, duplicate: .fcmKeyDuplicate, locates: locating)
        var kept = JSONObject()
        var camel: [JSONPointer] = []
        // Target.
        var target = PushNotification.Target()
        for (index, key) in W.targets.enumerated() {
            guard let (value, at) = string(key, in: &f, context: &context) else { continue }
            // `W.targets`'s order: token, topic, condition.
            switch index {
            case 0: target.token = value
            case 1: target.topic = value
            default: target.condition = value
            }
            context.record("target", from: at)
        }
        n.target = target.isEmpty ? nil : target
        for key in messageKept {
            if let member = take(key, in: &f, context: &context) { kept.appendUnchecked(member.key, member.value) }
        }
        // Shared notification.
        var shared = Content<(PushNotification.Text, JSONPointer)>()
        var notificationKept = JSONObject()
        if let (object, at) = self.object(W.notification, in: &f, context: &context) {
            var nf = WireSpeltObject(source, object, at: at, duplicate: .fcmKeyDuplicate, locates: locating)
            for (index, key) in W.notificationContent.enumerated() {
                if let value = text(key, in: &nf, context: &context) {
                    shared[index] = value
                    layout?.notification.append(key.description)
                }
            }
            notificationKept = unknown(nf, "Notification", &context)
            if !nf.declaredUsed.isEmpty { camel += nf.declaredUsed }
        }
        // APNs: headers, the payload, the image.
        // The alert's title and body as read, and `fcm_options.image`.
        var apple = Content<PushNotification.Text>()
        var apnsKept = JSONObject()
        var apnsData = JSONObject()
        // `apns.payload`'s members beside `aps` (without custom data, only counted; their keys go to the layout
        // memory when one is built).
        var apnsDataCount = 0
        var apnsDataPath: JSONPointer?
        if let (object, at) = self.object(W.apns, in: &f, context: &context) {
            var af = WireSpeltObject(source, object, at: at, duplicate: .fcmKeyDuplicate, locates: locating)
            if let (headers, headersPath) = self.object(W.headers, in: &af, context: &context) {
                let others = readHeaders(source, headers, at: headersPath, into: &n, context: &context)
                if !others.isEmpty { ext.appendUnchecked(X.apnsHeaders, .object(others)) }
            }
            if let (payload, payloadPath) = self.object(W.payload, in: &af, context: &context) {
                layout?.apnsPayload = true
                var aps: S.Node?
                var rest: [JSONObject.Member] = []
                if customData { rest.reserveCapacity(source.childCount(payload)) }
                for member in source.members(payload) {
                    if aps == nil, source.key(member.key, is: APNsKeys.apsLiteral) {
                        aps = member.value
                    } else {
                        apnsDataCount += 1
                        if customData {
                            rest.append(
                                JSONObject.Member(
                                    key: source.keyString(member.key), value: source.jsonValue(member.value)))
                        } else if layout != nil {
                            // Without custom data, only the key (for the layout memory).
                            layout?.dataApns.append(source.keyString(member.key))
                        }
                    }
                }
                layout?.aps = aps != nil
                if let aps {
                    // Without locations, read strictly (it gives up at a finding, building no path).
                    let read = APNsWire.readApsMember(
                        source, aps, root: payloadPath, into: &n, context: &context, strict: !locating)
                    if !read && !locating { return false }
                }
                apple.title = n.titleText
                apple.body = n.bodyText
                apnsData = JSONObject(uncheckedMembers: rest)
                apnsDataPath = payloadPath
            }
            if let (options, optionsPath) = self.object(W.fcmOptions, in: &af, context: &context) {
                var of = WireSpeltObject(
                    source, options, at: optionsPath, duplicate: .fcmKeyDuplicate, locates: locating)
                if let (image, imagePath) = text(W.image, in: &of, context: &context) {
                    apple.image = image
                    context.record("media", from: imagePath)
                }
                let optionsRest = of.restObject
                if !optionsRest.isEmpty {
                    apnsKept.appendUnchecked(W.fcmOptions.name(.snakeCase), .object(optionsRest))
                }
                if !of.declaredUsed.isEmpty { camel += of.declaredUsed }
            }
            for key in W.apnsKept {
                if let member = take(key, in: &af, context: &context) {
                    apnsKept.appendUnchecked(member.key, member.value)
                }
            }
            for (key, value) in unknown(af, "ApnsConfig", &context) { apnsKept.appendUnchecked(key, value) }
            if !af.declaredUsed.isEmpty { camel += af.declaredUsed }
        }
        if layout != nil {
            layout?.apple = sharedContent.indices.filter { apple[$0] != nil }.map { sharedContent[$0] }
        }
        // What iOS shows: the APNs alert over the shared notification.
        for index in 0..<2 where apple[index] == nil {
            guard let (value, at) = shared[index] else { continue }
            if index == 0 { n.titleText = value } else { n.bodyText = value }
            context.record(sharedContent[index], from: at)
        }
        let image = apple.image ?? shared.image?.0
        if let image {
            n.media = [PushNotification.Media(urlText: image)]
            if apple.image == nil, let at = shared.image?.1 { context.record("media", from: at) }
        }
        // Android.
        var android = PushNotification.Android()
        var own = Content<PushNotification.Text>()
        if let (object, at) = self.object(W.android, in: &f, context: &context) {
            readAndroid(
                source, object, at: at, locating: locating, into: &android, own: &own, ext: &ext, layout: &layout,
                camel: &camel, context: &context)
            context.record("android", from: at)
        }
        for index in sharedContent.indices {
            // What iOS shows.
            let ios = index == 0 ? n.titleText : index == 1 ? n.bodyText : image
            let view = own[index] ?? shared[index]?.0
            // Told apart by their bytes: a value differing in any is Android's own, written back as it came.
            if let view, !view.hasSameBytes(as: ios) {
                switch index {
                case 0: android.titleText = view
                case 1: android.bodyText = view
                default: android.image = view.string
                }
            }
            // The shared value neither platform shows: kept for the web and for an exact rendering.
            if apple[index] != nil, own[index] != nil, let (value, _) = shared[index], !value.hasSameBytes(as: ios) {
                notificationKept[sharedContent[index]] = .string(value.string)
            }
        }
        if let sound = own.sound?.string, sound != n.sound?.name { android.sound = sound }
        // Android inherits the shared localised keys (a string resource of the same name): its own only where they
        // differ.
        if android.bodyLocKey == n.bodyLocKey { android.bodyLocKey = nil }
        if android.titleLocKey == n.titleLocKey { android.titleLocKey = nil }
        if android.bodyLocArgs == n.bodyLocArgs { android.bodyLocArgs = nil }
        if android.titleLocArgs == n.titleLocArgs { android.titleLocArgs = nil }
        n.setAndroid(moveOut(&android))
        if !notificationKept.isEmpty { ext.appendUnchecked(X.notification, .object(notificationKept)) }
        if !apnsKept.isEmpty { ext.appendUnchecked(X.apns, .object(apnsKept)) }
        // Data: the custom keys of `apns.payload`, then `message.data`.
        if customData, layout != nil { layout?.dataApns = apnsData.keys }
        var data = apnsData
        var differing = JSONObject()
        if !customData, let (node, at) = self.object(W.data, in: &f, context: &context) {
            // Only the keys, for the layout memory.
            if layout != nil {
                for member in source.members(node) { layout?.dataMessage.append(source.keyString(member.key)) }
            }
            if source.childCount(node) > 0 { context.record("data", from: at) }
        } else if customData, let (node, at) = self.object(W.data, in: &f, context: &context) {
            let object = source.jsonValue(node).objectValue ?? JSONObject()
            for (key, value) in object {
                layout?.dataMessage.append(key)
                if let there = data[key] {
                    if there != value { differing.appendUnchecked(key, value) }
                } else {
                    data.appendUnchecked(key, value)
                }
            }
            if !object.isEmpty { context.record("data", from: at) }
        } else if apnsDataCount > 0, let apnsDataPath {
            context.record("data", from: apnsDataPath)
        }
        n.data = customData ? data : JSONObject()
        if !differing.isEmpty { ext.appendUnchecked(X.messageData, .object(differing)) }
        if let member = take(W.webpush, in: &f, context: &context) { ext.appendUnchecked(X.webpush, member.value) }
        if let member = take(W.fcmOptions, in: &f, context: &context) {
            ext.appendUnchecked(X.fcmOptions, member.value)
        }
        for (key, value) in unknown(f, "Message", &context) { kept.appendUnchecked(key, value) }
        if !kept.isEmpty { ext.appendUnchecked(X.message, .object(kept)) }
        if !f.declaredUsed.isEmpty { camel += f.declaredUsed }
        if camel.isEmpty { return true }
        if !locating { return false }
        // Relative to the message.
        layout?.camel += camel.map { JSONPointer(tokens: Array($0.tokens.dropFirst(path.tokens.count))).description }
        return true
    }

    /// `part`'s fields, moved out of it (it is left empty): a part handed on this way is not copied field by field
    /// (handing on the variable itself copied it, and destroyed the variable after).
    /// (Not inlined: inlined, the moved value was a variable again, copied to be handed on.)
    @inline(never)
    static func moveOut(_ part: inout PushNotification.Android) -> PushNotification.Android {
        var moved = PushNotification.Android()
        swap(&moved, &part)
        return moved
    }

    /// `text` as an integer when it is one written the way it would be written back (no sign, zeros or spaces added).
    static func canonicalInteger(_ text: String) -> Int64? {
        guard let value = Int64(text) else { return nil }
        // Spelt as the integer is written (no `+`, no leading zero, no `-0`), told from its first bytes: the rest
        // are digits once it parsed (a string made of the value and compared cost more than the parse).
        var utf8 = text.utf8.makeIterator()
        guard var first = utf8.next() else { return nil }
        if first == UInt8(ascii: "0") { return text.utf8.count == 1 ? value : nil }
        if first == UInt8(ascii: "-") {
            guard let second = utf8.next() else { return nil }
            first = second
        }
        return first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") ? value : nil
    }

    /// The six APNs headers the model holds go to `delivery`; the rest is returned, to be kept.
    static func readHeaders<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) -> JSONObject {
        var delivery = n.delivery ?? PushNotification.Delivery()
        var others = JSONObject()
        for member in source.members(node) {
            // The header names compared as bytes (exactly: `APNS-ID` is kept, not read).
            let key = member.key
            guard let text = source.string(member.value) else {
                others.appendUnchecked(source.keyString(key), source.jsonValue(member.value))
                continue
            }
            if source.key(key, is: "apns-push-type") {
                delivery.pushType = text
            } else if source.key(key, is: "apns-priority"), let priority = Self.canonicalInteger(text) {
                delivery.priority = priority
            } else if source.key(key, is: "apns-expiration"), let expiration = Self.canonicalInteger(text) {
                delivery.expiration = expiration
            } else if source.key(key, is: "apns-collapse-id") {
                delivery.collapseID = text
            } else if source.key(key, is: "apns-topic") {
                delivery.topic = text
            } else if source.key(key, is: "apns-id") {
                delivery.id = text
            } else {
                others.appendUnchecked(source.keyString(key), .string(text))
            }
        }
        if !delivery.isEmpty {
            n.delivery = delivery
            context.record("delivery", from: path)
        }
        return others
    }

    /// Reads `android` (`AndroidConfig`) at `path` through ``FCMAndroidWire``: Android's values into `android`, its
    /// own title, body, image and sound into `own` (the caller keeps them where they differ from what iOS shows), the
    /// keys the model does not hold into `extensions.fcm.android` and `.androidNotification`, the layout memory
    /// (when one is built) into `layout`. Appends the paths of the keys read in lowerCamelCase to `camel`.
    ///
    /// `android` is read into as it comes (an empty part): the part itself, not through a notification (each field
    /// moved the part in and out) nor a copy of it.
    static func readAndroid<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, locating: Bool, into android: inout PushNotification.Android,
        own: inout Content<PushNotification.Text>, ext: inout JSONObject, layout: inout FCMLayout?,
        camel: inout [JSONPointer],
        context: inout NormaliseContext
    ) {
        typealias W = FCMAndroidWire
        var config = WireSpeltObject(source, node, at: path, duplicate: .fcmKeyDuplicate, locates: locating)
        // A step whose key the object cannot hold is skipped without copying it (most of them).
        let steps = W.configSteps
        let stepKeys = configStepKeys
        for index in steps.indices where config.mayHold(stepKeys[index]) {
            switch steps[index] {
            case .data(let key):
                guard let found = config.take(key, context: &context) else { continue }
                guard case .object(let data) = source.jsonValue(found.value) else {
                    reportWrongType(found, expected: "an object", in: &config, context: &context)
                    continue
                }
                android.data = data
            case .notification(let key):
                guard let found = config.take(key, context: &context) else { continue }
                guard source.isObject(found.value) else {
                    reportWrongType(found, expected: "an object", in: &config, context: &context)
                    continue
                }
                var notification = WireSpeltObject(
                    source, found.value, at: config.location(of: found.key), duplicate: .fcmKeyDuplicate,
                    locates: locating)
                // Most lines name a key the object does not hold: told from the key alone, the line not copied.
                let lines = W.notificationScalars
                for index in lines.indices where notification.mayHold(lines[index].scalar.key) {
                    _ = notification.read(
                        lines[index].scalar, codes: lines[index].codes, into: &android, context: &context)
                }
                var kept = JSONObject()
                for key in W.notificationKept where notification.mayHold(key) {
                    guard let member = notification.take(key, context: &context) else { continue }
                    kept.appendUnchecked(member.key.description, source.jsonValue(member.value))
                }
                for (key, value) in unknown(notification, "AndroidNotification", &context) {
                    kept.appendUnchecked(key, value)
                }
                if !kept.isEmpty { ext.appendUnchecked(X.androidNotification, .object(kept)) }
                if !notification.declaredUsed.isEmpty { camel += notification.declaredUsed }
            case .scalar(let scalar, let codes):
                guard config.mayHold(scalar.key) else { continue }
                _ = config.read(scalar, codes: codes, into: &android, context: &context)
            }
        }
        var kept = JSONObject()
        // Kept verbatim, in the spelling they came in.
        for key in W.configKept where config.mayHold(key) {
            guard let member = config.take(key, context: &context) else { continue }
            kept.appendUnchecked(member.key.description, source.jsonValue(member.value))
        }
        for (key, value) in unknown(config, "AndroidConfig", &context) { kept.appendUnchecked(key, value) }
        if !kept.isEmpty { ext.appendUnchecked(X.android, .object(kept)) }
        // Layout memory: which shared values `android.notification` named.
        if layout != nil {
            for scalar in W.layoutScalars where scalar.isHeld(by: android) {
                layout?.android.append(scalar.key.name(.snakeCase))
            }
        }
        // Moved out, not copied.
        own.title = android.titleText.take()
        own.body = android.bodyText.take()
        own.image = android.image.take().map(PushNotification.Text.init)
        own.sound = android.sound.take().map(PushNotification.Text.init)
        if let priority = android.priority {
            // The REST enum's spelling (`HIGH`) is the SDKs' `high`: the model holds it lowercased.
            let lowered = priority.lowercased()
            if lowered != priority, ["high", "normal"].contains(lowered) {
                android.priority = lowered
                layout?.prioritySpelling = priority
            }
        }
        if !config.declaredUsed.isEmpty { camel += config.declaredUsed }
    }

    /// The key of each of ``FCMAndroidWire/configSteps``, by index.
    static let configStepKeys: [WireKey] = FCMAndroidWire.configSteps.map { step in
        switch step {
        case .scalar(let scalar, _): return scalar.key
        case .data(let key), .notification(let key): return key
        }
    }

    /// Reports a value of the wrong type under the key as spelt, and sets it aside (kept as it was).
    static func reportWrongType<S: WireSource>(
        _ found: (value: S.Node, key: WireKey, index: Int), expected: String, in object: inout WireSpeltObject<S>,
        context: inout NormaliseContext
    ) {
        WireTable<FCMAndroidWire.Hook>.reportWrongType(
            found.key.description, expected: expected, object.source.typeName(found.value), at: object.path,
            &context)
        object.setAside(found.index)
    }

    /// Reports every member left as unknown (info) and returns them, to be kept.
    static func unknown<S: WireSource>(
        _ object: WireSpeltObject<S>, _ what: String, _ context: inout NormaliseContext
    ) -> JSONObject {
        if object.isExhausted { return JSONObject() }
        let rest = object.restObject
        // Without locations every key is reported (unlocated, and the read starts over): which keys a finding
        // already names is known only by location.
        var named = object.locates ? context.diagnostics.keysNamed(under: object.path) : []
        for key in rest.keys where named.insert(key).inserted {
            context.diagnostics.info(
                .fcmKeyUnknown, at: object.path.appending(key),
                "`\(key)` is not a field of \(what); kept and written back")
        }
        return rest
    }
}
