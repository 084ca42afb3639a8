// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Login codes (`otpauth://`): issuer, account and parameters, the current code with its
/// countdown, and the secret only behind a reveal button with a warning. Never opened as a link.
extension ResultPage {
    /// Builds the login-code view; returns the current code as the main value (kept current).
    func buildOTP(_ key: OTPKey, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Login Code"), icon: "dialog-password-symbolic"))
        let code = ResultPage.label("", classes: ["title-1", "numeric"], selectable: true)
        gtk_widget_set_name(code, "otp-code")
        gtk_box_append(gcast(box), code)
        let countdown = ResultPage.label("", classes: ["dim-label", "numeric"])
        gtk_box_append(gcast(box), countdown)

        var fields: [Field] = []
        if !key.issuer.isEmpty { fields.append(Field(caption: tr("Issuer"), value: key.issuer, copyLabel: tr("Copy Issuer"))) }
        if !key.account.isEmpty { fields.append(Field(caption: tr("Account"), value: key.account, copyLabel: tr("Copy Account"))) }
        let kind = key.kind == .totp ? tr("Time-based (TOTP)") : tr("Counter-based (HOTP)")
        fields.append(Field(caption: tr("Type"), value: kind, copyLabel: tr("Copy Type")))
        fields.append(Field(caption: tr("Algorithm"), value: key.algorithm.rawValue, copyLabel: tr("Copy Algorithm")))
        fields.append(Field(caption: tr("Digits"), value: String(key.digits), copyLabel: tr("Copy Digits")))
        if let period = key.period {
            fields.append(
                Field(
                    caption: tr("Code lifetime"), value: tr("{seconds} seconds", ["seconds": String(period)]),
                    copyLabel: tr("Copy Code Lifetime")))
        }
        if let counter = key.counter {
            fields.append(Field(caption: tr("Counter"), value: String(counter), copyLabel: tr("Copy Counter")))
        }
        gtk_box_append(gcast(box), fieldList(fields))

        let warning = ResultPage.warningLines([
            (
                tr("This code holds a secret key: anyone who has it can make your login codes. Add it only to your own authenticator app."),
                false
            )
        ])
        gtk_box_append(gcast(box), warning)
        let secretArea = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        let reveal = ResultPage.button(tr("Show Secret Key"), icon: "view-reveal-symbolic")
        onClicked(reveal) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(reveal, 0)
            gtk_box_append(
                gcast(secretArea),
                self.fieldList([
                    Field(
                        caption: tr("Secret key"), value: key.secretBase32.inGroups(of: 4), copyLabel: tr("Copy Secret Key"),
                        copyValue: key.secretBase32)
                ]))
        }
        gtk_box_append(gcast(secretArea), ResultPage.buttonRow([reveal]))
        gtk_box_append(gcast(box), secretArea)

        let update: @MainActor () -> String = { [weak self] in
            guard let self else { return "" }
            let now = self.clock()
            let value = key.kind == .totp ? key.code(at: now) : key.code(counter: key.counter ?? 0)
            gtk_label_set_text(OpaquePointer(code), value.inGroups(of: 3))
            if key.kind == .totp {
                let seconds = key.secondsRemaining(at: now)
                gtk_label_set_text(
                    OpaquePointer(countdown),
                    trn("Changes in {count} second", "Changes in {count} seconds", seconds))
            } else {
                gtk_label_set_text(OpaquePointer(countdown), tr("Code for counter {counter}", ["counter": String(key.counter ?? 0)]))
            }
            self.mainValue = value
            return value
        }
        let first = update()
        if key.kind == .totp {
            refreshSource = addTimeout(milliseconds: 1000) { update() != "" }
        }
        return first
    }

    /// Stops refreshing a login code (another result is shown).
    func stopRefreshing() {
        if refreshSource != 0 { g_source_remove(refreshSource) }
        refreshSource = 0
    }
}
