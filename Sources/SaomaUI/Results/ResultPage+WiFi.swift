// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Wi-Fi networks: name, security and password, each with a copy button, and "Connect".
extension ResultPage {
    /// Builds the Wi-Fi view; returns the password (or the network name when open) as the main value.
    func buildWiFi(_ network: WiFiNetwork, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Wi-Fi Network"), icon: "network-wireless-symbolic"))
        var fields = [
            Field(caption: tr("Network name"), value: network.ssid, copyLabel: tr("Copy Network Name")),
            Field(caption: tr("Security"), value: ResultPage.securityName(network.security), copyLabel: tr("Copy Security")),
        ]
        if !network.password.isEmpty {
            fields.append(Field(caption: tr("Password"), value: network.password, copyLabel: tr("Copy Password")))
        }
        if let login = network.enterprise {
            let rows = [
                (tr("Sign-in method (EAP)"), login.method, tr("Copy Sign-in Method")),
                (tr("User name"), login.identity, tr("Copy User Name")),
                (tr("Anonymous identity"), login.anonymousIdentity, tr("Copy Anonymous Identity")),
                (tr("Inner sign-in method"), login.phase2, tr("Copy Inner Sign-in Method")),
            ]
            for (caption, value, copyLabel) in rows where !value.isEmpty {
                fields.append(Field(caption: caption, value: value, copyLabel: copyLabel))
            }
        }
        if network.hidden {
            fields.append(Field(caption: tr("Visibility"), value: tr("Hidden network"), copyLabel: tr("Copy Visibility")))
        }
        gtk_box_append(gcast(box), fieldList(fields))
        buildJoinRow(network, into: box)
        guard !network.password.isEmpty else { return network.ssid }
        let copy = ResultPage.button(tr("Copy Password"), icon: "edit-copy-symbolic")
        onClicked(copy) { [weak self] in self?.copy(network.password) }
        gtk_box_append(gcast(box), ResultPage.buttonRow([copy]))
        return network.password
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
