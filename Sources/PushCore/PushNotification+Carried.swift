/// A format's ``FormatDescriptor/carries`` compiled for ``PushNotification/keeping(_:)``: a bit per top-level
/// canonical field, and the vendor namespaces (whole, or some of their keys).
public struct CarriedFields: Sendable, Hashable {
    /// The top-level canonical fields, in model order.
    static let fieldNames: [String] = {
        typealias K = CanonicalKeys
        return [
            K.title, K.subtitle, K.body, K.titleLocKey, K.titleLocArgs, K.subtitleLocKey, K.subtitleLocArgs,
            K.bodyLocKey, K.bodyLocArgs, K.launchImage, K.badge, K.sound, K.group, K.category, K.mutableContent,
            K.contentAvailable, K.interruptionLevel, K.relevanceScore, K.targetContentID, K.filterCriteria,
            K.liveActivity, K.media, K.delivery, K.data, K.android, K.target,
        ]
    }()

    /// Bit `i` set when `fieldNames[i]` is carried.
    var fields: UInt32 = 0
    /// Carried vendor namespaces: nil keys for the whole namespace, else the carried keys.
    var namespaces: [String: [String]?] = [:]

    public init(_ carries: [String]) {
        for field in carries {
            if let index = Self.fieldNames.firstIndex(of: field) {
                fields |= 1 << UInt32(index)
                continue
            }
            let parts = field.split(separator: ".", maxSplits: 2).map(String.init)
            guard parts.count >= 2, parts[0] == CanonicalKeys.extensions else { continue }
            if parts.count == 2 {
                namespaces[parts[1]] = .some(nil)
            } else if case .some(.some(let keys)) = namespaces[parts[1]] {
                namespaces[parts[1]] = .some(keys + [parts[2]])
            } else if namespaces[parts[1]] == nil {
                namespaces[parts[1]] = .some([parts[2]])
            }
        }
    }

    /// True when every top-level field `present` (``PushNotification/presentFields``) is carried.
    package func carriesAll(of present: UInt32) -> Bool { present & ~fields == 0 }

    @inline(__always) func has(_ index: Int) -> Bool { fields & (1 << UInt32(index)) != 0 }

    /// True when `extensions.<namespace>.<key>` is carried (the whole namespace, or that key).
    public func carries(namespace: String, key: String) -> Bool {
        guard let entry = namespaces[namespace] else { return false }
        guard let keys = entry else { return true }
        return keys.contains(key)
    }
}

extension PushNotification {
    /// A bit per top-level field that holds a value (``CarriedFields/fieldNames`` order).
    package var presentFields: UInt32 {
        var bits: UInt32 = 0
        func set(_ index: Int, _ present: Bool) { if present { bits |= 1 << UInt32(index) } }
        set(0, title != nil)
        set(1, subtitle != nil)
        set(2, body != nil)
        set(3, titleLocKey != nil)
        set(4, titleLocArgs != nil)
        set(5, subtitleLocKey != nil)
        set(6, subtitleLocArgs != nil)
        set(7, bodyLocKey != nil)
        set(8, bodyLocArgs != nil)
        set(9, launchImage != nil)
        set(10, badge != nil)
        set(11, sound != nil)
        set(12, group != nil)
        set(13, category != nil)
        set(14, mutableContent != nil)
        set(15, contentAvailable != nil)
        set(16, interruptionLevel != nil)
        set(17, relevanceScore != nil)
        set(18, targetContentID != nil)
        set(19, filterCriteria != nil)
        set(20, liveActivity != nil)
        set(21, !media.isEmpty)
        set(22, delivery != nil)
        set(23, !data.isEmpty)
        set(24, android != nil)
        set(25, target != nil)
        return bits
    }

    /// The part of this notification that a format declaring `carries` (``FormatDescriptor/carries``)
    /// holds: top-level canonical keys (`title`, `media`, `data`, …), whole vendor namespaces
    /// (`extensions.zego`) and single vendor keys (`extensions.zego.payload`). Everything else is cleared.
    ///
    /// This is the generic half of a format's declared losses (``PayloadAdapter/carriedPart(of:options:)``):
    /// what is not in the result is lost, with no rendering read back.
    public func keeping(_ carries: [String]) -> PushNotification { keeping(CarriedFields(carries)) }

    /// ``keeping(_:)-([String])`` with the fields compiled once (``FormatDescriptor/carriedFields``).
    public func keeping(_ carried: CarriedFields) -> PushNotification {
        // Everything present is carried: the notification itself (no copy field by field).
        if extensions.isEmpty && presentFields & ~carried.fields == 0 { return self }
        var out = PushNotification()
        out.source = source
        if carried.has(0) { out.title = title }
        if carried.has(1) { out.subtitle = subtitle }
        if carried.has(2) { out.body = body }
        if carried.has(3) { out.titleLocKey = titleLocKey }
        if carried.has(4) { out.titleLocArgs = titleLocArgs }
        if carried.has(5) { out.subtitleLocKey = subtitleLocKey }
        if carried.has(6) { out.subtitleLocArgs = subtitleLocArgs }
        if carried.has(7) { out.bodyLocKey = bodyLocKey }
        if carried.has(8) { out.bodyLocArgs = bodyLocArgs }
        if carried.has(9) { out.launchImage = launchImage }
        if carried.has(10) { out.badge = badge }
        if carried.has(11) { out.sound = sound }
        if carried.has(12) { out.group = group }
        if carried.has(13) { out.category = category }
        if carried.has(14) { out.mutableContent = mutableContent }
        if carried.has(15) { out.contentAvailable = contentAvailable }
        if carried.has(16) { out.interruptionLevel = interruptionLevel }
        if carried.has(17) { out.relevanceScore = relevanceScore }
        if carried.has(18) { out.targetContentID = targetContentID }
        if carried.has(19) { out.filterCriteria = filterCriteria }
        if carried.has(20) { out.liveActivity = liveActivity }
        if carried.has(21) { out.media = media }
        if carried.has(22) { out.delivery = delivery }
        if carried.has(23) { out.data = data }
        if carried.has(24) { out.android = android }
        if carried.has(25) { out.target = target }
        guard !carried.namespaces.isEmpty, !extensions.isEmpty else { return out }
        for (namespace, value) in extensions {
            guard let entry = carried.namespaces[namespace] else { continue }
            guard let keys = entry else {
                out.extensions.appendUnchecked(namespace, value)
                continue
            }
            guard case .object(let object) = value else { continue }
            var kept = JSONObject()
            for (key, inner) in object where keys.contains(key) { kept.appendUnchecked(key, inner) }
            if !kept.isEmpty { out.extensions.appendUnchecked(namespace, .object(kept)) }
        }
        return out
    }
}

extension PushNotification {
    /// This notification without the values at `paths` (canonical pointers, as a renderer names them in
    /// ``RenderContext/explainLoss(at:_:)``). A path into `media` removes every media item (media are carried or
    /// lost as a whole); a path into `data`, `extensions` or a JSON value of `liveActivity` removes that member.
    public func removing(_ paths: some Sequence<JSONPointer>) -> PushNotification {
        typealias K = CanonicalKeys
        var out = self
        for path in paths {
            let tokens = path.tokens
            guard let first = tokens.first else { return PushNotification() }
            let second = tokens.count > 1 ? tokens[1] : nil
            switch first {
            case K.title: out.title = nil
            case K.subtitle: out.subtitle = nil
            case K.body: out.body = nil
            case K.titleLocKey: out.titleLocKey = nil
            case K.titleLocArgs: out.titleLocArgs = nil
            case K.subtitleLocKey: out.subtitleLocKey = nil
            case K.subtitleLocArgs: out.subtitleLocArgs = nil
            case K.bodyLocKey: out.bodyLocKey = nil
            case K.bodyLocArgs: out.bodyLocArgs = nil
            case K.launchImage: out.launchImage = nil
            case K.badge: out.badge = nil
            case K.sound:
                switch second {
                case K.Sound.critical?: out.sound?.critical = nil
                case K.Sound.volume?: out.sound?.volume = nil
                default: out.sound = nil
                }
            case K.group: out.group = nil
            case K.category: out.category = nil
            case K.mutableContent: out.mutableContent = nil
            case K.contentAvailable: out.contentAvailable = nil
            case K.interruptionLevel: out.interruptionLevel = nil
            case K.relevanceScore: out.relevanceScore = nil
            case K.targetContentID: out.targetContentID = nil
            case K.filterCriteria: out.filterCriteria = nil
            case K.media: out.media = []
            case K.liveActivity:
                guard var live = out.liveActivity else { continue }
                switch second {
                case nil: out.liveActivity = nil; continue
                case K.LiveActivity.event?: live.event = nil
                case K.LiveActivity.timestamp?: live.timestamp = nil
                case K.LiveActivity.staleDate?: live.staleDate = nil
                case K.LiveActivity.dismissalDate?: live.dismissalDate = nil
                case K.LiveActivity.attributesType?: live.attributesType = nil
                case K.LiveActivity.contentState?:
                    live.contentState = live.contentState.flatMap { Self.removing(tokens.dropFirst(2), from: $0) }
                case K.LiveActivity.attributes?:
                    live.attributes = live.attributes.flatMap { Self.removing(tokens.dropFirst(2), from: $0) }
                default: break
                }
                out.liveActivity = live.isEmpty ? nil : live
            case K.delivery:
                guard var delivery = out.delivery else { continue }
                switch second {
                case nil: out.delivery = nil; continue
                case K.Delivery.pushType?: delivery.pushType = nil
                case K.Delivery.priority?: delivery.priority = nil
                case K.Delivery.expiration?: delivery.expiration = nil
                case K.Delivery.collapseID?: delivery.collapseID = nil
                case K.Delivery.topic?: delivery.topic = nil
                case K.Delivery.id?: delivery.id = nil
                default: break
                }
                out.delivery = delivery.isEmpty ? nil : delivery
            case K.android: out.android = Self.removing(tokens.dropFirst(), from: out.android)
            case K.target: out.target = Self.removing(tokens.dropFirst(), from: out.target)
            case K.data:
                out.data = Self.removing(tokens.dropFirst(), from: .object(out.data))?.objectValue ?? JSONObject()
            case K.extensions:
                out.extensions =
                    Self.removing(tokens.dropFirst(), from: .object(out.extensions))?.objectValue ?? JSONObject()
            default:
                break
            }
        }
        return out
    }

    /// `value` without the member at `tokens` (nil when `tokens` is empty: the whole value goes).
    private static func removing(_ tokens: ArraySlice<String>, from value: JSONValue) -> JSONValue? {
        guard let first = tokens.first else { return nil }
        guard case .object(var object) = value, let child = object[first] else { return value }
        if let rest = removing(tokens.dropFirst(), from: child) {
            object[first] = rest
        } else {
            object.removeValue(forKey: first)
        }
        return .object(object)
    }
}

extension PayloadAdapter {
    /// The declared carried part of `notification` after ``render(_:context:)`` wrote it with `context`:
    /// ``carriedPart(of:options:)`` less every path the renderer explained as lost
    /// (``RenderContext/lossReasons``). The facade reports the rest of the notification as lost.
    public func declaredPart(of notification: PushNotification, renderedWith context: RenderContext) -> PushNotification
    {
        let carried = carriedPart(of: notification, options: context.options)
        return context.lossReasons.isEmpty ? carried : carried.removing(context.lossReasons.keys)
    }
}
