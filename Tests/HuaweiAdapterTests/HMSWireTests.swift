import FCMAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

@testable import HuaweiAdapter

@Suite("HMS wire tables")
struct HMSWireTests {
    @Test("every line HMS shares with FCM is found in FCM's table, not copied")
    func sharedLinesExist() {
        for key in HMSWire.sharedNotificationKeys {
            #expect(HMSWire.fcm(key, in: FCMAndroidWire.notification) != nil, "\(key)")
        }
        for key in HMSWire.sharedConfigKeys {
            #expect(HMSWire.fcm(key, in: FCMAndroidWire.config) != nil, "\(key)")
        }
        let notificationKeys = HMSWire.androidNotification.lines.map { $0.key.name(.snakeCase) }
        for key in HMSWire.sharedNotificationKeys { #expect(notificationKeys.contains(key), "\(key)") }
        #expect(HMSWire.androidConfig.lines.contains { $0.key.name(.snakeCase) == "ttl" })
    }
}
