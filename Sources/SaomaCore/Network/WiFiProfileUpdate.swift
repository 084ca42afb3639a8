// SPDX-License-Identifier: GPL-3.0-or-later

/// How a saved NetworkManager profile changes when the person joins its network from a code:
/// only the security and the secret, everything else (addresses, DNS, proxy, the 802.1X
/// certificates and server checks, the profile's name and id) kept as saved.
///
/// NetworkManager's `Update` replaces every setting of a profile, so the client reads the saved
/// settings and secrets first (`GetSettings`, `GetSecrets`), applies this change to them and sends
/// the result. Pure and table-tested.
public struct WiFiProfileUpdate: Hashable, Sendable {
    /// Values written over the saved ones (group → key → value).
    public var set: ConnectionSettings
    /// Saved keys removed (group → keys), because the code's security has no such key.
    public var removedKeys: [String: Set<String>]
    /// Saved groups removed whole (an open network has no security settings).
    public var removedGroups: Set<String>

    /// Groups whose secrets `GetSettings` leaves out: read with `GetSecrets` before updating, so
    /// that a secret the code does not carry (a private key's password) survives the update.
    public static let secretGroups = ["802-11-wireless-security", "802-1x"]

    /// Security keys belonging to one kind of security: a code for another kind removes them
    /// (a WEP key left beside WPA settings would make NetworkManager refuse the profile).
    /// Flags, protocols, ciphers and management frame protection are kept.
    static let securityModeKeys: Set<String> = [
        "psk", "wep-key0", "wep-key1", "wep-key2", "wep-key3", "wep-key-type", "wep-tx-keyidx", "auth-alg", "leap-username",
        "leap-password",
    ]

    /// The change that joining `network` makes to a saved profile holding `savedKeys` (each
    /// group's keys, secrets included).
    public static func joining(_ network: WiFiNetwork, savedKeys: [String: Set<String>]) -> WiFiProfileUpdate {
        let fresh = WiFiConnectionSettings.settings(for: network, uuid: "")
        var update = WiFiProfileUpdate(set: [:], removedKeys: [:], removedGroups: [])
        let securityGroup = "802-11-wireless-security"
        if let security = fresh[securityGroup] {
            update.set[securityGroup] = security
            let stale = securityModeKeys.subtracting(security.keys).intersection(savedKeys[securityGroup] ?? [])
            if !stale.isEmpty { update.removedKeys[securityGroup] = stale }
            update.set["802-11-wireless", default: [:]]["security"] = .string(securityGroup)
        } else {
            // An open network: no security settings, no 802.1X login.
            update.removedGroups = [securityGroup, "802-1x"]
            if savedKeys["802-11-wireless"]?.contains("security") == true { update.removedKeys["802-11-wireless"] = ["security"] }
        }
        if network.hidden { update.set["802-11-wireless", default: [:]]["hidden"] = .bool(true) }
        if let dot1x = fresh["802-1x"] {
            let saved = savedKeys["802-1x"] ?? []
            var login: [String: SettingValue] = [:]
            for (key, value) in dot1x where !isEmpty(value) {
                // The code names no EAP method: a saved one stays; a profile without one gets the defaults.
                if key == "eap", network.enterprise?.method.isEmpty ?? true, saved.contains("eap") { continue }
                login[key] = value
            }
            update.set["802-1x"] = login
        }
        return update
    }

    /// `saved` with this change applied; `value` makes a setting's value in the caller's form.
    public func applied<Value>(to saved: [String: [String: Value]], value: (SettingValue) -> Value) -> [String: [String: Value]] {
        var result: [String: [String: Value]] = [:]
        for (group, keys) in saved where !removedGroups.contains(group) {
            let removed = removedKeys[group] ?? []
            result[group] = keys.filter { !removed.contains($0.key) }
        }
        for (group, keys) in set {
            for (key, setting) in keys { result[group, default: [:]][key] = value(setting) }
        }
        return result
    }

    private static func isEmpty(_ value: SettingValue) -> Bool {
        switch value {
        case .string(let s): return s.isEmpty
        case .strings(let list): return list.isEmpty
        case .bytes(let bytes): return bytes.isEmpty
        case .bool, .uint32: return false
        }
    }
}
