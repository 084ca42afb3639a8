// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One payment case: the payload and the fields it must give (`nil` name = not a payment).
struct PaymentCase: CustomTestStringConvertible, Sendable {
    let text: String
    var scheme = PaymentOrder.Scheme.epc
    var name: String?
    var iban = ""
    var bic = ""
    var amount: String?
    var currency = ""
    var reference = ""
    var referenceKind = PaymentOrder.ReferenceKind.none
    var message = ""
    var warnings: [PaymentWarning] = []
    var testDescription: String { String(text.debugDescription.prefix(80)) }
}

/// The lines of a Swiss QR-bill with `changes` applied by line number.
private func swissBill(_ changes: [Int: String] = [:], lines count: Int = 32) -> String {
    var lines = [
        "SPC", "0200", "1", "CH4431999123000889012", "S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
        "", "", "", "", "", "", "", "1949.75", "CHF", "S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400",
        "Rorschach", "CH", "QRR", "210000000003139471430009017", "Order of 15 June 2020", "EPD", "//S1/10/10201409",
    ]
    for (i, value) in changes { lines[i] = value }
    return lines.prefix(count).joined(separator: "\r\n")
}

@Suite("Content parser: payment codes")
struct ContentPaymentTests {
    static let cases: [PaymentCase] = [
        PaymentCase(
            text: "BCD\n002\n1\nSCT\nBFSWDE33BER\nWikimedia Foerdergesellschaft\nDE33100205000001194700\nEUR123.4\n\nRF18539007547034",
            name: "Wikimedia Foerdergesellschaft", iban: "DE33100205000001194700", bic: "BFSWDE33BER", amount: "123.40", currency: "EUR",
            reference: "RF18539007547034", referenceKind: .creditor),
        PaymentCase(
            text: "BCD\r\n001\r\n1\r\nSCT\r\nCOBADEFF\r\nJane Roe\r\nDE89 3704 0044 0532 0130 00\r\nEUR0.01\r\nGDDS\r\n\r\nInvoice 42\r\n",
            name: "Jane Roe", iban: "DE89370400440532013000", bic: "COBADEFF", amount: "0.01", currency: "EUR", message: "Invoice 42"),
        // Version 002 may leave out the BIC and the amount (the payer fills it in).
        PaymentCase(
            text: "BCD\n002\n1\nSCT\n\nJane Roe\nDE89370400440532013000", name: "Jane Roe", iban: "DE89370400440532013000"),
        PaymentCase(
            text: "BCD\n001\n1\nSCT\n\nJane Roe\nDE89370400440532013001\nUSD12,50\n\nRF19539007547034\nand a message",
            name: "Jane Roe", iban: "DE89370400440532013001", currency: "USD", reference: "RF19539007547034", referenceKind: .creditor,
            message: "and a message",
            warnings: [.invalidIBAN, .missingBIC, .invalidCurrency, .invalidAmount, .invalidReference, .referenceAndMessage]),
        PaymentCase(
            text: "BCD\n003\n1\nSCT\nNOTABIC!\n\nGB29NWBK6016133192681\nEUR1000000000.00", name: "",
            iban: "GB29NWBK6016133192681", bic: "NOTABIC!", currency: "EUR",
            warnings: [.unknownVersion, .missingName, .invalidIBAN, .invalidBIC, .invalidAmount]),
        PaymentCase(text: "BCD\n002\n1\nSCT", name: "", warnings: [.missingName, .invalidIBAN, .malformed]),
        PaymentCase(text: "BCD\n002\n1\nINST\nx\ny\nz"),
        PaymentCase(text: "BCD\nABC\n1\nSCT\nx\ny\nz"),
        PaymentCase(text: "BCD"),
        PaymentCase(
            text: swissBill(), scheme: .swissQR, name: "Robert Schneider AG", iban: "CH4431999123000889012", amount: "1949.75",
            currency: "CHF", reference: "210000000003139471430009017", referenceKind: .qr, message: "Order of 15 June 2020"),
        PaymentCase(
            text: swissBill([3: "CH93 0076 2011 6238 5295 7", 18: "", 19: "EUR", 27: "SCOR", 28: "RF18 5390 0754 7034", 29: ""]),
            scheme: .swissQR, name: "Robert Schneider AG", iban: "CH9300762011623852957", currency: "EUR",
            reference: "RF18539007547034", referenceKind: .creditor),
        PaymentCase(
            text: swissBill([3: "CH9300762011623852957", 27: "NON", 28: "", 29: ""]), scheme: .swissQR, name: "Robert Schneider AG",
            iban: "CH9300762011623852957", amount: "1949.75", currency: "CHF"),
        // A QR reference needs a QR-IBAN, and its check digit must match.
        PaymentCase(
            text: swissBill([3: "CH9300762011623852957", 28: "210000000003139471430009018"]), scheme: .swissQR,
            name: "Robert Schneider AG", iban: "CH9300762011623852957", amount: "1949.75", currency: "CHF",
            reference: "210000000003139471430009018", referenceKind: .qr, message: "Order of 15 June 2020",
            warnings: [.invalidReference, .referenceDoesNotMatchIBAN]),
        PaymentCase(
            text: swissBill([3: "DE89370400440532013000", 18: "12.345", 19: "USD", 27: "NON", 28: "", 30: "END"]), scheme: .swissQR,
            name: "Robert Schneider AG", iban: "DE89370400440532013000", currency: "USD", message: "Order of 15 June 2020",
            warnings: [.invalidIBAN, .invalidAmount, .invalidCurrency, .malformed]),
        PaymentCase(
            text: swissBill(lines: 20), scheme: .swissQR, name: "Robert Schneider AG", iban: "CH4431999123000889012",
            amount: "1949.75", currency: "CHF", warnings: [.malformed]),
        PaymentCase(text: "SPC\n02\n1"),
    ]

    @Test("payment codes", arguments: cases)
    func parsesPayments(_ c: PaymentCase) {
        guard case .payment(let order) = ContentParser.parse(c.text) else {
            #expect(c.name == nil, "not read as a payment")
            return
        }
        #expect(order.scheme == c.scheme)
        #expect(order.name == c.name)
        #expect(order.iban == c.iban)
        #expect(order.bic == c.bic)
        #expect(order.amount == c.amount)
        #expect(order.currency == c.currency)
        #expect(order.reference == c.reference)
        #expect(order.referenceKind == c.referenceKind)
        #expect(order.message == c.message)
        #expect(order.warnings == c.warnings)
    }

    static let ibans: [(String, Bool)] = [
        ("DE89370400440532013000", true), ("GB29NWBK60161331926819", true), ("CH9300762011623852957", true),
        ("DE89370400440532013001", false), ("DE8937040044053201300", false), ("XX89370400440532013000", false),
        ("DE89370400440532013000X", false), ("de89370400440532013000", false), ("", false), ("DE", false),
        ("DE893704004405320130€0", false),
    ]

    @Test("IBAN checksum and length", arguments: ibans)
    func ibanCheck(_ row: (String, Bool)) {
        #expect(PaymentChecks.isValidIBAN(row.0) == row.1)
    }

    @Test("IBAN in groups of four")
    func ibanGroups() {
        #expect("DE89370400440532013000".inGroups(of: 4) == "DE89 3704 0044 0532 0130 00")
        #expect("94287082".inGroups(of: 3) == "942 870 82")
        #expect("".inGroups(of: 4) == "")
    }

    @Test(
        "creditor references (ISO 11649)",
        arguments: [
            ("RF18539007547034", true), ("RF18000000000539007547034", true), ("RF19539007547034", false), ("RF18", false),
            ("RX18539007547034", false), ("RF1853900754703400000000000", false), ("RF18 5390", false),
        ])
    func creditorReferences(_ row: (String, Bool)) {
        #expect(PaymentChecks.isValidCreditorReference(row.0) == row.1)
    }

    @Test(
        "QR references (mod 10 recursive)",
        arguments: [
            ("210000000003139471430009017", true), ("210000000003139471430009018", false), ("21000000000313947143000901", false),
            ("21000000000313947143000901A", false), ("000000000000000000000000000", true),
        ])
    func qrReferences(_ row: (String, Bool)) {
        #expect(PaymentChecks.isValidQRReference(row.0) == row.1)
    }

    @Test(
        "amounts",
        arguments: [
            ("12.3", "12.30"), ("0.01", "0.01"), ("999999999.99", "999999999.99"), ("007", "7.00"), ("0", nil), ("0.00", nil),
            ("1.234", nil), ("1e3", nil), ("-1", nil), ("1,50", nil), ("", nil), (".5", nil), ("1000000000", nil), ("1.", "1.00"),
        ] as [(String, String?)])
    func amounts(_ row: (String, String?)) {
        #expect(PaymentChecks.amount(row.0) == row.1)
    }
}
