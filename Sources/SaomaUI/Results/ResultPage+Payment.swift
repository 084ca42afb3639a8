// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Payment codes (SEPA EPC and Swiss QR-bill): labelled fields with copy buttons and the
/// problems found as warnings. Saoma makes no payment.
extension ResultPage {
    /// Builds the payment view; returns the IBAN (without spaces) as the main value.
    ///
    /// The beneficiary is the subject, "Copy IBAN" the main action.
    func buildPayment(_ order: PaymentOrder, into page: Sections) -> CopiedValue {
        let title = order.scheme == .epc ? tr("SEPA Credit Transfer") : tr("Swiss QR-Bill")
        page.heading(title, icon: ResultPage.icon(for: .content(.payment)), subject: order.name.isEmpty ? nil : order.name)
        let note = ResultPage.label(tr("Saoma does not make payments: copy the details into your banking app."), classes: ["dim-label"])
        page.addToBody(note)
        if !order.warnings.isEmpty {
            page.addToBody(ResultPage.warningLines(order.warnings.map { (ResultPage.describe($0), true) }))
        }
        var fields: [Field] = []
        fields.add(tr("Beneficiary"), order.name, tr("Copy Beneficiary"))
        fields.add(tr("Address"), order.address, tr("Copy Address"))
        fields.add(tr("IBAN"), order.ibanGrouped, tr("Copy IBAN"), copyValue: order.iban)
        fields.add(tr("BIC"), order.bic, tr("Copy BIC"))
        if let amount = order.amount {
            fields.add(tr("Amount"), order.currency.isEmpty ? amount : amount + " " + order.currency, tr("Copy Amount"), copyValue: amount)
        } else {
            fields.add(tr("Amount"), tr("Not given: the payer chooses"), tr("Copy Amount"), copyValue: "")
            if !order.currency.isEmpty { fields.add(tr("Currency"), order.currency, tr("Copy Currency")) }
        }
        let reference = order.referenceKind == .none ? order.reference : order.reference.inGroups(of: 4)
        fields.add(tr("Reference"), reference, tr("Copy Reference"), copyValue: order.reference)
        fields.add(tr("Message"), order.message, tr("Copy Message"), multiline: true)
        page.addToBody(fieldList(fields))
        let iban = CopiedValue(text: order.iban, confirmation: tr("IBAN copied"))
        if !order.iban.isEmpty { page.addAction(copyAction(tr("Copy IBAN"), iban)) }
        return iban
    }

    /// One sentence for a payment warning.
    static func describe(_ warning: PaymentWarning) -> String {
        switch warning {
        case .missingName: tr("The beneficiary’s name is missing.")
        case .nameTooLong: tr("The beneficiary’s name is longer than the standard allows.")
        case .invalidIBAN: tr("The IBAN is not valid: its check digits or length are wrong. Do not pay to it.")
        case .invalidBIC: tr("The BIC is malformed.")
        case .missingBIC: tr("The BIC is missing (this version of the code requires one).")
        case .invalidAmount: tr("The amount is malformed.")
        case .invalidCurrency: tr("The currency is not one this kind of code allows.")
        case .invalidReference: tr("The payment reference is not valid: its check digits are wrong.")
        case .referenceDoesNotMatchIBAN: tr("The kind of reference does not match the kind of IBAN.")
        case .referenceAndMessage: tr("The code has both a structured reference and a message; only one is allowed.")
        case .messageTooLong: tr("The message is longer than the standard allows.")
        case .unknownVersion: tr("The code uses a version of the standard Saoma does not know.")
        case .malformed: tr("The code is malformed: fields are missing or out of place.")
        }
    }
}
