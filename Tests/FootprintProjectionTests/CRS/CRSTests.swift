import Testing

@testable import FootprintProjection

@Suite struct CRSTests {
    @Test(arguments: ["EPSG:5186", "epsg:5186", "Epsg:5186", " EPSG:5186 "])
    func epsgAnyCase(_ text: String) throws {
        let crs = try CRS(text)
        #expect(crs.name == "EPSG:5186" && crs.definition == "EPSG:5186" && crs.epsgCode == 5186)
        #expect(crs == .korea2000CentralBelt2010)
    }

    @Test(arguments: ["tm128", "TM128", "katec", "KATEC"])
    func naverAliases(_ text: String) throws {
        let crs = try CRS(text)
        #expect(crs == .tm128)
        #expect(crs.name == text.lowercased())
        #expect(crs.definition == CRS.tm128Definition)
        #expect(crs.epsgCode == nil)
    }

    @Test func tm128IsTheArchitecturesDefinition() {
        #expect(
            CRS.tm128Definition
                == "+proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel +units=m "
                + "+towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43 +type=crs")
    }

    @Test func projStringsAreReadAsCRSs() throws {
        let crs = try CRS("+proj=longlat +datum=WGS84")
        #expect(crs.name == "+proj=longlat +datum=WGS84")
        #expect(crs.definition == "+proj=longlat +datum=WGS84 +type=crs")
        #expect(try CRS("+proj=utm +zone=52 +type=crs").definition == "+proj=utm +zone=52 +type=crs")
        #expect(try CRS("OGC:CRS84").definition == "OGC:CRS84")
        #expect(try CRS("urn:ogc:def:crs:EPSG::5186").definition == "urn:ogc:def:crs:EPSG::5186")
    }

    @Test(arguments: ["", "   ", "EPSG:", "EPSG:abc", "EPSG:12x", "EPSG:-4326", "EPSG:1234567890", "foo", "wgs84"])
    func invalidSyntax(_ text: String) {
        #expect(throws: FootprintProjectionError.self) { try CRS(text) }
        do {
            _ = try CRS(text)
        } catch {
            guard case .invalidCRS(let given, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(given == text)
        }
    }

    @Test func aProjStringWorksInATransformer() throws {
        let transformer = try Transformer(
            from: CRS("+proj=longlat +datum=WGS84"), to: CRS("+proj=utm +zone=52 +datum=WGS84"))
        // `echo "126.9779 37.5663" | cs2cs +proj=longlat +datum=WGS84 +to +proj=utm +zone=52 +datum=WGS84 -f %.6f`
        let output = try transformer.transform(CRSCoordinate(x: 126.9779, y: 37.5663))
        #expect(abs(output.x - 321_414.975893) < 0.001 && abs(output.y - 4_159_618.639181) < 0.001)
    }

    @Test func otherAuthoritiesReachProj() throws {
        // ESRI:102100 is ESRI's code for Web Mercator: the same metres as EPSG:3857.
        let esri = try Transformer(from: .wgs84, to: CRS("ESRI:102100"))
        let epsg = try Transformer(from: .wgs84, to: .webMercator)
        let point = CRSCoordinate(x: 126.9779, y: 37.5663)
        let a = try esri.transform(point)
        let b = try epsg.transform(point)
        #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6)
    }
}
