// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// E-mail, phone numbers and text messages: the fields, copy buttons, and an action after confirmation.
extension ResultPage {
    /// Builds the e-mail view; returns the addresses as the main value.
    ///
    /// "Write E-mail…" (after a confirmation naming the recipient) is the main action, "Copy
    /// Address" beside it.
    func buildEmail(_ message: EmailMessage, into page: Sections) -> CopiedValue {
        let recipient = [message.to, message.cc, message.bcc].first { !$0.isEmpty } ?? ""
        page.heading(tr("E-mail"), icon: ResultPage.icon(for: .content(.email)), subject: recipient.isEmpty ? nil : recipient)
        var fields: [Field] = []
        fields.add(tr("To"), message.to, tr("Copy Address"))
        fields.add(tr("Cc"), message.cc, tr("Copy Addresses"))
        fields.add(tr("Bcc"), message.bcc, tr("Copy Addresses"))
        fields.add(tr("Subject"), message.subject, tr("Copy Subject"))
        fields.add(tr("Message"), message.body, tr("Copy Message"), multiline: true)
        page.addToBody(fieldList(fields))
        var query: [String] = []
        func addresses(_ list: String) -> String {
            list.split(separator: ",").map { ResultPage.percentEncoded(String($0).trimmingSpaces(), keeping: "@+") }.joined(separator: ",")
        }
        if !message.cc.isEmpty { query.append("cc=" + addresses(message.cc)) }
        if !message.bcc.isEmpty { query.append("bcc=" + addresses(message.bcc)) }
        if !message.subject.isEmpty { query.append("subject=" + ResultPage.percentEncoded(message.subject)) }
        if !message.body.isEmpty { query.append("body=" + ResultPage.percentEncoded(message.body)) }
        let uri = "mailto:" + addresses(message.to) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let to = ResultPage.visible(recipient, multiline: false)
        addOpenAction(
            tr("Write E-mail…"), icon: "mail-send-symbolic", uri: uri, heading: tr("Write an e-mail to {address}?", ["address": to]),
            body: tr("Your e-mail app will open with this message filled in. Nothing is sent until you send it."),
            action: tr("Write E-mail"), to: page)
        return addCopyAction(tr("Copy Address"), text: recipient, confirmation: tr("Address copied"), to: page)
    }

    /// Builds the phone number view; returns the number as the main value.
    func buildPhone(_ number: String, into page: Sections) -> CopiedValue {
        page.heading(
            tr("Phone Number"), icon: ResultPage.icon(for: .content(.phone)), subject: number, subjectClasses: ["title-1", "numeric"])
        page.addToBody(fieldList([Field(caption: tr("Number"), value: number, copyLabel: tr("Copy Number"))]))
        let shown = ResultPage.visible(number, multiline: false)
        addOpenAction(
            tr("Call…"), icon: "call-start-symbolic", uri: "tel:" + number.filter { !$0.isWhitespace },
            heading: tr("Call {number}?", ["number": shown]), body: tr("Your phone app will open with this number."), action: tr("Call"),
            to: page)
        return addCopyAction(tr("Copy Number"), text: number, confirmation: tr("Number copied"), to: page)
    }

    /// Builds the text message view; returns the numbers as the main value.
    func buildSMS(_ message: SMSMessage, into page: Sections) -> CopiedValue {
        let numbers = message.numbers.joined(separator: ", ")
        page.heading(
            tr("Text Message"), icon: ResultPage.icon(for: .content(.sms)), subject: numbers, subjectClasses: ["title-1", "numeric"])
        var fields = [Field(caption: tr("To"), value: numbers, copyLabel: tr("Copy Number"))]
        fields.add(tr("Message"), message.body, tr("Copy Message"), multiline: true)
        page.addToBody(fieldList(fields))
        let recipients = message.numbers.map { ResultPage.percentEncoded($0.filter { !$0.isWhitespace }, keeping: "+") }
        let uri =
            "sms:" + recipients.joined(separator: ",") + (message.body.isEmpty ? "" : "?body=" + ResultPage.percentEncoded(message.body))
        let shown = ResultPage.visible(numbers, multiline: false)
        addOpenAction(
            tr("Write Message…"), icon: "mail-send-symbolic", uri: uri, heading: tr("Write a message to {number}?", ["number": shown]),
            body: tr("Your messaging app will open with this message filled in. Nothing is sent until you send it."),
            action: tr("Write Message"), to: page)
        return addCopyAction(tr("Copy Number"), text: numbers, confirmation: tr("Number copied"), to: page)
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
