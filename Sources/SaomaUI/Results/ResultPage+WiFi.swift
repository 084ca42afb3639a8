// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Wi-Fi networks: name, security and password, each with a copy button, and "Connect".
extension ResultPage {
    /// Builds the Wi-Fi view; returns the password (or the network name when open) as the main value.
    ///
    /// The network's name is the subject; "Connect" is the main action, "Copy Password" beside it.
    func buildWiFi(_ network: WiFiNetwork, into page: Sections) -> CopiedValue {
        page.heading(tr("Wi-Fi Network"), icon: ResultPage.icon(for: .content(.wifi)), subject: network.ssid)
        var fields = [
            Field(caption: tr("Network name"), value: network.ssid, copyLabel: tr("Copy Network Name")),
            Field(caption: tr("Security"), value: ResultPage.securityName(network.security), copyLabel: tr("Copy Security")),
        ]
        fields.add(tr("Password"), network.password, tr("Copy Password"))
        if let login = network.enterprise {
            let rows = [
                (tr("Sign-in method (EAP)"), login.method, tr("Copy Sign-in Method")),
                (tr("User name"), login.identity, tr("Copy User Name")),
                (tr("Anonymous identity"), login.anonymousIdentity, tr("Copy Anonymous Identity")),
                (tr("Inner sign-in method"), login.phase2, tr("Copy Inner Sign-in Method")),
            ]
            for (caption, value, copyLabel) in rows { fields.add(caption, value, copyLabel) }
        }
        if network.hidden {
            fields.append(Field(caption: tr("Visibility"), value: tr("Hidden network"), copyLabel: tr("Copy Visibility")))
        }
        buildJoinRow(network, into: page)
        page.addToBody(fieldList(fields))
        guard !network.password.isEmpty else {
            return CopiedValue(text: network.ssid, confirmation: ResultPage.copiedMessage(tr("Network name")))
        }
        return addCopyAction(tr("Copy Password"), text: network.password, confirmation: tr("Password copied"), to: page)
    }

    /// The words for a network's security.
    static func securityName(_ security: WiFiNetwork.Security) -> String {
        switch security {
        case .open: return tr("None (open network)")
        case .wep: return tr("WEP (outdated)")
        case .wpa: return tr("WPA/WPA2")
        case .sae: return tr("WPA3")
        case .eap: return tr("WPA/WPA2/WPA3 Enterprise")
        }
    }
}
