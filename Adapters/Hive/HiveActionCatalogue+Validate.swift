public import PushCore

private typealias K = HiveKeys.Actions

extension HiveActionCatalogue {
    /// Checks Hive's rules for `hive_push_actions.json`. Paths are JSON Pointers into the catalogue's
    /// JSON form under `path`, which is the input document when the catalogue was read from one.
    ///
    /// - Every action with readable titles has an `en` title (`hive.actions.language.default-missing`),
    ///   and the file uses at most 16 languages (`hive.actions.language.too-many`).
    /// - A category has one to three buttons (`hive.actions.category.too-many-buttons`,
    ///   `hive.actions.category.empty`), no id twice (`hive.actions.id.duplicate`), and every id it
    ///   names is defined in `actions` (`hive.actions.action.undefined`).
    /// - Ids are not empty (`hive.actions.id.empty`), and a built-in id is only redefined identically:
    ///   a built-in category with its own buttons, a built-in action without option flags (its titles
    ///   are localisation and may differ) (`hive.actions.builtin-redefined`).
    /// - An action no category uses is noted (`hive.actions.action.unused`), and a file without
    ///   categories is a warning (`hive.actions.categories.missing`).
    public func validate(at path: JSONPointer = .root) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let actionsPath = path.appending(K.actions)
        let categoriesPath = path.appending(K.categories)
        var languages: [String] = []
        var reportedLanguages = false
        for action in actions {
            let actionPath = actionsPath.appending(action.id)
            if action.id.isEmpty {
                out.error(.hiveActionsEmptyID, at: actionPath, "an action id must not be empty")
            }
            if action.defaultTitle == nil && action.extra[K.title] == nil {
                out.error(
                    .hiveActionsDefaultLanguageMissing,
                    at: action.titles.isEmpty ? actionPath : actionPath.appending(K.title),
                    "action `\(action.id)` has no `\(HiveKeys.defaultLanguage)` title, the default language")
            }
            for language in Self.orderedLanguages(action.titles) where !languages.contains(language) {
                languages.append(language)
                if languages.count > HiveKeys.maximumLanguages && !reportedLanguages {
                    reportedLanguages = true
                    out.error(
                        .hiveActionsTooManyLanguages, at: actionPath.appending(K.title),
                        "with the titles of `\(action.id)` the file uses more than \(HiveKeys.maximumLanguages) "
                            + "languages, the most the Hive SDK supports")
                }
            }
            if let builtIn = Self.builtIn.action(withID: action.id), !action.hasSameOptions(as: builtIn) {
                out.error(
                    .hiveActionsBuiltInRedefined, at: actionPath,
                    "`\(action.id)` is a built-in action and has no option flags; give a custom action its own id")
            }
        }

        let actionsReadable = extra[K.actions] == nil
        let defined = Set(actions.map(\.id)).union(invalidActions.keys)
        for category in categories {
            let categoryPath = categoriesPath.appending(category.id)
            if category.id.isEmpty {
                out.error(.hiveActionsEmptyID, at: categoryPath, "a category id must not be empty")
            }
            if category.actionIDs.isEmpty {
                out.warning(.hiveActionsEmptyCategory, at: categoryPath, "category `\(category.id)` has no buttons")
            } else if category.actionIDs.count > HiveKeys.maximumButtons {
                out.error(
                    .hiveActionsTooManyButtons, at: categoryPath,
                    "category `\(category.id)` has \(category.actionIDs.count) buttons; at most "
                        + "\(HiveKeys.maximumButtons) are shown")
            }
            var seen: Set<String> = []
            for (index, id) in category.actionIDs.enumerated() {
                let idPath = categoryPath.appending(index: index)
                if !seen.insert(id).inserted {
                    out.error(.hiveActionsDuplicateID, at: idPath, "`\(id)` appears twice in `\(category.id)`")
                } else if actionsReadable && !defined.contains(id) {
                    out.error(
                        .hiveActionsUndefinedAction, at: idPath,
                        "`\(category.id)` uses `\(id)`, which `actions` does not define")
                }
            }
            if let builtIn = Self.builtIn.category(withID: category.id), builtIn.actionIDs != category.actionIDs {
                out.error(
                    .hiveActionsBuiltInRedefined, at: categoryPath,
                    "`\(category.id)` is a built-in category with buttons "
                        + builtIn.actionIDs.joined(separator: ", ") + "; give a custom set its own id")
            }
        }

        let categoriesReadable = extra[K.categories] == nil && invalidCategories.isEmpty
        if categoriesReadable {
            if categories.isEmpty {
                out.warning(
                    .hiveActionsCategoriesMissing, at: path,
                    "the file defines no categories: no button set is registered")
            }
            let used = Set(categories.flatMap(\.actionIDs))
            for action in actions where !used.contains(action.id) {
                out.info(
                    .hiveActionsUnusedAction, at: actionsPath.appending(action.id),
                    "no category uses `\(action.id)`")
            }
        }
        return out
    }
}
