import JSONCodec
import PushCore

/// A JSON value written into a page as indented text, with the members whose key is in `marking` wrapped in
/// `<mark class="lost">`.
enum JSONHTML {
    static func write(_ value: JSONValue, marking: Set<String>, into page: inout HTMLPage) {
        write(value, marking: marking, indent: 0, into: &page)
    }

    private static func write(_ value: JSONValue, marking: Set<String>, indent: Int, into page: inout HTMLPage) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .object(let object):
            guard !object.isEmpty else { return page.raw("{}") }
            page.raw("{\n")
            for (index, member) in object.members.enumerated() {
                page.raw(pad)
                let marked = marking.contains(member.key)
                if marked { page.raw("<mark class=\"lost\" title=\"lost\">") }
                page.text(quoted(member.key))
                page.raw(": ")
                write(member.value, marking: marking, indent: indent + 1, into: &page)
                if marked { page.raw("</mark>") }
                page.raw(index + 1 < object.count ? ",\n" : "\n")
            }
            page.raw(String(repeating: "  ", count: indent) + "}")
        case .array(let items):
            guard !items.isEmpty else { return page.raw("[]") }
            page.raw("[\n")
            for (index, item) in items.enumerated() {
                page.raw(pad)
                write(item, marking: marking, indent: indent + 1, into: &page)
                page.raw(index + 1 < items.count ? ",\n" : "\n")
            }
            page.raw(String(repeating: "  ", count: indent) + "]")
        case .string(let text): page.text(quoted(text))
        default: page.text(value.compactText)
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { JSONValue.string(text).compactText }
}
