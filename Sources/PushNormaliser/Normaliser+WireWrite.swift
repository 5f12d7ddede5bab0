import JSONCodec
import PushCore
import WireTables

extension Normaliser {
    /// What ``wireWrite(_:to:options:)`` wrote: the payload's compact bytes, its declared losses and its findings
    /// (located in the canonical model, as ``write(_:format:options:)`` gives them).
    struct ModelWrite {
        var bytes: [UInt8]
        var lost: [LostField]
        /// True when the target does not carry everything the notification holds (said even when `lost` was not
        /// built).
        var lossy: Bool
        var diagnostics: [Diagnostic]
    }

    /// Writes a notification that was read into the model (by a format not yet read through its table, or one
    /// recipient's message of a send request) with the target's wire table, as the engine writes one it read itself:
    /// no ``JSONValue`` payload is built and nothing is checked on the rendering. Its custom data are parsed once into a
    /// borrowed document, so the table writes them as it writes a read document's. The losses are the ones
    /// ``write(_:format:options:)`` declares (the same model compared with what the target declares it carries, with
    /// the reasons the writer gave), and a format without rules of its own is checked by the platforms' rules as
    /// there.
    ///
    /// Nil, for the adapter to render, whenever the result could differ from the adapter's: the target has no wire
    /// writer, or declines the notification; custom data collides with the target's keys (only reading back tells what
    /// it became); the notification keeps values of a vendor namespace the target carries any of, or whose loss its
    /// adapter explains (the writers write kept values only as their own reader hands them over); a loss is explained
    /// inside a custom data member.
    ///
    /// `lostFields` false: the losses' paths are not built, only ``ModelWrite/lossy`` tells whether there are any.
    func wireWrite(
        _ n: consuming PushNotification, to: String, options: FormatOptions, lostFields: Bool = true
    ) -> ModelWrite? {
        guard let target = registry.wireFormat(named: to) else { return nil }
        var n = n
        return wireWrite(&n, target: target, options: options, lostFields: lostFields, beside: nil, sizeHint: 0)
    }

    /// ``wireWrite(_:to:options:lostFields:)`` with the target looked up before, of a notification lent in place
    /// (a recipient's, where it is in its array: nothing moved out or copied) and given back as it was. `beside`: a
    /// document that lives through the call (the request a send format's recipients were read from), which the wire
    /// notification is given when the notification has no custom data, instead of a document parsed from `{}`.
    /// `sizeHint`: the size of the input the notification was read from (0 when not known): the payload is given that
    /// much room up front (at least 512 bytes, and its custom data's size and 512 more), so that it is not copied as it
    /// grows.
    func wireWrite(
        _ model: inout PushNotification, target: WireEntry, options: FormatOptions, lostFields: Bool,
        beside: BorrowedDocument?, sizeHint: Int
    ) -> ModelWrite? {
        guard !target.format.dataCollides(model, options: options) else { return nil }
        let fields = target.descriptor.carriedFields
        // A namespace the target carries any of, or whose loss its adapter explains (hive-local's keys into hive), is
        // the adapter's.
        for (namespace, _) in model.extensions
        where fields.carriesAny(of: namespace) || target.format.explainedNamespaces.contains(namespace) {
            return nil
        }
        // The wire notification's model holds neither: they are moved aside (not copied with the model) and put
        // back for the losses.
        var data = JSONObject()
        var extensions = JSONObject()
        swap(&data, &model.data)
        swap(&extensions, &model.extensions)
        var written: (bytes: [UInt8], context: RenderContext)?
        if data.isEmpty, let beside {
            written = Self.wireWrite(
                &model, within: beside, data: false, reserving: max(512, sizeHint), target: target, options: options)
        } else {
            // The custom data as a document, written into the thread's scratch and parsed there: `{}` when there
            // are none (the notification needs one all the same).
            _ = parser.withBorrowedDocument(of: .object(data)) { document, size in
                written = Self.wireWrite(
                    &model, within: document, data: true, reserving: max(size + 512, sizeHint), target: target,
                    options: options)
            }
        }
        swap(&data, &model.data)
        swap(&extensions, &model.extensions)
        // Taken out of the optional (binding it copied the payload and its context, destroyed after).
        guard let (out, context) = written.take() else { return nil }
        var result = ModelWrite(bytes: out, lost: [], lossy: false, diagnostics: context.diagnostics)
        if lostFields {
            result.lost = declaredLosses(model, adapter: target.format, context: context)
            result.lossy = !result.lost.isEmpty
        } else {
            result.lossy = hasDeclaredLoss(model, target: target, context: context)
        }
        if !target.checksItself {
            result.diagnostics += platformOutputFindings(
                of: target.format, size: result.bytes.count, notification: model, rendering: context)
        }
        return result
    }

    /// Writes `model` (lent to the wire notification and given back) with the target's table, the custom data those
    /// of `document`'s root (none when `data` is false), into a payload with room for `reserving` bytes: the payload
    /// and the rendering's context, or nil when the
    /// target declines it or a loss is explained inside a custom data member. (A function of its own, not a nested
    /// one: what a nested function captures and changes is kept on the heap.)
    private static func wireWrite(
        _ model: inout PushNotification, within document: BorrowedDocument, data: Bool, reserving: Int,
        target: WireEntry, options: FormatOptions
    ) -> (bytes: [UInt8], context: RenderContext)? {
        var wire = WireNotification(document: document)
        if data { wire.data.append(contentsOf: document.members(document.root)) }
        swap(&wire.model, &model)
        defer { swap(&wire.model, &model) }
        guard !target.format.wireDataCollides(wire, options: options),
            !wire.model.fansOut(for: target.descriptor.recipients)
        else { return nil }
        var context = RenderContext(options: options)
        var out: [UInt8] = []
        out.reserveCapacity(reserving)
        guard target.format.wireWrite(wire, into: &out, context: &context),
            // A loss explained inside a custom data member: the adapter says which part of it is gone.
            !context.lossReasons.keys.contains(where: { $0.tokens.count > 2 && $0.tokens[0] == "data" })
        else { return nil }
        return (out, context)
    }
}
