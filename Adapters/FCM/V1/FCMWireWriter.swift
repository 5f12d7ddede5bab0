import APNsAdapter
import JSONCodec
import PushCore
import WireTables

private typealias W = FCMV1Wire

/// Writes a notification read by another format's table (no FCM layout memory, nothing kept for FCM) as an FCM v1
/// `Message` straight into the compact output, as ``FCMMessageWriter`` renders it: `data` (the custom data that are
/// strings), `notification` (title, body, image), `android` through ``FCMAndroidWire/config`` (Android's own values,
/// and what it inherits from the shared fields), `apns` (headers from `delivery`, the whole APNs payload through
/// ``APNsWire`` with the custom data that are not strings), then the target. Android's fields FCM has no place for
/// (``FCMAndroidWire/unsupported``) and an image or media URL that is not a picture are declared lost with the
/// adapter's reasons.
///
/// FCM's own rules (``FCMChecks``) hold by construction for what it writes: `data` holds only strings and the APNs
/// headers are strings. What the model could still break is checked on the model before anything is written: a
/// reserved data key, an image that is not an absolute URL, localisation arguments without their key, Android's
/// values (``FCMChecks/passesAndroidChecks(_:inheriting:)``: its enumerations, colour, ttl, count, data map), a message over
/// FCM's size limit (measured on the bytes written). Any of them, and anything this writer does not write (layout
/// memory, kept FCM values, several media or a media item with more than a URL, several tokens, a kept APNs value),
/// leaves the notification to the adapter (false), which renders and checks it in full.
enum FCMWireWriter {
    /// Writes `wire` as a bare Message at the end of `out`; false (with `out` unchanged) when the adapter must
    /// render it. A notification without a target gets the run notice the adapter path gives.
    static func write(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        // Read through `wire.model` in place: a copy of the notification retained and released each of its fields.
        // Other vendors' extensions are not written (the declared losses say so); FCM's own are the adapter's, and
        // `extensions.apns` is declined by `APNsWire.canWrite`.
        guard wire.model.extensions.isEmpty || wire.model.extensions[FCMKeys.namespace] == nil, wire.kept.isEmpty,
            wire.model.target?.tokens == nil, wire.model.media.count <= 1,
            APNsWire.canWrite(wire.model), !hasReservedStringData(wire), targetPassesChecks(wire.model.target)
        else { return false }
        // The media item's kind as its URL implies it, found once: a media item with more than a URL (an identifier,
        // a kind its URL does not imply) is the adapter's.
        var media: Media?
        if let item = wire.model.media.first {
            let kind = PushNotification.MediaKind(urlText: item.urlText)
            guard item.identifier == nil, item.kind == kind else { return false }
            media = Media(kind: kind)
        }
        // What `android` shows is Android's own part, read in place, and the shared values it inherits where its
        // own are nil (a small part of their own, ``FCMAndroidInherited``): copying Android's part to merge them
        // retained and released each of its fields. A part is built only when its image is dropped. The part is
        // lent where it is, in its storage: each read of `wire.model.android` hands over a copy of it.
        if let written = wire.model.lendingAndroid({ own in
            write(wire, own: own, media: media, into: &out, context: &context)
        }) {
            return written
        }
        // No part of its own: an empty one, shared, and all it inherits.
        let inherited = FCMAndroidInherited.inherited(from: wire.model)
        return write(
            wire, android: noAndroidPart, own: .none, inheriting: inherited.isEmpty ? nil : inherited, media: media,
            ownImageKind: nil, into: &out, context: &context)
    }

    /// ``write(_:into:context:)`` of a notification whose own Android part is `own`.
    private static func write(
        _ wire: WireNotification, own: borrowing PushNotification.Android, media: Media?, into out: inout [UInt8],
        context: inout RenderContext
    ) -> Bool {
        // Android's image's kind, found once for what `android` shows and for the loss of one that is not a picture.
        let ownImageKind = own.image.flatMap(PushNotification.MediaKind.init(url:))
        guard FCMImageField.takes(resolved: ownImageKind) else {
            let shown = FCMMessageWriter.androidShown(wire.model, keepsImage: false)
            return write(
                wire, android: shown, own: .dropsImage(copy own), inheriting: nil, media: media,
                ownImageKind: ownImageKind, into: &out, context: &context)
        }
        let inherited =
            FCMMessageWriter.inheritsNothing(own, from: wire.model)
            ? nil : FCMAndroidInherited.inherited(by: own, from: wire.model)
        return write(
            wire, android: own, own: .shown, inheriting: inherited, media: media, ownImageKind: ownImageKind,
            into: &out, context: &context)
    }

    /// The Android part of a notification without one, built once (a part built and destroyed per message cost more
    /// than the rest of its `android`).
    private static let noAndroidPart = PushNotification.Android()

    /// The notification's own Android part, as the message's `android` shows it: handed on as the part shown itself
    /// when it is (passing the part a second time copied it).
    private enum OwnPart {
        /// The notification has no Android part.
        case none
        /// The part shown is the notification's own.
        case shown
        /// The part shown is the notification's own (this) without its image, which FCM's image field does not take.
        case dropsImage(PushNotification.Android)

        /// True for ``none``.
        var isNone: Bool {
            if case .none = self { return true }
            return false
        }
    }

    /// The shared media item's kind as its URL implies it (nil: unknown), which is its kind.
    private struct Media {
        let kind: PushNotification.MediaKind?
    }

    /// Writes `wire` with `android` and `inherited`, what its `android` shows (``FCMMessageWriter/androidShown(_:)``):
    /// each value `android`'s, else `inherited`'s; `own` says how `android` stands to the notification's own part
    /// (for the losses declared), `media` the shared media item's kind when there is one, `ownImageKind` that of
    /// Android's own image.
    private static func write(
        _ wire: WireNotification, android: PushNotification.Android, own: OwnPart,
        inheriting inherited: FCMAndroidInherited?, media: Media?, ownImageKind: PushNotification.MediaKind?,
        into out: inout [UInt8], context: inout RenderContext
    ) -> Bool {
        // Without a part of its own and without anything inherited, `android` is the empty part: it passes every
        // check and writes nothing, so neither is asked of it.
        let showsNothing = own.isNone && inherited == nil
        guard showsNothing || FCMChecks.passesAndroidChecks(android, inheriting: inherited) else { return false }
        // The shared notification's image: a video or audio URL is not one (declared lost below).
        var image: PushNotification.Text?
        if let media, let item = wire.model.media.first, FCMImageField.takes(resolved: media.kind) {
            guard item.urlText.withUTF8(FCMChecks.isAbsoluteURL) else { return false }
            image = item.urlText
        }
        let start = out.count
        CompactOutput.appending(to: &out) { output in
            output.beginObject()
            writeData(wire, strings: true, key: W.data, to: &output)
            if wire.model.titleText != nil || wire.model.bodyText != nil || image != nil {
                W.notification.write(to: &output)
                output.beginObject()
                // The keys as literals: a `String` key is escaped byte by byte.
                if let title = wire.model.titleText {
                    output.key("title" as StaticString)
                    output.text(title)
                }
                if let body = wire.model.bodyText {
                    output.key("body" as StaticString)
                    output.text(body)
                }
                if let image {
                    output.key("image" as StaticString)
                    output.text(image)
                }
                output.endObject()
            }
            if !showsNothing { writeAndroid(android, inheriting: inherited, to: &output) }
            writeApns(wire, to: &output)
            if let target = wire.model.target {
                writeTarget(W.token, target.token, to: &output)
                writeTarget(W.topic, target.topic, to: &output)
                writeTarget(W.condition, target.condition, to: &output)
            }
            output.endObject()
        }
        guard out.count - start <= FCMChecks.maximumMessageBytes else {
            out.removeSubrange(start...)
            return false
        }
        if let media, image == nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                FCMImageField.reason(resolved: media.kind, field: .notification))
        }
        switch own {
        case .none: break
        case .shown:
            // Shown as it is: its image is kept, and only its unsupported fields are lost.
            if FCMAdapter.holdsUnsupported(android) {
                FCMAndroidWire.explain(FCMAndroidWire.unsupported, android, context: &context)
            }
        case .dropsImage(let own):
            if own.image != nil, android.image == nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "image"]),
                    FCMImageField.reason(resolved: ownImageKind, field: .android))
            }
            if FCMAdapter.holdsUnsupported(own) {
                FCMAndroidWire.explain(FCMAndroidWire.unsupported, own, context: &context)
            }
        }
        if isUntargeted(wire.model.target) {
            context.diagnostics.append(targetMissing)
        }
        return true
    }

    /// The run notice for a message without a target, built once (its text does not depend on the message).
    private static let targetMissing = Diagnostic.conversionTargetMissing(format: "fcm")

    private static func writeTarget(_ key: WireKey, _ value: String?, to out: inout CompactOutput) {
        guard let value else { return }
        key.write(to: &out)
        out.string(value)
    }

    /// True when a custom data key that goes to `data` (a string) is one FCM reserves (`from`, `message_type`,
    /// `google…`, `gcm…`).
    private static func hasReservedStringData(_ wire: WireNotification) -> Bool {
        for member in wire.data where wire.document.kind(member.value) == .string {
            let key = wire.document.stringBytes(member.key)
            if BorrowedDocument.equal(key, "from") || BorrowedDocument.equal(key, "message_type")
                || key.starts(with: "google".utf8) || key.starts(with: "gcm".utf8)
            {
                return true
            }
        }
        return false
    }

    /// True when FCM's rules find nothing in the target (none, or exactly one non-empty valid one): its strings
    /// checked in place (``FCMChecks/passesTargetChecks(_:)``).
    private static func targetPassesChecks(_ target: PushNotification.Target?) -> Bool {
        guard let target, !isUntargeted(target) else { return true }
        return FCMChecks.passesTargetChecks(target)
    }

    /// True when `target` is nil or sets nothing (the adapter path's run notice, and no target to check).
    private static func isUntargeted(_ target: PushNotification.Target?) -> Bool {
        guard let target else { return true }
        return target.token == nil && target.topic == nil && target.condition == nil && target.tokens == nil
    }

    /// Writes `key` and an object of the custom data members that are strings (`strings`) or are not, when there is
    /// one; nothing otherwise.
    private static func writeData(
        _ wire: WireNotification, strings: Bool, key: WireKey, to out: inout CompactOutput
    ) {
        var opened = false
        for member in wire.data where (wire.document.kind(member.value) == .string) == strings {
            if !opened {
                key.write(to: &out)
                out.beginObject()
                opened = true
            }
            out.key(bytes: wire.document.stringBytes(member.key))
            out.value(member.value, of: wire.document)
        }
        if opened { out.endObject() }
    }

    /// `android` through ``FCMAndroidWire/config``, in the table's order and snake_case spelling: each line `part`
    /// (else `inherited`, which holds only `android.notification` values) has a value for (Android's `data` as it
    /// is, `notification` when it has a member); nothing when no line has one (FCM's fields Android has no place for,
    /// such as a tap URL, are declared lost, not written).
    private static func writeAndroid(
        _ part: PushNotification.Android, inheriting inherited: FCMAndroidInherited?, to out: inout CompactOutput
    ) {
        typealias A = FCMAndroidWire
        let scalars = A.notificationWriteScalars
        let steps = A.configWriteSteps
        let notification = inherited != nil || scalars.contains { $0.isHeld(by: part) }
        // `AndroidConfig`'s own scalars are looked at only when neither `data` nor `notification` opens the block.
        guard
            part.data != nil || notification
                || steps.contains(where: { step in
                    if case .scalar(let scalar) = step { return scalar.isHeld(by: part) }
                    return false
                })
        else { return }
        W.android.write(to: &out)
        out.beginObject()
        for step in steps {
            switch step {
            case .data(let key):
                guard let data = part.data else { continue }
                key.write(to: &out, spelling: .snakeCase)
                // A map of strings (``FCMChecks/passesAndroidChecks(_:)``), written member by member as
                // `out.value(.object(data))` writes it.
                out.beginObject()
                for (name, value) in data {
                    out.key(name)
                    if case .string(let text) = value { out.string(text) } else { out.value(value) }
                }
                out.endObject()
            case .notification(let key):
                guard notification else { continue }
                key.write(to: &out, spelling: .snakeCase)
                out.beginObject()
                if let inherited {
                    // Only a line `inherited` can hold is asked of it once the part has nothing for it.
                    let inheritable = inheritableScalars
                    for index in scalars.indices
                    where !scalars[index].writeInlined(part, spelling: .snakeCase, to: &out) && inheritable[index] {
                        _ = scalars[index].write(inherited, spelling: .snakeCase, to: &out)
                    }
                } else {
                    for scalar in scalars { _ = scalar.writeInlined(part, spelling: .snakeCase, to: &out) }
                }
                out.endObject()
            case .scalar(let scalar):
                _ = scalar.writeInlined(part, spelling: .snakeCase, to: &out)
            }
        }
        out.endObject()
    }

    /// Per line of ``FCMAndroidWire/notificationWriteScalars``: true when ``FCMAndroidInherited`` can hold its field
    /// (told from an inherited part holding every field it has), so that the other lines are not asked of it.
    private static let inheritableScalars: [Bool] = {
        let every = FCMAndroidInherited(
            sound: "", bodyLocKey: "", bodyLocArgs: [], titleLocKey: "", titleLocArgs: [])
        return FCMAndroidWire.notificationWriteScalars.map { $0.isHeld(by: every) }
    }()

    /// `apns`: the headers `delivery` names, and the payload (`aps` when it has anything, then the custom data
    /// that are not strings); nothing when both are empty.
    private static func writeApns(_ wire: WireNotification, to out: inout CompactOutput) {
        // The fields the notification holds, worked out once for both the question and the writing.
        let present = wire.model.presentFields
        let aps = APNsWire.apsHasContent(wire.model, present: present)
        let headers = wire.model.delivery?.headers
        let hasHeaders = !(headers?.isEmpty ?? true)
        let otherData = wire.data.contains { wire.document.kind($0.value) != .string }
        guard hasHeaders || aps || otherData else { return }
        W.apns.write(to: &out)
        out.beginObject()
        if hasHeaders, let headers {
            W.headers.write(to: &out)
            out.beginObject()
            for (key, value) in headers {
                out.key(key)
                if case .string(let text) = value { out.string(text) } else { out.value(value) }
            }
            out.endObject()
        }
        if aps || otherData {
            W.payload.write(to: &out)
            out.beginObject()
            if aps { APNsWire.writeAps(wire.model, present: present, to: &out) }
            for member in wire.data where wire.document.kind(member.value) != .string {
                out.key(bytes: wire.document.stringBytes(member.key))
                out.value(member.value, of: wire.document)
            }
            out.endObject()
        }
        out.endObject()
    }
}
