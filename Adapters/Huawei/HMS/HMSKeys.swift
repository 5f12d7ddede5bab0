/// The names outside the HMS wire tables (``HMSWire``): the vendor namespace, the `extensions.hms` keys and the send
/// request around a `message`.
package enum HMSKeys {
    /// `extensions.hms`.
    package static let namespace = "hms"

    /// The send request `{"validate_only": …, "message": …}` (Huawei Push Kit server API v1,
    /// `POST /v1/{appId}/messages:send`).
    package enum Request {
        package static let message = "message"
        package static let validateOnly = "validate_only"
    }

    /// `extensions.hms.<key>`.
    package enum Extension {
        /// The request's `validate_only`.
        package static let validateOnly = "validateOnly"
        /// The request's other keys (`review`, unknown ones); present (maybe empty) when the message came in a request.
        package static let request = "request"
        /// `message` keys the table does not model.
        package static let message = "message"
        /// `message.data` when it is not a JSON object (a plain string stays a string).
        package static let data = "data"
        /// `notification` keys the table does not model.
        package static let notification = "notification"
        package static let apns = "apns"
        package static let webpush = "webpush"
        /// `android` (AndroidConfig) keys the table does not model.
        package static let android = "android"
        /// `android.notification` keys the table does not model.
        package static let androidNotification = "androidNotification"
        /// `android.data`, Android's own data string.
        package static let androidData = "androidData"
        package static let collapseKey = "collapseKey"
        /// `click_action` members the model does not hold (`type` 3 or 4, `rich_resource`, unknown keys).
        package static let clickAction = "clickAction"
        /// `badge` members beside `set_num` (`add_num`, `class`).
        package static let badge = "badge"
    }
}
