import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pushnorm … --templates DIR` (issue 23): the push templates a Pinpoint campaign names, `DIR/Name.json` and
/// `DIR/Name/Version.json`, given to the `pinpointTemplates` option; without them the campaign says where its content
/// is.
@Suite
struct CommandLineCampaignTemplateTests {
    static let campaign = #"""
        {"SegmentId":"s","Schedule":{"StartTime":"IMMEDIATE"},"TemplateConfiguration":{"PushTemplate":{"Name":"sale","Version":"2"}}}
        """#
    static let template = #"""
        {"PushNotificationTemplateResponse":{"TemplateName":"sale","TemplateType":"PUSH","Version":"2","CreationDate":"2025-01-01T00:00:00.000Z","LastModifiedDate":"2025-01-01T00:00:00.000Z","APNS":{"Title":"Sale","Body":"30% off"},"GCM":{"Title":"Sale","Body":"30% off on Android"}}}
        """#

    /// A scratch directory holding `files` (paths relative to it), removed after `body`.
    static func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try body(directory)
    }

    @Test func aTemplateByNameAndVersionIsTheCampaignsContent() throws {
        let files = ["c.json": Self.campaign, "templates/sale/2.json": Self.template, "templates/other.json": "{}"]
        let run = try Self.withFiles(files) { directory in
            try PushnormExecutable.run(
                ["convert", "--from", "pinpoint-campaign", "--to", "fcm", "--templates", "templates", "c.json"],
                in: directory)
        }
        #expect(run.status == 0, "\(run.stderr)")
        let output = try JSONParser().parse(run.stdout)
        #expect(output["notification"]?["title"] == "Sale")
        #expect(output["android"]?["notification"]?["body"] == "30% off on Android")
    }

    @Test func withoutTheTemplatesTheCampaignSaysWhereItsContentIs() throws {
        let run = try PushnormExecutable.run(
            ["validate", "--format", "pinpoint-campaign"], input: Array(Self.campaign.utf8))
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        #expect(stdout.contains("pinpoint-campaign.template.missing"), "\(stdout)")
        #expect(stdout.contains("/TemplateConfiguration/PushTemplate"))
        // Converting one campaign says so on stderr, before its lost fields.
        let convert = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-campaign", "--to", "fcm"], input: Array(Self.campaign.utf8))
        #expect(convert.status == 0)
        #expect(
            convert.stderr.contains(
                "warning pinpoint-campaign.template.missing at /TemplateConfiguration/PushTemplate: the campaign's "
                    + "push content is in the push template `sale` version 2"), "\(convert.stderr)")
    }

    @Test func aBadTemplatesDirectoryIsAUsageError() throws {
        let files = ["c.json": Self.campaign, "empty/readme.txt": "no templates", "broken/sale.json": "{"]
        let (missing, empty, broken) = try Self.withFiles(files) { directory in
            (
                try PushnormExecutable.run(
                    ["normalise", "--format", "pinpoint-campaign", "--templates", "nowhere", "c.json"], in: directory),
                try PushnormExecutable.run(
                    ["normalise", "--format", "pinpoint-campaign", "--templates", "empty", "c.json"], in: directory),
                try PushnormExecutable.run(
                    ["normalise", "--format", "pinpoint-campaign", "--templates", "broken", "c.json"], in: directory)
            )
        }
        #expect(missing.status == 2 && missing.stderr.contains("--templates nowhere: not a directory"))
        #expect(empty.status == 2 && empty.stderr.contains("--templates empty: no template"))
        #expect(broken.status == 2 && broken.stderr.contains("--templates broken/sale.json:"), "\(broken.stderr)")
    }
}

/// `pushnorm convert --templates DIR` of a Pinpoint send request naming a push template (issue 23): its addresses fan
/// out over the template's content (the golden scenario `send-template` runs the same with `--options`).
@Suite
struct CommandLineSendTemplateTests {
    static let request = #"""
        {"ApplicationId":"a","MessageRequest":{"Addresses":{"tok1":{"ChannelType":"GCM"}},"TemplateConfiguration":{"PushTemplate":{"Name":"sale","Version":"2"}}}}
        """#

    @Test func aSendRequestsAddressesFanOutOverTheTemplateTheDirectoryGives() throws {
        let files = ["r.json": Self.request, "templates/sale/2.json": CommandLineCampaignTemplateTests.template]
        let run = try CommandLineCampaignTemplateTests.withFiles(files) { directory in
            try PushnormExecutable.run(
                ["convert", "--from", "pinpoint-message", "--to", "fcm", "--templates", "templates", "r.json"],
                in: directory)
        }
        #expect(run.status == 0, "\(run.stderr)")
        let output = try JSONParser().parse(run.stdout)
        let message = output["messages"]?.arrayValue?.first?["payload"]
        #expect(message?["token"] == "tok1")
        #expect(message?["android"]?["notification"]?["body"] == "30% off on Android")
    }
}
