public import PushCore

// The options the ZEGO formats read, declared by them.

extension FormatOption {
    /// `zegoPayloadMediaKey`: the key inside ZEGO's `payload` JSON string that carries the image URL. ZEGO leaves it
    /// to the app; default `image_attachment` (ZEGO's own example).
    package static let zegoPayloadMediaKey = FormatOption(
        "zegoPayloadMediaKey", kind: .string(allowed: nil), default: "image_attachment",
        summary: "the key inside ZEGO's `payload` string holding the image URL")
    /// `zegoResourcesID`: the resourcesID (push strategy) to write when rendering ZEGO send forms.
    package static let zegoResourcesID = FormatOption(
        "zegoResourcesID", kind: .string(allowed: nil),
        summary: "the resourcesID written when rendering ZEGO send forms")
}

extension FormatOptions {
    /// `zegoPayloadMediaKey`: the key inside ZEGO's `payload` JSON string that carries the image URL. ZEGO leaves it
    /// to the app; default `image_attachment` (ZEGO's own example).
    public var zegoPayloadMediaKey: String {
        get { hasOnlyDefaults ? "image_attachment" : string(.zegoPayloadMediaKey) ?? "image_attachment" }
        set { set(.zegoPayloadMediaKey, .string(newValue)) }
    }

    /// `zegoResourcesID`: the resourcesID (push strategy) to write when rendering ZEGO send forms.
    public var zegoResourcesID: String? {
        get { hasOnlyDefaults ? nil : string(.zegoResourcesID) }
        set { set(.zegoResourcesID, newValue.map(JSONValue.string)) }
    }
}
