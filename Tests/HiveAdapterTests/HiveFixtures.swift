import PushTestSupport

/// Locating and loading this target's golden scenarios.
enum HiveFixtures {
    /// `Fixtures/<format>` next to this file.
    static func directory(_ format: String) -> String { Golden.fixturesDirectory() + "/" + format }

    /// The scenario folder names of one format.
    static func scenarios(_ format: String) -> [String] { Golden.scenarios(in: directory(format)) }
}
