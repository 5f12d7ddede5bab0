public import PushCore

private typealias K = HiveKeys.Actions

extension HiveActionCatalogue {
    /// Reads a `hive_push_actions.json` document.
    ///
    /// Type problems become diagnostics located under `path` in `json`, and the offending values are
    /// kept verbatim (``invalidActions``, ``invalidCategories``, ``extra``, ``Action/extra``) so
    /// ``render()`` writes them back. Semantic rules are ``validate(at:)``'s job.
    /// - Parameters:
    ///   - json: the parsed file.
    ///   - path: where `json` sits in the document the diagnostics locate (root for a file of its own,
    ///     `/hiveActionCatalogue` inside options).
    ///   - diagnostics: findings are appended here.
    /// - Returns: the catalogue, or nil when `json` is not an object.
    public static func normalise(
        _ json: JSONValue, at path: JSONPointer = .root, diagnostics: inout [Diagnostic]
    ) -> HiveActionCatalogue? {
        guard case .object(let root) = json else {
            diagnostics.error(
                .notAnObject, at: path, "hive_push_actions.json must be a JSON object, found \(json.typeName)")
            return nil
        }
        var catalogue = HiveActionCatalogue()
        for (key, value) in root {
            let keyPath = path.appending(key)
            switch key {
            case K.actions:
                guard case .object(let actions) = value else {
                    diagnostics.error(
                        .wrongType, at: keyPath, "`actions` must be an object, found \(value.typeName); kept as it was")
                    catalogue.extra.appendUnchecked(key, value)
                    continue
                }
                for (id, definition) in actions {
                    if let action = readAction(id, definition, at: keyPath.appending(id), &diagnostics) {
                        catalogue.actions.append(action)
                    } else {
                        catalogue.invalidActions.appendUnchecked(id, definition)
                    }
                }
            case K.categories:
                guard case .object(let categories) = value else {
                    diagnostics.error(
                        .wrongType, at: keyPath,
                        "`categories` must be an object, found \(value.typeName); kept as it was")
                    catalogue.extra.appendUnchecked(key, value)
                    continue
                }
                for (id, list) in categories {
                    if let ids = readActionIDs(list, at: keyPath.appending(id), &diagnostics) {
                        catalogue.categories.append(Category(id: id, actionIDs: ids))
                    } else {
                        catalogue.invalidCategories.appendUnchecked(id, list)
                    }
                }
            default:
                diagnostics.info(
                    .hiveActionsUnknownKey, at: keyPath, "`\(key)` is not a catalogue key; kept and rendered back")
                catalogue.extra.appendUnchecked(key, value)
            }
        }
        return catalogue
    }

    /// Validates a parsed `hive_push_actions.json`: ``normalise(_:at:diagnostics:)`` plus ``validate(at:)``.
    public static func validate(_ json: JSONValue, at path: JSONPointer = .root) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard let catalogue = normalise(json, at: path, diagnostics: &diagnostics) else { return diagnostics }
        return diagnostics + catalogue.validate(at: path)
    }

    private static func readAction(
        _ id: String, _ definition: JSONValue, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Action? {
        guard case .object(let object) = definition else {
            diagnostics.error(
                .wrongType, at: path, "action `\(id)` must be an object, found \(definition.typeName); kept as it was")
            return nil
        }
        var action = Action(id: id, titles: [:])
        for (key, value) in object {
            let keyPath = path.appending(key)
            switch key {
            case K.title:
                guard case .object(let titles) = value else {
                    diagnostics.error(
                        .wrongType, at: keyPath,
                        "`title` must be an object of language code to string, found \(value.typeName); kept as it was")
                    action.extra.appendUnchecked(key, value)
                    continue
                }
                var read: [String: String] = [:]
                var badLanguage: (String, JSONValue)?
                for (language, title) in titles {
                    guard case .string(let text) = title else {
                        badLanguage = (language, title)
                        break
                    }
                    read[language] = text
                }
                if let (language, title) = badLanguage {
                    diagnostics.error(
                        .wrongType, at: keyPath.appending(language),
                        "the `\(language)` title must be a string, found \(title.typeName); `title` kept as it was")
                    action.extra.appendUnchecked(key, value)
                } else {
                    action.titles = read
                }
            case K.foreground, K.destructive, K.authenticationRequired:
                guard case .bool(let flag) = value else {
                    diagnostics.error(
                        .wrongType, at: keyPath, "`\(key)` must be a boolean, found \(value.typeName); kept as it was")
                    action.extra.appendUnchecked(key, value)
                    continue
                }
                switch key {
                case K.foreground: action.isForeground = flag
                case K.destructive: action.isDestructive = flag
                default: action.requiresAuthentication = flag
                }
            default:
                diagnostics.info(
                    .hiveActionsUnknownKey, at: keyPath, "`\(key)` is not an action key; kept and rendered back")
                action.extra.appendUnchecked(key, value)
            }
        }
        return action
    }

    private static func readActionIDs(
        _ list: JSONValue, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> [String]? {
        guard case .array(let elements) = list else {
            diagnostics.error(
                .wrongType, at: path,
                "a category must be an array of action ids, found \(list.typeName); kept as it was")
            return nil
        }
        var ids: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let id) = element else {
                diagnostics.error(
                    .wrongType, at: path.appending(index: index),
                    "an action id must be a string, found \(element.typeName); the category is kept as it was")
                return nil
            }
            ids.append(id)
        }
        return ids
    }
}
