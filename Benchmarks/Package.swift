// swift-tools-version: 6.1
// Benchmarks of Footprint against the peers of ../../shared/peers (PostGIS, SpatiaLite, shapely,
// pyproj, mercantile, polyline): a separate package, so the main one's users never build it.
import PackageDescription

let package = Package(
    name: "FootprintBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "footprint-bench", targets: ["footprint-bench"])
    ],
    dependencies: [
        // The main package by path; its name is "Footprint" whatever the clone's folder is called.
        .package(name: "Footprint", path: ".."),
        // The search tasks build the peers' FTS5 trigram table on the same file to compare with.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "footprint-bench",
            dependencies: [
                .product(name: "FootprintGeo", package: "Footprint"),
                .product(name: "FootprintStore", package: "Footprint"),
                .product(name: "FootprintHangul", package: "Footprint"),
                .product(name: "FootprintRender", package: "Footprint"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ])
    ]
)
