// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Read confirmation")
struct ReadConfirmationTests {
    static func read(
        _ format: Symbology, _ text: String, x: Double = 100, y: Double = 100, width: Double = 200, height: Double = 60, lines: Int = 20
    )
        -> LookRead
    {
        LookRead(format: format, bytes: Array(text.utf8), box: Rect(x: x, y: y, width: width, height: height), lineCount: lines)
    }

    /// (read, aggressive look, needs a second look)
    static let secondLook: [(LookRead, Bool, Bool)] = [
        (read(.ean13, "8413000065504", lines: 1), true, true),
        (read(.ean13, "8413000065504", lines: 2), true, true),
        (read(.ean13, "8413000065504", lines: 3), true, false),
        (read(.ean13, "8413000065504", lines: 1), false, false),
        (read(.dataBar, "0190075199321390", width: 0, height: 0, lines: 1), true, true),
        (read(.interleaved2of5, "1234567890", lines: 2), true, true),
        (read(.code39, "ABC", lines: 2), true, true),
        (read(.upcA, "036602301467", lines: 1), true, true),
        (read(.qrCode, "hello", lines: 1), true, false),
        (read(.dataMatrix, "hello", lines: 1), true, false),
        (read(.code128, "168901", lines: 1), true, false),
        (read(.code93, "ABC", lines: 1), true, false),
    ]

    @Test("weakly checked reads of an aggressive look need a second look unless many lines agree", arguments: secondLook)
    func needsSecondLook(read: LookRead, aggressive: Bool, expected: Bool) {
        #expect(ReadConfirmation.needsSecondLook(read, aggressive: aggressive) == expected)
    }

    /// (symbology, payload, well formed)
    static let wellFormed: [(Symbology, String, Bool)] = [
        (.ean13, "8413000065504", true), (.ean13, "8413000065505", false), (.ean13, "841300006550", false),
        (.ean13, "84130000655O4", false), (.ean8, "96385074", true), (.ean8, "96385075", false),
        (.upcA, "036602301467", true), (.upcA, "036602301468", false), (.upcE, "01234565", true), (.upcE, "0123456", false),
        (.interleaved2of5, "1234567890", true), (.interleaved2of5, "123456789", false), (.interleaved2of5, "12345A", false),
        (.dataBar, "0104412345678909", true), (.dataBar, "0104412345678908", false), (.dataBar, "1104412345678909", false),
        (.code39, "ANYTHING", true), (.isbn13, "9780201379624", true), (.isbn13, "9780201379625", false),
    ]

    @Test("payloads are checked for their symbology's form and check digit", arguments: wellFormed)
    func checksPayloadForm(format: Symbology, text: String, expected: Bool) {
        #expect(ReadConfirmation.passesStaticChecks(format: format, bytes: Array(text.utf8)) == expected)
    }

    /// (first look, second look, agree)
    static let agreement: [(LookRead, LookRead, Bool)] = [
        (read(.ean13, "8413000065504"), read(.ean13, "8413000065504", x: 104, y: 98), true),
        (read(.ean13, "0036602301467"), read(.upcA, "036602301467"), true),
        (read(.ean13, "8413000065504"), read(.ean13, "8413000065511"), false),
        (read(.ean13, "8413000065504"), read(.ean13, "8413000065504", x: 900), false),
        (
            read(.dataBar, "0104412345678909", width: 0, height: 0),
            read(.dataBar, "0104412345678909", x: 110, y: 105, width: 0, height: 0), true
        ),
        (read(.dataBar, "0104412345678909", width: 0, height: 0), read(.dataBar, "0104412345678909", x: 140, width: 0, height: 0), false),
        (read(.ean8, "96385074"), read(.ean13, "0000096385074"), false),
    ]

    @Test("a second look agrees when it reads the same code at the same place", arguments: agreement)
    func agreesOnSameCodeAndPlace(first: LookRead, second: LookRead, expected: Bool) {
        #expect(ReadConfirmation.agree(first, second) == expected)
    }

    @Test("a partial read inside a whole code is dropped, distinct codes stay")
    func conflicts() {
        let upc = Self.read(.upcA, "036602301467", lines: 40)
        let partialEAN8 = Self.read(.ean8, "96385074", x: 150, width: 90, lines: 5)
        let tenDigits = Self.read(.interleaved2of5, "1234567890", x: 120, width: 150, lines: 40)
        let itf14 = Self.read(.interleaved2of5, "12345678901231", lines: 40)
        let elsewhere = Self.read(.ean13, "8413000065504", y: 400)
        let qrOnTop = Self.read(.qrCode, "x", lines: 1)
        #expect(ReadConfirmation.resolvingConflicts([upc, partialEAN8, elsewhere]) == [upc, elsewhere])
        #expect(ReadConfirmation.resolvingConflicts([tenDigits, itf14]) == [itf14])
        #expect(ReadConfirmation.resolvingConflicts([upc, qrOnTop]) == [upc, qrOnTop])
        #expect(ReadConfirmation.resolvingConflicts([upc, Self.read(.ean13, "0036602301467", lines: 3)]).count == 2)
    }
}

@Suite("Live confirmation")
struct LiveConfirmationTests {
    static func symbol(_ format: Symbology, _ text: String) -> Symbol {
        Symbol(
            format: format, bytes: Array(text.utf8), text: text,
            corners: [Point(x: 0, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 0)])
    }

    @Test("a weakly checked code shows once a second frame agrees")
    func twoFramesAgree() {
        var live = LiveConfirmation()
        let ean = Self.symbol(.ean13, "8413000065504")
        #expect(live.confirm([ean], at: 0).isEmpty)
        #expect(live.confirm([ean], at: 0.07) == [ean])
    }

    @Test("a self-checking code shows from one frame")
    func strongAlone() {
        var live = LiveConfirmation()
        let qr = Self.symbol(.qrCode, "https://example.org")
        let ean = Self.symbol(.ean13, "8413000065504")
        #expect(live.confirm([qr, ean], at: 0) == [qr])
    }

    @Test("frames too far apart or disagreeing do not confirm")
    func noAgreement() {
        var live = LiveConfirmation()
        #expect(live.confirm([Self.symbol(.ean13, "8413000065504")], at: 0).isEmpty)
        #expect(live.confirm([Self.symbol(.ean13, "8413000065511")], at: 0.07).isEmpty)
        #expect(live.confirm([Self.symbol(.ean13, "8413000065504")], at: 1.5).isEmpty)
        #expect(live.confirm([Self.symbol(.ean13, "8413000065504")], at: 1.6).count == 1)
        live.reset()
        #expect(live.confirm([Self.symbol(.ean13, "8413000065504")], at: 1.7).isEmpty)
    }

    @Test("UPC-A and its EAN-13 reading confirm each other")
    func upcAsEAN() {
        var live = LiveConfirmation()
        #expect(live.confirm([Self.symbol(.upcA, "036602301467")], at: 0).isEmpty)
        #expect(live.confirm([Self.symbol(.ean13, "0036602301467")], at: 0.1).count == 1)
    }
}
