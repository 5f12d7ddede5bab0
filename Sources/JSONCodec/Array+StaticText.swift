extension Array where Element == UInt8 {
    /// Appends the UTF-8 of a literal (one copy; a `String.UTF8View` is appended through a generic path).
    @inline(__always)
    package mutating func append(literal text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
