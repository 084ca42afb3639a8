// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// Rail-ticket barcodes put together byte by byte.
enum RailSamples {
    /// A `#UT` frame: version, issuer, key, a signature of the version's size, the declared
    /// length and `data` (a zlib stream starts 0x78 0x9C).
    static func staticFrame(version: String = "01", issuer: String = "1080", key: String = "00002", data: [UInt8] = [0x78, 0x9C, 1, 2, 3])
        -> [UInt8]
    {
        let signature = [UInt8](repeating: 0x30, count: version == "02" ? 64 : 50)
        let length = String(data.count)
        let declared = String(repeating: "0", count: max(0, 4 - length.count)) + length
        return Array(("#UT" + version + issuer + key).utf8) + signature + Array(declared.utf8) + data
    }

    /// Bits written most significant first, as unaligned PER lays them out.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var count = 0

        mutating func write(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
                count += 1
            }
        }

        mutating func write(ia5 text: String) {
            write(text.utf8.count, bits: 8)
            for byte in text.utf8 { write(Int(byte), bits: 7) }
        }
    }

    /// A dynamic header: format, the level 1 data's presence bits, provider number or text, key.
    static func dynamicHeader(format: String, optionalCount: Int, number: Int? = nil, text: String? = nil, key: Int? = nil) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, bits: 1)
        bits.write(ia5: format)
        bits.write(0b10, bits: 2)
        var presence = 0
        if number != nil { presence |= 1 << (optionalCount - 1) }
        if text != nil { presence |= 1 << (optionalCount - 2) }
        if key != nil { presence |= 1 << (optionalCount - 3) }
        bits.write(presence, bits: optionalCount)
        if let number { bits.write(number - 1, bits: 15) }
        if let text { bits.write(ia5: text) }
        if let key { bits.write(key, bits: 17) }
        bits.write(0, bits: 24)
        return bits.bytes
    }
}

@Suite("Rail tickets (UIC 918.3 and 918.9)")
struct RailTicketTests {
    @Test("a #UT version 1 frame: issuer, its name, key, declared length and data")
    func staticVersion1() throws {
        let bytes = RailSamples.staticFrame()
        let ticket = try #require(RailTicket(bytes: bytes))
        #expect(ticket.frame == .static918_3(version: 1))
        #expect(ticket.issuerCode == "1080")
        #expect(ticket.issuerName == "DB Fernverkehr")
        #expect(ticket.keyID == "00002")
        #expect(ticket.declaredDataLength == 5)
        #expect(ticket.data == [0x78, 0x9C, 1, 2, 3])
        #expect(ticket.bytes == bytes)
        #expect(ContentParser.parse(Symbol(format: .qrCode, bytes: bytes, text: nil, corners: []))?.kind == .railTicket)
    }

    @Test("a #UT version 2 frame has a 64-byte signature; an unknown issuer has no name")
    func staticVersion2() throws {
        let ticket = try #require(RailTicket(bytes: RailSamples.staticFrame(version: "02", issuer: "9999", data: [0x78, 0xDA])))
        #expect(ticket.frame == .static918_3(version: 2))
        #expect(ticket.issuerCode == "9999")
        #expect(ticket.issuerName == nil)
        #expect(ticket.data == [0x78, 0xDA])
    }

    @Test("a frame cut after its prefix is still recognised, with no data")
    func prefixOnly() throws {
        let ticket = try #require(RailTicket(bytes: Array("#UT011185ABCDE".utf8)))
        #expect(ticket.issuerName == "SBB CFF FFS")
        #expect(ticket.keyID == "ABCDE")
        #expect(ticket.data.isEmpty)
        #expect(ticket.declaredDataLength == nil)
    }

    @Test(
        "not a ticket",
        arguments: [
            Array("#UT03108000002".utf8), Array("#UT011 8000002".utf8), Array("#UT0110".utf8), Array("#ut011080000002".utf8), [],
            [0x01, 0x54, 0x62, 0x00], [0x81, 0x55, 0x20, 0x00],
        ])
    func notTickets(_ bytes: [UInt8]) {
        #expect(RailTicket(bytes: bytes) == nil)
    }

    @Test("a dynamic U1 header: the security provider number and key")
    func dynamicU1() throws {
        let ticket = try #require(RailTicket(bytes: RailSamples.dynamicHeader(format: "U1", optionalCount: 8, number: 1187, key: 42)))
        #expect(ticket.frame == .dynamic918_9(format: "U1"))
        #expect(ticket.issuerCode == "1187")
        #expect(ticket.issuerName == "SNCF Voyageurs")
        #expect(ticket.keyID == "42")
    }

    @Test("a dynamic U2 header naming its provider as text")
    func dynamicU2() throws {
        let ticket = try #require(RailTicket(bytes: RailSamples.dynamicHeader(format: "U2", optionalCount: 12, text: "1181")))
        #expect(ticket.frame == .dynamic918_9(format: "U2"))
        #expect(ticket.issuerCode == "1181")
        #expect(ticket.keyID == nil)
    }

    @Test("a dynamic header of a later format is recognised without an issuer")
    func dynamicLaterFormat() throws {
        let ticket = try #require(RailTicket(bytes: RailSamples.dynamicHeader(format: "U3", optionalCount: 12, number: 1080)))
        #expect(ticket.frame == .dynamic918_9(format: "U3"))
        #expect(ticket.issuerCode == nil)
    }
}

@Suite("Rail tickets: the records inside a #UT frame")
struct RailTicketRecordTests {
    /// A record: ID, version, the four-digit length of the whole record, the body.
    static func record(_ id: String, _ body: String) -> String {
        let length = String(12 + body.utf8.count)
        return id + "01" + String(repeating: "0", count: 4 - length.count) + length + body
    }

    @Test("U_HEAD's ticket key and issuing time, the records' names, U_FLEX recognised")
    func records() throws {
        let head = RailTicketRecordTests.record("U_HEAD", "1080" + "QX7K2P4PC8WQ1234    " + "210420251205" + "0" + "DE" + "EN")
        let flex = RailTicketRecordTests.record("U_FLEX", "\u{01}\u{02}binary FCB")
        let own = RailTicketRecordTests.record("0080BL", "railway data")
        let data = try ZlibReference.compress(Array((head + flex + own).utf8), level: 6)
        let ticket = try #require(RailTicket(bytes: RailSamples.staticFrame(data: data)))
        #expect(ticket.records.map(\.id) == ["U_HEAD", "U_FLEX", "0080BL"])
        #expect(ticket.ticketKey == "QX7K2P4PC8WQ1234")
        #expect(ticket.issued?.iso8601 == "2025-04-21T12:05")
        #expect(ticket.hasFlexibleContent)
    }

    @Test("records stop at the first malformed one; data that do not decompress give none")
    func malformed() throws {
        let good = RailTicketRecordTests.record("U_TLAY", "layout")
        let data = try ZlibReference.compress(Array((good + "U_HEAD01XXXXbody" + good).utf8), level: 6)
        #expect(try #require(RailTicket(bytes: RailSamples.staticFrame(data: data))).records.map(\.id) == ["U_TLAY"])
        // A length Int() would read ("+028") but that is not four digits.
        let signed = try ZlibReference.compress(Array((good + "U_TLAY01+028" + "sixteen bytes.." + "." + good).utf8), level: 6)
        #expect(try #require(RailTicket(bytes: RailSamples.staticFrame(data: signed))).records.map(\.id) == ["U_TLAY"])
        let ticket = try #require(RailTicket(bytes: RailSamples.staticFrame(data: [0x78, 0x9C, 1, 2, 3])))
        #expect(ticket.records.isEmpty)
        #expect(ticket.ticketKey == nil)
        #expect(!ticket.hasFlexibleContent)
    }

    @Test("an issuing time that is no time is absent; the key stays")
    func badTime() throws {
        let head = RailTicketRecordTests.record("U_HEAD", "1080" + "KEY1                " + "310220251299" + "0DEEN")
        let data = try ZlibReference.compress(Array(head.utf8), level: 1)
        let ticket = try #require(RailTicket(bytes: RailSamples.staticFrame(data: data)))
        #expect(ticket.ticketKey == "KEY1")
        #expect(ticket.issued == nil)
    }
}
