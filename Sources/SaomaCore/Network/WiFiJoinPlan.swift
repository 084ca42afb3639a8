// SPDX-License-Identifier: GPL-3.0-or-later

/// What "Connect" will do for a Wi-Fi network, found before the button is pressed so that the
/// page says it first: nothing (joining cannot work here), add a new profile, or update the
/// profile already saved for the network (its security and secret only: `WiFiProfileUpdate`).
public enum WiFiJoinPlan: Hashable, Sendable {
    /// Joining cannot work on this computer (no NetworkManager, no Wi-Fi device).
    case impossible(WiFiJoinOutcome)
    /// No profile is saved for the network: a new one is added.
    case addProfile
    /// A profile for the network is saved: this one is updated, and only its security and secret.
    case updateProfile(SavedWiFiProfile)

    /// Whether joining `network` this way trusts any server that answers: an enterprise login
    /// in a profile with no CA certificate (codes carry none) is sent to whoever runs a network
    /// of that name.
    public func leavesServerUnchecked(_ network: WiFiNetwork) -> Bool {
        guard network.security == .eap else { return false }
        switch self {
        case .impossible: return false
        case .addProfile: return true
        case .updateProfile(let saved): return !saved.checksServer
        }
    }
}

/// A profile NetworkManager has saved for a Wi-Fi network, as the page names it.
public struct SavedWiFiProfile: Hashable, Sendable {
    /// The profile's `connection.uuid` (what an update is sent to).
    public var uuid: String
    /// The profile's `connection.id`, shown on the page ("Updates your saved network “…”").
    public var name: String
    /// Whether its 802.1X settings check the server's certificate (a CA certificate or path, or
    /// the system's CA certificates).
    public var checksServer: Bool

    public init(uuid: String, name: String, checksServer: Bool) {
        self.uuid = uuid
        self.name = name
        self.checksServer = checksServer
    }
}
