import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import Testing

@testable import PushRPC

/// Shared helpers: a quiet server, calls, and paths in the source tree.
enum RPCTestSupport {
    /// The package root (this file is `<root>/Tests/PushRPCTests/RPCTestSupport.swift`).
    static let packageRoot: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)
        return components.joined(separator: "/")
    }()

    /// `rpc-spec/openrpc.json`, parsed.
    static func openRPC() throws -> JSONValue {
        let data = try #require(FileManager.default.contents(atPath: packageRoot + "/rpc-spec/openrpc.json"))
        return try JSONParser(maximumBytes: 16 << 20).parse(Array(data))
    }

    /// Each method's name, summary and param names (what bundling the schemas must leave alone).
    static func methodSignatures(_ document: JSONValue) -> [String] {
        (document["methods"]?.arrayValue ?? []).map { method in
            let params = (method["params"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            return
                "\(method["name"]?.stringValue ?? "?") \(method["summary"]?.stringValue ?? "") (\(params.joined(separator: ",")))"
        }
    }

    /// Every `$ref` in `document` is a pointer inside it that resolves.
    static func expectSelfContained(_ document: JSONValue) throws {
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "$ref", case .string(let reference) = member {
                        references.append(reference)
                    } else {
                        collect(member)
                    }
                }
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(references.count > 50)
        for reference in references {
            #expect(reference.hasPrefix("#/"), "\(reference) points outside the document")
            guard reference.hasPrefix("#/") else { continue }
            var node: JSONValue? = document
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let key = token.replacing("~1", with: "/").replacing("~0", with: "~")
                node = node?[String(key)]
            }
            #expect(node != nil, "\(reference) does not resolve")
        }
    }

    /// Options that log nothing.
    static var quiet: RPCServerOptions {
        var options = RPCServerOptions()
        options.logFileDescriptor = -1
        return options
    }

    /// The standard server, logging nothing.
    static let server = RPCServer(options: quiet)

    /// The reply to one request.
    static func reply(
        _ method: String, _ params: JSONValue? = nil, id: JSONValue = 1, server: RPCServer = server
    ) -> JSONValue? {
        var request = JSONObject(uniqueKeysWithValues: [("jsonrpc", "2.0"), ("id", id), ("method", .string(method))])
        if let params { request["params"] = params }
        return server.reply(to: .object(request))
    }

    /// The result of a request that must succeed.
    static func result(
        _ method: String, _ params: JSONValue? = nil, server: RPCServer = server,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        let message = try #require(reply(method, params, server: server), sourceLocation: sourceLocation)
        #expect(message["error"] == nil, "unexpected error \(message.compactText)", sourceLocation: sourceLocation)
        return try #require(message["result"], sourceLocation: sourceLocation)
    }

    /// The error of a request that must fail, checking the id is echoed.
    static func error(
        _ method: String, _ params: JSONValue? = nil, id: JSONValue = 7, server: RPCServer = server,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        let message = try #require(reply(method, params, id: id, server: server), sourceLocation: sourceLocation)
        #expect(message["id"] == id, "id not echoed: \(message.compactText)", sourceLocation: sourceLocation)
        #expect(message["result"] == nil, sourceLocation: sourceLocation)
        return try #require(
            message["error"], "expected an error, got \(message.compactText)", sourceLocation: sourceLocation)
    }

    /// The integer code of an error object.
    static func code(_ error: JSONValue) -> Int? { error["code"]?.int64Value.map(Int.init) }

    /// The diagnostic codes in an error's `data.diagnostics`.
    static func diagnosticCodes(_ error: JSONValue) -> [String] {
        (error["data"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }

    /// Parses NDJSON / Content-Length framed output into (framing, message) pairs, with a framer.
    static func frames(_ bytes: [UInt8]) throws -> [(MessageFraming, JSONValue)] {
        var framer = MessageFramer(maximumMessageBytes: 64 << 20)
        framer.append(bytes)
        var out: [(MessageFraming, JSONValue)] = []
        while let event = framer.next(atEndOfInput: true) {
            guard case .message(let body, let framing) = event else {
                Issue.record("unframable output: \(event)")
                return out
            }
            out.append((framing, try JSONParser(maximumBytes: 64 << 20).parse(body)))
        }
        return out
    }
}

/// A deliberately lossy format for tests: `{"text": body}` and nothing else.
struct TextOnlyAdapter: PayloadAdapter {
    var descriptor: FormatDescriptor {
        FormatDescriptor(
            name: "text-only", vendor: "test", summary: "Only the body.", isDelivered: false, carries: ["body"])
    }

    func recognise(_ payload: JSONValue) -> Recognition? {
        payload["text"] != nil && payload["aps"] == nil ? .plausible("/text") : nil
    }

    func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard payload.objectValue != nil else {
            context.diagnostics.error(.notAnObject, at: .root, "not an object")
            return nil
        }
        var n = PushNotification()
        n.body = payload["text"]?.stringValue
        n.source = descriptor.name
        return n
    }

    func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        ["text": notification.body.map(JSONValue.string) ?? .null]
    }
}

extension RPCTestSupport {
    /// The standard formats plus ``TextOnlyAdapter``.
    static let serverWithTextOnly = RPCServer(
        normaliser: Normaliser(
            registry: FormatRegistry(adapters: FormatRegistry.standard.adapters + [TextOnlyAdapter()])),
        options: quiet)
}

extension JSONValue {
    /// The element at `index`, when this is an array that long (tests only).
    subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
