// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore
import SaomaTestSupport
import Testing

/// Payloads of many lengths, made of every byte value in turn so that all modes and masks occur.
private func bytesPayload(count: Int, seed: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7) }
}

/// Writes `matrix` as a PNG at 4 pixels per module and returns the path.
private func writePNG(_ matrix: QRMatrix, in directory: TemporaryFolder, name: String = "code.png") throws -> String {
    let path = directory.file(name)
    try PNGWriter.write(matrix.rgbRaster(moduleSize: 4, quietZone: 4), to: path, replacing: true)
    return path
}

@Suite("QR encoder")
struct QREncoderTests {
    static let lengths = [1, 7, 17, 42, 100, 255, 256, 500, 1000]

    @Test("size follows the version", arguments: ErrorCorrectionLevel.allCases)
    func sizeIsSeventeenPlusFourTimesVersion(level: ErrorCorrectionLevel) throws {
        for length in [1, 60, 300, 1200] where length <= QRCapacity.maximumBytes(level: level, withECI: false) {
            let matrix = try QREncoder.encode(.bytes(bytesPayload(count: length, seed: 1)), level: level)
            #expect(matrix.size == 17 + 4 * matrix.version)
            #expect(matrix.level == level)
            // Finder pattern: the top-left 7×7 has a dark border and a light ring.
            #expect(matrix.isDark(x: 0, y: 0) && matrix.isDark(x: 6, y: 6) && !matrix.isDark(x: 1, y: 1) && matrix.isDark(x: 3, y: 3))
        }
    }

    @Test("minimum version is honoured and grown when needed")
    func minimumVersionIsAFloor() throws {
        #expect(try QREncoder.encode(.text("a"), level: .medium, minimumVersion: 10).version == 10)
        #expect(try QREncoder.encode(.text("a"), level: .medium).version == 1)
        let big = try QREncoder.encode(.bytes(bytesPayload(count: 500, seed: 2)), level: .high, minimumVersion: 2)
        #expect(big.version > 2)
        #expect(throws: QREncodingError.versionOutOfRange(41)) { try QREncoder.encode(.text("a"), level: .low, minimumVersion: 41) }
        #expect(throws: QREncodingError.versionOutOfRange(0)) { try QREncoder.encode(.text("a"), level: .low, minimumVersion: 0) }
    }

    @Test("empty payloads are refused")
    func emptyIsRefused() {
        #expect(throws: QREncodingError.empty) { try QREncoder.encode(.text(""), level: .low) }
        #expect(throws: QREncodingError.empty) { try QREncoder.encode(.bytes([]), level: .low) }
    }

    @Test("largest payload fits, one byte more fails with the capacity", arguments: ErrorCorrectionLevel.allCases, [false, true])
    func capacityBoundary(level: ErrorCorrectionLevel, text: Bool) throws {
        let capacity = QRCapacity.maximumBytes(level: level, withECI: text)
        // Text payloads: "é" (2 bytes) forces the ECI designator, lower-case letters force 8-bit mode.
        func payload(_ count: Int) -> QRPayload {
            text ? .text("é" + String(repeating: "x", count: count - 2)) : .bytes(bytesPayload(count: count, seed: 3))
        }
        #expect(payload(capacity).bytes.count == capacity)
        let full = try QREncoder.encode(payload(capacity), level: level)
        #expect(full.version == 40)
        #expect(throws: QREncodingError.tooLarge(byteCount: capacity + 1, capacity: capacity, level: level)) {
            try QREncoder.encode(payload(capacity + 1), level: level)
        }
    }

    @Test("byte payloads read back through zbarimg at every level and length", arguments: ErrorCorrectionLevel.allCases)
    func bytesRoundTripThroughZbarimg(level: ErrorCorrectionLevel) throws {
        try ExternalTool.require(ExternalTool.zbarimg)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        for (index, length) in QREncoderTests.lengths.enumerated() {
            let bytes = bytesPayload(count: length, seed: index)
            let matrix = try QREncoder.encode(.bytes(bytes), level: level)
            let path = try writePNG(matrix, in: directory, name: "\(length).png")
            #expect(try ExternalTool.zbarimgBytes(path) == bytes, "length \(length), version \(matrix.version)")
        }
    }

    @Test("ASCII text reads back through zbarimg and ZXing-C++ at every level", arguments: ErrorCorrectionLevel.allCases)
    func asciiTextRoundTrip(level: ErrorCorrectionLevel) throws {
        try ExternalTool.require(ExternalTool.zbarimg, ExternalTool.zxingReader)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let texts = [
            "0123456789", "HELLO WORLD $%*+-./:", "https://example.org/a?b=c&d=e#f", String(repeating: "Mixed 123 CASE text. ", count: 20),
        ]
        for (index, text) in texts.enumerated() {
            let path = try writePNG(try QREncoder.encode(.text(text), level: level), in: directory, name: "\(index).png")
            #expect(try ExternalTool.zbarimgText(path) == text)
            #expect(try ExternalTool.zxingText(path) == text)
        }
    }

    static let unicodeSamples = [
        "Grüße aus Köln",
        "扫码：二维码生成器",
        "こんにちは世界、カタカナ",
        "한국어 텍스트",
        "😀🎉👍🏽 👨‍👩‍👧‍👦 🇨🇳",
        "e\u{301} a\u{308} n\u{303} \u{1E9B}\u{323}",
        "שלום עולם",
        "مرحبا بالعالم ١٢٣",
        "Ελληνικά Кириллица",
        "mixed: abc 中文 😀 עברית",
    ]

    @Test("Unicode text reads back unchanged from zbarimg and ZXing-C++", arguments: unicodeSamples)
    func unicodeRoundTrip(text: String) throws {
        try ExternalTool.require(ExternalTool.zbarimg, ExternalTool.zxingReader)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        for level in ErrorCorrectionLevel.allCases {
            let path = try writePNG(try QREncoder.encode(.text(text), level: level), in: directory, name: "\(level).png")
            // Compare scalars: `String ==` would accept a canonically equivalent but different encoding.
            #expect(try ExternalTool.zbarimgText(path).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
            #expect(try ExternalTool.zbarimgBytes(path) == Array(text.utf8))
            #expect(try ExternalTool.zxingText(path).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
        }
    }

    @Test(
        "the UTF-8 ECI designator is present exactly for non-ASCII text",
        arguments: [(QRPayload.text("plain ASCII"), false), (.text("ünïcödé"), true), (.text("中文"), true), (.bytes([0xC3, 0xBC]), false)])
    func eciDesignator(payload: QRPayload, hasECI: Bool) throws {
        try ExternalTool.require(ExternalTool.zxingReader)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let path = try writePNG(try QREncoder.encode(payload, level: .medium), in: directory)
        let report = try runToolStatus(ExternalTool.zxingReader, ["-format", "QRCode", path]).output
        #expect(report.contains("HasECI:     \(hasECI)"), "\(report)")
    }

    @Test("binary with NULs keeps every byte")
    func binaryWithNULs() throws {
        try ExternalTool.require(ExternalTool.zbarimg, ExternalTool.zxingReader)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let samples: [[UInt8]] = [[0], [0, 0, 0], [0x41, 0, 0x42, 0], Array(0...255), [0xFF, 0xFE, 0, 0x80, 0xC3]]
        for (index, bytes) in samples.enumerated() {
            let path = try writePNG(try QREncoder.encode(.bytes(bytes), level: .medium), in: directory, name: "\(index).png")
            #expect(try ExternalTool.zbarimgBytes(path) == bytes)
            #expect(try ExternalTool.zxingBytes(path) == bytes)
        }
    }

    @Test("text with a NUL keeps it")
    func textWithNUL() throws {
        try ExternalTool.require(ExternalTool.zbarimg)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let text = "before\u{0}after"
        let path = try writePNG(try QREncoder.encode(.text(text), level: .low), in: directory)
        #expect(try ExternalTool.zbarimgBytes(path) == Array(text.utf8))
    }
}
