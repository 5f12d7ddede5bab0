import JSONCodec
package import PushCore

/// The JSON-RPC reference page, generated from the OpenRPC document (`rpc-spec/openrpc.json`, the declaration the
/// server's method table is checked against): each method with its params and result, then every error code.
extension OpenRPCDocument {
    /// The page (Markdown, a DocC article) for `document`, or nil when it has no `methods` array.
    package static func referencePage(_ document: JSONValue) -> String? {
        guard case .array(let methods)? = document["methods"] else { return nil }
        var lines = [
            "# JSON-RPC reference", "",
            "The methods of `pushnorm rpc`, their params (all by name) and results, and the error codes.", "",
            "Generated from `rpc-spec/openrpc.json` (which `rpc.discover` returns) by `make reference`. The protocol "
                + "(framing, batches, notifications, logging) is in <doc:JSONRPCProtocol>.",
            "", "## Methods", "",
            "| method | params | result |", "| --- | --- | --- |",
        ]
        for method in methods {
            let name = method["name"]?.stringValue ?? "?"
            var params: [String] = []
            if case .array(let items)? = method["params"] {
                for param in items {
                    let paramName = param["name"]?.stringValue ?? "?"
                    let required = param["required"] == .bool(true)
                    var text = "`\(paramName)`" + (required ? "" : "?")
                    if let value = param["schema"]?["default"] { text += " = `\(value.compactText)`" }
                    if let description = param["description"]?.stringValue { text += ": " + description }
                    params.append(text)
                }
            }
            let summary = method["summary"]?.stringValue ?? ""
            var result = method["result"]?["description"]?.stringValue ?? ""
            if let schema = method["result"]?["schema"] {
                // One shape, or each of a `oneOf` (convert: one message, or `{from, messages}`).
                let alternatives = schema["properties"] == nil ? schema["oneOf"]?.arrayValue ?? [schema] : [schema]
                let shapes = alternatives.compactMap { keys(of: $0, in: document) }
                if !shapes.isEmpty { result += " " + shapes.map { "`{\($0)}`" }.joined(separator: " or ") }
            }
            let paramsText = params.isEmpty ? "none" : params.joined(separator: "<br>")
            lines.append("| `\(name)`: \(summary) | \(paramsText) | \(result) |")
        }
        lines += ["", "## Error codes", "", "| code | name | meaning |", "| ---: | --- | --- |"]
        if case .object(let errors)? = document["components"]?["errors"] {
            for member in errors.members {
                let code = member.value["code"]?.compactText ?? "?"
                let message = member.value["message"]?.stringValue ?? ""
                lines.append("| \(code) | `\(member.key)` | \(message) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The property names of `schema` (following a local `$ref` into `document`), comma-separated; nil when it has
    /// none.
    private static func keys(of schema: JSONValue, in document: JSONValue) -> String? {
        var schema = schema
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#"),
            let pointer = JSONPointer(parsing: String(reference.dropFirst())),
            let target = pointer.resolve(in: document)
        {
            schema = target
        }
        guard case .object(let properties)? = schema["properties"] else { return nil }
        return properties.members.map(\.key).joined(separator: ", ")
    }
}
