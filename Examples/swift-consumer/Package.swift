// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A separate package that uses PushNormaliser the way a Swift service does: a dependency by path, one product,
// one `import PushNormaliser`. `make swift-consumer` builds and runs it.
//
// A path dependency's package identity is the last component of its path (here the checkout's directory name,
// which differs between clones), so this manifest reads it instead of spelling it; a service would write
//     .package(path: "../push-normaliser")   ...   .product(name: "PushNormaliser", package: "push-normaliser")
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().standardizedFileURL
let identity = root.lastPathComponent.lowercased()

let package = Package(
    name: "swift-consumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: root.path)
    ],
    targets: [
        .executableTarget(
            name: "QuickStart",
            dependencies: [.product(name: "PushNormaliser", package: identity)]
        )
    ]
)
