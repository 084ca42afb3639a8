// SPDX-License-Identifier: GPL-3.0-or-later

/// One value of a NetworkManager connection setting, with its D-Bus type.
public enum SettingValue: Hashable, Sendable {
    /// `s`
    case string(String)
    /// `ay`
    case bytes([UInt8])
    /// `b`
    case bool(Bool)
    /// `u`
    case uint32(UInt32)
    /// `as`
    case strings([String])
}

/// A NetworkManager connection profile (`a{sa{sv}}`): settings by group, then by key.
public typealias ConnectionSettings = [String: [String: SettingValue]]

/// The NetworkManager profile for joining a Wi-Fi network read from a code: the SSID as bytes,
/// the key management of its security, the secrets, the hidden flag and the 802.1X fields.
///
/// Pure and table-tested; `NetworkJoining` sends it over D-Bus.
public enum WiFiConnectionSettings {
    /// EAP methods offered when an enterprise code does not name one (NetworkManager tries them in order).
    public static let defaultEAPMethods = ["peap", "ttls"]

    /// The profile for `network`, identified by `uuid` (a new one, or the existing profile's when updating).
    public static func settings(for network: WiFiNetwork, uuid: String) -> ConnectionSettings {
        var wireless: [String: SettingValue] = ["ssid": .bytes(network.ssidBytes), "mode": .string("infrastructure")]
        if network.hidden { wireless["hidden"] = .bool(true) }
        var settings: ConnectionSettings = [
            "connection": ["id": .string(network.ssid), "uuid": .string(uuid), "type": .string("802-11-wireless")]
        ]
        var security: [String: SettingValue] = [:]
        switch network.security {
        case .open:
            break
        case .wep:
            security = ["key-mgmt": .string("none"), "auth-alg": .string("open"), "wep-key0": .string(network.password)]
            security["wep-key-type"] = .uint32(isWEPKey(network.password) ? 1 : 2)
        case .wpa:
            security = ["key-mgmt": .string("wpa-psk"), "psk": .string(network.password)]
        case .sae:
            security = ["key-mgmt": .string("sae"), "psk": .string(network.password)]
        case .eap:
            security = ["key-mgmt": .string("wpa-eap")]
            let login = network.enterprise ?? EnterpriseLogin(method: "")
            let method = login.method.lowercased()
            var dot1x: [String: SettingValue] = [
                "eap": .strings(method.isEmpty ? defaultEAPMethods : [method]), "identity": .string(login.identity),
            ]
            if !login.anonymousIdentity.isEmpty { dot1x["anonymous-identity"] = .string(login.anonymousIdentity) }
            if !login.phase2.isEmpty { dot1x["phase2-auth"] = .string(login.phase2.lowercased()) }
            if !network.password.isEmpty { dot1x["password"] = .string(network.password) }
            settings["802-1x"] = dot1x
        }
        if !security.isEmpty {
            wireless["security"] = .string("802-11-wireless-security")
            settings["802-11-wireless-security"] = security
        }
        settings["802-11-wireless"] = wireless
        return settings
    }

    /// Whether `key` is a WEP key itself (5 or 13 characters, or 10 or 26 hex digits) rather than
    /// a passphrase to hash.
    static func isWEPKey(_ key: String) -> Bool {
        let count = key.unicodeScalars.count
        if count == 5 || count == 13 { return key.unicodeScalars.allSatisfy { $0.isASCII } }
        return (count == 10 || count == 26) && key.utf8.allSatisfy { ContentParser.hexValue($0) != nil }
    }
}

/// How joining a Wi-Fi network ended, or why it could not start.
public enum WiFiJoinOutcome: Hashable, Sendable {
    case connected
    /// The network refused the password (or asked for secrets the code does not hold).
    case wrongPassword
    /// No access point with this name answered.
    case notInRange
    /// The computer has no Wi-Fi device NetworkManager manages.
    case noWiFiDevice
    /// NetworkManager does not answer on the system bus.
    case networkManagerNotRunning
    /// NetworkManager refused or failed for another reason (its message or reason code).
    case failed(String)

    /// Whether the "Connect" button should be replaced by a line saying why (nothing to retry).
    public var isPermanent: Bool { self == .noWiFiDevice || self == .networkManagerNotRunning }

    /// The outcome for a device that left activation with NetworkManager's `NMDeviceStateReason`.
    public static func forDeviceStateReason(_ reason: UInt32) -> WiFiJoinOutcome {
        switch reason {
        // NO_SECRETS, SUPPLICANT_DISCONNECT, SUPPLICANT_CONFIG_FAILED, SUPPLICANT_FAILED, SUPPLICANT_TIMEOUT
        case 7, 8, 9, 10, 11: return .wrongPassword
        // SSID_NOT_FOUND
        case 53: return .notInRange
        default: return .failed("NMDeviceStateReason \(reason)")
        }
    }
}
