public import PushCore

private typealias W = PinpointCampaignWire

/// A campaign's treatments, each a message of its own: the main treatment (the campaign's own
/// `MessageConfiguration`) and each of its `AdditionalTreatments` (an A/B variant with its own `MessageConfiguration`,
/// `TemplateConfiguration`, `Schedule`, `TreatmentName` and `TreatmentDescription`), in input order, labelled
/// `treatment 2 of 3 (TreatmentName)`.
///
/// Each variant is the campaign read again with that treatment in place of the main one and no
/// `AdditionalTreatments`, so it holds exactly what that treatment's recipients receive, and the campaign's own keys
/// (`SegmentId`, `Schedule`, the metadata) beside it. A treatment's `Id`, `State` and `SizePercent` describe the
/// A/B split, not a message: they are in no variant. A treatment that is not an object (an error when the campaign is
/// read) gets no message.
extension PinpointCampaignAdapter: YieldsRecipientVariants {
    /// One message per treatment, the main one first; nil for a campaign without `AdditionalTreatments`.
    public func recipientVariants(
        of payload: JSONValue, notification: PushNotification, context: inout NormaliseContext
    ) -> [RecipientVariant]? {
        guard case .object(let root) = payload else { return nil }
        var reader = PinpointCampaignReader()
        var scratch = NormaliseContext(options: context.options)
        guard let campaign = reader.unwrap(root, context: &scratch),
            case .array(let treatments)? = campaign[W.additionalTreatments], !treatments.isEmpty
        else { return nil }
        let count = treatments.count + 1
        var main = campaign
        main.removeValue(forKey: W.additionalTreatments)
        var variants: [RecipientVariant] = []
        if let n = read(main, in: root, reader: reader, options: context.options) {
            variants.append(RecipientVariant(label: Self.label(1, of: count, main), notification: n))
        }
        for (index, treatment) in treatments.enumerated() {
            // A treatment that is not an object was reported when the campaign was read: it gets no message.
            guard case .object(let object) = treatment else { continue }
            var own = main
            // What a treatment defines for itself replaces the main treatment's; its messages always do.
            for key in [W.messageConfiguration, W.templateConfiguration, W.treatmentName, W.treatmentDescription] {
                own.removeValue(forKey: key)
            }
            for key in [
                W.messageConfiguration, W.templateConfiguration, W.schedule, "CustomDeliveryConfiguration",
                W.treatmentName, W.treatmentDescription,
            ] {
                if let value = object[key] { own[key] = value }
            }
            if let n = read(own, in: root, reader: reader, options: context.options) {
                variants.append(RecipientVariant(label: Self.label(index + 2, of: count, own), notification: n))
            }
        }
        return variants
    }

    /// `treatment 2 of 3 (Name)`, or without the name when the treatment has none.
    static func label(_ index: Int, of count: Int, _ campaign: JSONObject) -> String {
        let name = campaign[W.treatmentName]?.stringValue.map { " (\($0))" } ?? ""
        return "treatment \(index) of \(count)\(name)"
    }

    /// `campaign` read as the input it came from (in the same envelope).
    private func read(
        _ campaign: JSONObject, in root: JSONObject, reader: PinpointCampaignReader, options: FormatOptions
    ) -> PushNotification? {
        var document = JSONValue.object(campaign)
        if let wrapper = reader.base.tokens.first {
            var envelope = root
            envelope[wrapper] = document
            document = .object(envelope)
        }
        var inner = NormaliseContext(options: options)
        return normalise(document, context: &inner)
    }
}
