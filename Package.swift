// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Patience",
    products: [
        .library(name: "Patience", targets: ["Patience"]),
        .executable(name: "patience", targets: ["PatienceCLI"]),
        .executable(name: "patience-bench", targets: ["PatienceBench"]),
    ],
    targets: [
        .target(
            name: "Patience",
            path: "Sources/Patience"
        ),
        .executableTarget(name: "PatienceCLI", dependencies: ["Patience"], path: "Sources/PatienceCLI"),
        .executableTarget(name: "PatienceBench", dependencies: ["Patience"], path: "Sources/PatienceBench"),
        .testTarget(
            name: "PatienceTests",
            dependencies: ["Patience"],
            path: "Tests/PatienceTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
