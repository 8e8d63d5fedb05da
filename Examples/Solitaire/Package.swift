// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Solitaire",
    dependencies: [
        .package(name: "Patience", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Solitaire", dependencies: [.product(name: "Patience", package: "Patience")]),
    ]
)
