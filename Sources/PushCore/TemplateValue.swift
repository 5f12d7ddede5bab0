/// Template values: a string holding a `{{…}}` placeholder (Pinpoint's and Handlebars' `{{User.UserAttributes.X}}`,
/// `{{Attributes.x}}`, helpers) is filled in by the sender, so a check of its final form (an absolute https URL, a
/// media type) does not apply to it: it is data, kept verbatim, and checked once rendered.
package enum TemplateValue {
    /// True when `text` holds a `{{` with a `}}` after it.
    package static func holdsPlaceholder(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(holdsPlaceholder(utf8:))
    }

    /// ``holdsPlaceholder(_:)-(String)`` of a text as the model holds it (its bytes read in place).
    package static func holdsPlaceholder(_ text: PushNotification.Text) -> Bool {
        text.withUTF8(holdsPlaceholder(utf8:))
    }

    /// ``holdsPlaceholder(_:)-(String)`` of UTF-8 `bytes`.
    private static func holdsPlaceholder(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let open = firstPair(of: UInt8(ascii: "{"), in: bytes, from: 0) else { return false }
        return firstPair(of: UInt8(ascii: "}"), in: bytes, from: open &+ 2) != nil
    }

    /// Where `byte` first appears twice in a row in `bytes`, from `start` on.
    private static func firstPair(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let last = bytes.count &- 1
        while index < last {
            if bytes[index] == byte && bytes[index &+ 1] == byte { return index }
            index &+= 1
        }
        return nil
    }
}

extension TemplateValue {
    /// One `{{…}}` of a text, as Handlebars (and so Pinpoint) reads it.
    package struct Placeholder: Sendable, Hashable {
        /// The placeholder as written, braces included (`{{User.UserAttributes.FirstName}}`).
        package var text: String
        /// The variable it names, when it is a plain variable (`User.UserAttributes.FirstName`, `Attributes.[Last
        /// Name]`), without a trailing list index; nil for a helper call, a block (`{{#if …}}`, `{{/if}}`,
        /// `{{else}}`), a partial (`{{> x}}`) or a comment (`{{! …}}`).
        package var variable: String?
        /// The list index of `{{Attributes.Tier.[1]}}` (attribute values are lists); 0 when none is written.
        package var index: Int
    }

    /// The placeholders of `text`, in order (`{{…}}` and `{{{…}}}`; an unclosed `{{` is text).
    package static func placeholders(in text: String) -> [Placeholder] {
        var found: [Placeholder] = []
        scan(text) { placeholder, _ in found.append(placeholder) }
        return found
    }

    /// `text` with every plain variable that `values` names replaced by its value (the value at the placeholder's
    /// list index, the first by default, as Pinpoint uses attribute lists), and the placeholders left verbatim:
    /// helpers, blocks, partials, comments, and variables with no value (or too short a list).
    ///
    /// Values are inserted as they are: no HTML escaping (a push title is not HTML).
    package static func render(_ text: String, values: [String: [String]]) -> (text: String, unrendered: [Placeholder])
    {
        guard holdsPlaceholder(text) else { return (text, []) }
        var out = ""
        var unrendered: [Placeholder] = []
        let end = scan(text) { placeholder, verbatim in
            out += verbatim
            if let name = placeholder.variable, let list = values[name] ?? values[unbracketed(name)],
                placeholder.index < list.count
            {
                out += list[placeholder.index]
            } else {
                out += placeholder.text
                unrendered.append(placeholder)
            }
        }
        out += end
        return (out, unrendered)
    }

    /// `name` without the brackets of its segments (`User.UserAttributes.[Last Name]` →
    /// `User.UserAttributes.Last Name`): the second spelling a value's name may have.
    private static func unbracketed(_ name: String) -> String {
        guard name.contains("[") else { return name }
        return name.filter { $0 != "[" && $0 != "]" }
    }

    /// Calls `visit` with each placeholder of `text` and the text before it (since the previous one); returns the
    /// text after the last.
    @discardableResult
    private static func scan(_ text: String, _ visit: (Placeholder, String) -> Void) -> String {
        let bytes = Array(text.utf8)
        var position = 0
        var copiedUpTo = 0
        let brace = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while position + 1 < bytes.count {
            guard bytes[position] == brace, bytes[position + 1] == brace else {
                position += 1
                continue
            }
            let triple = position + 2 < bytes.count && bytes[position + 2] == brace
            let innerStart = position + (triple ? 3 : 2)
            // The first `}}` (`}}}` for a triple) after the opening.
            var search = innerStart
            var innerEnd: Int?
            while search + 1 < bytes.count {
                if bytes[search] == close && bytes[search + 1] == close {
                    if !triple || (search + 2 < bytes.count && bytes[search + 2] == close) { innerEnd = search }
                    break
                }
                search += 1
            }
            guard let innerEnd else { break }
            let after = innerEnd + (triple ? 3 : 2)
            let inner = String(decoding: bytes[innerStart..<innerEnd], as: UTF8.self)
            let (variable, index) = variableName(inner)
            visit(
                Placeholder(
                    text: String(decoding: bytes[position..<after], as: UTF8.self), variable: variable, index: index),
                String(decoding: bytes[copiedUpTo..<position], as: UTF8.self))
            position = after
            copiedUpTo = after
        }
        return String(decoding: bytes[copiedUpTo...], as: UTF8.self)
    }

    /// The variable a placeholder's inside names, and its list index: dot-separated segments, each a name
    /// (letters, digits, `_`, `-`, `$`, `@`) or a bracketed one (`[Last Name]`), the last optionally `[n]`; `~`
    /// (whitespace control) and surrounding spaces are ignored. Nil for anything else (a helper call has a space
    /// between its name and arguments; a block, partial or comment starts with `#`, `/`, `^`, `>`, `!`, `&`, `*`).
    private static func variableName(_ inside: String) -> (String?, Int) {
        var text = Substring(inside)
        text = text.drop { $0 == " " || $0 == "~" }
        while let last = text.last, last == " " || last == "~" { text = text.dropLast() }
        guard let first = text.first, !"#/^>!&*=".contains(first), text != "else", text != "this" else {
            return (nil, 0)
        }
        var segments: [Substring] = []
        var rest = text
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let closing = rest.firstIndex(of: "]") else { return (nil, 0) }
                segments.append(rest[rest.startIndex...closing])
                rest = rest[rest.index(after: closing)...]
            } else {
                let name = rest.prefix { $0.isLetter || $0.isNumber || "_-$@".contains($0) }
                guard !name.isEmpty else { return (nil, 0) }
                segments.append(name)
                rest = rest.dropFirst(name.count)
            }
            if rest.isEmpty { break }
            guard rest.first == "." else { return (nil, 0) }
            rest = rest.dropFirst()
            if rest.isEmpty { return (nil, 0) }
        }
        var index = 0
        if segments.count > 1, let last = segments.last, last.hasPrefix("["),
            let number = Int(last.dropFirst().dropLast())
        {
            index = number
            segments.removeLast()
        }
        return (segments.joined(separator: "."), index)
    }
}
