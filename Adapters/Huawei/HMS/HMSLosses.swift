import FCMAdapter
package import PushCore
import WireTables

/// What an HMS message has no place for, with the reasons, and the part of a notification it carries: the two come
/// from the same decisions (one image, one click action, the Android keys HMS has).
package enum HMSLosses {
    /// Android fields HMS has no key for, with the reason (`android.<field>`).
    package static let androidUnsupported: [(field: String, reason: String)] = [
        ("imageIcon", "HMS has no large-icon URL"),
        ("smallImageIcon", "HMS has no small-icon URL (android.notification.icon names a resource)"),
        (
            "notificationCount",
            "HMS has no per-notification count: its badge sets (set_num) or adds to (add_num) the app-icon badge"
        ),
        (
            "notificationPriority",
            "HMS has importance (LOW, NORMAL, HIGH) instead: set extensions.hms.importance"
        ),
        (
            "collapseKey",
            "HMS's collapse_key is an integer cache group (-1…100), not a string key: set extensions.hms.collapseKey"
        ),
        ("restrictedPackageName", "HMS has no restricted package name"),
        ("directBootOk", "HMS has no direct-boot flag"),
        ("silent", "HMS has no silent flag: a message with only data is a data message"),
    ]

    /// Explains every loss ``carriedPart(of:)`` makes, and the table's declared ones.
    package static func explain(_ n: PushNotification, carried: CarriedFields, context: inout RenderContext) {
        HMSWire.message.explainLosses(
            n, carried: carried, othersLose: HMSWire.othersLose, fallback: "hms has no place for this value",
            context: &context)
        if let android = n.android {
            let present = android.canonicalObject
            for (field, reason) in androidUnsupported where present[field] != nil {
                context.explainLoss(at: JSONPointer(tokens: ["android", field]), reason)
            }
            if let priority = android.priority, HMSValues.urgency(priority: priority) == nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "priority"]), "HMS's urgency is HIGH or NORMAL only")
            }
            if android.url != nil {
                let reason = "HMS's click_action opens one thing: type 2 opens the URL (android.url)"
                if android.deepLink != nil {
                    context.explainLoss(at: JSONPointer(tokens: ["android", "deepLink"]), reason)
                }
                if android.clickAction != nil {
                    context.explainLoss(at: JSONPointer(tokens: ["android", "clickAction"]), reason)
                }
            }
        }
        if let first = n.media.first, !HMSValues.takesImage(first, of: n) {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]), "HMS's notification.image shows only images: not a video or sound")
        } else if n.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media", "1"]), "HMS's notification has one image")
        }
        if let target = n.target, target.tokens != nil {
            if target.token != nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["target", "token"]),
                    "HMS's token array holds target.tokens; the separate target.token is not added to it")
            }
        }
    }

    /// What an HMS message carries of `n` (already kept to the descriptor's fields).
    package static func carriedPart(of n: PushNotification) -> PushNotification {
        var kept = n
        if let first = kept.media.first, HMSValues.takesImage(first, of: n) {
            kept.media = [PushNotification.Media(url: first.url)]
        } else {
            kept.media = []
        }
        if var android = kept.android {
            android.imageIcon = nil
            android.smallImageIcon = nil
            android.notificationCount = nil
            android.notificationPriority = nil
            android.collapseKey = nil
            android.restrictedPackageName = nil
            android.directBootOK = nil
            android.silent = nil
            if android.data?.isEmpty == true { android.data = nil }
            if let priority = android.priority {
                android.priority = HMSValues.urgency(priority: priority)?.lowercased()
            }
            if android.url != nil {
                android.deepLink = nil
                android.clickAction = nil
            }
            kept.setAndroid(android)
        }
        if var target = kept.target {
            if let tokens = target.tokens {
                target.token = nil
                target.tokens = nil
                // Read back: one token is `token`, several are `tokens`.
                if tokens.count == 1 { target.token = tokens[0] } else { target.tokens = tokens }
            }
            kept.target = target.isEmpty ? nil : target
        }
        return kept
    }
}
