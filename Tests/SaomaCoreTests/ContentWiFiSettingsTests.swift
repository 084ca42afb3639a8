// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Wi-Fi joining: NetworkManager connection settings")
struct ContentWiFiSettingsTests {
    static let uuid = "0b7e1c3e-5a4e-4d0f-9d3c-2f1f4e0a6b11"
    static let connection: [String: SettingValue] = [
        "id": .string("Home"), "uuid": .string(uuid), "type": .string("802-11-wireless"),
    ]

    static let cases: [(String, WiFiNetwork, ConnectionSettings)] = [
        (
            "open", WiFiNetwork(ssid: "Home", security: .open),
            ["connection": connection, "802-11-wireless": ["ssid": .bytes(Array("Home".utf8)), "mode": .string("infrastructure")]]
        ),
        (
            "WPA personal, hidden", WiFiNetwork(ssid: "Home", password: "hunter22", security: .wpa, hidden: true),
            [
                "connection": connection,
                "802-11-wireless": [
                    "ssid": .bytes(Array("Home".utf8)), "mode": .string("infrastructure"), "hidden": .bool(true),
                    "security": .string("802-11-wireless-security"),
                ],
                "802-11-wireless-security": ["key-mgmt": .string("wpa-psk"), "psk": .string("hunter22")],
            ]
        ),
        (
            "WPA3 personal", WiFiNetwork(ssid: "Home", password: "hunter22", security: .sae),
            [
                "connection": connection,
                "802-11-wireless": [
                    "ssid": .bytes(Array("Home".utf8)), "mode": .string("infrastructure"), "security": .string("802-11-wireless-security"),
                ],
                "802-11-wireless-security": ["key-mgmt": .string("sae"), "psk": .string("hunter22")],
            ]
        ),
        (
            "WEP key", WiFiNetwork(ssid: "Home", password: "abcde", security: .wep),
            [
                "connection": connection,
                "802-11-wireless": [
                    "ssid": .bytes(Array("Home".utf8)), "mode": .string("infrastructure"), "security": .string("802-11-wireless-security"),
                ],
                "802-11-wireless-security": [
                    "key-mgmt": .string("none"), "auth-alg": .string("open"), "wep-key0": .string("abcde"), "wep-key-type": .uint32(1),
                ],
            ]
        ),
        (
            "WPA2 enterprise",
            WiFiNetwork(
                ssid: "Home", password: "pw", security: .eap,
                enterprise: EnterpriseLogin(method: "PEAP", identity: "alice", anonymousIdentity: "anon", phase2: "MSCHAPV2")),
            [
                "connection": connection,
                "802-11-wireless": [
                    "ssid": .bytes(Array("Home".utf8)), "mode": .string("infrastructure"), "security": .string("802-11-wireless-security"),
                ],
                "802-11-wireless-security": ["key-mgmt": .string("wpa-eap")],
                "802-1x": [
                    "eap": .strings(["peap"]), "identity": .string("alice"), "anonymous-identity": .string("anon"),
                    "phase2-auth": .string("mschapv2"), "password": .string("pw"),
                ],
            ]
        ),
    ]

    @Test("settings per security type", arguments: cases)
    func settings(_ row: (String, WiFiNetwork, ConnectionSettings)) {
        #expect(WiFiConnectionSettings.settings(for: row.1, uuid: ContentWiFiSettingsTests.uuid) == row.2, "\(row.0)")
    }

    @Test("the SSID goes as its bytes, hex SSIDs included")
    func ssidBytes() {
        guard case .wifi(let network) = ContentParser.parse("WIFI:T:nopass;S:C0FFEE00;;") else {
            Issue.record("not Wi-Fi")
            return
        }
        #expect(WiFiConnectionSettings.settings(for: network, uuid: "u")["802-11-wireless"]?["ssid"] == .bytes([0xC0, 0xFF, 0xEE, 0x00]))
        let chinese = WiFiNetwork(ssid: "家里的网", security: .open)
        #expect(WiFiConnectionSettings.settings(for: chinese, uuid: "u")["802-11-wireless"]?["ssid"] == .bytes(Array("家里的网".utf8)))
    }

    @Test("an enterprise code without a method offers PEAP then TTLS")
    func defaultMethods() {
        let network = WiFiNetwork(ssid: "x", security: .eap, enterprise: EnterpriseLogin(method: "", identity: "bob"))
        #expect(WiFiConnectionSettings.settings(for: network, uuid: "u")["802-1x"]?["eap"] == .strings(["peap", "ttls"]))
    }

    @Test(
        "WEP passphrases and keys",
        arguments: [
            ("abcde", true), ("0123456789", true), ("0123456789abcdef0123456789", true), ("passphrase", false), ("abcdefgh", false),
        ])
    func wepKeys(_ row: (String, Bool)) {
        #expect(WiFiConnectionSettings.isWEPKey(row.0) == row.1)
    }

    @Test(
        "device state reasons",
        arguments: [(7, WiFiJoinOutcome.wrongPassword), (8, .wrongPassword), (53, .notInRange), (36, .failed("NMDeviceStateReason 36"))]
            as [(UInt32, WiFiJoinOutcome)])
    func reasons(_ row: (UInt32, WiFiJoinOutcome)) {
        #expect(WiFiJoinOutcome.forDeviceStateReason(row.0) == row.1)
    }
}
