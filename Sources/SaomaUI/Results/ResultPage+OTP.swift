// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Login codes (`otpauth://`): issuer, account and parameters, the current code with its
/// countdown, and the secret only behind a reveal button with a warning. Never opened as a link.
extension ResultPage {
    /// Builds the login-code view; returns the current code as the main value (kept current).
    ///
    /// The current code and its countdown are the subject, "Copy Code" the main action.
    func buildOTP(_ key: OTPKey, into page: Sections) -> CopiedValue {
        page.heading(tr("Login Code"), icon: ResultPage.icon(for: .content(.otp)))
        let code = ResultPage.label("", classes: ["title-1", "numeric"])
        gtk_widget_set_name(code, "otp-code")
        page.addToSummary(code)
        let countdown = ResultPage.label("", classes: ["dim-label", "numeric"])
        page.addToSummary(countdown)
        let copyCode = ResultPage.button(tr("Copy Code"), icon: "edit-copy-symbolic")
        onClicked(copyCode) { [weak self] in
            guard let self, let value = self.mainValue else { return }
            self.copy(value)
        }
        page.addAction(copyCode)

        var fields: [Field] = []
        fields.add(tr("Issuer"), key.issuer, tr("Copy Issuer"))
        fields.add(tr("Account"), key.account, tr("Copy Account"))
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
        page.addToBody(fieldList(fields))

        let warning = ResultPage.warningLines([
            (
                tr("This code holds a secret key: anyone who has it can make your login codes. Add it only to your own authenticator app."),
                false
            )
        ])
        page.addToBody(warning)
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
        gtk_box_append(gcast(secretArea), StatusPage.buttonRow([reveal]))
        page.addToBody(secretArea)

        let update: @MainActor () -> CopiedValue = { [weak self] in
            guard let self else { return CopiedValue(text: "", confirmation: "") }
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
            let copied = CopiedValue(text: value, confirmation: tr("Code copied"))
            self.mainValue = copied
            return copied
        }
        let first = update()
        if key.kind == .totp {
            refreshSource = addTimeout(milliseconds: 1000) { !update().text.isEmpty }
        }
        return first
    }

    /// Stops refreshing a login code (another result is shown).
    func stopRefreshing() {
        if refreshSource != 0 { g_source_remove(refreshSource) }
        refreshSource = 0
    }
}
