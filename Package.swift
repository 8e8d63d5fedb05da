// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Patience",
    products: [
        .library(name: "Patience", targets: ["Patience"]),
        .library(name: "PatienceSolver", targets: ["PatienceSolver"]),
        .executable(name: "patience", targets: ["PatienceCLI"]),
        .executable(name: "patience-bench", targets: ["PatienceBench"]),
    ],
    targets: [
        .target(
            name: "Patience",
            path: "Sources/Patience"
        ),
        .target(name: "PatienceSolver", dependencies: ["Patience"], path: "Sources/PatienceSolver"),
        .executableTarget(name: "PatienceCLI", dependencies: ["Patience", "PatienceSolver"], path: "Sources/PatienceCLI"),
        .executableTarget(name: "PatienceBench", dependencies: ["Patience", "PatienceSolver"], path: "Sources/PatienceBench"),
        .testTarget(
            name: "PatienceTests",
            dependencies: ["Patience", "PatienceSolver"],
            path: "Tests/PatienceTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
