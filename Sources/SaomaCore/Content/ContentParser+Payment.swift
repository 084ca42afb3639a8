// SPDX-License-Identifier: GPL-3.0-or-later

/// Readers for payment codes: EPC069-12 (`BCD`) and the Swiss QR-bill (`SPC`).
extension ContentParser {
    /// The lines of a payment code (LF or CRLF), each without a trailing CR and spaces.
    static func paymentLines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            trimmingSpace(String(String.UnicodeScalarView($0)))
        }
    }

    /// An EPC069-12 SEPA credit transfer: `BCD`, version `001`/`002`, character set, `SCT`, BIC,
    /// name, IBAN, `EUR`amount, purpose, structured reference, message, information.
    ///
    /// `nil` unless the first, second and fourth lines are `BCD`, three digits and `SCT`.
    static func parseEPC(_ text: String) -> ScannedContent? {
        let lines = paymentLines(text)
        func line(_ i: Int) -> String { i < lines.count ? lines[i] : "" }
        guard line(0) == "BCD", line(1).count == 3, line(1).allSatisfy(\.isASCII), Int(line(1)) != nil, line(3) == "SCT" else {
            return nil
        }
        var warnings: [PaymentWarning] = []
        if !["001", "002"].contains(line(1)) { warnings.append(.unknownVersion) }
        var order = PaymentOrder(scheme: .epc, name: line(5), iban: PaymentChecks.compact(line(6)), bic: PaymentChecks.compact(line(4)))
        if order.name.isEmpty { warnings.append(.missingName) }
        if order.name.count > 70 { warnings.append(.nameTooLong) }
        if !order.ibanValid { warnings.append(.invalidIBAN) }
        if order.bic.isEmpty {
            if line(1) == "001" { warnings.append(.missingBIC) }
        } else if !PaymentChecks.isValidBIC(order.bic) {
            warnings.append(.invalidBIC)
        }
        let amountField = line(7)
        if !amountField.isEmpty {
            let currency = String(amountField.prefix(3))
            order.currency = currency
            if currency != "EUR" { warnings.append(.invalidCurrency) }
            order.amount = PaymentChecks.amount(String(amountField.dropFirst(3)))
            if order.amount == nil { warnings.append(.invalidAmount) }
        }
        order.reference = PaymentChecks.compact(line(9))
        if !order.reference.isEmpty {
            order.referenceKind = .creditor
            if !PaymentChecks.isValidCreditorReference(order.reference) { warnings.append(.invalidReference) }
        }
        order.message = line(10)
        if !order.reference.isEmpty && !order.message.isEmpty { warnings.append(.referenceAndMessage) }
        if order.message.count > 140 { warnings.append(.messageTooLong) }
        if lines.count < 7 || lines.count > 13 { warnings.append(.malformed) }
        order.warnings = warnings
        order.source = text
        return .payment(order)
    }

    /// A Swiss QR-bill (Swiss Payment Standards 2.x): `SPC`, `0200`, `1`, IBAN, creditor
    /// (address type, name, two address lines or street/number, postcode, town, country),
    /// ultimate creditor (7 lines), amount, currency, debtor (7 lines), reference type
    /// (`QRR`/`SCOR`/`NON`), reference, message, `EPD`, billing information.
    ///
    /// `nil` unless the first line is `SPC` and the second four digits.
    static func parseSwissQR(_ text: String) -> ScannedContent? {
        let lines = paymentLines(text)
        func line(_ i: Int) -> String { i < lines.count ? lines[i] : "" }
        guard line(0) == "SPC", line(1).count == 4, line(1).unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        var warnings: [PaymentWarning] = []
        if !line(1).hasPrefix("02") { warnings.append(.unknownVersion) }
        let address = (6...10).map(line).filter { !$0.isEmpty }
        var order = PaymentOrder(
            scheme: .swissQR, name: line(5), address: address.joined(separator: ", "), iban: PaymentChecks.compact(line(3)))
        if order.name.isEmpty { warnings.append(.missingName) }
        if order.name.count > 70 { warnings.append(.nameTooLong) }
        if !order.ibanValid || !(order.iban.hasPrefix("CH") || order.iban.hasPrefix("LI")) { warnings.append(.invalidIBAN) }
        if !line(18).isEmpty {
            order.amount = PaymentChecks.amount(line(18))
            if order.amount == nil { warnings.append(.invalidAmount) }
        }
        order.currency = line(19)
        if !["CHF", "EUR"].contains(order.currency) { warnings.append(.invalidCurrency) }
        order.reference = PaymentChecks.compact(line(28))
        let isQRIBAN = PaymentChecks.isQRIBAN(order.iban)
        switch line(27) {
        case "QRR":
            order.referenceKind = .qr
            if !PaymentChecks.isValidQRReference(order.reference) { warnings.append(.invalidReference) }
            if !isQRIBAN { warnings.append(.referenceDoesNotMatchIBAN) }
        case "SCOR":
            order.referenceKind = .creditor
            if !PaymentChecks.isValidCreditorReference(order.reference) { warnings.append(.invalidReference) }
            if isQRIBAN { warnings.append(.referenceDoesNotMatchIBAN) }
        case "NON":
            if !order.reference.isEmpty { warnings.append(.invalidReference) }
            if isQRIBAN { warnings.append(.referenceDoesNotMatchIBAN) }
        default:
            warnings.append(.malformed)
        }
        order.message = line(29)
        if order.message.count > 140 { warnings.append(.messageTooLong) }
        if line(30) != "EPD", !warnings.contains(.malformed) { warnings.append(.malformed) }
        order.warnings = warnings
        order.source = text
        return .payment(order)
    }
}
