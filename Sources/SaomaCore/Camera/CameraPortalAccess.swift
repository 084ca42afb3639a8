// SPDX-License-Identifier: GPL-3.0-or-later

/// Where asking the camera portal stands, for the window: the pure part of the
/// camera service's portal mode, table-tested.
///
/// The service asks once when it starts; a denial, a missing portal or a failure wait for the
/// person's Retry, which asks again. Meanwhile the camera-problem page explains the state.
public struct CameraPortalAccess: Hashable, Sendable {
    /// The last request's state.
    public enum Phase: Hashable, Sendable {
        /// A request is under way (the portal's dialog may be open).
        case asking
        /// Access was granted; the cameras come from the portal's PipeWire remote.
        case granted
        /// The person or the desktop's permission settings refused.
        case denied
        /// No camera portal answers.
        case unavailable
        /// Access was granted but no PipeWire remote came, with the reason.
        case failed(String)
    }

    public private(set) var phase: Phase = .asking
    /// Whether the portal was chosen only because every V4L2 node refused access (not
    /// sandboxed, not forced): then a missing portal leaves the V4L2 nodes' own problem (join
    /// the `video` group) as the useful explanation.
    public let chosenForDeniedNodes: Bool

    public init(chosenForDeniedNodes: Bool = false) {
        self.chosenForDeniedNodes = chosenForDeniedNodes
    }

    /// Whether the page should explain the V4L2 nodes' problem instead of the portal's.
    public var explainsV4L2Problem: Bool { chosenForDeniedNodes && phase == .unavailable }

    /// The portal answered the request under way with `outcome`.
    public mutating func answered(_ outcome: CameraPortalOutcome) {
        switch outcome {
        case .granted: phase = .granted
        case .denied: phase = .denied
        case .unavailable: phase = .unavailable
        case .failed(let reason): phase = .failed(VisibleText.shortened(reason, limit: CameraPortalAccess.maximumReasonLength))
        }
    }

    /// The PipeWire remote the portal opened broke (the daemon stopped or restarted): its
    /// descriptor is dead, so Retry must ask the portal for a new one.
    public mutating func connectionLost() {
        guard phase == .granted else { return }
        phase = .failed(CameraPortalAccess.connectionLostReason)
    }

    /// The person pressed Retry: whether to ask the portal again (not while a request is under
    /// way, nor after access was granted: then the PipeWire cameras are what is retried).
    public mutating func retry() -> Bool {
        switch phase {
        case .asking, .granted: return false
        case .denied, .unavailable, .failed:
            phase = .asking
            return true
        }
    }

    /// What the camera-problem page says while no camera is listed.
    public var problemWithoutCameras: CameraProblem {
        switch phase {
        case .asking: return .awaitingPortal
        case .granted: return .noCamera
        case .denied: return .portalDenied
        case .unavailable: return .portalUnavailable
        case .failed(let reason): return .failed(device: CameraPortalAccess.deviceLabel, message: reason)
        }
    }

    /// How problems name the portal.
    public static let deviceLabel = "camera portal"
    /// Why a granted connection failed when PipeWire went away.
    public static let connectionLostReason = "the connection to PipeWire was lost"
    /// Characters of a failure's reason kept for the page.
    public static let maximumReasonLength = 200
}

extension CameraPortalRule.NodeAccess {
    /// How examining a V4L2 node went, from the problem it had (`nil`: it opened).
    public init(problem: CameraProblem?) {
        switch problem {
        case nil: self = .opens
        case .permissionDenied?: self = .denied
        default: self = .other
        }
    }
}
