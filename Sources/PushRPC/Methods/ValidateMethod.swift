import JSONCodec
import PushCore
import PushNormaliser

/// `validate {payload, format = "auto"} | {notification} | {catalogue}; target?, options?, substitutions?` →
/// `{valid, diagnostics, format?}`.
///
/// A `catalogue` is a Hive action catalogue (`hive_push_actions.json`), as is a `payload` with format `hive-actions`.
///
/// Never an error for a bad payload or notification, nor for an unknown format: every problem, a
/// `payload` string that is not JSON included, is a diagnostic and `valid` is false. Only malformed
/// params (unknown keys, wrong types, both or neither of `payload` and `notification`) are -32602. With
/// `substitutions` the templates are rendered first and the rendered values are checked; a bad entry is -32602.
struct ValidateMethod: RPCMethod {
    let name = "validate"
    let params = ["payload", "format", "notification", "catalogue", "target", "options", "substitutions"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        if let catalogue = params.value("catalogue") {
            for other in ["payload", "notification", "format", "target", "substitutions"] where params.has(other) {
                throw .invalidParams([
                    Diagnostic(
                        .error, .rpcParamsConflict, at: JSONPointer(tokens: [other]),
                        "`catalogue` is validated on its own; `\(other)` does not apply")
                ])
            }
            return context.normaliser.validateCatalogue(catalogue).rpcResult
        }
        let target = try params.optionalString("target")
        var options = try params.options(defaults: context.defaultOptions)
        options.substitutions = try params.substitutions()
        switch (params.value("payload"), params.value("notification")) {
        case (nil, nil):
            throw .invalidParams([
                Diagnostic(.error, .rpcParamsMissing, at: .root, "give one of `payload`, `notification` or `catalogue`")
            ])
        case (.some, .some):
            throw .invalidParams([
                Diagnostic(
                    .error, .rpcParamsConflict, at: JSONPointer(tokens: ["notification"]),
                    "give either `payload` or `notification`, not both")
            ])
        case (let payload?, nil):
            let format = try params.string("format", default: "auto")
            if case .string(let text) = payload {
                return context.normaliser.validate(Array(text.utf8), format: format, target: target, options: options)
                    .rpcResult
            }
            return context.normaliser.validate(payload, format: format, target: target, options: options).rpcResult
        case (nil, let json?):
            if params.has("format") {
                throw .invalidParams([
                    Diagnostic(
                        .error, .rpcParamsConflict, at: JSONPointer(tokens: ["format"]),
                        "`format` names the format of a `payload`; a `notification` is canonical")
                ])
            }
            guard json.objectValue != nil else { throw RPCParams.wrongType("notification", "an object", json) }
            var diagnostics: [Diagnostic] = []
            guard let notification = PushNotification(canonical: json, diagnostics: &diagnostics) else {
                return ["valid": false, "diagnostics": .array(diagnostics.map(\.jsonValue))]
            }
            var result = context.normaliser.validate(notification: notification, target: target, options: options)
            result.diagnostics = diagnostics + result.diagnostics
            return result.rpcResult
        }
    }
}
