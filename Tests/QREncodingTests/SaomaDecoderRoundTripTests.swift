// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import QREncoding
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// What Saoma's own decoder reads from `matrix` rendered at `moduleSize` with a standard quiet zone.
private func saomaRead(_ matrix: QRMatrix, moduleSize: Int = 3, foreground: RGBColor = .black, background: RGBColor = .white) -> [Symbol] {
    let image = matrix.lumaImage(moduleSize: moduleSize, quietZone: 4, foreground: foreground, background: background)
    return ZBarDecoder().decode(image, options: DecodeOptions(symbologies: [.qrCode]))
}

@Suite("Round trips through Saoma's decoder")
struct SaomaDecoderRoundTripTests {
    static let lengths = [1, 2, 10, 31, 64, 128, 200, 333, 512, 777, 1024, 1200]

    @Test("bytes of many lengths read back at every level", arguments: ErrorCorrectionLevel.allCases)
    func bytesAtEveryLevel(level: ErrorCorrectionLevel) throws {
        for length in SaomaDecoderRoundTripTests.lengths where length <= QRCapacity.maximumBytes(level: level, withECI: false) {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ length) }
            let matrix = try QREncoder.encode(.bytes(bytes), level: level)
            let symbols = saomaRead(matrix)
            #expect(symbols.map(\.bytes) == [bytes], "length \(length), version \(matrix.version)")
        }
    }

    @Test("the largest payload of each level reads back", arguments: ErrorCorrectionLevel.allCases)
    func fullCapacity(level: ErrorCorrectionLevel) throws {
        let text = "é" + String(repeating: "Q", count: QRCapacity.maximumBytes(level: level, withECI: true) - 2)
        let matrix = try QREncoder.encode(.text(text), level: level)
        #expect(matrix.version == 40)
        #expect(saomaRead(matrix, moduleSize: 4).first?.text == text)
    }

    @Test("Unicode text comes back unchanged", arguments: QREncoderTests.unicodeSamples)
    func unicode(text: String) throws {
        for level in ErrorCorrectionLevel.allCases {
            let symbols = saomaRead(try QREncoder.encode(.text(text), level: level))
            #expect(symbols.count == 1)
            #expect(symbols.first?.bytes == Array(text.utf8))
            #expect(symbols.first.flatMap(\.text).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
        }
    }

    @Test("binary with NULs keeps every byte")
    func binary() throws {
        for bytes: [UInt8] in [[0], [0, 0], Array(0...255).reversed(), [0xEF, 0xBB, 0xBF, 0, 0xC0]] {
            #expect(saomaRead(try QREncoder.encode(.bytes(bytes), level: .quartile)).first?.bytes == bytes)
        }
    }

    @Test("the generator's self-check passes with Saoma's decoder at every level and module size", arguments: ErrorCorrectionLevel.allCases)
    func selfCheckPasses(level: ErrorCorrectionLevel) throws {
        let decoder = ZBarDecoder()
        for moduleSize in [2, 3, 5, 8] {
            let request = QRGenerationRequest(
                payload: .text("Saoma 扫码 \(moduleSize)"), level: level, style: QRStyle(sizing: .moduleSize(moduleSize)))
            #expect(try QRGenerator.generate(request, verifyingWith: decoder).moduleSize == moduleSize)
        }
    }

    @Test("coloured and inverted codes are read by Saoma")
    func colours() throws {
        let matrix = try QREncoder.encode(.text("colour"), level: .medium)
        for (fg, bg) in [("navy", "#ffd"), ("darkgreen", "white"), ("white", "black"), ("#ccc", "#333")] {
            let symbols = saomaRead(matrix, foreground: RGBColor(parsing: fg)!, background: RGBColor(parsing: bg)!)
            #expect(symbols.first?.text == "colour", "\(fg) on \(bg)")
        }
    }

    @Test("oversize images are self-checked at a smaller whole module size")
    func oversizeSelfCheck() throws {
        let request = QRGenerationRequest(
            payload: .text(String(repeating: "big ", count: 60)), level: .high, style: QRStyle(sizing: .moduleSize(20)))
        let code = try QRGenerator.generate(request, verifyingWith: ZBarDecoder())
        #expect(code.pixelSize > QRStyle.selfCheckMaximumSide)
        let modules = code.matrix.sizeInModules(quietZone: code.style.quietZone)
        let widths = code.selfCheckImages().map(\.width)
        #expect(widths == [modules * QRGenerator.selfCheckModuleSize, modules * (QRStyle.selfCheckMaximumSide / modules)])
        #expect(code.lumaImage().width == code.pixelSize)
    }

    static let contents: [ScannedContent] = [
        .url("https://example.org/a?b=c"), .wifi(WiFiNetwork(ssid: "Café;Net", password: "pa:ss,word", hidden: true)),
        .contact(Contact(name: "王小明", organization: "ACME; Inc", phones: ["+86 10 1234"], emails: ["w@x.cn"])),
        .email(EmailMessage(to: "a@b.org", subject: "Grüße", body: "100% sure?")), .phone("+15550100"),
        .sms(SMSMessage(number: "+15550100", body: "ok: 5pm")), .geo(GeoLocation(latitude: 31.2304, longitude: 121.4737, query: "上海")),
        .text("plain 文本"),
    ]

    @Test("templates survive the whole trip: text, code, Saoma's decoder, content parser", arguments: contents)
    func templateThroughCode(content: ScannedContent) throws {
        let text = try content.encodedText()
        let symbols = saomaRead(try QREncoder.encode(.text(text), level: .medium))
        #expect(symbols.first?.text.map(ContentParser.parse) == content)
    }
}
