import JSONCodec
import PushCore
package import WireTables

/// SNS's `BAIDU` string, the message it sends to Baidu Cloud Push endpoints, as a wire table: `title` and
/// `description` (SNS's Baidu page, vendor notes B.3) are the shared title and body; `custom_content` (a JSON object
/// the app receives as Intent extras) is custom data; Baidu Cloud Push's other Android fields, known only from
/// third-party code (`notification_builder_id`, `notification_basic_style`, `open_type`, `url`, `user_confirm`,
/// `pkg_content`), are kept verbatim in `extensions.amazon.snsBaidu` and written back, as are keys it does not define.
package enum SNSBaiduWire {
    /// What only the Baidu message reads and writes itself.
    package enum Hook: Sendable {
        /// `custom_content`: custom data (an object; an empty one is kept as it is).
        case customContent
    }

    /// The `extensions.amazon` key of the kept values.
    package static let memoryKey = "snsBaidu"
    /// The memory key of the keys the table does not model.
    package static let unknown = "unknown"

    /// Why another format loses a kept Baidu value.
    private static let baiduOnly = "a Baidu Cloud Push option other formats have no place for"

    /// The message, in the order its keys are read and written.
    package static let message = WireTable<Hook>(
        namespace: AmazonKeys.Extension.namespace,
        lines: [
            .text("title", .title),
            .text("description", .body),
            .hook("custom_content", .customContent, carries: ["data"]),
            .kept("notification_builder_id", as: "notification_builder_id", .integer, othersLose: baiduOnly),
            .kept("notification_basic_style", as: "notification_basic_style", .integer, othersLose: baiduOnly),
            .kept("open_type", as: "open_type", .integer, othersLose: baiduOnly),
            .kept("url", as: "url", .string, othersLose: baiduOnly),
            .kept("user_confirm", as: "user_confirm", .integer, othersLose: baiduOnly),
            .kept("pkg_content", as: "pkg_content", .string, othersLose: baiduOnly),
        ],
        unmodelled: unknown,
        unmodelledOthersLose: "these are keys of SNS's Baidu message the model does not know")

    /// The canonical fields the message carries (and the kept values, in `extensions.amazon.snsBaidu`).
    package static let carriedFields = ["title", "body", "data"]
}

/// The hook lines of ``SNSBaiduWire``'s table.
struct SNSBaiduHooks: WireTableHooks {
    typealias Hook = SNSBaiduWire.Hook

    /// Where an unknown key's finding is located (the hooks' storage: a conformer must hold some).
    let location = "BAIDU"

    /// Every hook reads only a member that is there.
    static func readsAbsent(_ hook: Hook) -> Bool { false }

    mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        guard let value else { return false }
        guard case .object(let data) = source.jsonValue(value) else {
            WireTable<Hook>.reportWrongType(key, expected: "an object", source.typeName(value), at: path, &context)
            return false
        }
        guard !data.isEmpty else { return false }
        n.data = data
        context.record("data", from: path.appending(key))
        return true
    }

    func check(_ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext)
    {}

    mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        guard !n.data.isEmpty else { return false }
        out.key(key)
        out.value(.object(n.data))
        return true
    }

    func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        for (key, _) in rest where !SNSBaiduWire.message.lines.contains(where: { $0.key.description == key }) {
            context.diagnostics.warning(
                .amazonSNSBaiduUnknownKey, at: path.appending(key),
                "`\(key)` is not a key of the Baidu message; kept in extensions.amazon.snsBaidu and written back")
        }
    }
}
