// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the root package, kept out of it so the root manifest needs no unsafeFlags.
// Build (see `make fuzz` in the root Makefile):
//   swift build --package-path Tests/Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Each executable defines `LLVMFuzzerTestOneInput` and `<Module>_main` (SwiftPM aliases `main` to it),
// which runs libFuzzer's driver. The package links only with `-sanitize=fuzzer`.
let package = Package(
    name: "push-normaliser-fuzz",
    products: [
        .executable(name: "FuzzJSONCodec", targets: ["FuzzJSONCodec"]),
        .executable(name: "FuzzNormalise", targets: ["FuzzNormalise"]),
        .executable(name: "FuzzConvert", targets: ["FuzzConvert"]),
        .executable(name: "FuzzRPC", targets: ["FuzzRPC"]),
    ],
    dependencies: [
        .package(name: "push-normaliser", path: "../.."),
    ],
    targets: [
        // Calls libFuzzer's driver from the `<Module>_main` entry point SwiftPM links as `main`.
        .target(name: "CFuzzerDriver"),
        // Oracles shared by the fuzz targets (invariant checks that trap on violation).
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "PushNormaliser", package: "push-normaliser"),
                .product(name: "JSONCodec", package: "push-normaliser"),
                .product(name: "PushCore", package: "push-normaliser"),
            ]
        ),
        .executableTarget(
            name: "FuzzJSONCodec",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "JSONCodec", package: "push-normaliser"),
                .product(name: "PushCore", package: "push-normaliser"),
            ]
        ),
        .executableTarget(
            name: "FuzzNormalise",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "PushNormaliser", package: "push-normaliser"),
                .product(name: "PushCore", package: "push-normaliser"),
            ]
        ),
        .executableTarget(
            name: "FuzzConvert",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "PushNormaliser", package: "push-normaliser"),
                .product(name: "JSONCodec", package: "push-normaliser"),
                .product(name: "PushCore", package: "push-normaliser"),
            ]
        ),
        .executableTarget(
            name: "FuzzRPC",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "PushRPC", package: "push-normaliser"),
                .product(name: "JSONCodec", package: "push-normaliser"),
                .product(name: "PushCore", package: "push-normaliser"),
            ]
        ),
    ]
)
