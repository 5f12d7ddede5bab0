import JSONCodec
package import PushCore

/// JSON carried as a string inside a payload (SNS's `APNS`, Pinpoint's `RawContent`).
///
/// A JSON Pointer cannot point inside a string, so every finding about the embedded document is
/// located at the string's key, and its message says where inside the string it is.
package enum EmbeddedJSON {
    /// The JSON object held by `value`, the member `name` at `path`, which must be a string (the SNS platform keys):
    /// another type is an error (`describing` names what the string holds) and the member is kept as it was.
    package static func parseObject(
        in value: JSONValue, at path: JSONPointer, name: String, describing: String, context: inout NormaliseContext
    ) -> JSONObject? {
        guard case .string(let text) = value else {
            context.diagnostics.error(
                .wrongType, at: path,
                "`\(name)` must be a string holding \(describing), found \(value.typeName); kept as it was")
            return nil
        }
        return parseObject(text, at: path, name: name, context: &context)
    }

    /// Parses the JSON object in `text`, the string at `path`. Reports invalid JSON (with the line and
    /// column inside the string) and a non-object at `path`; nil then.
    package static func parseObject(
        _ text: String, at path: JSONPointer, name: String, context: inout NormaliseContext
    ) -> JSONObject? {
        let value: JSONValue
        do {
            value = try JSONParser().parse(text)
        } catch {
            context.diagnostics.error(
                .invalidJSON, at: path,
                "`\(name)` is not valid JSON: \(error.message) (\(error.kind.rawValue) at line \(error.line), "
                    + "column \(error.column) of the string)")
            return nil
        }
        guard case .object(let object) = value else {
            context.diagnostics.error(
                .notAnObject, at: path, "`\(name)` must hold a JSON object, found \(value.typeName)")
            return nil
        }
        return object
    }

    /// `message` prefixed with where inside the string `name` it is found (`in `name` at inside: message`), built
    /// in one buffer: the bytes appended, decoded once.
    private static func located(_ message: String, name: String, inside: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(message.utf8.count + name.utf8.count + inside.utf8.count + 11)
        bytes.append(contentsOf: "in `".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "` at ".utf8)
        bytes.append(contentsOf: inside.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: message.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Moves the findings and provenance of `inner` (a context that read the embedded document) into
    /// `context`, located at `path`; each message is prefixed with the location inside the string.
    package static func relocate(
        _ inner: NormaliseContext, to path: JSONPointer, name: String, into context: inout NormaliseContext
    ) {
        for diagnostic in inner.diagnostics {
            let location = diagnostic.path.description
            context.diagnostics.append(
                Diagnostic(
                    diagnostic.severity, diagnostic.code, at: path,
                    located(diagnostic.message, name: name, inside: location.isEmpty ? "/" : location)))
        }
        guard !inner.provenance.isEmpty else { return }
        for (field, _) in inner.provenance.sorted(by: { $0.key.description < $1.key.description }) {
            context.provenance[field] = path
        }
    }
}
