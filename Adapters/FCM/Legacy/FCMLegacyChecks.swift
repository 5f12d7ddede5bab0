import JSONCodec
package import PushCore

/// The legacy send body's rules (as the legacy Admin SDK and the HTTP server reference state them): a target, string
/// data and notification values, reserved data keys, `registration_ids` 1 to 1000, `priority`, `time_to_live` 0 to
/// 28 days, the colour, and documented keys only.
package enum FCMLegacyChecks {
    package static func check(_ payload: JSONValue) -> [Diagnostic] {
        guard case .object(let root) = payload else { return [] }
        var out: [Diagnostic] = []
        let targets = ["to", "registration_ids", "condition"].filter { root[$0] != nil }
        if targets.count != 1 {
            out.error(
                .fcmTargetCount, at: .root,
                targets.isEmpty
                    ? "a legacy body needs one of to, registration_ids or condition; found none"
                    : "a legacy body takes one of to, registration_ids or condition; found \(targets.joined(separator: ", "))"
            )
        }
        if case .string(let to)? = root["to"] {
            if to.isEmpty {
                out.error(.fcmTargetEmpty, at: JSONPointer(tokens: ["to"]), "`to` must not be empty")
            } else if to.hasPrefix("/topics/") {
                let name = String(to.dropFirst("/topics/".count))
                if !FCMChecks.isTopicName(name) {
                    out.error(
                        .fcmTopicInvalid, at: JSONPointer(tokens: ["to"]),
                        "topic \"\(name)\" is empty or has characters outside [a-zA-Z0-9-_.~%]")
                }
            }
        }
        if case .string(let condition)? = root["condition"] {
            if condition.isEmpty {
                out.error(.fcmTargetEmpty, at: JSONPointer(tokens: ["condition"]), "`condition` must not be empty")
            } else {
                FCMChecks.checkCondition(condition, at: JSONPointer(tokens: ["condition"]), into: &out)
            }
        }
        if case .array(let tokens)? = root["registration_ids"], !(1...1000).contains(tokens.count) {
            out.error(
                .fcmTargetCount, at: JSONPointer(tokens: ["registration_ids"]),
                "registration_ids takes 1 to 1000 tokens, found \(tokens.count)")
        }
        if case .object(let data)? = root["data"] {
            FCMChecks.checkStringMap(data, at: JSONPointer(tokens: ["data"]), name: "data", into: &out)
            FCMChecks.checkReservedKeys(data, at: JSONPointer(tokens: ["data"]), into: &out)
        }
        if case .object(let notification)? = root["notification"] {
            let at = JSONPointer(tokens: ["notification"])
            for (key, value) in notification {
                switch value {
                case .string: continue
                case .array where key.hasSuffix("_loc_args"): continue
                default:
                    out.error(
                        .fcmMapNotString, at: at.appending(key),
                        "legacy notification values are strings; `\(key)` is \(value.typeName)")
                }
            }
            if case .string(let color)? = notification["color"], !FCMChecks.isColour(color) {
                out.error(
                    .fcmColorInvalid, at: at.appending("color"),
                    "notification.color must be #rrggbb, found \"\(color)\"")
            }
            for prefix in ["title", "body"]
            where notification["\(prefix)_loc_args"] != nil && notification["\(prefix)_loc_key"] == nil {
                out.error(
                    .fcmLocArgsWithoutKey, at: at.appending("\(prefix)_loc_args"),
                    "\(prefix)_loc_args needs \(prefix)_loc_key, which it fills in")
            }
        }
        if case .string(let priority)? = root["priority"], !["normal", "high"].contains(priority) {
            out.error(
                .fcmEnumInvalid, at: JSONPointer(tokens: ["priority"]),
                "priority must be \"normal\" or \"high\", found \"\(priority)\"")
        }
        if let ttl = root["time_to_live"]?.int64Value, !(0...FCMChecks.maximumTTLSeconds).contains(ttl) {
            out.error(
                .fcmTTLRange, at: JSONPointer(tokens: ["time_to_live"]),
                "time_to_live \(ttl) is outside 0 to \(FCMChecks.maximumTTLSeconds) seconds (28 days)")
        }
        for key in root.keys where !FCMLegacyAdapter.rootKeys.contains(key) {
            out.error(
                .fcmLegacyKeyUnknown, at: JSONPointer(tokens: [key]),
                "`\(key)` is not a legacy send key (\(key == "android" || key == "apns" || key == "message" ? "it is an HTTP v1 field: use --format fcm" : "FCM rejects or ignores it"))"
            )
        }
        let size = JSONWriter.compactSize(of: payload)
        if size > FCMChecks.maximumMessageBytes {
            out.error(
                .fcmMessageTooLarge, at: .root,
                "the body is \(size) bytes, \(size - FCMChecks.maximumMessageBytes) over FCM's limit of \(FCMChecks.maximumMessageBytes)"
            )
        }
        return out
    }
}
