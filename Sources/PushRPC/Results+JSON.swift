import PushCore
import PushNormaliser

// The JSON forms of the facade's results: the `result` members of the methods' replies.

extension NormaliseResult {
    /// `{notification, format, evidence, diagnostics}`.
    var rpcResult: JSONValue {
        [
            "notification": notification.canonicalJSON,
            "format": .string(format),
            "evidence": .array(evidence.map(JSONValue.string)),
            "diagnostics": .array(diagnostics.map(\.jsonValue)),
        ]
    }
}

extension ValidationResult {
    /// `{valid, diagnostics, format?}` (`format` when the payload was read as one).
    var rpcResult: JSONValue {
        var object = JSONObject()
        object["valid"] = .bool(valid)
        object["diagnostics"] = .array(diagnostics.map(\.jsonValue))
        if let format { object["format"] = .string(format) }
        return .object(object)
    }
}

extension RenderResult {
    /// `{payload, headers, size, lost, diagnostics}`.
    var rpcResult: JSONValue {
        [
            "payload": payload,
            "headers": .object(headers),
            "size": .integer(Int64(size)),
            "lost": .array(lost.map(\.jsonValue)),
            "diagnostics": .array(diagnostics.map(\.jsonValue)),
        ]
    }
}

extension ConversionResult {
    /// `{payload, headers, size, from, lost, diagnostics}`, and `recipient` when the output is labelled.
    var rpcResult: JSONValue {
        var result = JSONObject()
        result["payload"] = payload
        result["headers"] = .object(headers)
        result["size"] = .integer(Int64(size))
        result["from"] = .string(from)
        result["lost"] = .array(lost.map(\.jsonValue))
        result["diagnostics"] = .array(diagnostics.map(\.jsonValue))
        if let recipient { result["recipient"] = recipient.jsonValue }
        return .object(result)
    }
}

extension [ConversionResult] {
    /// One message: its ``ConversionResult/rpcResult``. Several: `{from, messages: [rpcResult, …]}`, in order.
    var rpcResult: JSONValue {
        guard let first else { return ["messages": []] }
        if count == 1 { return first.rpcResult }
        return ["from": .string(first.from), "messages": .array(map(\.rpcResult))]
    }
}

extension FormatDescriptor {
    /// `{name, vendor, direction, delivered, summary, carries, kind}` (`kind`: `notification` or `catalogue`).
    ///
    /// `direction` is `["read", "write"]` for every registered format: ``PayloadAdapter`` requires both
    /// `normalise` and `render`. The member exists so a future one-way format can be described.
    func rpcResult(isCatalogue: Bool) -> JSONValue {
        [
            "name": .string(name),
            "vendor": .string(vendor),
            "direction": ["read", "write"],
            "delivered": .bool(isDelivered),
            "summary": .string(summary),
            "carries": .array(carries.map(JSONValue.string)),
            "kind": .string(isCatalogue ? "catalogue" : "notification"),
        ]
    }
}
