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
        .package(name: "Footprint", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "footprint-bench",
            dependencies: [
                .product(name: "FootprintGeo", package: "Footprint"),
                .product(name: "FootprintStore", package: "Footprint"),
            ])
    ]
)
