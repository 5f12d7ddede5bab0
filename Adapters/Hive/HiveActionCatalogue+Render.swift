public import PushCore

private typealias K = HiveKeys.Actions

extension HiveActionCatalogue {
    /// The canonical JSON form, which is the `hive_push_actions.json` layout.
    ///
    /// `actions` and `categories` are always written (empty objects when there are none); an action's
    /// `title` is written when it has at least one language, `en` first, then by language code. Everything kept verbatim renders back in place, so
    /// `render(normalise(x))` equals `x` as JSON values for every object `x` that has both keys.
    public func render() -> JSONValue {
        var root = JSONObject()
        if let verbatim = extra[K.actions] {
            root.appendUnchecked(K.actions, verbatim)
        } else {
            var object = JSONObject()
            for action in actions where object[action.id] == nil {
                object.appendUnchecked(action.id, .object(Self.render(action)))
            }
            for (id, value) in invalidActions where object[id] == nil { object.appendUnchecked(id, value) }
            root.appendUnchecked(K.actions, .object(object))
        }
        if let verbatim = extra[K.categories] {
            root.appendUnchecked(K.categories, verbatim)
        } else {
            var object = JSONObject()
            for category in categories where object[category.id] == nil {
                object.appendUnchecked(category.id, .array(category.actionIDs.map(JSONValue.string)))
            }
            for (id, value) in invalidCategories where object[id] == nil { object.appendUnchecked(id, value) }
            root.appendUnchecked(K.categories, .object(object))
        }
        for (key, value) in extra where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }

    /// Languages in rendering order: `en` first, then by code.
    static func orderedLanguages(_ titles: [String: String]) -> [String] {
        titles.keys.sorted { lhs, rhs in
            if lhs == HiveKeys.defaultLanguage { return rhs != HiveKeys.defaultLanguage }
            if rhs == HiveKeys.defaultLanguage { return false }
            return lhs < rhs
        }
    }

    private static func render(_ action: Action) -> JSONObject {
        var object = JSONObject()
        if !action.titles.isEmpty {
            var titles = JSONObject()
            for language in orderedLanguages(action.titles) {
                if let text = action.titles[language] { titles.appendUnchecked(language, .string(text)) }
            }
            object.appendUnchecked(K.title, .object(titles))
        }
        if let flag = action.isForeground { object.appendUnchecked(K.foreground, .bool(flag)) }
        if let flag = action.isDestructive { object.appendUnchecked(K.destructive, .bool(flag)) }
        if let flag = action.requiresAuthentication { object.appendUnchecked(K.authenticationRequired, .bool(flag)) }
        for (key, value) in action.extra where object[key] == nil { object.appendUnchecked(key, value) }
        return object
    }
}
