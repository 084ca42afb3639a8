// SPDX-License-Identifier: GPL-3.0-or-later

/// What a PipeWire capture does when its node comes and goes: the pure part of the frame
/// source's state machine (no PipeWire, no threads), table-tested.
///
/// The capture connects a stream to the node its spec names; when the node disappears from the
/// registry the camera was unplugged (or its producer ended), and when a matching node appears
/// again the stream is connected anew.
public struct PipeWireStreamState: Hashable, Sendable {
    /// Where the capture is.
    public enum Phase: Hashable, Sendable {
        /// Waiting for the registry's first complete listing.
        case starting
        /// No node matches the spec.
        case waiting(CameraProblem)
        /// Connected to this node, waiting for or receiving frames.
        case connected(PipeWireNode)
    }

    /// What the capture should do after an input.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Connect a stream to this node (after disconnecting any other).
        case connect(PipeWireNode)
        /// Disconnect the stream and report this problem.
        case disconnect(CameraProblem)
        /// Report this problem (nothing is connected).
        case report(CameraProblem)
    }

    /// The spec chosen cameras must match.
    public let spec: PipeWireDeviceSpec
    /// What the device is called in problems (`pipewire:…`).
    public let deviceLabel: String
    public private(set) var phase: Phase = .starting

    public init(spec: PipeWireDeviceSpec, deviceLabel: String) {
        self.spec = spec
        self.deviceLabel = deviceLabel
    }

    /// The registry's cameras changed (or were first listed) to `nodes`.
    public mutating func camerasChanged(_ nodes: [PipeWireNode]) -> Action {
        switch phase {
        case .connected(let node):
            if nodes.contains(where: { $0.id == node.id }) { return .none }
            let problem = CameraProblem.unplugged(device: deviceLabel)
            if let next = spec.choose(among: nodes) {
                phase = .connected(next)
                return .connect(next)
            }
            phase = .waiting(problem)
            return .disconnect(problem)
        case .starting, .waiting:
            if let next = spec.choose(among: nodes) {
                if CameraModePolicy.choose(from: next.modes) == nil {
                    return enter(.noUsableFormat(device: deviceLabel))
                }
                phase = .connected(next)
                return .connect(next)
            }
            if case .waiting(.unplugged) = phase { return .none }
            let matching = nodes.contains(where: spec.matches)
            return enter(matching ? .noUsableFormat(device: deviceLabel) : .noCamera)
        }
    }

    /// The stream failed while connected (the node refused the format, or an error).
    public mutating func streamFailed(message: String) -> Action {
        guard case .connected = phase else { return .none }
        let problem = CameraProblem.failed(device: deviceLabel, message: message)
        phase = .waiting(problem)
        return .disconnect(problem)
    }

    /// The connection to the PipeWire daemon broke (it stopped or restarted): the camera is
    /// gone like an unplugged one until the daemon lists its node again.
    public mutating func daemonLost() -> Action {
        let problem = CameraProblem.unplugged(device: deviceLabel)
        if case .connected = phase {
            phase = .waiting(problem)
            return .disconnect(problem)
        }
        return enter(problem)
    }

    private mutating func enter(_ problem: CameraProblem) -> Action {
        if case .waiting(let current) = phase, current == problem { return .none }
        phase = .waiting(problem)
        return .report(problem)
    }
}
