// swift-tools-version:6.0
import PackageDescription

// The stages of Patience, each a target that depends only on the stages below it:
//
//   PatienceDiagnostics   source locations, diagnostics, codes, rendering; no game knowledge
//   PatienceCards         cards, suits, relations, zone roles, the language's arithmetic
//   PatienceLanguage      tokens, lexer, parser, syntax tree, printer
//   PatienceChecking      extends and merging, names, types, lints, the cost model, checked terms
//   PatienceEngine        tables, moves, the evaluator, effects, deals (never sees the three above)
//   PatienceCompiler      checked terms to the engine's run-time forms
//   PatienceDescribing    the rules in English from the checked game (describe, hover)
//   PatienceFormats       board text, move notations, listings, replays
//   Patience              the public API an app uses: compile and lint, Game, GameState, drag and drop
//   PatienceSolver        search over the engine: solve, analyze, hints
//   PatienceLanguageServer `patience lsp`, over the language, the checker and the describer
//   PatienceCommandLine   the `patience` subcommands; `patience` itself is a three-line main.swift
let package = Package(
    name: "Patience",
    products: [
        .library(name: "Patience", targets: ["Patience"]),
        .library(name: "PatienceSolver", targets: ["PatienceSolver"]),
        .executable(name: "patience", targets: ["PatienceCLI"]),
        .executable(name: "patience-bench", targets: ["PatienceBench"]),
    ],
    targets: [
        .target(name: "PatienceDiagnostics"),
        .target(name: "PatienceCards"),
        .target(name: "PatienceLanguage", dependencies: ["PatienceDiagnostics", "PatienceCards"]),
        // The bundled games travel with the checker as resources, so that an installed `patience`
        // finds them by name (see GameLibrary): `Patience_PatienceChecking.resources/Rules`.
        .target(
            name: "PatienceChecking", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceLanguage"],
            resources: [.copy("../../Rules")]),
        .target(name: "PatienceEngine", dependencies: ["PatienceDiagnostics", "PatienceCards"]),
        .target(name: "PatienceCompiler", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceChecking", "PatienceEngine"]),
        // Rules in English from the checked game (`patience describe`, the language server's hover).
        .target(name: "PatienceDescribing", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking"]),
        .target(name: "PatienceFormats", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceEngine"]),
        .target(
            name: "Patience",
            dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats"]),
        .target(name: "PatienceSolver", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceEngine", "PatienceFormats"]),
        // `patience lsp`: the language server, on the language, the checker and the describer only.
        .target(name: "PatienceLanguageServer", dependencies: ["PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceDescribing"]),
        .target(name: "PatienceCommandLine", dependencies: ["Patience", "PatienceSolver", "PatienceDescribing", "PatienceLanguageServer"]),
        .executableTarget(name: "PatienceCLI", dependencies: ["PatienceCommandLine"]),
        .executableTarget(name: "PatienceBench", dependencies: ["Patience", "PatienceSolver", "PatienceCommandLine"]),
        // Tests mirror the stages; what several of them share (the package's paths, positions,
        // verdict tables, running the built executable, the game invariants) is in TestSupport.
        .target(
            name: "TestSupport",
            dependencies: ["Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"],
            path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "LanguageTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "CheckingTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "CompilerTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "EngineTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "FormatsTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "PatienceTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "CatalogTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "SolverTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "DescribingTests", dependencies: ["TestSupport", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceDescribing"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["TestSupport", "PatienceDiagnostics", "PatienceLanguage", "PatienceChecking", "PatienceDescribing", "PatienceLanguageServer"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TestSupport", "Patience", "PatienceDiagnostics", "PatienceCards", "PatienceLanguage", "PatienceChecking", "PatienceEngine", "PatienceCompiler", "PatienceFormats", "PatienceSolver", "PatienceCommandLine", "PatienceDescribing", "PatienceLanguageServer"]),
    ],
    swiftLanguageModes: [.v6]
)
