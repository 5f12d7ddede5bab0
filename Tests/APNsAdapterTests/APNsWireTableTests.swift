import Testing
import APNsAdapter
import PushCore
import WireTables

/// The `aps` tables are where APNs keys are spelt: each key once, each canonical scalar field on one line.
@Suite("APNs wire tables")
struct APNsWireTableTests {
    @Test func eachKeyIsSpeltOnceAcrossTheTables() {
        let keys = (APNsWire.aps + APNsWire.alert).map(\.name)
        #expect(Set(keys).count == keys.count)
        #expect(keys.contains("thread-id") && keys.contains("loc-args") && keys.contains("relevance-score"))
    }

    @Test func everyCanonicalTextFieldHasOneLine() {
        // Android's fields are FCM's (`FCMAndroidWire`), not APNs'.
        for field in PushNotification.TextField.allCases where !field.isAndroid {
            let lines = (APNsWire.aps + APNsWire.alert).filter { line in
                if case .text(field) = line.value { return true }
                return false
            }
            #expect(lines.count == 1, "\(field)")
        }
    }

    @Test func hiveReadsTheCategoryByTheTablesKey() {
        #expect(APNsWire.categoryKey == "category")
    }

    @Test func theTableCarriesWhatItsLinesName() {
        let carried = APNsWire.apsTable.carries(namespaceOrder: [])
        for field in ["title", "body", "badge", "sound", "group", "category", "contentAvailable", "bodyLocArgs"] {
            #expect(carried.contains(field), "\(field)")
        }
        #expect(carried.contains("extensions.apns.aps") && carried.contains("extensions.apns.alert"))
    }
}
