// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NetworkJoining
import SaomaCore
import Testing

/// Joins networks through the real GDBus client against python3-dbusmock's NetworkManager on a
/// private bus, and checks the exact settings NetworkManager received.
@Suite("Joining Wi-Fi through NetworkManager (mock on a private bus)", .serialized)
struct NetworkManagerClientTests {
    static let device = "/org/freedesktop/NetworkManager/Devices/wlan0"

    /// Joins `network` against a mock with `parameters`; returns the outcome and the mock's records.
    func join(_ network: WiFiNetwork, _ parameters: [String: Any] = [:]) throws -> (WiFiJoinOutcome, [[String: Any]]) {
        let mock = try MockNetworkManager(parameters: parameters)
        defer { mock.stop() }
        let client = try #require(NetworkManagerClient(busAddress: mock.address))
        let outcome = client.join(network)
        return (outcome, mock.records())
    }

    /// The settings of the single AddAndActivateConnection call, with the generated uuid checked and removed.
    func sentSettings(_ records: [[String: Any]]) throws -> NSDictionary {
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record["method"] as? String == "AddAndActivateConnection")
        #expect(record["device"] as? String == Self.device)
        #expect(record["ap"] as? String == "/")
        var settings = try #require(record["settings"] as? [String: [String: Any]])
        let uuid = try #require(settings["connection"]?["uuid"] as? String)
        #expect(uuid.count == 36 && uuid.split(separator: "-").count == 5, "a fresh uuid: \(uuid)")
        settings["connection"]?["uuid"] = nil
        return settings as NSDictionary
    }

    static let connection: [String: String] = ["id": "Home", "type": "802-11-wireless"]
    static let home = [72, 111, 109, 101]

    @Test("WPA personal: SSID bytes, wpa-psk and the password")
    func wpa() throws {
        let (outcome, records) = try join(WiFiNetwork(ssid: "Home", password: "hunter22", security: .wpa))
        #expect(outcome == .connected)
        let expected: NSDictionary = [
            "connection": Self.connection,
            "802-11-wireless": ["ssid": Self.home, "mode": "infrastructure", "security": "802-11-wireless-security"],
            "802-11-wireless-security": ["key-mgmt": "wpa-psk", "psk": "hunter22"],
        ]
        #expect(try sentSettings(records) == expected)
    }

    @Test("open hidden network with a non-ASCII name")
    func openHidden() throws {
        let (outcome, records) = try join(WiFiNetwork(ssid: "家里的网", security: .open, hidden: true))
        #expect(outcome == .connected)
        let expected: NSDictionary = [
            "connection": ["id": "家里的网", "type": "802-11-wireless"],
            "802-11-wireless": ["ssid": Array("家里的网".utf8).map(Int.init), "mode": "infrastructure", "hidden": true],
        ]
        #expect(try sentSettings(records) == expected)
    }

    @Test("WPA3 personal (SAE) and WEP")
    func saeAndWEP() throws {
        let (sae, saeRecords) = try join(WiFiNetwork(ssid: "Home", password: "hunter22", security: .sae))
        #expect(sae == .connected)
        #expect(try sentSettings(saeRecords)["802-11-wireless-security"] as? NSDictionary == ["key-mgmt": "sae", "psk": "hunter22"])
        let (wep, wepRecords) = try join(WiFiNetwork(ssid: "Home", password: "0123456789", security: .wep))
        #expect(wep == .connected)
        let wepSecurity: NSDictionary = ["key-mgmt": "none", "auth-alg": "open", "wep-key0": "0123456789", "wep-key-type": 1]
        #expect(try sentSettings(wepRecords)["802-11-wireless-security"] as? NSDictionary == wepSecurity)
    }

    @Test("WPA2 enterprise from a code's E, A, I, PH2 and P fields")
    func enterprise() throws {
        guard case .wifi(let network) = ContentParser.parse("WIFI:T:WPA2-EAP;S:Home;E:TTLS;A:anon@example.org;I:alice;PH2:PAP;P:pw;;")
        else {
            Issue.record("not Wi-Fi")
            return
        }
        let (outcome, records) = try join(network)
        #expect(outcome == .connected)
        let expected: NSDictionary = [
            "connection": Self.connection,
            "802-11-wireless": ["ssid": Self.home, "mode": "infrastructure", "security": "802-11-wireless-security"],
            "802-11-wireless-security": ["key-mgmt": "wpa-eap"],
            "802-1x": [
                "eap": ["ttls"], "identity": "alice", "anonymous-identity": "anon@example.org", "phase2-auth": "pap", "password": "pw",
            ],
        ]
        #expect(try sentSettings(records) == expected)
    }

    @Test("a hex SSID goes as the bytes it spells")
    func hexSSID() throws {
        guard case .wifi(let network) = ContentParser.parse("WIFI:T:nopass;S:C0FFEE00;;") else {
            Issue.record("not Wi-Fi")
            return
        }
        let (outcome, records) = try join(network)
        #expect(outcome == .connected)
        #expect(
            try sentSettings(records)["802-11-wireless"] as? NSDictionary == ["ssid": [0xC0, 0xFF, 0xEE, 0x00], "mode": "infrastructure"])
    }

    @Test("an existing profile for the SSID is updated and activated, not duplicated")
    func existingProfileIsUpdated() throws {
        let (outcome, records) = try join(WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa), ["existing_ssid": "Home"])
        #expect(outcome == .connected)
        #expect(records.map { $0["method"] as? String } == ["Update", "ActivateConnection"])
        let path = records.first?["connection"] as? String
        #expect(path?.hasPrefix("/org/freedesktop/NetworkManager/Settings/") == true)
        let settings = try #require(records.first?["settings"] as? [String: [String: Any]])
        #expect(settings["connection"]?["uuid"] as? String == "e1d3f7a2-0000-4000-8000-000000000001", "the profile keeps its uuid")
        #expect(settings["802-11-wireless-security"]?["psk"] as? String == "newpass1")
        #expect(records.last?["connection"] as? String == path)
        #expect(records.last?["device"] as? String == Self.device)
    }

    @Test("a refused password and a network out of range")
    func failures() throws {
        let network = WiFiNetwork(ssid: "Home", password: "wrongpass", security: .wpa)
        #expect(try join(network, ["outcome": "wrong-password"]).0 == .wrongPassword)
        #expect(try join(network, ["outcome": "not-in-range"]).0 == .notInRange)
    }

    @Test("no Wi-Fi device: nothing is sent")
    func noDevice() throws {
        let (outcome, records) = try join(WiFiNetwork(ssid: "Home", password: "hunter22"), ["wifi": false])
        #expect(outcome == .noWiFiDevice)
        #expect(records.isEmpty)
    }

    @Test("no NetworkManager on the bus, and no bus at all")
    func noNetworkManager() throws {
        let bus = try MockNetworkManager(parameters: nil)
        defer { bus.stop() }
        let client = try #require(NetworkManagerClient(busAddress: bus.address))
        #expect(client.obstacle() == .networkManagerNotRunning)
        #expect(client.join(WiFiNetwork(ssid: "Home", password: "hunter22")) == .networkManagerNotRunning)
        #expect(NetworkManagerClient(busAddress: "unix:path=/nonexistent/saoma-no-bus") == nil)
    }
}
