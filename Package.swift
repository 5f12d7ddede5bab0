// swift-tools-version: 6.2
import PackageDescription

// Module graph (one-way): PushCore <- JSONCodec (the only importer of CJansson and CSimdjson)
// <- WireTables (the one table type and its generic reader, writer and declared losses; names no vendor)
// <- adapters (Adapters/*, each a declaration of its tables and hooks) <- PushNormaliser (facade) <- PushRPC
// <- pushnorm (executable).
let package = Package(
    name: "push-normaliser",
    products: [
        .library(name: "PushNormaliser", targets: ["PushNormaliser"]),
        // For the nested fuzz package (Tests/Fuzz), which links the modules it checks directly.
        .library(name: "JSONCodec", targets: ["JSONCodec"]),
        .library(name: "PushCore", targets: ["PushCore"]),
        .library(name: "PushRPC", targets: ["PushRPC"]),
        // The PayloadAdapter contract as executable laws, for formats written outside this package.
        .library(name: "AdapterContract", targets: ["AdapterContract"]),
        .executable(name: "pushnorm", targets: ["pushnorm"]),
    ],
    targets: [
        // MARK: C boundary
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(
            name: "CSimdjson",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                // SwiftPM does not define NDEBUG for release C++ builds: without it simdjson keeps its assertions.
                .define("NDEBUG", .when(configuration: .release)),
            ],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),

        // MARK: Core
        .target(name: "PushCore"),
        .testTarget(
            name: "PushCoreTests",
            dependencies: ["PushCore", "PushTestSupport"]
        ),

        // MARK: JSON codec
        .target(
            name: "JSONCodec",
            dependencies: [
                "CJansson",
                "CSimdjson",
                "PushCore",
            ]
        ),
        .testTarget(
            name: "JSONCodecTests",
            dependencies: ["JSONCodec", "PushCore", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),

        // MARK: Wire tables
        .target(
            name: "WireTables",
            dependencies: ["PushCore", "JSONCodec"]
        ),
        .testTarget(
            name: "WireTablesTests",
            dependencies: ["WireTables", "PushCore", "JSONCodec"]
        ),

        // MARK: Adapters
        .target(
            name: "APNsAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables"],
            path: "Adapters/APNs",
            // `Int64(exactly: Double)` and friends call round/rint/trunc from libm, which a test bundle pulls in
            // but an executable depending on this package does not: declare it.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "APNsAdapterTests",
            dependencies: ["APNsAdapter", "WireTables", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "HiveAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables", "APNsAdapter"],
            path: "Adapters/Hive"
        ),
        .testTarget(
            name: "HiveAdapterTests",
            dependencies: ["HiveAdapter", "APNsAdapter", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "AmazonAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables", "APNsAdapter", "FCMAdapter"],
            path: "Adapters/Amazon"
        ),
        .testTarget(
            name: "AmazonAdapterTests",
            dependencies: ["AmazonAdapter", "APNsAdapter", "FCMAdapter", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "ZegoAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables", "APNsAdapter"],
            path: "Adapters/Zego"
        ),
        .testTarget(
            name: "ZegoAdapterTests",
            dependencies: ["ZegoAdapter", "APNsAdapter", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "FCMAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables", "APNsAdapter"],
            path: "Adapters/FCM"
        ),
        .testTarget(
            name: "FCMAdapterTests",
            dependencies: ["FCMAdapter", "APNsAdapter", "WireTables", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "HuaweiAdapter",
            dependencies: ["PushCore", "JSONCodec", "WireTables", "APNsAdapter", "FCMAdapter"],
            path: "Adapters/Huawei"
        ),
        .testTarget(
            name: "HuaweiAdapterTests",
            dependencies: ["HuaweiAdapter", "FCMAdapter", "WireTables", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Fixtures"]
        ),

        // MARK: Facade, RPC, executable
        .target(
            name: "PushNormaliser",
            dependencies: [
                "AmazonAdapter",
                "APNsAdapter",
                "FCMAdapter",
                "HiveAdapter",
                "HuaweiAdapter",
                "JSONCodec",
                "PushCore",
                "WireTables",
                "ZegoAdapter",
            ]
        ),
        .testTarget(
            name: "PushNormaliserTests",
            dependencies: [
                "PushNormaliser",
                "APNsAdapter",
                "PushCore",
                "JSONCodec",
                "PushTestSupport",
                "AdapterContract",
                "PushRPC",
            ],
            exclude: ["Fixtures"]
        ),
        // The batch summary model and the HTML migration report rendered from it.
        .target(
            name: "PushReport",
            dependencies: ["PushNormaliser", "PushCore", "JSONCodec"]
        ),
        .testTarget(
            name: "PushReportTests",
            dependencies: ["PushReport", "PushNormaliser", "PushCore", "JSONCodec"]
        ),
        .target(
            name: "PushRPC",
            dependencies: ["PushReport", "PushNormaliser", "PushCore", "JSONCodec"]
        ),
        .testTarget(
            name: "PushRPCTests",
            dependencies: ["PushRPC", "PushReport", "PushNormaliser", "PushCore", "JSONCodec", "PushTestSupport"],
            exclude: ["Transcripts"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["JSONCodec", "PushCore", "PushNormaliser", "PushRPC", "PushTestSupport"],
            exclude: ["Help", "Fixtures"]
        ),
        .executableTarget(
            name: "pushnorm",
            dependencies: ["PushRPC", "PushReport", "PushNormaliser", "PushCore", "JSONCodec"]
        ),

        // MARK: Benchmarks (not a product; `make bench`)
        .executableTarget(
            name: "pushnorm-bench",
            dependencies: ["PushNormaliser", "PushCore", "JSONCodec"],
            path: "Benchmarks/InProcess"
        ),

        // MARK: Test support
        // The adapter laws (a product: third-party formats prove themselves with it).
        .target(
            name: "AdapterContract",
            dependencies: ["PushCore", "JSONCodec"]
        ),
        // Goldens, fixtures and the executable runner (not a product).
        .target(
            name: "PushTestSupport",
            dependencies: ["PushCore", "JSONCodec", "AdapterContract"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

for target in package.targets where target.type != .system && target.name != "CSimdjson" {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
