import CSimdjson

/// The cost floor the benchmarks compare against: simdjson parsing plus minifying the same bytes,
/// with no Swift values built. For `pushnorm-bench` only; not part of the product surface.
///
/// The corresponding C function is `csimdjson_parse_and_minify` (CSimdjson.h).
package enum SimdjsonFloor {
    /// Parses `bytes` with simdjson's DOM parser and minifies the document.
    ///
    /// - Returns: the minified length, or `nil` when simdjson rejects the input.
    package static func parseAndMinify(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var out: UnsafePointer<UInt8>?
        let length = csimdjson_parse_and_minify(base, bytes.count, &out)
        return length < 0 ? nil : length
    }
}
