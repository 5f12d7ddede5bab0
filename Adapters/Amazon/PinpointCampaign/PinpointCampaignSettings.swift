import JSONCodec
import PushCore

private typealias W = PinpointCampaignWire

/// The checks of a campaign's settings that are not content (botocore pinpoint 2016-12-01 `CampaignLimits`,
/// `CampaignHook`, `Schedule`, `QuietTime`, `CampaignEventFilter`), each finding at its member. The settings are kept
/// verbatim whatever they hold (`extensions.amazon.pinpointCampaign.campaign`) and written back; other formats lose
/// them, with their reason.
enum PinpointCampaignSettings {
    // MARK: - Limits

    /// `Limits`: integers, within what botocore's documentation states.
    static func checkLimits(_ limits: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        for (key, value) in limits {
            let at = path.appending(key)
            guard let line = W.limitRanges.first(where: { $0.key == key }) else {
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at,
                    "`\(key)` is not a `Limits` key (Daily, MaximumDuration, MessagesPerSecond, Total, Session); kept")
                continue
            }
            guard case .integer(let number) = value else {
                context.diagnostics.error(
                    .wrongType, at: at, "`\(key)` must be an integer, found \(value.typeName); kept as it was")
                continue
            }
            let range = line.range ?? 0...Int64.max
            if !range.contains(number) || number < 0 {
                context.diagnostics.warning(
                    .pinpointCampaignLimitsInvalid, at: at,
                    "`\(key)` is \(number); botocore's CampaignLimits documents it \(line.stated); kept as it is")
            }
        }
    }

    // MARK: - Hook

    /// `Hook`: a `Mode` of `FILTER` or (deprecated) `DELIVERY`, a Lambda function or an https web URL.
    static func checkHook(_ hook: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        for (key, value) in hook {
            let at = path.appending(key)
            guard W.hookKeys.contains(key) else {
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at,
                    "`\(key)` is not a `Hook` key (LambdaFunctionName, Mode, WebUrl); kept")
                continue
            }
            guard case .string(let text) = value else {
                context.diagnostics.error(
                    .wrongType, at: at, "`\(key)` must be a string, found \(value.typeName); kept as it was")
                continue
            }
            switch key {
            case "Mode" where !W.hookModes.contains(text):
                context.diagnostics.error(
                    .pinpointCampaignHookInvalid, at: at,
                    "`Mode` must be FILTER or DELIVERY, found \"\(text)\"; kept as it is")
            case "Mode" where text == "DELIVERY":
                context.diagnostics.warning(
                    .pinpointCampaignHookInvalid, at: at,
                    "the DELIVERY mode is deprecated and no longer supported (botocore CampaignHook.Mode): a custom "
                        + "channel is CustomDeliveryConfiguration with a CustomMessage; kept as it is")
            case "WebUrl" where !text.lowercased().hasPrefix("https://"):
                context.diagnostics.warning(
                    .pinpointCampaignHookInvalid, at: at,
                    "Pinpoint calls the `WebUrl` over HTTPS (botocore CampaignHook.WebUrl); this one is not https: "
                        + "kept as it is")
            default:
                break
            }
        }
        if hook["LambdaFunctionName"] == nil && hook["WebUrl"] == nil && !hook.isEmpty {
            context.diagnostics.warning(
                .pinpointCampaignHookInvalid, at: path,
                "a `Hook` names the function Pinpoint invokes (`LambdaFunctionName` or `WebUrl`); this one names "
                    + "neither")
        }
    }

    // MARK: - Schedule

    /// `Schedule` (its required `StartTime` is checked by the reader): the members' types and values.
    static func checkSchedule(_ schedule: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        for (key, value) in schedule {
            let at = path.appending(key)
            guard W.scheduleKeys.contains(key) else {
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at,
                    "`\(key)` is not a `Schedule` key (\(W.scheduleKeys.sorted().joined(separator: ", "))); kept")
                continue
            }
            switch key {
            case "IsLocalTime":
                if value.boolValue == nil {
                    context.diagnostics.error(
                        .wrongType, at: at, "`IsLocalTime` must be a boolean, found \(value.typeName); kept as it was")
                }
            case "QuietTime":
                checkQuietTime(value, at: at, context: &context)
            case "EventFilter":
                checkEventFilter(value, at: at, context: &context)
            default:
                guard case .string(let text) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be a string, found \(value.typeName); kept as it was")
                    continue
                }
                // A time zone applies with local times only (botocore Schedule.Timezone); AWS's own get-campaign
                // example has `"Timezone": "utc"` beside `IsLocalTime: false`.
                if key == "Timezone" && schedule["IsLocalTime"]?.boolValue != true { continue }
                checkScheduleString(key, text, at: at, context: &context)
            }
        }
        if schedule["Frequency"]?.stringValue == "EVENT", schedule["EventFilter"] == nil {
            context.diagnostics.warning(
                .pinpointCampaignScheduleInvalid, at: path,
                "an EVENT schedule is sent when an event occurs: it needs its `EventFilter` (botocore Schedule)")
        }
    }

    /// `StartTime`, `EndTime`, `Frequency`, `Timezone`.
    private static func checkScheduleString(
        _ key: String, _ text: String, at path: JSONPointer, context: inout NormaliseContext
    ) {
        switch key {
        case W.startTime where text != "IMMEDIATE" && !isISO8601(text):
            context.diagnostics.warning(
                .pinpointCampaignScheduleInvalid, at: path,
                "`StartTime` is `IMMEDIATE` or an ISO 8601 time (`2026-05-01T09:00:00Z`), found \"\(text)\"")
        case "EndTime" where !isISO8601(text):
            context.diagnostics.warning(
                .pinpointCampaignScheduleInvalid, at: path,
                "`EndTime` is an ISO 8601 time (`2026-05-31T09:00:00Z`), found \"\(text)\"")
        case "Frequency" where !W.frequencies.contains(text):
            context.diagnostics.error(
                .pinpointCampaignScheduleInvalid, at: path,
                "`Frequency` must be one of \(W.frequencies.sorted().joined(separator: ", ")), found \"\(text)\"; kept")
        case "Timezone" where !W.timezones.contains(text.uppercased()):
            context.diagnostics.warning(
                .pinpointCampaignScheduleInvalid, at: path,
                "`Timezone` is a UTC offset from botocore's list (`UTC`, `UTC+01`, `UTC-05`, `UTC+05:30`, …), found "
                    + "\"\(text)\"")
        default:
            break
        }
    }

    /// `QuietTime`: `Start` and `End` in 24-hour `HH:MM`.
    private static func checkQuietTime(_ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext) {
        guard case .object(let quiet) = value else {
            context.diagnostics.error(
                .wrongType, at: path, "`QuietTime` must be an object, found \(value.typeName); kept as it was")
            return
        }
        for (key, item) in quiet {
            let at = path.appending(key)
            guard key == "Start" || key == "End" else {
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at, "`\(key)` is not a `QuietTime` key (Start, End); kept")
                continue
            }
            guard case .string(let text) = item else {
                context.diagnostics.error(
                    .wrongType, at: at, "`\(key)` must be a string, found \(item.typeName); kept as it was")
                continue
            }
            if !isHourMinute(text) {
                context.diagnostics.warning(
                    .pinpointCampaignScheduleInvalid, at: at,
                    "a quiet time is 24-hour `HH:MM` (`02:30`, `14:30`), found \"\(text)\"")
            }
        }
    }

    /// `EventFilter`: `FilterType` `SYSTEM` or `ENDPOINT` and `Dimensions`, both required.
    private static func checkEventFilter(_ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext) {
        guard case .object(let filter) = value else {
            context.diagnostics.error(
                .wrongType, at: path, "`EventFilter` must be an object, found \(value.typeName); kept as it was")
            return
        }
        for key in ["FilterType", "Dimensions"] where filter[key] == nil {
            context.diagnostics.warning(
                .pinpointCampaignScheduleInvalid, at: path, "an `EventFilter` needs its `\(key)` (required)")
        }
        if let type = filter["FilterType"], !(type.stringValue.map(W.filterTypes.contains) ?? false) {
            context.diagnostics.error(
                .pinpointCampaignScheduleInvalid, at: path.appending("FilterType"),
                "`FilterType` must be SYSTEM or ENDPOINT, found \(type.compactText); kept")
        }
        if let dimensions = filter["Dimensions"], dimensions.objectValue == nil {
            context.diagnostics.error(
                .wrongType, at: path.appending("Dimensions"),
                "`Dimensions` must be an object, found \(dimensions.typeName); kept as it was")
        }
    }

    // MARK: - Time formats

    /// 24-hour `HH:MM`.
    static func isHourMinute(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let hour = number(bytes[0..<2]),
            let minute = number(bytes[3..<5])
        else { return false }
        return hour < 24 && minute < 60
    }

    /// An ISO 8601 date (`2026-05-01`) or date and time (`2026-05-01T09:00`, with seconds, a fraction and a zone
    /// `Z` or `±HH:MM` optional).
    static func isISO8601(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, number(bytes[0..<4]) != nil, bytes[4] == UInt8(ascii: "-"),
            let month = number(bytes[5..<7]), (1...12).contains(month), bytes[7] == UInt8(ascii: "-"),
            let day = number(bytes[8..<10]), (1...31).contains(day)
        else { return false }
        if bytes.count == 10 { return true }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes.count >= 16,
            isHourMinute(String(decoding: bytes[11..<16], as: UTF8.self))
        else { return false }
        var index = 16
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= bytes.count, let second = number(bytes[(index + 1)..<(index + 3)]), second < 61 else {
                return false
            }
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > start else { return false }
            }
        }
        if index == bytes.count { return true }
        if bytes[index] == UInt8(ascii: "Z") { return index + 1 == bytes.count }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count == index + 6 else {
            return false
        }
        return isHourMinute(String(decoding: bytes[(index + 1)..<(index + 6)], as: UTF8.self))
    }

    /// The decimal number the ASCII digits `digits` spell; nil for anything else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }
}
