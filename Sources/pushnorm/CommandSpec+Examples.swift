/// The EXAMPLES section of each command's help (and of `pushnorm --help`): commands a reader can paste, with
/// their own file names.
extension CommandSpec {
    static let examples: [String: [String]] = [
        "overview": [
            #"echo '{"aps":{"alert":"hi","badge":1}}' | pushnorm normalise"#,
            "pushnorm convert --from zego --to amazon --report-loss payload.json",
            "pushnorm validate --format fcm message.json",
            "pushnorm explain apns.badge.negative",
        ],
        "normalise": [
            #"echo '{"aps":{"alert":"hi","badge":1}}' | pushnorm normalise"#,
            "pushnorm normalise --format hive --full --pretty push.json",
        ],
        "validate": [
            "pushnorm validate --format fcm message.json",
            "pushnorm validate --target zego-push-config payload.json",
            "pushnorm validate --records --jobs 4 payloads.ndjson > results.ndjson",
            "pushnorm validate --format fcm --summary summary.json --report report.html messages.ndjson",
        ],
        "render": [
            #"echo '{"schemaVersion":1,"title":"Hi","body":"there"}' | pushnorm render --format fcm --pretty"#
        ],
        "convert": [
            "pushnorm convert --from zego --to amazon --report-loss payload.json",
            "pushnorm convert --to fcm --errors failed.ndjson -o out.ndjson in.ndjson",
            "pushnorm convert --from pinpoint-message --to apns --options options.json -o out/ campaigns/",
            "pushnorm convert --from zego --to amazon --summary summary.json --report report.html -o out.ndjson in.ndjson",
            "pushnorm convert --from pinpoint-template --to fcm --substitutions values.json template.json",
        ],
        "variables": ["pushnorm variables --pretty template.json"],
        "report": ["pushnorm report -o report.html summary.json"],
        "formats": ["pushnorm formats"],
        "explain": ["pushnorm explain apns.badge.negative", "pushnorm explain fcm.target"],
        "options": ["pushnorm options", "pushnorm options --json"],
        "rpc": [
            #"echo '{"jsonrpc":"2.0","id":1,"method":"formats"}' | pushnorm rpc"#,
            "pushnorm rpc --options defaults.json --log-level info",
        ],
        "help": ["pushnorm help convert"],
    ]

    /// `EXAMPLES` and the lines of `name`'s examples, or nothing when it has none.
    static func examplesSection(_ name: String) -> String {
        guard let lines = examples[name], !lines.isEmpty else { return "" }
        return "\nEXAMPLES\n" + lines.map { "  \($0)\n" }.joined()
    }
}
