import Testing

@Suite struct GeoTileCommandTests {
    /// Seoul City Hall is in the peers' render tile 14/13970/6344 (mercantile agrees).
    @Test func printsZXY() throws {
        let result = try CLI.run(["geo", "tile", "--at", "37.5665,126.9780", "--zoom", "14"])
        #expect(result.status == 0)
        #expect(result.stdout == "14/13970/6344\n")
        #expect(result.stderr.isEmpty)
    }

    /// Sydney: a southern latitude as an option value that begins with '-'; mercantile.tile(151.21, -33.87, 10).
    @Test func southernPointAsOptionValue() throws {
        let result = try CLI.run(["geo", "tile", "--at", "-33.87,151.21", "--zoom", "10"])
        #expect(result.status == 0)
        #expect(result.stdout == "10/942/614\n")
    }

    @Test func jsonHasTheNumbersQuadkeyAndBbox() throws {
        let result = try CLI.run(["geo", "tile", "--at", "37.5665,126.9780", "--zoom", "14", "--json"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"z":14,"x":13970,"y":6344,"quadkey":"13211032012010","bbox":[126.9580078125,37.56199695314352,126.97998046875,37.57941251343839]}"#
                + "\n")
    }

    @Test func zoomZeroIsTheWorld() throws {
        let result = try CLI.run(["geo", "tile", "--at", "-89.9,-179.9", "--zoom", "0"])
        #expect(result.stdout == "0/0/0\n")
    }

    @Test(arguments: ["23", "-1"])
    func zoomOutOfRangeIsOneSentence(zoom: String) throws {
        let result = try CLI.run(["geo", "tile", "--at", "37.5665,126.9780", "--zoom", zoom])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: The zoom \(zoom) is invalid: it must be a whole number from 0 to 22.\n")
    }

    @Test func swappedCoordinateIsOneSentence() throws {
        let result = try CLI.run(["geo", "tile", "--at", "126.978,37.5665", "--zoom", "14"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "Error: The latitude 126.978 is out of range and the longitude 37.5665 looks like a latitude: give the point as LAT,LON (37.5665,126.978).\n"
        )
    }

    @Test func helpExplainsTheTile() throws {
        let result = try CLI.run(["geo", "tile", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--zoom <Z>"))
        #expect(result.stdout.contains("Z/X/Y"))
    }
}
