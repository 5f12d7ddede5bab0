// Canonical JSON <-> model, in one place. Encoding is total; decoding reports every problem as a
// diagnostic located in the canonical document and returns nil only when an error was recorded.

private typealias K = CanonicalKeys

extension PushNotification {
    /// The canonical JSON form (`schemaVersion` first, absent keys omitted).
    public var canonicalJSON: JSONValue {
        var o = JSONObject()
        o.appendUnchecked(K.schemaVersion, .integer(PushNotification.schemaVersion))
        func put(_ key: String, _ value: String?) { if let value { o.appendUnchecked(key, .string(value)) } }
        func put(_ key: String, _ value: [String]?) {
            if let value { o.appendUnchecked(key, .array(value.map(JSONValue.string))) }
        }
        put(K.title, title)
        put(K.subtitle, subtitle)
        put(K.body, body)
        put(K.titleLocKey, titleLocKey)
        put(K.titleLocArgs, titleLocArgs)
        put(K.subtitleLocKey, subtitleLocKey)
        put(K.subtitleLocArgs, subtitleLocArgs)
        put(K.bodyLocKey, bodyLocKey)
        put(K.bodyLocArgs, bodyLocArgs)
        put(K.launchImage, launchImage)
        if let badge { o.appendUnchecked(K.badge, .integer(badge)) }
        if let sound {
            var s = JSONObject()
            s.appendUnchecked(K.Sound.name, .string(sound.name))
            if let critical = sound.critical { s.appendUnchecked(K.Sound.critical, .bool(critical)) }
            if let volume = sound.volume { s.appendUnchecked(K.Sound.volume, .double(volume)) }
            o.appendUnchecked(K.sound, .object(s))
        }
        put(K.group, group)
        put(K.category, category)
        if let mutableContent { o.appendUnchecked(K.mutableContent, .bool(mutableContent)) }
        if let contentAvailable { o.appendUnchecked(K.contentAvailable, .bool(contentAvailable)) }
        put(K.interruptionLevel, interruptionLevel)
        if let relevanceScore { o.appendUnchecked(K.relevanceScore, .double(relevanceScore)) }
        put(K.targetContentID, targetContentID)
        put(K.filterCriteria, filterCriteria)
        if let liveActivity, !liveActivity.isEmpty {
            var l = JSONObject()
            if let v = liveActivity.event { l.appendUnchecked(K.LiveActivity.event, .string(v)) }
            if let v = liveActivity.timestamp { l.appendUnchecked(K.LiveActivity.timestamp, .integer(v)) }
            if let v = liveActivity.contentState { l.appendUnchecked(K.LiveActivity.contentState, v) }
            if let v = liveActivity.staleDate { l.appendUnchecked(K.LiveActivity.staleDate, .integer(v)) }
            if let v = liveActivity.dismissalDate { l.appendUnchecked(K.LiveActivity.dismissalDate, .integer(v)) }
            if let v = liveActivity.attributesType { l.appendUnchecked(K.LiveActivity.attributesType, .string(v)) }
            if let v = liveActivity.attributes { l.appendUnchecked(K.LiveActivity.attributes, v) }
            o.appendUnchecked(K.liveActivity, .object(l))
        }
        if !media.isEmpty {
            o.appendUnchecked(
                K.media,
                .array(
                    media.map { item in
                        var m = JSONObject()
                        m.appendUnchecked(K.Media.url, .string(item.url))
                        if let kind = item.kind { m.appendUnchecked(K.Media.kind, .string(kind.rawValue)) }
                        if let identifier = item.identifier {
                            m.appendUnchecked(K.Media.identifier, .string(identifier))
                        }
                        return .object(m)
                    }))
        }
        if let delivery, !delivery.isEmpty {
            var d = JSONObject()
            if let v = delivery.pushType { d.appendUnchecked(K.Delivery.pushType, .string(v)) }
            if let v = delivery.priority { d.appendUnchecked(K.Delivery.priority, .integer(v)) }
            if let v = delivery.expiration { d.appendUnchecked(K.Delivery.expiration, .integer(v)) }
            if let v = delivery.collapseID { d.appendUnchecked(K.Delivery.collapseID, .string(v)) }
            if let v = delivery.topic { d.appendUnchecked(K.Delivery.topic, .string(v)) }
            if let v = delivery.id { d.appendUnchecked(K.Delivery.id, .string(v)) }
            o.appendUnchecked(K.delivery, .object(d))
        }
        appendAndroidParts(to: &o)
        if !data.isEmpty { o.appendUnchecked(K.data, .object(data)) }
        if !extensions.isEmpty { o.appendUnchecked(K.extensions, .object(extensions)) }
        put(K.source, source)
        return .object(o)
    }

    /// Reads a canonical JSON document. Every problem becomes a diagnostic whose path points into
    /// `json`; the result is nil only when an error was recorded.
    public init?(canonical json: JSONValue, diagnostics: inout [Diagnostic]) {
        let errorsBefore = diagnostics.count { $0.severity == .error }
        guard var o = json.objectValue else {
            diagnostics.error(.notAnObject, at: .root, "a notification must be a JSON object, found \(json.typeName)")
            return nil
        }
        let root = JSONPointer.root
        self.init()
        if let version = o.takeInteger(K.schemaVersion, at: root, &diagnostics),
            version != PushNotification.schemaVersion
        {
            diagnostics.error(
                .canonicalSchemaVersion, at: root.appending(K.schemaVersion),
                "schemaVersion \(version) is not supported; this library reads version \(PushNotification.schemaVersion)"
            )
        }
        title = o.takeString(K.title, at: root, &diagnostics)
        subtitle = o.takeString(K.subtitle, at: root, &diagnostics)
        body = o.takeString(K.body, at: root, &diagnostics)
        titleLocKey = o.takeString(K.titleLocKey, at: root, &diagnostics)
        titleLocArgs = o.takeStringArray(K.titleLocArgs, at: root, &diagnostics)
        subtitleLocKey = o.takeString(K.subtitleLocKey, at: root, &diagnostics)
        subtitleLocArgs = o.takeStringArray(K.subtitleLocArgs, at: root, &diagnostics)
        bodyLocKey = o.takeString(K.bodyLocKey, at: root, &diagnostics)
        bodyLocArgs = o.takeStringArray(K.bodyLocArgs, at: root, &diagnostics)
        launchImage = o.takeString(K.launchImage, at: root, &diagnostics)
        badge = o.takeInteger(K.badge, at: root, &diagnostics)
        if var s = o.takeObject(K.sound, at: root, &diagnostics) {
            let path = root.appending(K.sound)
            let name = s.takeString(K.Sound.name, at: path, &diagnostics)
            let critical = s.takeBool(K.Sound.critical, at: path, &diagnostics)
            let volume = s.takeNumber(K.Sound.volume, at: path, &diagnostics)
            Self.rejectUnknown(s, at: path, &diagnostics)
            if let name {
                sound = Sound(name: name, critical: critical, volume: volume)
            } else {
                diagnostics.error(.missingValue, at: path, "`sound` needs a `name`")
            }
        }
        group = o.takeString(K.group, at: root, &diagnostics)
        category = o.takeString(K.category, at: root, &diagnostics)
        mutableContent = o.takeBool(K.mutableContent, at: root, &diagnostics)
        contentAvailable = o.takeBool(K.contentAvailable, at: root, &diagnostics)
        interruptionLevel = o.takeString(K.interruptionLevel, at: root, &diagnostics)
        relevanceScore = o.takeNumber(K.relevanceScore, at: root, &diagnostics)
        targetContentID = o.takeString(K.targetContentID, at: root, &diagnostics)
        filterCriteria = o.takeString(K.filterCriteria, at: root, &diagnostics)
        if var l = o.takeObject(K.liveActivity, at: root, &diagnostics) {
            let path = root.appending(K.liveActivity)
            var live = LiveActivity()
            live.event = l.takeString(K.LiveActivity.event, at: path, &diagnostics)
            live.timestamp = l.takeInteger(K.LiveActivity.timestamp, at: path, &diagnostics)
            live.contentState = l.take(K.LiveActivity.contentState)
            live.staleDate = l.takeInteger(K.LiveActivity.staleDate, at: path, &diagnostics)
            live.dismissalDate = l.takeInteger(K.LiveActivity.dismissalDate, at: path, &diagnostics)
            live.attributesType = l.takeString(K.LiveActivity.attributesType, at: path, &diagnostics)
            live.attributes = l.take(K.LiveActivity.attributes)
            Self.rejectUnknown(l, at: path, &diagnostics)
            liveActivity = live.isEmpty ? nil : live
        }
        if let items = o.take(K.media) {
            let path = root.appending(K.media)
            if let array = items.arrayValue {
                for (index, item) in array.enumerated() {
                    let itemPath = path.appending(index: index)
                    guard var m = item.objectValue else {
                        diagnostics.error(
                            .wrongType, at: itemPath, "a media item must be an object, found \(item.typeName)")
                        continue
                    }
                    let url = m.takeString(K.Media.url, at: itemPath, &diagnostics)
                    let kindText = m.takeString(K.Media.kind, at: itemPath, &diagnostics)
                    let identifier = m.takeString(K.Media.identifier, at: itemPath, &diagnostics)
                    Self.rejectUnknown(m, at: itemPath, &diagnostics)
                    var kind: MediaKind?
                    if let kindText {
                        kind = MediaKind(rawValue: kindText)
                        if kind == nil {
                            diagnostics.error(
                                .wrongType, at: itemPath.appending(K.Media.kind),
                                "media kind must be one of image, gif, video, audio; found \"\(kindText)\"")
                        }
                    }
                    guard let url else {
                        diagnostics.error(.missingValue, at: itemPath, "a media item needs a `url`")
                        continue
                    }
                    self.media.append(Media(url: url, kind: kind, identifier: identifier))
                }
            } else {
                diagnostics.error(.wrongType, at: path, "`media` must be an array, found \(items.typeName)")
            }
        }
        if var d = o.takeObject(K.delivery, at: root, &diagnostics) {
            let path = root.appending(K.delivery)
            var delivery = Delivery()
            delivery.pushType = d.takeString(K.Delivery.pushType, at: path, &diagnostics)
            delivery.priority = d.takeInteger(K.Delivery.priority, at: path, &diagnostics)
            delivery.expiration = d.takeInteger(K.Delivery.expiration, at: path, &diagnostics)
            delivery.collapseID = d.takeString(K.Delivery.collapseID, at: path, &diagnostics)
            delivery.topic = d.takeString(K.Delivery.topic, at: path, &diagnostics)
            delivery.id = d.takeString(K.Delivery.id, at: path, &diagnostics)
            Self.rejectUnknown(d, at: path, &diagnostics)
            self.delivery = delivery.isEmpty ? nil : delivery
        }
        takeAndroidParts(from: &o, &diagnostics)
        data = o.takeObject(K.data, at: root, &diagnostics) ?? JSONObject()
        extensions = o.takeObject(K.extensions, at: root, &diagnostics) ?? JSONObject()
        for (key, value) in extensions where value.objectValue == nil {
            diagnostics.error(
                .wrongType, at: root.appending(K.extensions).appending(key),
                "extension namespace `\(key)` must be an object, found \(value.typeName)")
        }
        source = o.takeString(K.source, at: root, &diagnostics)
        Self.rejectUnknown(o, at: root, &diagnostics)
        if diagnostics.count(where: { $0.severity == .error }) > errorsBefore { return nil }
    }

    private static func rejectUnknown(_ rest: JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]) {
        for key in rest.keys where !diagnostics.contains(where: { $0.path == path.appending(key) }) {
            diagnostics.error(
                .canonicalUnknownKey, at: path.appending(key),
                "`\(key)` is not a canonical notification key")
        }
    }
}
