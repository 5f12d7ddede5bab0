import PushCore

/// Makes an OpenRPC document self-contained: each schema file a `$ref` names (`notification.schema.json`,
/// `x.schema.json#/$defs/y`) is inlined under `components/schemas/<Name>` (the component that referred to the
/// whole file keeps its name; otherwise the file's stem in UpperCamelCase), without its `$schema` and `$id`,
/// and every reference to it, or inside it (`#/$defs/…`), becomes a pointer into the document.
struct OpenRPCBundler {
    private var document: JSONValue
    /// Component name of each file inlined or waiting to be.
    private var names: [String: String] = [:]
    private var inlined: Set<String> = []

    init(document: JSONValue) {
        self.document = document
        if case .object(let schemas)? = document["components"]?["schemas"] {
            for (name, schema) in schemas {
                if case .string(let reference)? = schema["$ref"], Self.isFileReference(reference) {
                    names[Self.split(reference).file] = name
                }
            }
        }
    }

    /// A file some `$ref` names that is not inlined yet.
    mutating func nextUnresolvedFile() -> String? {
        var files: [String] = []
        Self.collectFiles(in: document, into: &files)
        guard let file = files.first(where: { !inlined.contains($0) }) else { return nil }
        if names[file] == nil { names[file] = Self.componentName(for: file, avoiding: Set(names.values)) }
        return file
    }

    /// Inlines `schema`, the text of `file`.
    mutating func inline(_ schema: JSONValue, from file: String) {
        inlined.insert(file)
        guard let name = names[file] else { return }
        var schema = schema
        if case .object(var members) = schema {
            _ = members.removeValue(forKey: "$schema")
            _ = members.removeValue(forKey: "$id")
            schema = .object(members)
        }
        schema = Self.rewrite(schema, localBase: "#/components/schemas/\(Self.escape(name))", file: file, names: names)
        guard case .object(var root) = document else { return }
        var components = root["components"]?.objectValue ?? JSONObject()
        var schemas = components["schemas"]?.objectValue ?? JSONObject()
        schemas[name] = schema
        components["schemas"] = .object(schemas)
        root["components"] = .object(components)
        document = .object(root)
    }

    /// The document with every file reference pointing inside it.
    func result() -> JSONValue {
        Self.rewrite(document, localBase: nil, file: nil, names: names)
    }

    // MARK: - Walking

    static func isFileReference(_ reference: String) -> Bool {
        !reference.hasPrefix("#") && !reference.contains("://") && !reference.isEmpty
    }

    static func split(_ reference: String) -> (file: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    private static func collectFiles(in value: JSONValue, into files: inout [String]) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                if key == "$ref", case .string(let reference) = member, isFileReference(reference) {
                    let file = split(reference).file
                    if !files.contains(file) { files.append(file) }
                } else {
                    collectFiles(in: member, into: &files)
                }
            }
        case .array(let elements):
            for element in elements { collectFiles(in: element, into: &files) }
        default:
            break
        }
    }

    /// Rewrites `$ref`s: to a file → into its component; `#…` inside an inlined file → under `localBase`.
    private static func rewrite(_ value: JSONValue, localBase: String?, file: String?, names: [String: String])
        -> JSONValue
    {
        switch value {
        case .object(let members):
            var out = JSONObject()
            for (key, member) in members {
                if key == "$ref", case .string(let reference) = member {
                    out[key] = .string(rewritten(reference, localBase: localBase, names: names))
                } else {
                    out[key] = rewrite(member, localBase: localBase, file: file, names: names)
                }
            }
            return .object(out)
        case .array(let elements):
            return .array(elements.map { rewrite($0, localBase: localBase, file: file, names: names) })
        default:
            return value
        }
    }

    private static func rewritten(_ reference: String, localBase: String?, names: [String: String]) -> String {
        if reference.hasPrefix("#") {
            guard let localBase else { return reference }
            return localBase + reference.dropFirst()
        }
        guard isFileReference(reference) else { return reference }
        let (file, fragment) = split(reference)
        guard let name = names[file] else { return reference }
        return "#/components/schemas/\(escape(name))" + fragment
    }

    /// `hive-actions.schema.json` → `HiveActions`.
    private static func componentName(for file: String, avoiding taken: Set<String>) -> String {
        let stem = file.split(separator: "/").last.map(String.init) ?? file
        let base = stem.split(separator: ".").first.map(String.init) ?? stem
        let name = base.split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var candidate = name.isEmpty ? "Schema" : name
        var suffix = 2
        while taken.contains(candidate) {
            candidate = name + String(suffix)
            suffix += 1
        }
        return candidate
    }

    /// A JSON Pointer token (`~` → `~0`, `/` → `~1`).
    private static func escape(_ token: String) -> String {
        var out = ""
        for character in token {
            switch character {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(character)
            }
        }
        return out
    }
}
