package import JSONCodec
package import PushCore

/// A notification read from a borrowed document by a format's wire table, lent by
/// ``WireFormat/withWireRead(_:root:options:_:)`` and valid only inside its closure: the modelled fields as values,
/// everything unmodelled (custom data, a vendor's kept object) as nodes of the parser's own output, written to the
/// output verbatim (minified) and never turned into ``JSONValue``.
package struct WireNotification {
    /// The modelled fields. `data` and `extensions` stay empty: they are ``data`` and ``kept``.
    package var model = PushNotification()
    /// The input document.
    package var document: BorrowedDocument
    /// Custom data: members of the input's root, in order.
    package var data: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)] = []
    /// Unmodelled vendor values kept under `extensions.<namespace>.<key>`, in order.
    package var kept: [Kept] = []
    /// Input locations of canonical fields whose location is not the obvious one (`media` read from ZEGO's
    /// `payload`), for locating render findings.
    package var provenance: [(field: String, input: JSONPointer)] = []
    /// Findings of the read, located in the input: only those the format's adapter reports for the same payload
    /// (SNS's info that a media URL was read from its `APNS` string); the conversion's findings start with them.
    package var diagnostics: [Diagnostic] = []

    /// An object kept as `extensions.<namespace>.<key>`: its members, in `document` (which may be a document
    /// parsed from a string of the input).
    package struct Kept {
        package var namespace: String
        package var key: String
        package var document: BorrowedDocument
        package var members: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]

        package init(
            namespace: String, key: String, document: BorrowedDocument,
            members: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]
        ) {
            self.namespace = namespace
            self.key = key
            self.document = document
            self.members = members
        }
    }

    package init(document: BorrowedDocument) { self.document = document }

    /// True when custom data has a member named `key`.
    package func dataHas(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { utf8 in
            data.contains { BorrowedDocument.equal(document.stringBytes($0.key), utf8) }
        }
    }

    /// Writes the custom data members.
    package func writeData(to out: inout CompactOutput) { Self.write(data, of: document, to: &out) }

    /// Writes members of `document`.
    package static func write(
        _ data: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)], of document: BorrowedDocument,
        to out: inout CompactOutput
    ) {
        for member in data {
            out.key(bytes: document.stringBytes(member.key))
            out.value(member.value, of: document)
        }
    }

    /// Writes the custom data members, each preceded by a comma.
    package func writeData(into out: inout [UInt8]) {
        for member in data {
            out.append(UInt8(ascii: ","))
            JSONWriter.writeString(bytes: document.stringBytes(member.key), into: &out)
            out.append(UInt8(ascii: ":"))
            document.writeCompact(member.value, into: &out)
        }
    }
}

/// A format that reads and writes through its wire table over a borrowed document, without ``JSONValue``.
///
/// Both directions are partial: a format reads only what its table models without findings, and writes only
/// what it can write exactly as its adapter would; anything else returns nil / false, and the facade uses the
/// adapter (``PayloadAdapter``), which is the reference. `WireEngineTests` holds the two to the same bytes,
/// losses and findings on every fixture and corpus record.
package protocol WireFormat: PayloadAdapter {
    /// Reads the payload at `root` (the document's value, or a member of an enclosing message) and lends the
    /// notification to `body`, in which alone it is valid: it holds nodes of `document` and of any document the
    /// format parses from a string of it (ZEGO's `payload`), which lives only for this call. False, without
    /// calling `body`, when the payload needs the adapter (a finding, an unmodelled shape). (`inout` only so that the
    /// notification is lent in place, never copied.)
    func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool

    /// Writes `wire` compactly into `out` (appending); records explained losses and findings in `context` as
    /// ``render(_:context:)`` does. False (with `out` unchanged) when the adapter must render it.
    func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool

    /// True when custom data uses a key this format reads itself (see ``PayloadAdapter/dataCollides(_:options:)``).
    func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool

    /// False for a format that is only written through its table (its ``withWireRead(_:root:options:_:)`` declines
    /// every payload): the engine then does not parse a payload of it for nothing.
    var readsThroughWire: Bool { get }

    /// The vendor namespaces (`extensions.<namespace>`) whose loss this format's adapter explains itself when it renders
    /// a notification holding them (hive's reason for hive-local's keys): a notification the adapters read with such
    /// values is left to the adapter, since the table writes only what its own reader hands over.
    var explainedNamespaces: [String] { get }

    /// True when ``PayloadAdapter/carriedPart(of:options:)`` with `options` only narrows what the descriptor's carried
    /// fields keep (``PushCore/PushNotification/keeping(_:)-(CarriedFields)``): it never holds a top-level field or a
    /// vendor key they do not name. The engine then tells the loss of a field the target does not carry without
    /// building the declared part. Default false (the declared part is built and compared).
    func carriedPartOnlyNarrows(_ options: FormatOptions) -> Bool
}

extension WireFormat {
    package var readsThroughWire: Bool { true }
    package var explainedNamespaces: [String] { [] }
    package func carriedPartOnlyNarrows(_ options: FormatOptions) -> Bool { false }
}
