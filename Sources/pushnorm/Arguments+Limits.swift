import JSONCodec
import PushNormaliser

extension Arguments {
    /// The JSON parser limits of `--max-bytes N` (default 1 MiB) and `--max-depth N` (default 128, at most 4096).
    func parser() throws(UsageError) -> JSONParser {
        JSONParser(
            maximumBytes: try int("--max-bytes") ?? JSONParser.defaultMaximumBytes,
            maximumDepth: try int("--max-depth") ?? JSONParser.defaultMaximumDepth)
    }

    /// A normaliser with the standard formats and the parser limits of ``parser()``.
    func normaliser() throws(UsageError) -> Normaliser {
        Normaliser(parser: try parser())
    }
}
