import FootprintGeo
import Testing

@testable import footprint

/// The viewer page's only text from outside its own code is the attribution: it is escaped for
/// HTML whatever it holds.
@Suite struct TileViewerPageTests {
    @Test func theAttributionIsEscaped() throws {
        let page = TileViewerPage(
            box: BoundingBox(uncheckedWest: 126.9, south: 37.5, east: 127.1, north: 37.6), zooms: 10...12, scale: 1,
            attribution: "A & B <script>alert(\"x\")</script> 'q'")
        #expect(
            page.html.contains(
                "<div id=\"credit\">A &amp; B &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;q&#39;</div>"))
        #expect(page.html.components(separatedBy: "<script>").count == 2)
    }
}
