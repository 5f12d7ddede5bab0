package import WireTables

private typealias M = AmazonKeys.Message
private typealias R = AmazonKeys.Request

/// The envelopes of Pinpoint's send forms, declared once for both channels (``WireEnvelope``), outermost first: the
/// AWS CLI input (`MessageRequest` or `SendUsersMessageRequest`), the request (`MessageConfiguration`), then the
/// configuration's channel message (`APNSMessage` for `pinpoint-message`, `GCMMessage` for `pinpoint-gcm`). Each
/// level's other members are kept by the format and written back around the message (see ``PinpointRequest``).
package enum PinpointSendWire {
    /// The CLI input document (`aws pinpoint send-messages --cli-input-json`).
    static let input = WireEnvelope.Level([WireKey(R.messageRequest), WireKey(R.sendUsersMessageRequest)])
    /// The `SendMessages` / `SendUsersMessages` request.
    static let request = WireEnvelope.Level([WireKey(R.messageConfiguration)])

    /// The levels around an `APNSMessage`.
    package static let apns = WireEnvelope([input, request, .init([WireKey(M.wrapper)])])
    /// The levels around a `GCMMessage`.
    package static let gcm = WireEnvelope([input, request, .init(["GCMMessage"])])

    /// The index of each level.
    package static let inputLevel = 0
    package static let requestLevel = 1
    package static let channelLevel = 2
}
