// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// A client of NetworkManager's D-Bus API (`org.freedesktop.NetworkManager` on the system bus),
/// through GDBus: finds the Wi-Fi device, tells what joining a network will do (`plan(for:)`),
/// adds a profile or changes only the security and secret of the saved one, activates it and
/// waits for the outcome.
///
/// The calls are synchronous: use it from a worker thread (GDBus connections are thread-safe),
/// never the UI thread. Owns one reference on its connection.
public final class NetworkManagerClient: @unchecked Sendable {
    static let service = "org.freedesktop.NetworkManager"
    static let managerPath = "/org/freedesktop/NetworkManager"
    static let settingsPath = "/org/freedesktop/NetworkManager/Settings"
    static let managerInterface = "org.freedesktop.NetworkManager"
    static let settingsInterface = "org.freedesktop.NetworkManager.Settings"
    static let connectionInterface = "org.freedesktop.NetworkManager.Settings.Connection"
    static let deviceInterface = "org.freedesktop.NetworkManager.Device"
    static let activeInterface = "org.freedesktop.NetworkManager.Connection.Active"
    /// `NM_DEVICE_TYPE_WIFI`.
    static let wifiDeviceType: UInt32 = 2
    /// Milliseconds one D-Bus call may take by default (GDBus's own default; activating may wait
    /// for a password prompt).
    public static let defaultCallTimeout: Int32 = 25_000
    /// Seconds to wait for an activation to end (NetworkManager's own limit is 45 s for Wi-Fi).
    public static let activationTimeout: Double = 90
    /// Seconds between two looks at the activation's state.
    static let pollInterval: Double = 0.2

    /// The bus connection.
    var connection: OpaquePointer { connectionRef.pointer }
    private let connectionRef: ObjectRef<OpaquePointer>
    /// Milliseconds one D-Bus call may take before it counts as unanswered.
    let callTimeout: Int32

    /// Connects to the system bus, or to the bus at `address` (tests give a private one);
    /// `nil` when there is no bus to reach. Calls unanswered after `callTimeout` milliseconds fail.
    public init?(busAddress address: String? = nil, callTimeout: Int32 = defaultCallTimeout) {
        self.callTimeout = callTimeout
        var error: UnsafeMutablePointer<GError>?
        let bus: OpaquePointer?
        if let address {
            let flags = GDBusConnectionFlags(
                rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            bus = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        } else {
            bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error)
        }
        if let error { g_error_free(error) }
        guard let bus else { return nil }
        connectionRef = ObjectRef(adopting: bus)
    }

    /// The result of a call (owned by the caller) or GLib's message.
    enum Reply {
        case value(OpaquePointer)
        case failure(String)
    }

    /// Calls `method` on `path` and waits for the reply; `parameters` is a floating tuple. A reply
    /// of another type than `replyType` (`"(ao)"`) is refused by GDBus as an error.
    func call(
        _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?, service: String = service,
        replyType: String? = nil
    ) -> Reply {
        var error: UnsafeMutablePointer<GError>?
        let expected = replyType.map(SettingsVariant.type)
        defer { if let expected { g_variant_type_free(expected) } }
        let reply = g_dbus_connection_call_sync(
            connection, service, path, interface, method, parameters, expected, G_DBUS_CALL_FLAGS_NONE, callTimeout,
            nil, &error)
        if let reply { return .value(reply) }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? method
        if let error { g_error_free(error) }
        return .failure(message)
    }

    /// A property's value (owned by the caller), or `nil`.
    func property(_ path: String, _ interface: String, _ name: String) -> OpaquePointer? {
        let parameters = SettingsVariant.tuple([g_variant_new_string(interface), g_variant_new_string(name)])
        guard case .value(let reply) = call(path, "org.freedesktop.DBus.Properties", "Get", parameters, replyType: "(v)") else {
            return nil
        }
        defer { g_variant_unref(reply) }
        guard let boxed = SettingsVariant.child(reply, 0) else { return nil }
        defer { g_variant_unref(boxed) }
        return g_variant_get_variant(boxed)
    }

    /// The object paths in the first element of a reply (`ao`).
    func paths(in reply: OpaquePointer) -> [String] {
        guard let array = SettingsVariant.child(reply, 0) else { return [] }
        defer { g_variant_unref(array) }
        return (0..<Int(g_variant_n_children(array))).compactMap { i in
            SettingsVariant.child(array, i).map { child in
                defer { g_variant_unref(child) }
                return SettingsVariant.string(child)
            }
        }
    }

    /// Whether NetworkManager owns its name on the bus.
    public var isNetworkManagerRunning: Bool {
        let parameters = SettingsVariant.tuple([g_variant_new_string(NetworkManagerClient.service)])
        guard
            case .value(let reply) = call(
                "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", parameters, service: "org.freedesktop.DBus",
                replyType: "(b)")
        else { return false }
        defer { g_variant_unref(reply) }
        guard let owned = SettingsVariant.child(reply, 0) else { return false }
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// The first Wi-Fi device NetworkManager manages (`nil`: it manages none), or why it could
    /// not be asked (the call failed: NetworkManager busy or stuck, a reply of another type).
    func findWiFiDevice() -> Result<String?, CallFailure> {
        let reply: OpaquePointer
        switch call(NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "GetDevices", nil, replyType: "(ao)") {
        case .failure(let message): return .failure(CallFailure(message: message))
        case .value(let value): reply = value
        }
        defer { g_variant_unref(reply) }
        return .success(
            paths(in: reply).first { device in
                guard let type = property(device, NetworkManagerClient.deviceInterface, "DeviceType") else { return false }
                defer { g_variant_unref(type) }
                return SettingsVariant.variant(type, is: "u") && g_variant_get_uint32(type) == NetworkManagerClient.wifiDeviceType
            })
    }

    /// GLib's message for a call that failed.
    struct CallFailure: Error {
        let message: String
    }

    /// The outcome for a call NetworkManager did not answer as asked: never "no Wi-Fi device" or
    /// "no saved network", which would be guesses.
    static func unanswered(_ failure: CallFailure) -> WiFiJoinOutcome {
        .failed("NetworkManager did not answer: " + failure.message)
    }

    /// Why joining cannot even start (`.networkManagerNotRunning`, `.noWiFiDevice`, or NetworkManager
    /// not answering), or `nil`.
    public func obstacle() -> WiFiJoinOutcome? {
        guard case .obstacle(let outcome) = joiningDevice() else { return nil }
        return outcome
    }

    /// What `joiningDevice` found.
    enum DeviceLookup {
        case device(String)
        case obstacle(WiFiJoinOutcome)
    }

    /// The Wi-Fi device to join on, asked once: a second question could get another answer (a
    /// NetworkManager that stops answering in between is no proof of "no Wi-Fi device").
    func joiningDevice() -> DeviceLookup {
        guard isNetworkManagerRunning else { return .obstacle(.networkManagerNotRunning) }
        switch findWiFiDevice() {
        case .failure(let failure): return .obstacle(Self.unanswered(failure))
        case .success(nil): return .obstacle(.noWiFiDevice)
        case .success(let device?): return .device(device)
        }
    }

    /// The saved profile for the Wi-Fi network whose SSID is `ssid`, or whose uuid is `uuid`
    /// (its object path and what the page names), or `nil`.
    func savedProfile(ssid: [UInt8]? = nil, uuid: String? = nil) -> (path: String, profile: SavedWiFiProfile)? {
        guard case .success(let found) = findSavedProfile(ssid: ssid, uuid: uuid) else { return nil }
        return found
    }

    /// `savedProfile`, or why the saved profiles could not be listed (a profile whose settings
    /// cannot be read is passed over: it is not the one, as far as can be told).
    func findSavedProfile(ssid: [UInt8]? = nil, uuid: String? = nil) -> Result<(path: String, profile: SavedWiFiProfile)?, CallFailure> {
        let reply: OpaquePointer
        switch call(NetworkManagerClient.settingsPath, NetworkManagerClient.settingsInterface, "ListConnections", nil, replyType: "(ao)") {
        case .failure(let message): return .failure(CallFailure(message: message))
        case .value(let value): reply = value
        }
        defer { g_variant_unref(reply) }
        for path in paths(in: reply) {
            guard let settings = settings(of: path) else { continue }
            let groups = SettingsVariant.groups(settings.pointer)
            func text(_ group: String, _ key: String) -> String? {
                groups[group]?[key].flatMap { SettingsVariant.variant($0.pointer, is: "s") ? SettingsVariant.string($0.pointer) : nil }
            }
            guard text("connection", "type") == "802-11-wireless", let profileUUID = text("connection", "uuid") else { continue }
            if let uuid, profileUUID != uuid { continue }
            if let ssid {
                guard let saved = groups["802-11-wireless"]?["ssid"], SettingsVariant.variant(saved.pointer, is: "ay"),
                    SettingsVariant.bytes(saved.pointer) == ssid
                else { continue }
            }
            let dot1x = groups["802-1x"] ?? [:]
            let systemCAs = dot1x["system-ca-certs"].map {
                SettingsVariant.variant($0.pointer, is: "b") && g_variant_get_boolean($0.pointer) != 0
            }
            let checksServer = dot1x["ca-cert"] != nil || dot1x["ca-path"] != nil || systemCAs == true
            return .success((path, SavedWiFiProfile(uuid: profileUUID, name: text("connection", "id") ?? "", checksServer: checksServer)))
        }
        return .success(nil)
    }

    /// A profile's settings without its secrets (`GetSettings`, an `a{sa{sv}}`), or `nil`.
    func settings(of path: String) -> VariantRef? {
        guard case .value(let reply) = call(path, NetworkManagerClient.connectionInterface, "GetSettings", nil, replyType: "(a{sa{sv}})")
        else { return nil }
        defer { g_variant_unref(reply) }
        return SettingsVariant.child(reply, 0).map { VariantRef(adopting: $0) }
    }

    /// What "Connect" will do for `network` here: nothing (and why), add a profile, or update
    /// the one saved for its SSID.
    public func plan(for network: WiFiNetwork) -> WiFiJoinPlan {
        if let obstacle = obstacle() { return .impossible(obstacle) }
        // Unlisted profiles are unknown ones: adding one could duplicate a saved network.
        switch findSavedProfile(ssid: network.ssidBytes) {
        case .failure(let failure): return .impossible(Self.unanswered(failure))
        case .success(nil): return .addProfile
        case .success(let saved?): return .updateProfile(saved.profile)
        }
    }

    /// Joins `network` as `plan` says (what the page showed): adds a new profile, or changes
    /// only the security and secret of the saved one (`WiFiProfileUpdate`); then activates it
    /// on the Wi-Fi device and waits until it is connected or has failed.
    ///
    /// A profile saved after the page looked is never touched: a new one is added beside it. So
    /// is a plan NetworkManager could not make (it did not answer): trying again adds a profile
    /// once it answers, and never updates one the page did not name.
    public func join(_ network: WiFiNetwork, plan: WiFiJoinPlan) -> WiFiJoinOutcome {
        if case .impossible(let outcome) = plan, outcome.isPermanent { return outcome }
        let device: String
        switch joiningDevice() {
        case .obstacle(let outcome): return outcome
        case .device(let found): device = found
        }
        let activeReply: Reply
        if case .updateProfile(let profile) = plan, let saved = savedProfile(uuid: profile.uuid) {
            if let failure = update(saved.path, joining: network) { return .failed(failure) }
            activeReply = call(
                NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "ActivateConnection",
                SettingsVariant.tuple([
                    g_variant_new_object_path(saved.path), g_variant_new_object_path(device), g_variant_new_object_path("/"),
                ]), replyType: "(o)")
        } else {
            let uuid =
                g_uuid_string_random().map { pointer -> String in
                    defer { g_free(pointer) }
                    return String(cString: pointer)
                } ?? UUID().uuidString.lowercased()
            let settings = WiFiConnectionSettings.settings(for: network, uuid: uuid)
            activeReply = call(
                NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "AddAndActivateConnection",
                SettingsVariant.tuple([SettingsVariant.make(settings), g_variant_new_object_path(device), g_variant_new_object_path("/")]),
                replyType: "(oo)")
        }
        switch activeReply {
        case .failure(let message): return .failed(message)
        case .value(let reply):
            defer { g_variant_unref(reply) }
            let index = Int(g_variant_n_children(reply)) - 1
            guard index >= 0, let active = SettingsVariant.child(reply, index) else { return .failed("no active connection") }
            defer { g_variant_unref(active) }
            return waitForActivation(SettingsVariant.string(active), device: device)
        }
    }

    /// Sends the saved profile at `path` back with only its security and secret changed for
    /// `network`: its settings and secrets are read first, since `Update` replaces them all.
    /// Returns why it could not (nothing is sent then), or `nil`.
    func update(_ path: String, joining network: WiFiNetwork) -> String? {
        guard let settings = settings(of: path) else { return "cannot read the saved network's settings" }
        var groups = SettingsVariant.groups(settings.pointer)
        for group in WiFiProfileUpdate.secretGroups where groups[group] != nil {
            let secretsReply = call(
                path, NetworkManagerClient.connectionInterface, "GetSecrets", SettingsVariant.tuple([g_variant_new_string(group)]),
                replyType: "(a{sa{sv}})")
            switch secretsReply {
            case .failure(let message): return "cannot read the saved network's secrets: " + message
            case .value(let reply):
                defer { g_variant_unref(reply) }
                guard let secrets = SettingsVariant.child(reply, 0) else { continue }
                defer { g_variant_unref(secrets) }
                for (key, value) in SettingsVariant.groups(secrets)[group] ?? [:] { groups[group]?[key] = value }
            }
        }
        let change = WiFiProfileUpdate.joining(network, savedKeys: groups.mapValues { Set($0.keys) })
        let merged = change.applied(to: groups) { VariantRef(sinking: SettingsVariant.make($0)) }
        switch call(path, NetworkManagerClient.connectionInterface, "Update", SettingsVariant.tuple([SettingsVariant.make(merged)])) {
        case .failure(let message): return message
        case .value(let reply):
            g_variant_unref(reply)
            return nil
        }
    }

    /// Looks at the active connection's state until it is activated (2) or deactivated (4), or
    /// the connection is gone; a failure's reason comes from the device's `StateReason`.
    func waitForActivation(_ active: String, device: String) -> WiFiJoinOutcome {
        let deadline = Date().addingTimeInterval(NetworkManagerClient.activationTimeout)
        while Date() < deadline {
            guard let state = property(active, NetworkManagerClient.activeInterface, "State") else { return deviceFailure(device) }
            let value = SettingsVariant.variant(state, is: "u") ? g_variant_get_uint32(state) : 4
            g_variant_unref(state)
            if value == 2 { return .connected }
            if value >= 3 { return deviceFailure(device) }
            Thread.sleep(forTimeInterval: NetworkManagerClient.pollInterval)
        }
        return .failed("timed out")
    }

    /// The outcome from the Wi-Fi device's last state reason.
    func deviceFailure(_ device: String) -> WiFiJoinOutcome {
        guard let reason = property(device, NetworkManagerClient.deviceInterface, "StateReason") else { return .failed("unknown") }
        defer { g_variant_unref(reason) }
        guard SettingsVariant.variant(reason, is: "(uu)") else { return .failed("unknown") }
        guard let code = SettingsVariant.child(reason, 1) else { return .failed("unknown") }
        defer { g_variant_unref(code) }
        return WiFiJoinOutcome.forDeviceStateReason(g_variant_get_uint32(code))
    }
}
