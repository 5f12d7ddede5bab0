// The canonical model, declared once: one line per field (canonical key, the property it names, and through the
// property's type the JSON type), in canonical writing order. Canonical JSON (`canonicalJSON`,
// `init(canonical:diagnostics:)`), what a notification holds and what a format keeps of it (`presentFields`,
// `keeping`), removing and comparing fields (`removing`, `lostFields(comparedWith:)`) and the model reference table
// all follow from these lines (``CanonicalFieldVisitor``). Adding a field: its stored property and one line here
// (and `rpc-spec/notification.schema.json`, which `CanonicalModelTests` holds to these lines).

extension PushNotification {
    /// Visits every field of the notification, in canonical writing order (`schemaVersion` is written first, apart).
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == PushNotification {
        v.field("title", \.titleText)
        v.field("subtitle", \.subtitleText)
        v.field("body", \.bodyText)
        v.field("titleLocKey", \.titleLocKey)
        v.field("titleLocArgs", \.titleLocArgs)
        v.field("subtitleLocKey", \.subtitleLocKey)
        v.field("subtitleLocArgs", \.subtitleLocArgs)
        v.field("bodyLocKey", \.bodyLocKey)
        v.field("bodyLocArgs", \.bodyLocArgs)
        v.field("launchImage", \.launchImage)
        v.field("badge", \.badge)
        v.part("sound", \.sound)
        v.field("group", \.group)
        v.field("category", \.category)
        v.field("mutableContent", \.mutableContent)
        v.field("contentAvailable", \.contentAvailable)
        v.field("interruptionLevel", \.interruptionLevel)
        v.field("relevanceScore", \.relevanceScore)
        v.field("targetContentId", \.targetContentID)
        v.field("filterCriteria", \.filterCriteria)
        v.part("liveActivity", \.liveActivity)
        v.items("media", \.media)
        v.part("delivery", \.delivery)
        v.part("android", \.android)
        v.part("target", \.target)
        v.object("data", \.data)
        v.namespaces("extensions", \.extensions)
        v.origin("source", \.source)
    }
}

extension PushNotification.Sound: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.required("name", \.name)
        v.field("critical", \.critical)
        v.field("volume", \.volume)
    }

    package static var unset: Self { Self(name: "") }
    package var isUnset: Bool { false }
}

extension PushNotification.LiveActivity: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.field("event", \.event)
        v.field("timestamp", \.timestamp)
        v.field("contentState", \.contentState)
        v.field("staleDate", \.staleDate)
        v.field("dismissalDate", \.dismissalDate)
        v.field("attributesType", \.attributesType)
        v.field("attributes", \.attributes)
    }

    package static var unset: Self { Self() }
}

extension PushNotification.Media: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.required("url", \.urlText)
        v.field("kind", \.kind)
        v.field("identifier", \.identifier)
    }

    package static var unset: Self { Self(url: "") }
    package var isUnset: Bool { false }
    /// The kind the URL implies when none was given, as ``init(url:kind:identifier:)`` does.
    package mutating func finishDecoding() { if kind == nil { kind = PushNotification.MediaKind(urlText: urlText) } }
}

extension PushNotification.Delivery: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.field("pushType", \.pushType)
        v.field("priority", \.priority)
        v.field("expiration", \.expiration)
        v.field("collapseId", \.collapseID)
        v.field("topic", \.topic)
        v.field("id", \.id)
    }

    package static var unset: Self { Self() }
}

extension PushNotification.Android: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.field("title", \.titleText)
        v.field("body", \.bodyText)
        v.field("titleLocKey", \.titleLocKey)
        v.field("bodyLocKey", \.bodyLocKey)
        v.field("image", \.image)
        v.field("sound", \.sound)
        v.field("icon", \.icon)
        v.field("imageIcon", \.imageIcon)
        v.field("smallImageIcon", \.smallImageIcon)
        v.field("color", \.color)
        v.field("tag", \.tag)
        v.field("clickAction", \.clickAction)
        v.field("url", \.url)
        v.field("deepLink", \.deepLink)
        v.field("channelId", \.channelID)
        v.field("visibility", \.visibility)
        v.field("notificationPriority", \.notificationPriority)
        v.field("priority", \.priority)
        v.field("ttl", \.ttl)
        v.field("collapseKey", \.collapseKey)
        v.field("restrictedPackageName", \.restrictedPackageName)
        v.field("titleLocArgs", \.titleLocArgs)
        v.field("bodyLocArgs", \.bodyLocArgs)
        v.field("notificationCount", \.notificationCount)
        v.field("directBootOk", \.directBootOK)
        v.field("silent", \.silent)
        v.field("data", \.data)
    }

    package static var unset: Self { Self() }
    package static var unknownKeyPrefix: String { "android." }
}

extension PushNotification.Target: CanonicalPart {
    @inline(__always)
    package static func declareFields<V: CanonicalFieldVisitor>(_ v: inout V) where V.Root == Self {
        v.field("token", \.token)
        v.field("topic", \.topic)
        v.field("condition", \.condition)
        v.field("tokens", \.tokens)
    }

    package static var unset: Self { Self() }
    package static var unknownKeyPrefix: String { "target." }
}
