/// Template values: a string holding a `{{…}}` placeholder (Pinpoint's and Handlebars' `{{User.UserAttributes.X}}`,
/// `{{Attributes.x}}`, helpers) is filled in by the sender, so a check of its final form (an absolute https URL, a
/// media type) does not apply to it: it is data, kept verbatim, and checked once rendered.
package enum TemplateValue {
    /// True when `text` holds a `{{` with a `}}` after it.
    package static func holdsPlaceholder(_ text: String) -> Bool {
        var opened = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if !opened && previous == UInt8(ascii: "{") && byte == UInt8(ascii: "{") {
                opened = true
                previous = 0
                continue
            }
            if opened && previous == UInt8(ascii: "}") && byte == UInt8(ascii: "}") { return true }
            previous = byte
        }
        return false
    }
}
