// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// Checks that the markers of the newest layout sit on `codes` (scene pixels) as the photo is
/// shown; returns each code's expected screen point and a screenshot of that layout.
///
/// The page logs its geometry and markers after every relayout (the side panel may fold away
/// after the first one) and paints after each: the layout is settled when its block was painted
/// and no newer block came before the screenshot was taken.
func expectMarkers(
    _ app: AppUnderTest, on codes: [PhotoFactory.PlacedCode], tolerance: Double = 2.5, keepAs: String? = nil
) throws -> (expected: [String: (x: Double, y: Double)], shot: Screenshot) {
    let deadline = Date().addingTimeInterval(Patience.seconds)
    while true {
        try app.waitForLine { $0.hasPrefix("photo-drawn ") }
        let all = app.debugLines
        let lastDrawn = try #require(all.lastIndex { $0.hasPrefix("photo-drawn ") })
        let lines = Array(all.prefix(lastDrawn))
        let index = try #require(lines.lastIndex { $0.hasPrefix("photo-markers ") })
        let shot = try app.screenshot(keepAs: keepAs)
        guard app.debugLines.lastIndex(where: { $0.hasPrefix("photo-markers ") }) == index else {
            guard Date() < deadline else { throw EndToEndError(description: "the photo's layout never settled") }
            continue
        }
        #expect(fields(lines[index])["count"] == String(codes.count))
        let geometryLine = try #require(lines.prefix(index).last { $0.hasPrefix("photo-geometry ") })
        let geometry = try PhotoGeometry(geometryLine)
        let markerLines = lines[(index + 1)...].filter { $0.hasPrefix("photo-marker ") }.prefix(codes.count)
        try #require(markerLines.count == codes.count)
        var expected: [String: (x: Double, y: Double)] = [:]
        for code in codes {
            let point = geometry.screenPoint(imageX: code.centerX, y: code.centerY)
            expected[code.text] = point
            let line = try #require(markerLines.first { fields($0)["text"] == code.text }, "no marker for \(code.text)")
            let f = fields(line)
            let x = Double(f["x"] ?? "") ?? .nan
            let y = Double(f["y"] ?? "") ?? .nan
            #expect(
                abs(x - point.x) < tolerance && abs(y - point.y) < tolerance, "\(code.text): marker at (\(x), \(y)), code at \(point)")
        }
        // The markers fade in (CSS): wait until each shows (a state), then the caller checks where.
        var shown = shot
        while expected.values.contains(where: { shown.accentCentroid(nearX: $0.x, y: $0.y) == nil }) && Date() < deadline {
            shown = try app.screenshot(keepAs: keepAs)
        }
        return (expected, shown)
    }
}

/// Clicks the marker `expectMarkers` expects for `text`; the one-shot app must print `text` and
/// exit 0.
func clickMarker(
    _ app: AppUnderTest, for text: String, in expected: [String: (x: Double, y: Double)],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let point = try #require(expected[text], "no marker expected for \(text)", sourceLocation: sourceLocation)
    try app.click(x: point.x, y: point.y)
    #expect(try app.waitForExit() == 0, sourceLocation: sourceLocation)
    #expect(app.standardOutput == text + "\n", sourceLocation: sourceLocation)
}
