// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// A saved profile joined again from a code keeps everything but its security and secret.
@Suite("Wi-Fi joining: updating a saved profile")
struct WiFiProfileUpdateTests {
    static let ssid = SettingValue.bytes(Array("Campus".utf8))
    static let ipv4: [String: SettingValue] = ["method": .string("manual"), "gateway": .string("10.0.0.1")]
    static let connection: [String: SettingValue] = [
        "id": .string("Campus (saved)"), "uuid": .string("u-1"), "type": .string("802-11-wireless"), "autoconnect": .bool(false),
    ]
    static let wireless: [String: SettingValue] = [
        "ssid": ssid, "mode": .string("infrastructure"), "security": .string("802-11-wireless-security"),
    ]
    static let enterprise: ConnectionSettings = [
        "connection": connection, "802-11-wireless": wireless, "ipv4": ipv4,
        "802-11-wireless-security": ["key-mgmt": .string("wpa-eap")],
        "802-1x": [
            "eap": .strings(["peap"]), "identity": .string("old"), "password": .string("oldpw"), "phase2-auth": .string("mschapv2"),
            "ca-cert": .bytes(Array("file:///ca.pem\0".utf8)), "domain-suffix-match": .string("radius.example"),
            "private-key-password": .string("keypw"),
        ],
    ]
    static let wep: ConnectionSettings = [
        "connection": connection, "802-11-wireless": wireless, "ipv4": ipv4,
        "802-11-wireless-security": [
            "key-mgmt": .string("none"), "auth-alg": .string("shared"), "wep-key0": .string("abcde"), "wep-key-type": .uint32(1),
            "wep-key-flags": .uint32(0), "pmf": .uint32(1),
        ],
    ]

    static let cases: [(String, ConnectionSettings, WiFiNetwork, ConnectionSettings)] = [
        (
            "enterprise code on a saved enterprise profile: login changes, certificate, domain and phase 2 stay", enterprise,
            WiFiNetwork(ssid: "Campus", password: "pw", security: .eap, enterprise: EnterpriseLogin(method: "PEAP", identity: "alice")),
            enterprise.merging(
                ["802-1x": enterprise["802-1x", default: [:]].merging(["identity": .string("alice"), "password": .string("pw")]) { $1 }]
            ) { $1 }
        ),
        (
            "enterprise code naming no method keeps the saved method", enterprise,
            WiFiNetwork(ssid: "Campus", password: "", security: .eap, enterprise: EnterpriseLogin(method: "", identity: "alice")),
            enterprise.merging(["802-1x": enterprise["802-1x", default: [:]].merging(["identity": .string("alice")]) { $1 }]) { $1 }
        ),
        (
            "WPA code on a saved WEP profile: WEP keys go, flags and PMF stay", wep,
            WiFiNetwork(ssid: "Campus", password: "newpass1", security: .wpa, hidden: true),
            [
                "connection": connection, "ipv4": ipv4,
                "802-11-wireless": wireless.merging(["hidden": .bool(true)]) { $1 },
                "802-11-wireless-security": [
                    "key-mgmt": .string("wpa-psk"), "psk": .string("newpass1"), "wep-key-flags": .uint32(0), "pmf": .uint32(1),
                ],
            ]
        ),
        (
            "open code on a saved enterprise profile: security and login removed, the rest kept", enterprise,
            WiFiNetwork(ssid: "Campus", security: .open),
            [
                "connection": connection, "ipv4": ipv4,
                "802-11-wireless": ["ssid": ssid, "mode": .string("infrastructure")],
            ]
        ),
        (
            "enterprise code on a bare profile gets the default methods",
            ["connection": connection, "802-11-wireless": ["ssid": ssid]],
            WiFiNetwork(ssid: "Campus", password: "pw", security: .eap, enterprise: EnterpriseLogin(method: "", identity: "alice")),
            [
                "connection": connection,
                "802-11-wireless": ["ssid": ssid, "security": .string("802-11-wireless-security")],
                "802-11-wireless-security": ["key-mgmt": .string("wpa-eap")],
                "802-1x": ["eap": .strings(["peap", "ttls"]), "identity": .string("alice"), "password": .string("pw")],
            ]
        ),
    ]

    @Test("only security and secret change", arguments: cases.indices)
    func update(_ index: Int) {
        let (name, saved, network, expected) = Self.cases[index]
        let change = WiFiProfileUpdate.joining(network, savedKeys: saved.mapValues { Set($0.keys) })
        let result = change.applied(to: saved) { $0 }
        #expect(result == expected, "\(name)")
    }

    @Test("the connection, IP and proxy groups are never written")
    func untouchedGroups() {
        let networks = Self.cases.map(\.2)
        for network in networks {
            let change = WiFiProfileUpdate.joining(network, savedKeys: Self.enterprise.mapValues { Set($0.keys) })
            for group in ["connection", "ipv4", "ipv6", "proxy"] {
                #expect(change.set[group] == nil && change.removedKeys[group] == nil && !change.removedGroups.contains(group))
            }
        }
    }
}
