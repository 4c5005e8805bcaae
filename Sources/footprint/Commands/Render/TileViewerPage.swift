import FootprintGeo
import Foundation

/// `index.html` of a tile pyramid: a page that pans (drag) and zooms (wheel, + and −) the
/// tiles beside it, with an inline script and nothing loaded from the network.
struct TileViewerPage {
    let box: BoundingBox
    let zooms: ClosedRange<Int>
    let scale: Int
    let attribution: String

    /// The page's text. The tiles load as `<img src="Z/X/Y.svg">`; a missing tile (no content)
    /// is hidden when it fails to load.
    var html: String {
        let east = box.crossesAntimeridian ? box.east + 360 : box.east
        let centerLongitude = (box.west + east) / 2
        let centerLatitude = (box.south + box.north) / 2
        let escapedAttribution = Self.escapedHTML(attribution)
        return """
            <!DOCTYPE html>
            <html lang="ko">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Footprint tiles</title>
            <style>
            html,body{margin:0;height:100%;overflow:hidden;background:#ddd;font-family:sans-serif}
            #map{position:absolute;inset:0;cursor:grab}
            #map img{position:absolute;width:256px;height:256px;user-select:none;-webkit-user-drag:none}
            #bar{position:absolute;top:8px;left:8px;z-index:2}
            #bar button{width:32px;height:32px;font-size:20px}
            #credit{position:absolute;right:4px;bottom:2px;font-size:11px;background:#fffc;padding:1px 4px;z-index:2}
            </style>
            </head>
            <body>
            <div id="map"></div>
            <div id="bar"><button id="in">+</button> <button id="out">−</button> <span id="zoom"></span></div>
            <div id="credit">\(escapedAttribution)</div>
            <script>
            (function () {
              var minZoom = \(zooms.lowerBound), maxZoom = \(zooms.upperBound), side = 256;
              var map = document.getElementById('map');
              var zoom = minZoom, cx = 0, cy = 0;
              function project(lon, lat, z) {
                var s = Math.sin(lat * Math.PI / 180), w = side * Math.pow(2, z);
                return [(lon / 360 + 0.5) * w, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * w];
              }
              // Opens at the deepest zoom whose tiles of the box fit the window.
              for (var z = maxZoom; z > minZoom; z--) {
                var sw = project(\(box.west), \(box.south), z), ne = project(\(east), \(box.north), z);
                if (ne[0] - sw[0] <= map.clientWidth && sw[1] - ne[1] <= map.clientHeight) break;
              }
              zoom = z;
              var start = project(\(centerLongitude), \(centerLatitude), zoom);
              cx = start[0]; cy = start[1];
              var shown = {};
              function draw() {
                var width = map.clientWidth, height = map.clientHeight, n = Math.pow(2, zoom);
                var left = cx - width / 2, top = cy - height / 2, wanted = {};
                for (var y = Math.floor(top / side); y * side < top + height; y++) {
                  for (var x = Math.floor(left / side); x * side < left + width; x++) {
                    if (x < 0 || y < 0 || x >= n || y >= n) continue;
                    var key = zoom + '/' + x + '/' + y;
                    wanted[key] = true;
                    var img = shown[key];
                    if (!img) {
                      img = document.createElement('img');
                      img.alt = '';
                      img.onerror = function () { this.style.visibility = 'hidden'; };
                      img.src = key + '.svg';
                      map.appendChild(img);
                      shown[key] = img;
                    }
                    img.style.left = Math.round(x * side - left) + 'px';
                    img.style.top = Math.round(y * side - top) + 'px';
                  }
                }
                for (var k in shown) { if (!wanted[k]) { map.removeChild(shown[k]); delete shown[k]; } }
                document.getElementById('zoom').textContent = 'z' + zoom;
              }
              function zoomBy(step, px, py) {
                var next = Math.max(minZoom, Math.min(maxZoom, zoom + step));
                if (next === zoom) return;
                var f = Math.pow(2, next - zoom), w = map.clientWidth, h = map.clientHeight;
                px = px === undefined ? w / 2 : px; py = py === undefined ? h / 2 : py;
                var wx = cx - w / 2 + px, wy = cy - h / 2 + py;
                cx = wx * f - px + w / 2; cy = wy * f - py + h / 2; zoom = next;
                draw();
              }
              var drag = null;
              map.addEventListener('mousedown', function (e) { drag = [e.clientX, e.clientY]; });
              window.addEventListener('mouseup', function () { drag = null; });
              window.addEventListener('mousemove', function (e) {
                if (!drag) return;
                cx -= e.clientX - drag[0]; cy -= e.clientY - drag[1]; drag = [e.clientX, e.clientY]; draw();
              });
              map.addEventListener('wheel', function (e) { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1 : -1, e.clientX, e.clientY); });
              document.getElementById('in').onclick = function () { zoomBy(1); };
              document.getElementById('out').onclick = function () { zoomBy(-1); };
              window.addEventListener('resize', draw);
              draw();
            })();
            </script>
            </body>
            </html>

            """
    }

    /// `text` as HTML character data or a quoted attribute value: `& < > " '` as references.
    static func escapedHTML(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Writes the page as `index.html` in `folder` (a temporary name renamed into place).
    func write(to folder: TileFolder) throws {
        try folder.writeFile("index.html", bytes: Array(html.utf8))
    }
}
