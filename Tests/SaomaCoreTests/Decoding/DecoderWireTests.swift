// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Decoder process protocol")
struct DecoderWireTests {
    static let square = [Point(x: 1, y: 2), Point(x: 1, y: 30), Point(x: 40.5, y: 30), Point(x: 40.5, y: 2)]

    /// The body of a framed message (its 4-byte length checked and taken off).
    static func body(_ framed: [UInt8]) throws -> [UInt8] {
        let length = try #require(DecoderWire.bodyLength(prefix: Array(framed.prefix(4))))
        #expect(length == framed.count - 4)
        return Array(framed.dropFirst(4))
    }

    @Test("a request comes back as it was sent")
    func requestRoundTrip() throws {
        let requests = [
            DecoderWire.Request(id: 1, width: 640, height: 480, options: DecodeOptions()),
            DecoderWire.Request(
                id: .max, width: 1, height: 1,
                options: DecodeOptions(
                    symbologies: [.pdf417, .ean13], regionOfInterest: PixelRect(x: -3, y: 4, width: 0, height: 9), effort: .fast),
                excludedEngines: ["zxing-cpp", "扫码"]),
        ]
        for request in requests {
            #expect(try DecoderWire.decodeRequest(Self.body(DecoderWire.encode(request))) == request)
        }
    }

    @Test("a response comes back byte for byte: payloads with NULs, no text, GS1, parts")
    func responseRoundTrip() throws {
        var part = Symbol(format: .qrCode, bytes: [0, 1, 2, 0xFF], text: nil, corners: Self.square)
        part.sequence = Symbol.Sequence(index: 2, count: 3, id: Array("77".utf8))
        var message = Symbol(format: .pdf417, bytes: Array("joined".utf8), text: "joined", corners: Self.square)
        message.assembly = Symbol.Assembly(total: 5, missing: [0, 3])
        let symbols = [
            Symbol(format: .maxiCode, bytes: Array("扫码\r\n\u{1E}".utf8), text: "扫码\r\n\u{1E}", corners: Self.square),
            Symbol(format: .code128, bytes: Array("0101234".utf8), text: "0101234", corners: [], isGS1: true),
            part, message,
        ]
        let response = DecoderWire.Response(id: 9, symbols: symbols)
        #expect(try DecoderWire.decodeResponse(Self.body(DecoderWire.encode(response))) == response)
        let failed = DecoderWire.Response(id: 10, symbols: [], error: "no memory")
        #expect(try DecoderWire.decodeResponse(Self.body(DecoderWire.encode(failed))) == failed)
    }

    /// A response body with one symbol whose fields are the given bytes.
    static func oneSymbol(_ symbol: [UInt8]) -> [UInt8] {
        Array("SDr1".utf8) + [1, 0, 0, 0] + [0] + [1, 0, 0, 0] + symbol
    }

    @Test(
        "hostile responses are refused whole",
        arguments: [
            ("empty", [], DecoderWire.Failure.truncated),
            ("wrong magic", Array("SDq1".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0], .wrongMagic),
            ("error flag 7", Array("SDr1".utf8) + [1, 0, 0, 0, 7], .outOfRange("error flag 7")),
            ("a million codes", Array("SDr1".utf8) + [1, 0, 0, 0, 0] + [0x40, 0x42, 0x0F, 0], .outOfRange("1000000 codes")),
            ("format 200", oneSymbol([200, 0]), .outOfRange("format 200")),
            ("unknown flags", oneSymbol([0, 0x80]), .outOfRange("flags 128")),
            (
                "missing part beyond the total", oneSymbol([0, 8, 0, 0, 0, 0, 0] + [2, 0, 0, 0] + [1, 0, 0, 0] + [5, 0, 0, 0]),
                .outOfRange("missing part 5 of 2")
            ),
            (
                "more missing than parts", oneSymbol([0, 8, 0, 0, 0, 0, 0] + [2, 0, 0, 0] + [3, 0, 0, 0]),
                .outOfRange("a message of 2 parts missing 3")
            ),
            ("payload longer than the message", oneSymbol([0, 0, 10, 0, 0, 0, 1, 2]), .truncated),
            ("4 GiB payload", oneSymbol([0, 0, 0xFF, 0xFF, 0xFF, 0xFF]), .outOfRange("a field of 4294967295 bytes")),
            ("text not UTF-8", oneSymbol([0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0xC3, 0x28]), .outOfRange("text that is not UTF-8")),
            ("200 corners", oneSymbol([0, 0, 0, 0, 0, 0, 200]), .outOfRange("200 corners")),
            (
                "infinite corner", oneSymbol([0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0xF0, 0x7F] + [0, 0, 0, 0, 0, 0, 0, 0]),
                .outOfRange("corner")
            ),
            (
                "part 5 of -1", oneSymbol([0, 4, 0, 0, 0, 0, 0] + [5, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]),
                .outOfRange("structured-append part 5 of -1")
            ),
            ("bytes after the end", oneSymbol([0, 0, 0, 0, 0, 0, 0, 99]), .outOfRange("1 bytes after the end")),
        ] as [(String, [UInt8], DecoderWire.Failure)])
    func hostileResponses(name: String, body: [UInt8], failure: DecoderWire.Failure) {
        #expect(throws: failure, "\(name)") { try DecoderWire.decodeResponse(body) }
    }

    @Test(
        "hostile requests are refused whole",
        arguments: [
            ("zero width", [0, 0, 0, 0, 1, 0, 0, 0], DecoderWire.Failure.outOfRange("image size 0×1")),
            ("4 gigapixels", [0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0], .outOfRange("image size 65535×65535")),
            ("effort 9", [8, 0, 0, 0, 8, 0, 0, 0, 9], .outOfRange("effort 9")),
            (
                "negative region", [8, 0, 0, 0, 8, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0],
                .outOfRange("region size")
            ),
            (
                "unknown symbologies", [8, 0, 0, 0, 8, 0, 0, 0, 1, 0] + [0, 0, 0, 0, 0, 0, 0, 0x80] + [0],
                .outOfRange("symbology bits 9223372036854775808")
            ),
        ] as [(String, [UInt8], DecoderWire.Failure)])
    func hostileRequests(name: String, fields: [UInt8], failure: DecoderWire.Failure) {
        let body = Array("SDq1".utf8) + [7, 0, 0, 0] + fields
        #expect(throws: failure, "\(name)") { try DecoderWire.decodeRequest(body) }
    }

    @Test(
        "a length prefix beyond the message limit is refused before anything is read",
        arguments: [[0, 0, 0, 2], [0, 0, 1, 0x80]] as [[UInt8]])
    func oversizedPrefix(prefix: [UInt8]) {
        #expect(DecoderWire.bodyLength(prefix: prefix) == nil)
        #expect(DecoderWire.bodyLength(prefix: [0, 0, 0, 1]) == 1 << 24)
        #expect(DecoderWire.bodyLength(prefix: [1, 0, 0]) == nil)
    }
}
