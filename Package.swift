// swift-tools-version: 6.1
import PackageDescription

/// How a release `footprint` is linked on Linux: the Swift runtime and Foundation inside the
/// executable (their static libraries; Foundation's own dependencies named, as the modules the
/// sources compile against are the shared ones), its symbols not exported. A process then starts
/// without binding thousands of symbols against a dozen shared libraries. It stays
/// position-independent: a tool that reads files from anywhere keeps address randomisation.
let staticRelease = [
    "-static-stdlib", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
    "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
    "-Xlinker", "--no-export-dynamic",
]

let package = Package(
    name: "Footprint",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FootprintGeo", targets: ["FootprintGeo"]),
        .library(name: "FootprintHangul", targets: ["FootprintHangul"]),
        .library(name: "FootprintProjection", targets: ["FootprintProjection"]),
        .library(name: "FootprintStore", targets: ["FootprintStore"]),
        .library(name: "FootprintRender", targets: ["FootprintRender"]),
        .executable(name: "footprint", targets: ["footprint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
    ],
    targets: [
        .target(name: "FootprintGeo"),
        .target(name: "FootprintHangul"),
        // Headers only: FootprintProjection resolves PROJ's functions with dlopen on first use, so a
        // process that projects nothing does not pay the ~10 ms of linking libproj.
        .systemLibrary(name: "CProj", providers: [.apt(["libproj-dev"])]),
        .target(name: "FootprintProjection", dependencies: ["CProj", "FootprintGeo"]),
        // zlib, for the gzip files of Data/ the CLI's basemap reads.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // SQLite's process-wide settings.
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "FootprintStore",
            dependencies: [
                "CSQLiteConfig", "FootprintGeo", "FootprintHangul", "FootprintProjection",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]),
        .target(name: "FootprintRender", dependencies: ["FootprintGeo"]),
        .target(name: "FootprintTestSupport", dependencies: ["FootprintStore"]),
        .executableTarget(
            name: "footprint",
            dependencies: [
                "CZlib", "FootprintGeo", "FootprintHangul", "FootprintProjection", "FootprintStore", "FootprintRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(staticRelease, .when(platforms: [.linux], configuration: .release))]),
        .testTarget(name: "FootprintGeoTests", dependencies: ["FootprintGeo"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FootprintHangulTests", dependencies: ["FootprintHangul"]),
        .testTarget(
            name: "FootprintProjectionTests", dependencies: ["FootprintProjection"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FootprintStoreTests", dependencies: ["FootprintStore", "FootprintTestSupport"],
            resources: [.copy("Fixtures")]),
        // The golden SVGs are read from the source tree (#filePath), so a test can print where to update one.
        .testTarget(name: "FootprintRenderTests", dependencies: ["FootprintRender"], exclude: ["Fixtures"]),
        .testTarget(
            name: "footprintTests", dependencies: ["footprint", "FootprintTestSupport"], resources: [.copy("Fixtures")]),
    ]
)
