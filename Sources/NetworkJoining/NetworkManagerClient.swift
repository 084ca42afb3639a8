// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// A client of NetworkManager's D-Bus API (`org.freedesktop.NetworkManager` on the system bus),
/// through GDBus: finds the Wi-Fi device, adds or updates the profile for a network, activates
/// it and waits for the outcome.
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
    /// Milliseconds one D-Bus call may take.
    static let callTimeout: Int32 = 25_000
    /// Seconds to wait for an activation to end (NetworkManager's own limit is 45 s for Wi-Fi).
    public static let activationTimeout: Double = 90
    /// Seconds between two looks at the activation's state.
    static let pollInterval: Double = 0.2

    /// The bus connection.
    var connection: OpaquePointer { connectionRef.pointer }
    private let connectionRef: ObjectRef<OpaquePointer>

    /// Connects to the system bus, or to the bus at `address` (tests give a private one);
    /// `nil` when there is no bus to reach.
    public init?(busAddress address: String? = nil) {
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

    /// Calls `method` on `path` and waits for the reply; `parameters` is a floating tuple.
    func call(_ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?, service: String = service) -> Reply {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, NetworkManagerClient.callTimeout, nil,
            &error)
        if let reply { return .value(reply) }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? method
        if let error { g_error_free(error) }
        return .failure(message)
    }

    /// A property's value (owned by the caller), or `nil`.
    func property(_ path: String, _ interface: String, _ name: String) -> OpaquePointer? {
        let parameters = SettingsVariant.tuple([g_variant_new_string(interface), g_variant_new_string(name)])
        guard case .value(let reply) = call(path, "org.freedesktop.DBus.Properties", "Get", parameters) else { return nil }
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
                "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", parameters, service: "org.freedesktop.DBus")
        else { return false }
        defer { g_variant_unref(reply) }
        guard let owned = SettingsVariant.child(reply, 0) else { return false }
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// The first Wi-Fi device NetworkManager manages, or `nil`.
    public func wifiDevice() -> String? {
        guard case .value(let reply) = call(NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "GetDevices", nil)
        else { return nil }
        defer { g_variant_unref(reply) }
        return paths(in: reply).first { device in
            guard let type = property(device, NetworkManagerClient.deviceInterface, "DeviceType") else { return false }
            defer { g_variant_unref(type) }
            return g_variant_get_uint32(type) == NetworkManagerClient.wifiDeviceType
        }
    }

    /// Why joining cannot even start (`.networkManagerNotRunning`, `.noWiFiDevice`), or `nil`.
    public func obstacle() -> WiFiJoinOutcome? {
        guard isNetworkManagerRunning else { return .networkManagerNotRunning }
        return wifiDevice() == nil ? .noWiFiDevice : nil
    }

    /// The saved profile for the Wi-Fi network whose SSID is `ssid` (path and uuid), or `nil`.
    func existingProfile(ssid: [UInt8]) -> (path: String, uuid: String)? {
        guard
            case .value(let reply) = call(NetworkManagerClient.settingsPath, NetworkManagerClient.settingsInterface, "ListConnections", nil)
        else { return nil }
        defer { g_variant_unref(reply) }
        for path in paths(in: reply) {
            guard case .value(let settingsReply) = call(path, NetworkManagerClient.connectionInterface, "GetSettings", nil) else {
                continue
            }
            defer { g_variant_unref(settingsReply) }
            guard let settings = SettingsVariant.child(settingsReply, 0) else { continue }
            defer { g_variant_unref(settings) }
            guard let type = SettingsVariant.lookup(settings, group: "connection", key: "type") else { continue }
            let isWiFi = SettingsVariant.string(type) == "802-11-wireless"
            g_variant_unref(type)
            guard isWiFi, let ssidValue = SettingsVariant.lookup(settings, group: "802-11-wireless", key: "ssid") else { continue }
            let matches = SettingsVariant.bytes(ssidValue) == ssid
            g_variant_unref(ssidValue)
            guard matches, let uuid = SettingsVariant.lookup(settings, group: "connection", key: "uuid") else { continue }
            defer { g_variant_unref(uuid) }
            return (path, SettingsVariant.string(uuid))
        }
        return nil
    }

    /// Joins `network`: updates the saved profile with the same SSID (else adds one), activates
    /// it on the Wi-Fi device and waits until it is connected or has failed.
    public func join(_ network: WiFiNetwork) -> WiFiJoinOutcome {
        if let obstacle = obstacle() { return obstacle }
        guard let device = wifiDevice() else { return .noWiFiDevice }
        let activeReply: Reply
        if let existing = existingProfile(ssid: network.ssidBytes) {
            let settings = WiFiConnectionSettings.settings(for: network, uuid: existing.uuid)
            let update = call(
                existing.path, NetworkManagerClient.connectionInterface, "Update", SettingsVariant.tuple([SettingsVariant.make(settings)]))
            switch update {
            case .failure(let message): return .failed(message)
            case .value(let reply): g_variant_unref(reply)
            }
            activeReply = call(
                NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "ActivateConnection",
                SettingsVariant.tuple([
                    g_variant_new_object_path(existing.path), g_variant_new_object_path(device), g_variant_new_object_path("/"),
                ]))
        } else {
            let uuid =
                g_uuid_string_random().map { pointer -> String in
                    defer { g_free(pointer) }
                    return String(cString: pointer)
                } ?? UUID().uuidString.lowercased()
            let settings = WiFiConnectionSettings.settings(for: network, uuid: uuid)
            activeReply = call(
                NetworkManagerClient.managerPath, NetworkManagerClient.managerInterface, "AddAndActivateConnection",
                SettingsVariant.tuple([SettingsVariant.make(settings), g_variant_new_object_path(device), g_variant_new_object_path("/")]))
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

    /// Looks at the active connection's state until it is activated (2) or deactivated (4), or
    /// the connection is gone; a failure's reason comes from the device's `StateReason`.
    func waitForActivation(_ active: String, device: String) -> WiFiJoinOutcome {
        let deadline = Date().addingTimeInterval(NetworkManagerClient.activationTimeout)
        while Date() < deadline {
            guard let state = property(active, NetworkManagerClient.activeInterface, "State") else { return deviceFailure(device) }
            let value = g_variant_get_uint32(state)
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
        guard let code = SettingsVariant.child(reason, 1) else { return .failed("unknown") }
        defer { g_variant_unref(code) }
        return WiFiJoinOutcome.forDeviceStateReason(g_variant_get_uint32(code))
    }
}
