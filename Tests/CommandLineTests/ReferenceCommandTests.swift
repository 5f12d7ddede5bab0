import JSONCodec
import PushCore
import PushNormaliser
import PushRPC
import PushTestSupport
import Testing

/// `pushnorm explain CODE` and `pushnorm options`: the catalogue and the option reference as an installed binary
/// prints them, from the same declarations as the documentation.
@Suite("Reference commands")
struct ReferenceCommandTests {
    @Test func explainPrintsTheEntryOfACode() throws {
        let run = try PushnormExecutable.run(["explain", "apns.badge.negative"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.output == """
                apns.badge.negative
                  severity: error
                  meaning:  `badge` is negative.
                  declared: APNsAdapter/APNsDiagnostics+Catalogue.swift

                """)
        #expect(run.stderr.isEmpty)
    }

    @Test func explainKnowsEveryCatalogueCodeAsJSON() throws {
        // One code per declaring module (a process per code would be slow), and a two-severity one.
        var modules = Set<String>()
        let sample = DiagnosticCatalogue.rpcServer.entries.filter { modules.insert($0.module).inserted }
        #expect(modules.count >= 8)
        for entry in sample + [try #require(DiagnosticCatalogue.standard.entry(for: .apnsFlagInvalid))] {
            let run = try PushnormExecutable.run(["explain", "--json", entry.code.rawValue])
            #expect(run.status == 0, "\(entry.code): \(run.stderr)")
            #expect(try JSONParser().parse(run.stdout) == entry.jsonValue, "\(entry.code)")
        }
    }

    @Test func explainOfAPrefixListsTheCodesUnderIt() throws {
        let run = try PushnormExecutable.run(["explain", "fcm.target"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("fcm.target.count  error") == true)
        #expect(lines.last?.hasPrefix("fcm.target.empty  error") == true)
    }

    @Test func explainOfAnUnknownCodeExitsOneWithASuggestion() throws {
        let run = try PushnormExecutable.run(["explain", "apns.badge.negtive"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains("unknown diagnostic code \"apns.badge.negtive\" (did you mean apns.badge.negative?)"))
    }

    @Test func explainWithoutACodeIsAUsageError() throws {
        let run = try PushnormExecutable.run(["explain"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("explain needs a diagnostic code"))
    }

    @Test func optionsListsEveryDeclaredOptionWithTypeDefaultAndFormats() throws {
        let run = try PushnormExecutable.run(["options", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        guard case .array(let items) = try JSONParser().parse(run.stdout) else {
            Issue.record("not an array: \(run.output)")
            return
        }
        let declared = FormatRegistry.standard.optionDeclarations
        #expect(items.map { $0["name"]?.stringValue } == declared.map(\.name))
        let placement = try #require(items.first { $0["name"] == "amazonMediaPlacement" })
        #expect(placement["type"] == "string: one of top, data, aps")
        #expect(placement["default"] == "top")
        #expect(placement["formats"] == .array(["sns", "amazon"]))
        let sendTime = try #require(items.first { $0["name"] == "sendTime" })
        // A campaign's messages read `TimeToLive` as a send's do.
        #expect(
            sendTime["default"] == .null && sendTime["formats"] == .array(["pinpoint-message", "pinpoint-campaign"]))
        #expect(sendTime["type"] == "integer ≥ 0")
    }

    @Test func optionsInTextNamesEachOptionWithItsDefault() throws {
        let run = try PushnormExecutable.run(["options"])
        #expect(run.status == 0)
        #expect(run.output.contains("hiveMediaKey\n  type:    string\n  default: \"imageUrl\"\n  formats: hive\n"))
        for option in FormatRegistry.standard.optionDeclarations {
            #expect(run.output.contains("\n\(option.name)\n") || run.output.hasPrefix(option.name + "\n"))
        }
    }
}
