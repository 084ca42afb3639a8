// SPDX-License-Identifier: GPL-3.0-or-later

/// Scanning for a Wi-Fi code to join (`saoma --wifi`, the `app.wifi` action): the codes chosen,
/// the person's answer, NetworkManager's outcome, and the exit status they add up to.
///
/// Scanning → a Wi-Fi code asks first (`confirming`) → `joining` → `joined` or `failed`. Any other
/// code is shown for what it is (`notWiFi`) and nothing is done with it. The person may go back
/// to scanning from every phase but `joining`. Pure: the window applies each phase; time plays no
/// part.
public struct WiFiModeSession: Hashable, Sendable {
    /// Where the session is.
    public enum Phase: Hashable, Sendable {
        /// Looking for a code.
        case scanning
        /// A code that is not a Wi-Fi network was chosen: its kind (`nil`: not text) is shown.
        case notWiFi(ContentKind?)
        /// A Wi-Fi code was chosen; nothing happens until the person confirms.
        case confirming(WiFiNetwork)
        /// NetworkManager is joining the network.
        case joining(WiFiNetwork)
        /// The network was joined.
        case joined(WiFiNetwork)
        /// Joining ended without a connection.
        case failed(WiFiNetwork, WiFiJoinOutcome)
    }

    /// How the `--wifi` process ends, with its exit status.
    public enum Ending: Hashable, Sendable {
        /// Joined: exit 0.
        case joined(WiFiNetwork)
        /// Left before anything was joined (the window closed, nothing tried or still joining): exit 1.
        case cancelled
        /// The last attempt failed: exit 2.
        case failed(WiFiNetwork, WiFiJoinOutcome)

        /// The process's exit status.
        public var exitStatus: Int32 {
            switch self {
            case .joined: 0
            case .cancelled: 1
            case .failed: 2
            }
        }
    }

    public private(set) var phase: Phase = .scanning
    /// The last attempt's failure, kept while the person scans for another code.
    private var failure: Failure?

    /// A failed attempt (a tuple is not `Hashable`).
    private struct Failure: Hashable, Sendable {
        var network: WiFiNetwork
        var outcome: WiFiJoinOutcome
    }

    public init() {}

    /// A code was chosen: a Wi-Fi code (`text` parsed as one) waits for the person's answer;
    /// any other shows what it is. Ignored unless scanning.
    public mutating func chose(text: String?) {
        guard phase == .scanning else { return }
        guard let text else {
            phase = .notWiFi(nil)
            return
        }
        let content = ContentParser.parse(text)
        if case .wifi(let network) = content {
            phase = .confirming(network)
        } else {
            phase = .notWiFi(content.kind)
        }
    }

    /// The person confirmed: returns the network to join now, `nil` when there is nothing to
    /// confirm (a second click while joining joins nothing more). After a failure this tries the
    /// same network again.
    public mutating func confirm() -> WiFiNetwork? {
        switch phase {
        case .confirming(let network), .failed(let network, _):
            phase = .joining(network)
            return network
        case .scanning, .notWiFi, .joining, .joined:
            return nil
        }
    }

    /// NetworkManager's outcome of the join under way (ignored in any other phase).
    public mutating func finished(_ outcome: WiFiJoinOutcome) {
        guard case .joining(let network) = phase else { return }
        if outcome == .connected {
            phase = .joined(network)
            failure = nil
        } else {
            phase = .failed(network, outcome)
            failure = Failure(network: network, outcome: outcome)
        }
    }

    /// Back to scanning (from every phase but `joining`, whose outcome is still to come); returns
    /// whether the phase changed.
    @discardableResult
    public mutating func scanAgain() -> Bool {
        switch phase {
        case .notWiFi, .confirming, .failed, .joined:
            phase = .scanning
            return true
        case .scanning, .joining:
            return false
        }
    }

    /// Whether the session is over by itself (joined: `--wifi` exits at once).
    public var isFinished: Bool {
        if case .joined = phase { return true }
        return false
    }

    /// How the process ends if it ends now (the window closing): joined, else the last attempt's
    /// failure (also after scanning on for another code), else cancelled.
    public var ending: Ending {
        if case .joined(let network) = phase { return .joined(network) }
        if let failure { return .failed(failure.network, failure.outcome) }
        return .cancelled
    }
}
