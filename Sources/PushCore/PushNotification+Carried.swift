extension PushNotification {
    /// The part of this notification that a format declaring `carries` (``FormatDescriptor/carries``)
    /// holds: top-level canonical keys (`title`, `media`, `data`, …), whole vendor namespaces
    /// (`extensions.zego`) and single vendor keys (`extensions.zego.payload`). Everything else is cleared.
    ///
    /// This is the generic half of a format's declared losses (``PayloadAdapter/carriedPart(of:options:)``):
    /// what is not in the result is lost, with no rendering read back.
    public func keeping(_ carries: [String]) -> PushNotification {
        typealias K = CanonicalKeys
        var out = PushNotification()
        out.source = source
        var namespaces: [String: [String]?] = [:]
        for field in carries {
            switch field {
            case K.title: out.title = title
            case K.subtitle: out.subtitle = subtitle
            case K.body: out.body = body
            case K.titleLocKey: out.titleLocKey = titleLocKey
            case K.titleLocArgs: out.titleLocArgs = titleLocArgs
            case K.subtitleLocKey: out.subtitleLocKey = subtitleLocKey
            case K.subtitleLocArgs: out.subtitleLocArgs = subtitleLocArgs
            case K.bodyLocKey: out.bodyLocKey = bodyLocKey
            case K.bodyLocArgs: out.bodyLocArgs = bodyLocArgs
            case K.launchImage: out.launchImage = launchImage
            case K.badge: out.badge = badge
            case K.sound: out.sound = sound
            case K.group: out.group = group
            case K.category: out.category = category
            case K.mutableContent: out.mutableContent = mutableContent
            case K.contentAvailable: out.contentAvailable = contentAvailable
            case K.interruptionLevel: out.interruptionLevel = interruptionLevel
            case K.relevanceScore: out.relevanceScore = relevanceScore
            case K.targetContentID: out.targetContentID = targetContentID
            case K.filterCriteria: out.filterCriteria = filterCriteria
            case K.liveActivity: out.liveActivity = liveActivity
            case K.media: out.media = media
            case K.delivery: out.delivery = delivery
            case K.data: out.data = data
            default:
                let parts = field.split(separator: ".", maxSplits: 2).map(String.init)
                guard parts.count >= 2, parts[0] == K.extensions else { continue }
                if parts.count == 2 {
                    namespaces[parts[1]] = .some(nil)
                } else if case .some(.some(var keys)) = namespaces[parts[1]] {
                    keys.append(parts[2])
                    namespaces[parts[1]] = .some(keys)
                } else if namespaces[parts[1]] == nil {
                    namespaces[parts[1]] = .some([parts[2]])
                }
            }
        }
        guard !namespaces.isEmpty, !extensions.isEmpty else { return out }
        for (namespace, value) in extensions {
            guard let entry = namespaces[namespace] else { continue }
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
    public func declaredPart(of notification: PushNotification, renderedWith context: RenderContext) -> PushNotification {
        let carried = carriedPart(of: notification, options: context.options)
        return context.lossReasons.isEmpty ? carried : carried.removing(context.lossReasons.keys)
    }
}
