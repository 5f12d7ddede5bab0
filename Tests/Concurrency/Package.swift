// swift-tools-version: 6.2
import PackageDescription

// ThreadSanitizer's checks of the library's own parallelism (see `make test-tsan` in the root Makefile), kept out of
// the root package so that the sanitizer build compiles the library and this one small executable rather than the
// whole test bundle:
//   swift build --package-path Tests/Concurrency --scratch-path .build/tsan --sanitize=thread
// The same build folder holds the root's `pushnorm` built with ThreadSanitizer (`--product pushnorm`), which
// Tests/tsan/run.py drives where the command line runs threads.
let package = Package(
    name: "push-normaliser-concurrency",
    dependencies: [
        .package(name: "push-normaliser", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ConcurrencyCheck",
            dependencies: [.product(name: "PushNormaliser", package: "push-normaliser")])
    ]
)
