import Testing

@testable import AmazonAdapter

/// The label each address of a `SendMessages` request gets (`address 2 of 3 (GCM)`), written on the stack and made a
/// string at once: the same text ``PinpointRecipients`` builds piece by piece.
@Suite struct PinpointAddressLabelTests {
    @Test func theLabelNamesThePositionTheCountAndTheChannel() {
        #expect(AddressLabel.make(1, of: 1, channel: "APNS") == "address 1 of 1 (APNS)")
        #expect(AddressLabel.make(2, of: 3, channel: "GCM") == "address 2 of 3 (GCM)")
        #expect(
            AddressLabel.make(10, of: 1_234_567, channel: "APNS_VOIP_SANDBOX")
                == "address 10 of 1234567 (APNS_VOIP_SANDBOX)")
    }

    @Test func eachNumberHasItsDigits() {
        for number in [0, 9, 10, 99, 100, 65_535, Int(Int32.max)] {
            #expect(AddressLabel.digits(number) == String(number).count)
            #expect(AddressLabel.make(number, of: number, channel: "GCM") == "address \(number) of \(number) (GCM)")
        }
    }

    /// A request of a few addresses gets one of the labels made once: the same text for every position, count and
    /// channel type; a larger request, or a channel type spelt otherwise, gets one made then.
    @Test func aTabulatedLabelIsTheOneMadeNow() {
        let names = PinpointWireRecipients.Request.channelNames
        for total in 1...(AddressLabel.tabulatedTotal + 2) {
            for position in 1...total {
                for (index, channel) in names.enumerated() {
                    #expect(
                        AddressLabel.label(position, of: total, channel: channel, named: index)
                            == "address \(position) of \(total) (\(channel))")
                }
                #expect(
                    AddressLabel.label(position, of: total, channel: "APNS", named: nil)
                        == "address \(position) of \(total) (APNS)")
            }
        }
    }
}
