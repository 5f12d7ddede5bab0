public import PushCore

/// Hive's push action-button catalogue: the `hive_push_actions.json` file an app bundles so the Hive
/// SDK registers its notification categories (`UNNotificationCategory`) and actions
/// (`UNNotificationAction`) at launch (format name `hive-actions`).
///
/// It is not a notification, so it is not a ``PayloadAdapter``: read it with
/// ``normalise(_:at:diagnostics:)``, check it with ``validate(at:)`` and write it back with ``render()``.
/// The delivered push selects a button set through `aps.category`; the `hive` format checks that
/// category against ``builtIn`` and the catalogue given in ``FormatOptions/hiveActionCatalogue``.
///
/// ## Canonical JSON form
/// The wire form itself (`rpc-spec/hive-actions.schema.json`). Hive publishes only the outer layout
/// (`actions` keyed by action id, `categories` mapping a category id to its action ids); the action
/// object is this library's model, after `UNNotificationAction(identifier:title:options:)`:
///
/// ```json
/// {"actions": {"GIFT_ID": {"title": {"en": "Open gift", "ko": "선물 열기"}, "foreground": true}},
///  "categories": {"GIFT_CATEGORY": ["GIFT_ID", "CLOSE_ID"]}}
/// ```
///
/// Unknown keys (top level and inside actions) and values of the wrong type are kept verbatim and
/// render back in place.
public struct HiveActionCatalogue: Sendable, Hashable {
    /// The actions (buttons), in file order.
    public var actions: [Action]
    /// The categories (button sets), in file order.
    public var categories: [Category]
    /// `actions` entries that are not objects, verbatim by id.
    public var invalidActions: JSONObject
    /// `categories` entries that are not arrays of strings, verbatim by id.
    public var invalidCategories: JSONObject
    /// Top-level keys other than `actions` and `categories` (and those two when they are not objects), verbatim.
    public var extra: JSONObject

    /// A catalogue.
    public init(
        actions: [Action] = [], categories: [Category] = [], invalidActions: JSONObject = JSONObject(),
        invalidCategories: JSONObject = JSONObject(), extra: JSONObject = JSONObject()
    ) {
        self.actions = actions
        self.categories = categories
        self.invalidActions = invalidActions
        self.invalidCategories = invalidCategories
        self.extra = extra
    }

    /// The action with id `id`, if defined.
    public func action(withID id: String) -> Action? { actions.first { $0.id == id } }

    /// The category with id `id`, if defined.
    public func category(withID id: String) -> Category? { categories.first { $0.id == id } }

    /// Every category id the catalogue names (valid or not).
    public var categoryIDs: Set<String> { Set(categories.map(\.id)).union(invalidCategories.keys) }
}

extension HiveActionCatalogue {
    /// One button: `UNNotificationAction(identifier:title:options:)`.
    public struct Action: Sendable, Hashable {
        /// The action identifier (`CONFIRM_ID`), the key in `actions`.
        public var id: String
        /// `title`: the button title per language code (`en`, `ko`, `zh-hans`, …); `en` is the default.
        public var titles: [String: String]
        /// `foreground`: opens the app (`UNNotificationActionOptions.foreground`); nil when not given.
        public var isForeground: Bool?
        /// `destructive`: shown as destructive (`.destructive`); nil when not given.
        public var isDestructive: Bool?
        /// `authenticationRequired`: needs an unlocked device (`.authenticationRequired`); nil when not given.
        public var requiresAuthentication: Bool?
        /// Keys this model does not define, and values of the wrong type, verbatim.
        public var extra: JSONObject

        /// An action.
        public init(
            id: String, titles: [String: String], isForeground: Bool? = nil, isDestructive: Bool? = nil,
            requiresAuthentication: Bool? = nil, extra: JSONObject = JSONObject()
        ) {
            self.id = id
            self.titles = titles
            self.isForeground = isForeground
            self.isDestructive = isDestructive
            self.requiresAuthentication = requiresAuthentication
            self.extra = extra
        }

        /// The title in the default language (`en`).
        public var defaultTitle: String? { titles[HiveKeys.defaultLanguage] }

        /// True when both actions have the same option flags (absent counts as false).
        func hasSameOptions(as other: Action) -> Bool {
            (isForeground ?? false) == (other.isForeground ?? false)
                && (isDestructive ?? false) == (other.isDestructive ?? false)
                && (requiresAuthentication ?? false) == (other.requiresAuthentication ?? false)
        }
    }

    /// One button set: `UNNotificationCategory(identifier:actions:…)`.
    public struct Category: Sendable, Hashable {
        /// The category identifier (`CONFIRM_CATEGORY`), what `aps.category` names.
        public var id: String
        /// The action ids of its buttons, in display order (at most three).
        public var actionIDs: [String]

        /// A category.
        public init(id: String, actionIDs: [String]) {
            self.id = id
            self.actionIDs = actionIDs
        }
    }
}
