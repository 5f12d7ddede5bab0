import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// A campaign's `Limits`, `Hook` and `Schedule` checked against botocore's `CampaignLimits`, `CampaignHook` and
/// `Schedule` (`PinpointCampaignSettings.swift`), each finding at its member, the values kept verbatim and written
/// back, and lost with their reason by other formats. Golden: `Fixtures/pinpoint-campaign/settings-invalid`.
@Suite("pinpoint-campaign: Limits, Hook and Schedule")
struct PinpointCampaignSettingsTests: AdapterProbing {
    let adapter = PinpointCampaignAdapter()

    /// The findings of a campaign with `settings` beside a minimal message.
    func findings(_ settings: String) throws -> [String] {
        let text = #"{"MessageConfiguration":{"APNSMessage":{"Title":"t"}},"SegmentId":"s",\#(settings)}"#
        let (n, diagnostics) = try read(text)
        #expect(rendered(n).0 == (try JSONValue(parsing: text)), "kept verbatim and written back")
        return codes(diagnostics)
    }

    @Test func limitsAreIntegersWithinWhatBotocoreDocuments() throws {
        #expect(
            try findings(
                #""Schedule":{"StartTime":"IMMEDIATE"},"Limits":{"Daily":0,"MaximumDuration":60,"MessagesPerSecond":20000,"Total":100,"Session":3}"#
            ).isEmpty)
        #expect(
            try findings(
                #""Schedule":{"StartTime":"IMMEDIATE"},"Limits":{"Daily":101,"MaximumDuration":59,"MessagesPerSecond":20001,"Total":-1,"Session":-2,"Hourly":1,"Daily2":"x"}"#
            ) == [
                "pinpoint-campaign.limits.invalid /Limits/Daily",
                "pinpoint-campaign.limits.invalid /Limits/MaximumDuration",
                "pinpoint-campaign.limits.invalid /Limits/MessagesPerSecond",
                "pinpoint-campaign.limits.invalid /Limits/Total",
                "pinpoint-campaign.limits.invalid /Limits/Session", "pinpoint-campaign.key.unknown /Limits/Hourly",
                "pinpoint-campaign.key.unknown /Limits/Daily2",
            ])
        #expect(
            try findings(#""Schedule":{"StartTime":"IMMEDIATE"},"Limits":{"Daily":"5"}"#)
                == ["core.type.mismatch /Limits/Daily"])
        #expect(try findings(#""Schedule":{"StartTime":"IMMEDIATE"},"Limits":[]"#) == ["core.type.mismatch /Limits"])
    }

    @Test func aHookNamesAFunctionInFilterMode() throws {
        let schedule = #""Schedule":{"StartTime":"IMMEDIATE"},"#
        #expect(try findings(schedule + #""Hook":{"LambdaFunctionName":"segment-filter","Mode":"FILTER"}"#).isEmpty)
        #expect(
            try findings(schedule + #""Hook":{"Mode":"SEND","WebUrl":"https://x.example"}"#)
                == ["pinpoint-campaign.hook.invalid /Hook/Mode"])
        let (_, diagnostics) = try read(
            #"{"MessageConfiguration":{"APNSMessage":{"Title":"t"}},"Schedule":{"StartTime":"IMMEDIATE"},"Hook":{"Mode":"SEND"}}"#
        )
        #expect(diagnostics.first { $0.path == JSONPointer(tokens: ["Hook", "Mode"]) }?.severity == .error)
        #expect(
            try findings(schedule + #""Hook":{"Mode":"DELIVERY"}"#)
                == ["pinpoint-campaign.hook.invalid /Hook/Mode", "pinpoint-campaign.hook.invalid /Hook"])
        #expect(
            try findings(schedule + #""Hook":{"WebUrl":"http://x.example","Timeout":3}"#)
                == ["pinpoint-campaign.hook.invalid /Hook/WebUrl", "pinpoint-campaign.key.unknown /Hook/Timeout"])
    }

    @Test func aScheduleHasBotocoresValues() throws {
        #expect(
            try findings(
                #""Schedule":{"StartTime":"2026-05-01T09:00:00.000Z","EndTime":"2026-05-31T09:00:00+02:00","Frequency":"WEEKLY","IsLocalTime":true,"Timezone":"UTC+05:30","QuietTime":{"Start":"22:00","End":"07:30"}}"#
            ).isEmpty)
        #expect(
            try findings(
                #""Schedule":{"StartTime":"now","EndTime":"2026-13-01","Frequency":"YEARLY","IsLocalTime":"yes","QuietTime":{"Start":"24:00"}}"#
            ) == [
                "pinpoint-campaign.schedule.invalid /Schedule/StartTime",
                "pinpoint-campaign.schedule.invalid /Schedule/EndTime",
                "pinpoint-campaign.schedule.invalid /Schedule/Frequency", "core.type.mismatch /Schedule/IsLocalTime",
                "pinpoint-campaign.schedule.invalid /Schedule/QuietTime/Start",
            ])
        #expect(
            try findings(#""Schedule":{"StartTime":"IMMEDIATE","Frequency":"EVENT"}"#)
                == ["pinpoint-campaign.schedule.invalid /Schedule"])
        #expect(
            try findings(
                #""Schedule":{"StartTime":"IMMEDIATE","Frequency":"EVENT","EventFilter":{"FilterType":"USER","Dimensions":{}}}"#
            ) == ["pinpoint-campaign.schedule.invalid /Schedule/EventFilter/FilterType"])
        // AWS's own get-campaign example: a time zone without local time is not checked.
        #expect(try findings(#""Schedule":{"StartTime":"IMMEDIATE","IsLocalTime":false,"Timezone":"utc"}"#).isEmpty)
    }

    @Test func anotherFormatLosesTheSettingsWithTheirReason() throws {
        let reasons = PinpointCampaignAdapter()
        let limits = reasons.reasonOthersLose(
            JSONPointer(tokens: ["extensions", "amazon", "pinpointCampaign", "campaign", "Limits", "Daily"]))
        let hook = reasons.reasonOthersLose(
            JSONPointer(tokens: ["extensions", "amazon", "pinpointCampaign", "campaign", "Hook", "Mode"]))
        #expect(limits?.contains("sending limits") == true)
        #expect(hook?.contains("Lambda hook") == true)
    }
}
