// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

@testable import SaomaCLI
@testable import SaomaCore

/// The document parsers (IATA BCBP, AAMVA, UIC rail-ticket headers and records, zlib) over any bytes: total, their
/// fields within their formats' bounds, a flight's date on its day of the year, and the
/// `--json` content of every document valid JSON.
///
/// The first two bytes choose the scan date (any day of years 1990–2089); the rest is the payload.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocumentParsers(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let dayNumber = Int(input.byte()) << 8 | Int(input.byte())
    let today = CivilDate(year: 1990, dayOfYear: 1)?.adding(days: dayNumber % 36_500) ?? CivilDate.unixEpoch
    let bytes = input.rest()
    let text = String(decoding: bytes, as: UTF8.self)

    if let pass = BoardingPass(bcbp: text) { checkPass(pass, today: today) }
    if let card = IdentityDocument(aamva: text) { checkCard(card, text: text) }
    if let ticket = RailTicket(bytes: bytes) { checkTicket(ticket, bytes: bytes) }
    // The payload as a zlib stream itself: Inflate is total and bounded.
    if let output = try? Inflate.zlib(bytes, limit: 4096) {
        fuzzCheck(output.count <= 4096, "\(output.count) bytes past the limit")
    }
    let symbol = Symbol(format: .qrCode, bytes: bytes, text: text, corners: [])
    if let content = ContentParser.parse(symbol) {
        let json = ScanJSON.object(of: content).text
        fuzzCheck((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "content JSON does not parse: \(json.prefix(200))")
        _ = PersonalDataRule.decision(for: content.kind)
    }
    return 0
}

/// Legs 1…4, three-letter airports, days 1…366, and a placed date on that day of its year.
func checkPass(_ pass: BoardingPass, today: CivilDate) {
    fuzzCheck((1...4).contains(pass.legs.count), "\(pass.legs.count) legs")
    for leg in pass.legs {
        for code in [leg.from, leg.to] {
            fuzzCheck(code.unicodeScalars.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }, "airport \(code)")
        }
        guard let day = leg.dayOfYear else { continue }
        fuzzCheck((1...366).contains(day), "day \(day)")
        if let placed = FlightDateRule.flightDate(dayOfYear: day, issued: pass.issued, scannedOn: today) {
            fuzzCheck(placed.date.dayOfYear == day, "day \(day) placed on \(placed.date)")
            if placed.basis == .nearestScanDate {
                fuzzCheck(abs(placed.date.year - today.year) <= 1, "\(placed.date) more than a year from \(today)")
            }
        }
    }
}

/// A card's dates are real days in the card's order; its source is the payload.
func checkCard(_ card: IdentityDocument, text: String) {
    fuzzCheck(card.source == text, "source differs from the payload")
    if card.dateOrder == nil {
        fuzzCheck(card.dateOfBirth == nil && card.expiryDate == nil && card.issueDate == nil, "dates without an order")
    }
    fuzzCheck(card.issuerNumber.unicodeScalars.count == 6, "issuer \(card.issuerNumber)")
}

/// A ticket's data lie within the barcode, its records within the decompression limit, and its
/// issuer code is four letters or digits (or text from a dynamic header).
func checkTicket(_ ticket: RailTicket, bytes: [UInt8]) {
    fuzzCheck(ticket.data.count <= bytes.count && ticket.bytes == bytes, "data outside the barcode")
    fuzzCheck(ticket.records.reduce(0) { $0 + $1.length } <= RailTicket.maximumRecordBytes, "records past the limit")
    fuzzCheck(ticket.records.allSatisfy { $0.length >= 12 && $0.id.unicodeScalars.count == 6 }, "a malformed record kept")
    if case .static918_3 = ticket.frame {
        fuzzCheck(ticket.issuerCode?.unicodeScalars.count == 4, "issuer \(ticket.issuerCode ?? "nil")")
    }
}
