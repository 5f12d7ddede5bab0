/// Tracks whether a byte-by-byte walk over JSON text is inside a string (escapes included), for the
/// scanners that work on raw bytes without parsing: the record splitter, the depth locator.
package struct JSONStringScanner: Sendable {
    /// True while the last byte advanced over was inside a string (after its opening quote).
    package private(set) var isInString = false
    private var isEscaped = false

    package init() {}

    /// Advances over `byte`; true when it belongs to a string, its quotes included.
    @inline(__always)
    package mutating func advance(_ byte: UInt8) -> Bool {
        if isInString {
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: "\"") {
                isInString = false
            }
            return true
        }
        if byte == UInt8(ascii: "\"") {
            isInString = true
            return true
        }
        return false
    }
}
