import AmazonAdapter
import JSONCodec
import PushCore
import Testing

/// Times at the ends of `Int64` never trap the arithmetic that turns an absolute expiration into Pinpoint's
/// relative `TimeToLive` (issue 22): the field is reported lost, "out of range".
@Suite("Amazon adapters: hostile numbers")
struct HostileNumberTests {
    @Test(arguments: [Int64.min, Int64.min + 1, -1, Int64.max])
    func anExpirationFarFromTheSendTimeIsLostNotATrap(_ expiration: Int64) {
        var options = FormatOptions()
        options.sendTime = 1_800_000_000
        var n = PushNotification()
        n.title = "t"
        var delivery = PushNotification.Delivery()
        delivery.expiration = expiration
        n.delivery = delivery
        var context = RenderContext(options: options)
        let rendered = PinpointMessageAdapter().render(n, context: &context)
        let reason = context.lossReasons[JSONPointer(tokens: ["delivery", "expiration"])]
        if expiration == Int64.max {
            #expect(rendered["TimeToLive"] == .integer(Int64.max - 1_800_000_000))
        } else {
            #expect(rendered["TimeToLive"] == nil)
            #expect(reason != nil)
        }
        if expiration <= Int64.min + 1 { #expect(reason?.contains("out of range") == true, "\(reason ?? "")") }
    }

    @Test(arguments: [Int64.max, Int64.max - 1])
    func aSendTimeAtTheTopOfItsRangeNeverTraps(_ sendTime: Int64) {
        var options = FormatOptions()
        options.sendTime = sendTime
        var n = PushNotification()
        n.title = "t"
        var delivery = PushNotification.Delivery()
        delivery.expiration = Int64.min
        n.delivery = delivery
        var context = RenderContext(options: options)
        _ = PinpointMessageAdapter().render(n, context: &context)
        #expect(context.lossReasons[JSONPointer(tokens: ["delivery", "expiration"])]?.contains("out of range") == true)
    }
}
