public import PushCore
import WireTables

/// The formats the facade knows, by public name, and `auto` detection over them.
///
/// Immutable once built. Detection asks every adapter for a ``PushCore/Recognition`` and takes the strongest;
/// a tie at the top is reported as ambiguous and resolved by registry order (the order of `adapters`),
/// which is documented in the "Formats and detection" article.
public struct FormatRegistry: Sendable {
    /// Everything the registry holds, built once and never changed: behind one reference, so that a registry (and a
    /// ``Normaliser`` holding one) is copied with one retain, not one per table (a closure of the conversion path
    /// copies the facade per record).
    private final class Storage: Sendable {
        let adapters: [any PayloadAdapter]
        let layoutPaths: [JSONPointer]
        let layoutCoverage: LayoutCoverage
        let layoutTrie: LayoutTrie
        let indexByName: [String: Int]
        let wireFormatsByName: [String: WireEntry]
        let optionDeclarations: [FormatOption]
        let platformRules: [any PlatformRules]
        let keptValueExplainers: [(namespace: String, explainers: [any ExplainsKeptValues])]
        let variantReadersByName: [String: any YieldsRecipientVariants]
        let wireRecipientReadersByName: [String: WireRecipientEntry]
        let checkingFormatsByName: [String: any FormatChecking]
        let catalogues: [any CatalogueFormat]

        init(adapters: [any PayloadAdapter], catalogues: [any CatalogueFormat]) {
            self.adapters = adapters
            self.catalogues = catalogues
            let layoutPaths = adapters.flatMap(\.descriptor.layoutPaths)
            self.layoutPaths = layoutPaths
            layoutCoverage = LayoutCoverage(layoutPaths.map(\.tokens))
            layoutTrie = LayoutTrie(layoutPaths.map(\.tokens))
            var indexByName: [String: Int] = [:]
            for (index, adapter) in adapters.enumerated() where indexByName[adapter.descriptor.name] == nil {
                indexByName[adapter.descriptor.name] = index
            }
            self.indexByName = indexByName
            var wireFormats: [String: any WireFormat] = [:]
            var variantReaders: [String: any YieldsRecipientVariants] = [:]
            var checkingFormats: [String: any FormatChecking] = [:]
            var wireRecipientReaders: [String: (any WireRecipientReading, FormatDescriptor)] = [:]
            for (name, index) in indexByName {
                if let format = adapters[index] as? any WireFormat { wireFormats[name] = format }
                if let reader = adapters[index] as? any YieldsRecipientVariants { variantReaders[name] = reader }
                if let checking = adapters[index] as? any FormatChecking { checkingFormats[name] = checking }
                // A send form's (a delivered payload names no recipients of its own).
                if let reader = adapters[index] as? any WireRecipientReading, !adapters[index].descriptor.isDelivered {
                    wireRecipientReaders[name] = (reader, adapters[index].descriptor)
                }
            }
            variantReadersByName = variantReaders
            checkingFormatsByName = checkingFormats
            var options: [FormatOption] = []
            for option in adapters.flatMap(\.descriptor.options)
            where !options.contains(where: { $0.name == option.name }) {
                options.append(option)
            }
            optionDeclarations = options
            var rules: [any PlatformRules] = []
            for rule in adapters.flatMap(\.platformRules) where !rules.contains(where: { $0.platform == rule.platform })
            {
                rules.append(rule)
            }
            platformRules = rules
            wireFormatsByName = wireFormats.mapValues { WireEntry($0, rules: rules) }
            wireRecipientReadersByName = wireRecipientReaders.mapValues {
                WireRecipientEntry($0.0, descriptor: $0.1, rules: rules)
            }
            var explainers: [(namespace: String, explainers: [any ExplainsKeptValues])] = []
            for adapter in adapters {
                guard let explaining = adapter as? any ExplainsKeptValues else { continue }
                let vendor = adapter.descriptor.vendor
                if let index = explainers.firstIndex(where: { $0.namespace == vendor }) {
                    explainers[index].explainers.append(explaining)
                } else {
                    explainers.append((vendor, [explaining]))
                }
            }
            keptValueExplainers = explainers
        }
    }

    private let storage: Storage

    /// The adapters, in detection priority order.
    public var adapters: [any PayloadAdapter] { storage.adapters }

    /// Every format's layout paths: never reported lost, whatever the target.
    public var layoutPaths: [JSONPointer] { storage.layoutPaths }

    /// How ``layoutPaths`` cover vendor values, for ``layoutCovers(extensionsOf:key:)`` (asked per kept value and
    /// per dropped vendor key of a conversion: looked up, not scanned).
    private var layoutCoverage: LayoutCoverage { storage.layoutCoverage }
    /// Every layout path as a trie, for ``isLayout(_:)`` (asked once per lost path).
    var layoutTrie: LayoutTrie { storage.layoutTrie }

    /// Index of the first adapter with each name (a lookup runs several times per conversion; an
    /// adapter's `descriptor` is computed, so scanning the list would build every descriptor).
    private var indexByName: [String: Int] { storage.indexByName }

    /// The formats that read and write through a wire table, by name, with what a conversion asks of them
    /// prepared once (not per conversion).
    var wireFormatsByName: [String: WireEntry] { storage.wireFormatsByName }

    /// Every option some format declares (``PushCore/FormatDescriptor/options``), once each, in registry order: what
    /// `FormatOptions(json:at:diagnostics:)` accepts.
    public var optionDeclarations: [FormatOption] { storage.optionDeclarations }

    /// Every platform's rules some format declares (``PushCore/PayloadAdapter/platformRules``), once per platform, in
    /// registry order: what `validate` runs.
    public var platformRules: [any PlatformRules] { storage.platformRules }

    /// The formats that explain the values they keep (``ExplainsKeptValues``), by vendor namespace (cast once, not
    /// per lost field).
    /// A handful of namespaces: scanned, not hashed.
    var keptValueExplainers: [(namespace: String, explainers: [any ExplainsKeptValues])] {
        storage.keptValueExplainers
    }

    /// The formats that read per-recipient variants (``PushCore/YieldsRecipientVariants``), by name: cast once, not
    /// per conversion.
    private var variantReadersByName: [String: any YieldsRecipientVariants] { storage.variantReadersByName }

    /// The formats whose send requests' recipients are read over the borrowed document
    /// (``WireTables/WireRecipientReading``), by name: cast once, not per conversion.
    private var wireRecipientReadersByName: [String: WireRecipientEntry] { storage.wireRecipientReadersByName }

    /// The formats with rules of their own (``PushCore/FormatChecking``), by name: cast once, not per conversion.
    private var checkingFormatsByName: [String: any FormatChecking] { storage.checkingFormatsByName }

    /// The formats that are not notifications (``PushCore/CatalogueFormat``), listed after the adapters' formats.
    public var catalogues: [any CatalogueFormat] { storage.catalogues }

    /// The catalogue format named `name`, if any.
    public func catalogue(named name: String) -> (any CatalogueFormat)? {
        catalogues.first { $0.descriptor.name == name }
    }

    /// A registry of `adapters`, in detection priority order (the generic fallback last), and of the catalogue
    /// formats `catalogues`.
    public init(adapters: [any PayloadAdapter], catalogues: [any CatalogueFormat] = []) {
        storage = Storage(adapters: adapters, catalogues: catalogues)
    }

    /// True when `tokens` (a canonical path) is a layout path or lies under one: never reported lost.
    func isLayout(_ tokens: [String]) -> Bool { layoutTrie.coversPath(tokens) }

    /// How layout paths cover the paths under `/extensions/<namespace>/<key>` (a kept vendor value), told without
    /// building any path: every one of them lies under a layout path (`true`), none does (`false`), or some may
    /// (nil: a layout path lies deeper inside it, so each path must be asked with ``isLayout(_:)``).
    func layoutCovers(extensionsOf namespace: String, key: String) -> Bool? {
        layoutCoverage.covers(namespace: namespace, key: key)
    }

    /// False when every layout path lies inside `extensions`: no path of another top-level field is ever a layout
    /// path.
    var layoutTouchesFields: Bool { layoutCoverage.touchesFields }

    /// The format named `name` when it reads per-recipient variants (``PushCore/YieldsRecipientVariants``).
    func variantReader(named name: String) -> (any YieldsRecipientVariants)? { variantReadersByName[name] }

    /// The format named `name` when it reads its send requests' recipients over the borrowed document.
    func wireRecipientReader(named name: String) -> WireRecipientEntry? { wireRecipientReadersByName[name] }

    /// The format named `name` when it has rules of its own (``PushCore/FormatChecking``).
    func checkingFormat(named name: String) -> (any FormatChecking)? { checkingFormatsByName[name] }

    /// The adapter for a public format name.
    public func adapter(named name: String) -> (any PayloadAdapter)? {
        indexByName[name].map { adapters[$0] }
    }

    /// Every format's descriptor, in registry order.
    public var descriptors: [FormatDescriptor] { adapters.map(\.descriptor) }

    /// The result of `auto` detection.
    public struct Detection: Sendable {
        /// The chosen adapter.
        public var adapter: any PayloadAdapter
        /// The keys that decided it.
        public var evidence: [String]
        /// Other formats that matched equally strongly (empty unless ambiguous).
        public var alsoMatched: [String]
    }

    /// Detects the format of `payload`; nil when no format recognises it.
    public func detect(_ payload: JSONValue) -> Detection? {
        var best: [(any PayloadAdapter, Recognition)] = []
        for adapter in adapters {
            guard let recognition = adapter.recognise(payload) else { continue }
            if let top = best.first?.1.strength {
                if recognition.strength > top {
                    best = [(adapter, recognition)]
                } else if recognition.strength == top {
                    best.append((adapter, recognition))
                }
            } else {
                best = [(adapter, recognition)]
            }
        }
        guard let (adapter, recognition) = best.first else { return nil }
        return Detection(
            adapter: adapter, evidence: recognition.evidence, alsoMatched: best.dropFirst().map(\.0.descriptor.name))
    }
}

/// Paths as a trie of their tokens: whether a path is one of them or lies under one is one look-up per token, not a
/// comparison with each path (the registry's layout paths number in the hundreds). A node's children are few (the
/// root's are a handful of top-level keys), so they are compared in turn: short strings compare without hashing.
struct LayoutTrie: Sendable {
    /// One edge: a token and the node it leads to, with the token's length in UTF-8 bytes.
    private struct Edge: Sendable {
        var token: String
        var length: Int
        var node: Int
    }

    /// Every node's edges, a node's side by side (node 0 is the root): one flat array, so that a step reads it in
    /// place (a nested array per node is retained and released at each step).
    private var edges: [Edge] = []
    /// Each node's edges: a range of ``edges``.
    private var ranges: [Range<Int>] = []
    /// Whether a path ends at each node.
    private var ends: [Bool] = [false]

    init(_ paths: [[String]]) {
        // Built as a list of children per node, then laid out flat.
        var children: [[(token: String, node: Int)]] = [[]]
        for path in paths {
            var node = 0
            for token in path {
                if let next = children[node].first(where: { $0.token == token })?.node {
                    node = next
                } else {
                    children.append([])
                    ends.append(false)
                    children[node].append((token, children.count - 1))
                    node = children.count - 1
                }
            }
            ends[node] = true
        }
        for list in children {
            let start = edges.count
            edges.append(contentsOf: list.map { Edge(token: $0.token, length: $0.token.utf8.count, node: $0.node) })
            ranges.append(start..<edges.count)
        }
    }

    private func child(of node: Int, _ token: String) -> Int? {
        // Lengths first: two strings of different lengths are told apart without the full comparison (which, for
        // two unequal strings, asks whether either needs normalising). A token is a JSON key, matched by its bytes:
        // one canonically equivalent to a layout token but spelt otherwise (a KELVIN SIGN for `K`) is not that key.
        let length = token.utf8.count
        return edges.withUnsafeBufferPointer { edges in
            for index in ranges[node] where edges[index].length == length && edges[index].token == token {
                return edges[index].node
            }
            return nil
        }
    }

    /// The root: where a walk down a path starts (``step(_:_:)``).
    static let root = 0

    /// Where a walk down a path goes from `node` by `token`: `node` itself once a layout path ends there (everything
    /// under it is covered, ``ends(at:)``), else its child; nil when no layout path goes on that way.
    func step(_ node: Int, _ token: String) -> Int? { ends[node] ? node : child(of: node, token) }

    /// True when a layout path ends at `node`: everything under it is covered.
    func ends(at node: Int) -> Bool { ends[node] }

    /// True when `tokens` is one of the paths or lies under one.
    func coversPath(_ tokens: [String]) -> Bool {
        var node = 0
        for token in tokens {
            if ends[node] { return true }
            guard let next = child(of: node, token) else { return false }
            node = next
        }
        return ends[node]
    }
}

/// How layout paths cover the values under `/extensions/<namespace>/<key>`, compiled once from the paths: a value is
/// covered whole when a layout path is `/`, `/extensions`, `/extensions/<namespace>` or `/extensions/<namespace>/<key>`;
/// partly (some of its paths may be layout) when a layout path lies deeper inside it; else not at all. A handful of
/// namespaces and keys: scanned by index (hashing both strings cost more than comparing them), never copied.
struct LayoutCoverage: Sendable {
    /// A layout path covers every vendor value (`/` or `/extensions`).
    private var all = false
    /// True when a layout path is `/` or lies at or inside a top-level field other than `extensions`.
    private(set) var touchesFields = false
    /// The namespaces whose whole object is a layout path.
    private var namespaces: [String] = []
    /// By namespace, its keys with a layout path at or inside them: `exact` when `/extensions/<namespace>/<key>` is
    /// one, else only paths deeper inside it are.
    private var keysByNamespace: [(namespace: String, keys: [(key: String, exact: Bool)])] = []

    /// Compiles `layouts` (layout paths as tokens).
    init(_ layouts: [[String]]) {
        for layout in layouts {
            guard let first = layout.first else {
                all = true
                touchesFields = true
                continue
            }
            guard first == "extensions" else {
                touchesFields = true
                continue
            }
            switch layout.count {
            case 1: all = true
            case 2: if !namespaces.contains(layout[1]) { namespaces.append(layout[1]) }
            default:
                let exact = layout.count == 3
                guard let group = keysByNamespace.firstIndex(where: { $0.namespace == layout[1] }) else {
                    keysByNamespace.append((layout[1], [(layout[2], exact)]))
                    continue
                }
                if let index = keysByNamespace[group].keys.firstIndex(where: { $0.key == layout[2] }) {
                    if exact { keysByNamespace[group].keys[index].exact = true }
                } else {
                    keysByNamespace[group].keys.append((layout[2], exact))
                }
            }
        }
    }

    /// Every path under `/extensions/<namespace>/<key>` lies under a layout path (`true`), none does (`false`), or
    /// some may (nil).
    func covers(namespace: String, key: String) -> Bool? {
        if all { return true }
        for index in namespaces.indices where namespaces[index] == namespace { return true }
        for group in keysByNamespace.indices where keysByNamespace[group].namespace == namespace {
            for index in keysByNamespace[group].keys.indices where keysByNamespace[group].keys[index].key == key {
                return keysByNamespace[group].keys[index].exact ? true : nil
            }
            return false
        }
        return false
    }
}
