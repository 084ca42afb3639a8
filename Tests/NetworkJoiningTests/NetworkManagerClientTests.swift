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

    /// The network the `WIFI:` code `text` describes (the test stops when it describes none).
    static func network(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> WiFiNetwork {
        var network: WiFiNetwork?
        if case .wifi(let parsed) = ContentParser.parse(text) { network = parsed }
        return try #require(network, "not Wi-Fi: \(text)", sourceLocation: sourceLocation)
    }

    /// Joins `network` against a mock with `parameters` as the client's plan says (or as
    /// `plan` says, when given); returns the outcome and the mock's records.
    func join(_ network: WiFiNetwork, _ parameters: [String: Any] = [:], plan: WiFiJoinPlan? = nil) throws -> (
        WiFiJoinOutcome, [[String: Any]]
    ) {
        let (_, outcome, records) = try planAndJoin(network, parameters, plan: plan)
        return (outcome, records)
    }

    /// The client's plan for `network`, then the outcome of joining by `plan` (or that plan)
    /// and the mock's records.
    func planAndJoin(_ network: WiFiNetwork, _ parameters: [String: Any] = [:], plan: WiFiJoinPlan? = nil) throws -> (
        WiFiJoinPlan, WiFiJoinOutcome, [[String: Any]]
    ) {
        let mock = try MockNetworkManager(parameters: parameters)
        defer { mock.stop() }
        let client = try #require(NetworkManagerClient(busAddress: mock.address))
        let planned = client.plan(for: network)
        let outcome = client.join(network, plan: plan ?? planned)
        return (planned, outcome, mock.records())
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
        let network = try Self.network("WIFI:T:WPA2-EAP;S:Home;E:TTLS;A:anon@example.org;I:alice;PH2:PAP;P:pw;;")
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
        let network = try Self.network("WIFI:T:nopass;S:C0FFEE00;;")
        let (outcome, records) = try join(network)
        #expect(outcome == .connected)
        #expect(
            try sentSettings(records)["802-11-wireless"] as? NSDictionary == ["ssid": [0xC0, 0xFF, 0xEE, 0x00], "mode": "infrastructure"])
    }

    static let savedProfile = SavedWiFiProfile(uuid: "e1d3f7a2-0000-4000-8000-000000000001", name: "Old profile", checksServer: false)

    /// The settings of the single Update call, after the GetSecrets calls for `secretGroups`, and
    /// the activation of the same profile on the Wi-Fi device.
    func updatedSettings(_ records: [[String: Any]], secretGroups: [String]) throws -> NSDictionary {
        let methods = records.map { $0["method"] as? String ?? "" }
        #expect(methods == Array(repeating: "GetSecrets", count: secretGroups.count) + ["Update", "ActivateConnection"])
        #expect(records.prefix(secretGroups.count).map { $0["group"] as? String } == secretGroups)
        let update = try #require(records.first { $0["method"] as? String == "Update" })
        let path = update["connection"] as? String
        #expect(path?.hasPrefix("/org/freedesktop/NetworkManager/Settings/") == true)
        #expect(records.last?["connection"] as? String == path)
        #expect(records.last?["device"] as? String == Self.device)
        return try #require(update["settings"] as? [String: [String: Any]]) as NSDictionary
    }

    /// What the mock's `wpa` and `enterprise` profiles keep whatever the code says.
    static var keptConnection: NSDictionary {
        [
            "id": "Old profile", "uuid": "e1d3f7a2-0000-4000-8000-000000000001", "type": "802-11-wireless", "autoconnect": false,
            "permissions": ["user:alice:"],
        ]
    }
    static var keptIPv4: NSDictionary {
        [
            "method": "manual", "address-data": [["address": "10.0.0.5", "prefix": 24]], "gateway": "10.0.0.1", "dns": [0x0808_0808],
        ]
    }

    @Test("a saved WPA profile: the page is told first; only the password changes, addresses and flags stay")
    func savedProfileKeepsItsSettings() throws {
        let network = WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa)
        let (plan, outcome, records) = try planAndJoin(network, ["existing_ssid": "Home", "existing": "wpa"])
        #expect(plan == .updateProfile(Self.savedProfile))
        #expect(outcome == .connected)
        let expected: NSDictionary = [
            "connection": Self.keptConnection,
            "802-11-wireless": ["ssid": Self.home, "mode": "infrastructure", "security": "802-11-wireless-security"],
            "802-11-wireless-security": ["key-mgmt": "wpa-psk", "psk": "newpass1", "psk-flags": 0, "pmf": 2],
            "ipv4": Self.keptIPv4, "ipv6": ["method": "ignore"],
        ]
        #expect(try updatedSettings(records, secretGroups: ["802-11-wireless-security"]) == expected)
    }

    @Test("a saved enterprise profile keeps its CA certificate, domain match, phase 2, key password and IPv4")
    func savedEnterpriseProfileKeepsItsChecks() throws {
        let network = try Self.network("WIFI:T:WPA2-EAP;S:Campus;E:PEAP;I:alice;P:pw;;")
        let (plan, outcome, records) = try planAndJoin(network, ["existing_ssid": "Campus", "existing": "enterprise"])
        var saved = Self.savedProfile
        saved.checksServer = true
        #expect(plan == .updateProfile(saved))
        #expect(!plan.leavesServerUnchecked(network), "the saved profile checks the server")
        #expect(outcome == .connected)
        let expected: NSDictionary = [
            "connection": Self.keptConnection,
            "802-11-wireless": [
                "ssid": Array("Campus".utf8).map(Int.init), "mode": "infrastructure", "security": "802-11-wireless-security",
            ],
            "802-11-wireless-security": ["key-mgmt": "wpa-eap"],
            "802-1x": [
                "eap": ["peap"], "identity": "alice", "password": "pw", "phase2-auth": "mschapv2",
                "ca-cert": Array("file:///etc/ssl/campus-ca.pem\0".utf8).map(Int.init), "domain-suffix-match": "radius.campus.example",
                "private-key-password": "keypw",
            ],
            "ipv4": Self.keptIPv4, "ipv6": ["method": "ignore"],
        ]
        #expect(try updatedSettings(records, secretGroups: ["802-11-wireless-security", "802-1x"]) == expected)
    }

    @Test("the saved profile's secrets cannot be read: nothing is sent, the reason is given")
    func unreadableSecretsStopTheUpdate() throws {
        let network = WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa)
        let (plan, outcome, records) = try planAndJoin(network, ["existing_ssid": "Home", "existing": "wpa", "secrets_fail": true])
        #expect(plan == .updateProfile(Self.savedProfile))
        guard case .failed(let reason) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("cannot read the saved network's secrets: "), "\(reason)")
        #expect(records.map { $0["method"] as? String } == ["GetSecrets"])
    }

    @Test("a profile the page did not announce is never updated: a new one is added beside it")
    func unannouncedProfileIsLeftAlone() throws {
        let network = WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa)
        let (plan, outcome, records) = try planAndJoin(network, ["existing_ssid": "Home", "existing": "wpa"], plan: .addProfile)
        #expect(plan == .updateProfile(Self.savedProfile))
        #expect(outcome == .connected)
        #expect(records.map { $0["method"] as? String } == ["AddAndActivateConnection"])
    }

    @Test("a new enterprise profile checks no server, and the plan says so; personal ones are not concerned")
    func newEnterpriseProfileIsUnchecked() throws {
        let enterprise = WiFiNetwork(ssid: "Campus", password: "pw", security: .eap, enterprise: EnterpriseLogin(method: "PEAP"))
        let (plan, _, records) = try planAndJoin(enterprise)
        #expect(plan == .addProfile)
        #expect(plan.leavesServerUnchecked(enterprise))
        #expect(records.map { $0["method"] as? String } == ["AddAndActivateConnection"])
        #expect(!plan.leavesServerUnchecked(WiFiNetwork(ssid: "Home", password: "hunter22", security: .wpa)))
        #expect(!WiFiJoinPlan.impossible(.noWiFiDevice).leavesServerUnchecked(enterprise))
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

    /// A NetworkManager that never answers (busy or stuck): after the call's timeout the plan said
    /// "This computer has no Wi-Fi device" (a failed GetDevices read as an empty list) and offered
    /// to add a profile when the saved ones could not be listed (one may be saved already).
    @Test(
        "NetworkManager not answering is said so: not a missing device, not an unsaved network",
        arguments: ["GetDevices", "ListConnections"])
    func unansweredCalls(_ method: String) throws {
        let mock = try MockNetworkManager(parameters: ["unanswered": [method], "existing_ssid": "Home", "existing": "wpa"])
        defer { mock.stop() }
        let client = try #require(NetworkManagerClient(busAddress: mock.address, callTimeout: 300))
        let network = WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa)
        let plan = client.plan(for: network)
        guard case .impossible(.failed(let reason)) = plan else {
            Issue.record("\(method) unanswered: the plan is \(plan)")
            return
        }
        #expect(reason.hasPrefix("NetworkManager did not answer: "), "\(reason)")
        #expect(mock.records().isEmpty, "nothing was sent")
    }

    @Test("trying again after NetworkManager did not answer adds a profile and leaves the saved one alone")
    func tryingAgainAfterNoAnswer() throws {
        let network = WiFiNetwork(ssid: "Home", password: "newpass1", security: .wpa)
        let unanswered = WiFiJoinPlan.impossible(.failed("NetworkManager did not answer: Timeout was reached"))
        let (outcome, records) = try join(network, ["existing_ssid": "Home", "existing": "wpa"], plan: unanswered)
        #expect(outcome == .connected)
        #expect(records.map { $0["method"] as? String } == ["AddAndActivateConnection"], "\(records)")
        #expect(try join(network, ["wifi": false], plan: unanswered).0 == .noWiFiDevice)
    }

    @Test("no NetworkManager on the bus, and no bus at all")
    func noNetworkManager() throws {
        let bus = try MockNetworkManager(parameters: nil)
        defer { bus.stop() }
        let client = try #require(NetworkManagerClient(busAddress: bus.address))
        #expect(client.obstacle() == .networkManagerNotRunning)
        let network = WiFiNetwork(ssid: "Home", password: "hunter22")
        #expect(client.plan(for: network) == .impossible(.networkManagerNotRunning))
        #expect(client.join(network, plan: .addProfile) == .networkManagerNotRunning)
        #expect(NetworkManagerClient(busAddress: "unix:path=/nonexistent/saoma-no-bus") == nil)
    }
}
