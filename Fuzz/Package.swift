// swift-tools-version: 6.1
// libFuzzer targets for Footprint's parsers: a separate package, so the main one never builds
// with the fuzzer. Build and run with `make fuzz` (see ../Makefile): it passes
// `-sanitize=fuzzer,address` and `-enable-testing` (the targets reach internal readers through
// `@testable import`).
import PackageDescription

let package = Package(
    name: "FootprintFuzz",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "footprint-fuzz", targets: ["footprint-fuzz"])
    ],
    dependencies: [
        // The main package by path; its name is "Footprint" whatever the clone's folder is called.
        .package(name: "Footprint", path: ".."),
        // CLIArguments/ holds the CLI's own argument files (symbolic links), which import it.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "footprint-fuzz",
            dependencies: [
                .product(name: "FootprintGeo", package: "Footprint"),
                .product(name: "FootprintStore", package: "Footprint"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ])
    ]
)
