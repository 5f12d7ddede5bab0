// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the root package, kept out of it so the root manifest needs no unsafeFlags.
// Build (see `make fuzz` in the root Makefile):
//   swift build --package-path Tests/Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Each executable defines `LLVMFuzzerTestOneInput` and `<Module>_main` (SwiftPM aliases `main` to it),
// which runs libFuzzer's driver. The package links only with `-sanitize=fuzzer`.

/// A product of the root package.
func root(_ name: String) -> Target.Dependency { .product(name: name, package: "push-normaliser") }

/// The fuzz targets and the root products each links.
let fuzzTargets: [(name: String, products: [String])] = [
    ("FuzzJSONCodec", ["JSONCodec", "PushCore"]),
    ("FuzzNormalise", ["PushNormaliser", "PushCore"]),
    ("FuzzConvert", ["PushNormaliser", "JSONCodec", "PushCore", "AdapterContract"]),
    ("FuzzRPC", ["PushRPC", "JSONCodec", "PushCore"]),
    ("FuzzRoundTrip", ["PushNormaliser", "JSONCodec", "PushCore"]),
    ("FuzzRecordSplitter", ["PushNormaliser", "JSONCodec", "PushCore"]),
    // The command line's sources (Sources/pushnorm, linked in as `CLI`, less main.swift): arguments and options.
    ("FuzzCLIArguments", ["PushRPC", "PushNormaliser", "JSONCodec", "PushCore"]),
]

let package = Package(
    name: "push-normaliser-fuzz",
    products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    dependencies: [
        .package(name: "push-normaliser", path: "../..")
    ],
    targets: [
        // Calls libFuzzer's driver from the `<Module>_main` entry point SwiftPM links as `main`.
        .target(name: "CFuzzerDriver"),
        // Oracles shared by the fuzz targets (invariant checks that trap on violation).
        .target(name: "FuzzSupport", dependencies: ["PushNormaliser", "JSONCodec", "PushCore"].map(root)),
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name, dependencies: ["CFuzzerDriver", "FuzzSupport"] + target.products.map(root),
                exclude: target.name == "FuzzCLIArguments" ? ["CLI/main.swift"] : [])
        }
)
