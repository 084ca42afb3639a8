// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FoundationXML
import Testing

@testable import SaomaCore

/// A deterministic pseudo-random matrix (no encoder in the core): dark where a hash is odd.
private func sampleMatrix(size: Int, seed: Int) -> QRMatrix {
    let modules = (0..<(size * size)).map { i in ((i &* 2_654_435_761 &+ seed &* 40503) >> 7) & 1 == 1 }
    return QRMatrix(size: size, version: (size - 17) / 4, level: .medium, modules: modules)!
}

/// Collects the SVG's elements and attributes.
private final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements.append((elementName, attributeDict))
    }
}

/// The dark cells an SVG path of `M x y h n v1 h-n z` runs covers.
private func cells(ofPath path: String) -> Set<[Int]> {
    var out = Set<[Int]>()
    let scanner = Scanner(string: path)
    while !scanner.isAtEnd {
        guard scanner.scanString("M") != nil, let x = scanner.scanInt(), let y = scanner.scanInt(), scanner.scanString("h") != nil,
            let run = scanner.scanInt(), scanner.scanString("v1h-") != nil, scanner.scanInt() == run, scanner.scanString("z") != nil
        else {
            Issue.record("unexpected path syntax near \(scanner.currentIndex.utf16Offset(in: path))")
            return out
        }
        for dx in 0..<run { out.insert([x + dx, y]) }
    }
    return out
}

@Suite("QR rendering")
struct QRRenderingTests {
    static let cases: [(size: Int, moduleSize: Int, quietZone: Int)] = [(21, 1, 0), (21, 3, 4), (25, 8, 2), (57, 2, 4), (177, 1, 1)]

    @Test("raster pixels follow their module", arguments: cases)
    func rasterFollowsModules(size: Int, moduleSize: Int, quietZone: Int) {
        let matrix = sampleMatrix(size: size, seed: size)
        let fg = RGBColor(red: 10, green: 20, blue: 30)
        let bg = RGBColor(red: 250, green: 240, blue: 230)
        let raster = matrix.rgbRaster(moduleSize: moduleSize, quietZone: quietZone, foreground: fg, background: bg)
        let luma = matrix.lumaImage(moduleSize: moduleSize, quietZone: quietZone, foreground: fg, background: bg)
        let side = (size + 2 * quietZone) * moduleSize
        #expect(raster.width == side && raster.height == side && raster.bytes.count == side * side * 3)
        #expect(luma.width == side && luma.height == side)
        #expect(raster.luma == luma)
        for y in 0..<side {
            for x in 0..<side {
                let dark = matrix.isDark(x: x / moduleSize - quietZone, y: y / moduleSize - quietZone)
                #expect(raster[x, y] == (dark ? fg : bg))
                #expect(luma[x, y] == (dark ? fg.luma : bg.luma))
            }
        }
    }

    @Test("SVG is well-formed, crisp, in modules, and draws exactly the dark modules", arguments: cases)
    func svgDrawsDarkModules(size: Int, moduleSize: Int, quietZone: Int) throws {
        let matrix = sampleMatrix(size: size, seed: 7)
        let svg = matrix.svg(moduleSize: moduleSize, quietZone: quietZone, foreground: .black, background: RGBColor(parsing: "#fe0")!)
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = SVGCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let names = collector.elements.map(\.name)
        #expect(names == ["svg", "rect", "path"])
        let side = size + 2 * quietZone
        let root = try #require(collector.elements.first?.attributes)
        #expect(root["viewBox"] == "0 0 \(side) \(side)")
        #expect(root["shape-rendering"] == "crispEdges")
        #expect(root["width"] == "\(side * moduleSize)")
        #expect(collector.elements[1].attributes["fill"] == "#ffee00")
        let path = try #require(collector.elements[2].attributes["d"])
        var expected = Set<[Int]>()
        for y in 0..<size {
            for x in 0..<size where matrix.isDark(x: x, y: y) { expected.insert([x + quietZone, y + quietZone]) }
        }
        #expect(cells(ofPath: path) == expected)
    }

    @Test("terminal half blocks show every module", arguments: [(21, 4), (25, 1), (29, 0), (33, 2)])
    func terminalShowsModules(size: Int, quietZone: Int) {
        let matrix = sampleMatrix(size: size, seed: 3)
        for ansi in [false, true] {
            var text = matrix.terminalText(quietZone: quietZone, ansiColors: ansi)
            if ansi {
                text = text.replacingOccurrences(of: QRMatrix.terminalColorsOn, with: "")
                    .replacingOccurrences(of: QRMatrix.terminalColorsOff, with: "")
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let side = size + 2 * quietZone
            #expect(lines.count == (side + 1) / 2)
            for (row, line) in lines.enumerated() {
                let characters = Array(line)
                #expect(characters.count == side)
                for (x, character) in characters.enumerated() {
                    let top = matrix.isDark(x: x - quietZone, y: 2 * row - quietZone)
                    let bottom = matrix.isDark(x: x - quietZone, y: 2 * row + 1 - quietZone)
                    let expected: Character = top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                    #expect(character == expected, "row \(row) column \(x)")
                }
            }
        }
    }

    @Test("ANSI output forces black on white on every line")
    func ansiLinesAreColoured() {
        let text = sampleMatrix(size: 21, seed: 1).terminalText(quietZone: 2)
        for line in text.split(separator: "\n") {
            #expect(line.hasPrefix(QRMatrix.terminalColorsOn) && line.hasSuffix(QRMatrix.terminalColorsOff))
        }
    }

    @Test(
        "target size picks the largest whole module size that fits",
        arguments: [(200, 21, 4, 6), (29, 21, 4, 1), (1000, 25, 0, 40), (58, 21, 4, 2)])
    func targetSizeFits(target: Int, size: Int, quietZone: Int, expected: Int) throws {
        let matrix = sampleMatrix(size: size, seed: 0)
        let style = QRStyle(quietZone: quietZone, sizing: .targetSize(target))
        let moduleSize = try style.moduleSize(for: matrix)
        #expect(moduleSize == expected)
        #expect(matrix.pixelSize(moduleSize: moduleSize, quietZone: quietZone) <= target)
        #expect(matrix.pixelSize(moduleSize: moduleSize + 1, quietZone: quietZone) > target)
    }

    @Test("bad styles are refused")
    func badStylesAreRefused() {
        let matrix = sampleMatrix(size: 21, seed: 0)
        #expect(throws: QRStyleError.targetTooSmall(target: 28, modules: 29)) {
            try QRStyle(sizing: .targetSize(28)).moduleSize(for: matrix)
        }
        #expect(throws: QRStyleError.moduleSizeOutOfRange(0)) { try QRStyle(sizing: .moduleSize(0)).validate() }
        #expect(throws: QRStyleError.quietZoneOutOfRange(-1)) { try QRStyle(quietZone: -1).validate() }
        let grey = QRStyle(foreground: RGBColor(parsing: "#777")!, background: RGBColor(parsing: "#888")!)
        #expect(throws: QRStyleError.invisibleColors(grey.colorCheck)) { try grey.validate() }
    }
}
