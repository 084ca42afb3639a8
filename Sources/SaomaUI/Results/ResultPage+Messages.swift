// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// E-mail, phone numbers and text messages: the fields, copy buttons, and an action after confirmation.
extension ResultPage {
    /// Builds the e-mail view; returns the address as the main value.
    func buildEmail(_ message: EmailMessage, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("E-mail"), icon: "mail-unread-symbolic"))
        var fields = [Field(caption: tr("To"), value: message.to, copyLabel: tr("Copy Address"))]
        if !message.subject.isEmpty { fields.append(Field(caption: tr("Subject"), value: message.subject, copyLabel: tr("Copy Subject"))) }
        if !message.body.isEmpty {
            fields.append(Field(caption: tr("Message"), value: message.body, multiline: true, copyLabel: tr("Copy Message")))
        }
        gtk_box_append(gcast(box), fieldList(fields))
        var query: [String] = []
        if !message.subject.isEmpty { query.append("subject=" + ResultPage.percentEncoded(message.subject)) }
        if !message.body.isEmpty { query.append("body=" + ResultPage.percentEncoded(message.body)) }
        let recipients = message.to.split(separator: ",").map { ResultPage.percentEncoded(String($0).trimmingSpaces(), keeping: "@+") }
        let uri = "mailto:" + recipients.joined(separator: ",") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let write = ResultPage.button(tr("Write E-mail…"), icon: "mail-send-symbolic")
        gtk_widget_add_css_class(write, "suggested-action")
        let to = ResultPage.visible(message.to, multiline: false)
        onClicked(write) { [weak self] in
            self?.confirmOpen(
                uri: uri, heading: tr("Write an e-mail to {address}?", ["address": to]),
                body: tr("Your e-mail app will open with this message filled in. Nothing is sent until you send it."),
                action: tr("Write E-mail"),
                dangerous: false)
        }
        gtk_box_append(gcast(box), ResultPage.buttonRow([write]))
        return message.to
    }

    /// Builds the phone number view; returns the number as the main value.
    func buildPhone(_ number: String, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Phone Number"), icon: "call-start-symbolic"))
        gtk_box_append(gcast(box), fieldList([Field(caption: tr("Number"), value: number, copyLabel: tr("Copy Number"))]))
        let call = ResultPage.button(tr("Call…"), icon: "call-start-symbolic")
        let shown = ResultPage.visible(number, multiline: false)
        onClicked(call) { [weak self] in
            self?.confirmOpen(
                uri: "tel:" + number.filter { !$0.isWhitespace }, heading: tr("Call {number}?", ["number": shown]),
                body: tr("Your phone app will open with this number."), action: tr("Call"), dangerous: false)
        }
        gtk_box_append(gcast(box), ResultPage.buttonRow([call]))
        return number
    }

    /// Builds the text message view; returns the number as the main value.
    func buildSMS(_ message: SMSMessage, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Text Message"), icon: "mail-send-symbolic"))
        var fields = [Field(caption: tr("To"), value: message.number, copyLabel: tr("Copy Number"))]
        if !message.body.isEmpty {
            fields.append(Field(caption: tr("Message"), value: message.body, multiline: true, copyLabel: tr("Copy Message")))
        }
        gtk_box_append(gcast(box), fieldList(fields))
        let number = message.number.filter { !$0.isWhitespace }
        let uri = "sms:" + number + (message.body.isEmpty ? "" : "?body=" + ResultPage.percentEncoded(message.body))
        let send = ResultPage.button(tr("Write Message…"), icon: "mail-send-symbolic")
        let shown = ResultPage.visible(message.number, multiline: false)
        onClicked(send) { [weak self] in
            self?.confirmOpen(
                uri: uri, heading: tr("Write a message to {number}?", ["number": shown]),
                body: tr("Your messaging app will open with this message filled in. Nothing is sent until you send it."),
                action: tr("Write Message"), dangerous: false)
        }
        gtk_box_append(gcast(box), ResultPage.buttonRow([send]))
        return message.number
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
