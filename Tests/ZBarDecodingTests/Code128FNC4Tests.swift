// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

@testable import ZBarDecoding

/// Code 128 symbols written by the real `zint` (package zint, in scripts/packages.txt), which
/// encodes ISO-8859-1 characters above 127 with FNC4 (single, or double to latch).
struct Code128Images {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "saoma-code128") }

    /// The PNG file of `text` (UTF-8, converted by zint to ISO-8859-1) at `scale` (zint's: 1 =
    /// 2 pixels per module), with quiet zones and no human-readable text; or GS1-128 with `gs1`.
    func file(_ text: String, scale: Double = 1, gs1: Bool = false) throws -> String {
        let path = folder.path("code\(text.utf8.count)-\(scale).png")
        let arguments = ["-b", gs1 ? "16" : "20", "--scale=\(scale)", "--notext", "--quietzones", "-d", text, "-o", path]
        try runTool("/usr/bin/zint", arguments)
        return path
    }

    /// The image of `file(text, scale:)`.
    func image(_ text: String, scale: Double = 1) throws -> LumaImage {
        try ImageLoader().load(path: try file(text, scale: scale)).luma
    }

    /// What zbarimg (zbar-tools, in scripts/packages.txt) reads from `path` as Code 128, or `nil`.
    static func zbarimgText(_ path: String) throws -> String? {
        let run = try runToolStatus(ExternalTool.zbarimg, ["--raw", "-q", "-Sdisable", "-Scode128.enable", path])
        guard run.status == 0 else { return nil }
        return String(run.output.dropLast())
    }

    /// `text`'s ISO-8859-1 bytes.
    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

    /// The dark runs (start x, end x) of row `y`.
    static func darkRuns(_ image: LumaImage, row y: Int) -> [(Int, Int)] {
        var runs: [(Int, Int)] = []
        var start: Int?
        for x in 0...image.width {
            let dark = x < image.width && image[x, y] < 128
            if dark, start == nil { start = x }
            if !dark, let s = start {
                runs.append((s, x))
                start = nil
            }
        }
        return runs
    }

    /// `image` with columns `x0..<x1` of rows `rows` set to `value`.
    static func painted(_ image: LumaImage, x0: Int, x1: Int, rows: Range<Int>, value: UInt8) -> LumaImage {
        var out = image
        for y in rows {
            for x in x0..<x1 { out[x, y] = value }
        }
        return out
    }

    /// `image` blurred by a 3×3 box filter.
    static func blurred(_ image: LumaImage) -> LumaImage {
        var out = image
        for y in 1..<(image.height - 1) {
            for x in 1..<(image.width - 1) {
                var sum = 0
                for dy in -1...1 {
                    for dx in -1...1 { sum += Int(image[x + dx, y + dy]) }
                }
                out[x, y] = UInt8(sum / 9)
            }
        }
        return out
    }
}

@Suite("Code 128 extended characters (FNC4)")
struct Code128FNC4Tests {
    @Test(
        "reads extended characters right where zbar alone reads their low-half letters",
        arguments: [
            ("Äpfel", 1.0), ("Äpfel", 1.5), ("Äpfel", 2), ("Ü", 1), ("ÄÖÜß1234", 1), ("Grüße 12345678 Straße", 1.5),
            ("abäöüßcd", 2), ("Æ90123456ø", 1), ("ÄÖÜßÆ1234", 1.5),
        ])
    func readsExtendedCharacters(text: String, scale: Double) throws {
        let images = try Code128Images()
        let path = try images.file(text, scale: scale)
        // zbar on its own drops every FNC4 (the bug this guards against).
        let low = try Code128Images.zbarimgText(path)
        #expect(low != nil && low != text)
        let image = try ImageLoader().load(path: path).luma
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.text) == [text])
        #expect(symbols.map(\.bytes) == [Code128Images.latin1(text)])
        #expect(symbols.first?.format == .code128)
    }

    @Test("zint latches five extended characters with a double FNC4, and single FNC4s shift one")
    func zintUsesBothFNC4Forms() throws {
        let images = try Code128Images()
        for (text, latched) in [("ÄÖÜßÆ1234", true), ("Äpfel", false)] {
            let image = try images.image(text)
            let scan = try #require(Code128Lines.lineScans(rows: [image.height / 2], columns: [], in: image).first)
            let codewords = try #require(scan.readings.first?.codewords)
            let doubled = zip(codewords.dropFirst(), codewords.dropFirst(2)).contains { $0 == 100 && $1 == 100 }
            #expect(doubled == latched, "\(text): \(codewords)")
            #expect(codewords.contains(100))
        }
    }

    @Test("reads them turned by 90°, 180° and 270°, and in the live path", arguments: [1, 2, 3])
    func readsTurned(quarterTurns: Int) throws {
        let images = try Code128Images()
        let text = "Grüße 12345678 Straße"
        let image = try images.image(text, scale: 1.5).rotated(quarterTurns: quarterTurns)
        #expect(ZBarDecoder().decode(image, options: DecodeOptions()).map(\.text) == [text])
        #expect(ZBarDecoder().decode(image, options: DecodeOptions(effort: .fast)).map(\.text) == [text])
    }

    @Test("reads them blurred, noisy and at a fractional module size", arguments: [1, 2, 3])
    func readsDegraded(seed: UInt64) throws {
        let images = try Code128Images()
        let text = "ÄÖÜß1234"
        let base = try images.image(text, scale: 1.5)
        let noisy = Code128Images.blurred(base).withNoise(amplitude: 30, seed: seed)
        #expect(ZBarDecoder().decode(noisy, options: DecodeOptions()).map(\.text) == [text])
        let (resized, _) = base.scaled(by: 1.1 + 0.13 * Double(seed))
        #expect(ZBarDecoder().decode(resized, options: DecodeOptions()).map(\.text) == [text])
    }

    @Test("an FNC4 smudged on half of the rows is read right from the others")
    func partlyDamagedFNC4() throws {
        let images = try Code128Images()
        let image = try images.image("Äpfel", scale: 1.5)
        let runs = Code128Images.darkRuns(image, row: image.height / 2)
        // The FNC4 is the second character: bars 3 to 5 of the row.
        let damaged = Code128Images.painted(image, x0: runs[3].0, x1: runs[6].0, rows: 0..<(image.height / 2), value: 0)
        #expect(ZBarDecoder().decode(damaged, options: DecodeOptions()).map(\.text) == ["Äpfel"])
    }

    @Test("a symbol holding an FNC4 that does not verify gives no read rather than its low-half letters")
    func unverifiableFNC4() throws {
        let images = try Code128Images()
        let path = try images.file("Äpfel", scale: 1)
        let image = try ImageLoader().load(path: path).luma
        let runs = Code128Images.darkRuns(image, row: image.height / 2)
        // The stop pattern's terminating bar widened from 2 to 5 modules: zbar does not look at
        // it when it reads the symbol from left to right, the codeword decoder does.
        let last = try #require(runs.last)
        let damaged = images.folder.path("damaged.png")
        try runTool(
            "/usr/bin/convert", [path, "-fill", "black", "-draw", "rectangle \(last.1),0 \(last.1 + 5),\(image.height - 1)", damaged])
        let widened = try ImageLoader().load(path: damaged).luma
        #expect(Code128Images.darkRuns(widened, row: 0).last.map { $0.1 - $0.0 } == 10)
        #expect(try Code128Images.zbarimgText(damaged) == "Dpfel")
        #expect(ZBarDecoder().decode(widened, options: DecodeOptions()).isEmpty)
        #expect(ZBarDecoder().decode(widened, options: DecodeOptions(effort: .fast)).isEmpty)
    }

    @Test("an FNC4 destroyed on every row gives no read at all, in no pass")
    func destroyedFNC4() throws {
        let images = try Code128Images()
        let image = try images.image("Äpfel", scale: 1.5)
        let runs = Code128Images.darkRuns(image, row: image.height / 2)
        let damaged = Code128Images.painted(image, x0: runs[3].0, x1: runs[6].0, rows: 0..<image.height, value: 0)
        #expect(ZBarDecoder().decode(damaged, options: DecodeOptions()).isEmpty)
    }

    @Test("codes without FNC4 are reported as zbar reads them: plain, control characters, GS1-128")
    func withoutFNC4() throws {
        let images = try Code128Images()
        let plain = try images.image("Hello 123456")
        #expect(ZBarDecoder().decode(plain, options: DecodeOptions()).map(\.text) == ["Hello 123456"])
        let gs1 = try ImageLoader().load(path: try images.file("[01]09501101530003[10]ABC[21]123", gs1: true)).luma
        let symbol = try #require(ZBarDecoder().decode(gs1, options: DecodeOptions()).first)
        #expect(symbol.isGS1)
        #expect(symbol.bytes == Array("0109501101530003".utf8) + Array("10ABC".utf8) + [0x1D] + Array("21123".utf8))
    }
}

@Suite("Code 128 codewords on real photos", .enabled(if: RealDataset.folder != nil, Comment(rawValue: RealDataset.absent)))
struct Code128RealPhotoTests {
    @Test("the codeword decoder verifies zbar's Code 128 reads of the real photos on their own scan lines")
    func confirmsRealReads() throws {
        guard let folder = RealDataset.folder else {
            Issue.record("the real-photo dataset ../shared/testdata/real is missing")
            return
        }
        let items = try RealDataset.items(in: folder).filter { $0.category.contains("code128") }
        try #require(items.count >= 20)
        var reads = 0
        var confirmed: [String] = []
        var unconfirmed: [String] = []
        for item in items {
            let image = try ImageLoader().load(path: folder.appendingPathComponent(item.image).path).luma
            guard let scanner = ZBarScanner() else { return }
            scanner.configure(symbologies: [.code128])
            for read in scanner.scan(image) where read.format == .code128 {
                reads += 1
                let lines = Code128Lines.lines(through: read, in: image)
                let verified = lines.flatMap(\.readings).contains { $0.data.bytesIgnoringFNC4 == read.bytes && $0.data.isGS1 == read.isGS1 }
                if verified { confirmed.append(item.image) } else { unconfirmed.append(item.image) }
            }
        }
        // zbar's plain look reads most of them; the codeword decoder must read every one it reads.
        #expect(reads >= 15)
        #expect(unconfirmed.isEmpty, "not verified on their own scan lines: \(unconfirmed)")
    }
}
