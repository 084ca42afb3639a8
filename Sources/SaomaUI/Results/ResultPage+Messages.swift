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
        if !message.to.isEmpty { fields.append(Field(caption: tr("To"), value: message.to, copyLabel: tr("Copy Address"))) }
        if !message.cc.isEmpty { fields.append(Field(caption: tr("Cc"), value: message.cc, copyLabel: tr("Copy Addresses"))) }
        if !message.bcc.isEmpty { fields.append(Field(caption: tr("Bcc"), value: message.bcc, copyLabel: tr("Copy Addresses"))) }
        if !message.subject.isEmpty { fields.append(Field(caption: tr("Subject"), value: message.subject, copyLabel: tr("Copy Subject"))) }
        if !message.body.isEmpty {
            fields.append(Field(caption: tr("Message"), value: message.body, multiline: true, copyLabel: tr("Copy Message")))
        }
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
        let write = ResultPage.button(tr("Write E-mail…"), icon: "mail-send-symbolic")
        let to = ResultPage.visible(recipient, multiline: false)
        onClicked(write) { [weak self] in
            self?.confirmOpen(
                uri: uri, heading: tr("Write an e-mail to {address}?", ["address": to]),
                body: tr("Your e-mail app will open with this message filled in. Nothing is sent until you send it."),
                action: tr("Write E-mail"),
                dangerous: false)
        }
        page.addAction(write)
        let copied = CopiedValue(text: recipient, confirmation: tr("Address copied"))
        page.addAction(copyAction(tr("Copy Address"), copied))
        return copied
    }

    /// Builds the phone number view; returns the number as the main value.
    func buildPhone(_ number: String, into page: Sections) -> CopiedValue {
        page.heading(
            tr("Phone Number"), icon: ResultPage.icon(for: .content(.phone)), subject: number, subjectClasses: ["title-1", "numeric"])
        page.addToBody(fieldList([Field(caption: tr("Number"), value: number, copyLabel: tr("Copy Number"))]))
        let call = ResultPage.button(tr("Call…"), icon: "call-start-symbolic")
        let shown = ResultPage.visible(number, multiline: false)
        onClicked(call) { [weak self] in
            self?.confirmOpen(
                uri: "tel:" + number.filter { !$0.isWhitespace }, heading: tr("Call {number}?", ["number": shown]),
                body: tr("Your phone app will open with this number."), action: tr("Call"), dangerous: false)
        }
        page.addAction(call)
        let copied = CopiedValue(text: number, confirmation: tr("Number copied"))
        page.addAction(copyAction(tr("Copy Number"), copied))
        return copied
    }

    /// Builds the text message view; returns the numbers as the main value.
    func buildSMS(_ message: SMSMessage, into page: Sections) -> CopiedValue {
        let numbers = message.numbers.joined(separator: ", ")
        page.heading(
            tr("Text Message"), icon: ResultPage.icon(for: .content(.sms)), subject: numbers, subjectClasses: ["title-1", "numeric"])
        var fields = [Field(caption: tr("To"), value: numbers, copyLabel: tr("Copy Number"))]
        if !message.body.isEmpty {
            fields.append(Field(caption: tr("Message"), value: message.body, multiline: true, copyLabel: tr("Copy Message")))
        }
        page.addToBody(fieldList(fields))
        let recipients = message.numbers.map { ResultPage.percentEncoded($0.filter { !$0.isWhitespace }, keeping: "+") }
        let uri =
            "sms:" + recipients.joined(separator: ",") + (message.body.isEmpty ? "" : "?body=" + ResultPage.percentEncoded(message.body))
        let send = ResultPage.button(tr("Write Message…"), icon: "mail-send-symbolic")
        let shown = ResultPage.visible(numbers, multiline: false)
        onClicked(send) { [weak self] in
            self?.confirmOpen(
                uri: uri, heading: tr("Write a message to {number}?", ["number": shown]),
                body: tr("Your messaging app will open with this message filled in. Nothing is sent until you send it."),
                action: tr("Write Message"), dangerous: false)
        }
        page.addAction(send)
        let copied = CopiedValue(text: numbers, confirmation: tr("Number copied"))
        page.addAction(copyAction(tr("Copy Number"), copied))
        return copied
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
