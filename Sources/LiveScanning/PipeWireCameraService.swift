// SPDX-License-Identifier: GPL-3.0-or-later
import DesktopPortal
import Foundation
import GLibSwift
import PipeWireCapture
import PixbufIO
import SaomaCore
import Synchronization
import V4L2Capture

/// V4L2 cameras and PipeWire cameras together: the V4L2 service as it is, plus the
/// `Video/Source` nodes PipeWire's registry lists, merged by `CameraListMerge` so a camera
/// reachable both ways is listed once.
///
/// PipeWire cameras have the path `pipewire:ID` and the bus info `pipewire:NODE_NAME` (what the
/// `camera` setting remembers, kept across replugs); their sources follow the node by name and
/// recover by themselves, like V4L2's. When the daemon goes away the monitor keeps trying to
/// reconnect, and the listing comes back with it.
///
/// When `CameraPortalRule` says so (sandboxed, `SAOMA_CAMERA_PORTAL=1`, or every V4L2 node
/// refusing access) V4L2 is not offered: the camera portal is asked (`AccessCamera`, then
/// `OpenPipeWireRemote`) and the monitor and every capture connect over a remote it opened; a
/// denial or a missing portal is the problem shown until Retry asks again.
///
/// UI thread only; the PipeWire monitor's thread hands its listings over through `runOnMainLoop`.
@MainActor
final class PipeWireCameraService: CameraService {
    private let v4l2 = V4L2CameraService()
    private var monitor: PipeWireMonitor?
    /// The last complete PipeWire listing (empty while PipeWire is unreachable).
    private var nodes: [PipeWireNode] = []
    /// How the monitor reaches PipeWire: the session's daemon, or the camera portal's remote
    /// (each capture asks the portal for a remote of its own: `captureConnection`).
    private var connection = PipeWireConnection.defaultRemote
    /// The camera portal's state when cameras come through it; nil when Saoma opens V4L2 nodes
    /// and the session's PipeWire itself.
    private var portalAccess: CameraPortalAccess?
    private var cameraPortal: CameraPortal?
    private var changed: (@MainActor () -> Void)?

    /// Seconds `startMonitoring` waits for PipeWire's first listing when the camera to open
    /// may be a PipeWire one (`CameraStartRule`; a local round trip, an unreachable daemon
    /// answers at once).
    static let firstListingTimeout = 1.0

    /// The portal's starting state when cameras go through it here, else nil (`CameraPortalRule`
    /// on this process's real inputs: `/.flatpak-info`, `SAOMA_CAMERA_PORTAL`, and how the V4L2
    /// nodes open).
    static func portalAccess(nodes scanned: [CameraNode]) -> CameraPortalAccess? {
        let sandboxed = FileManager.default.fileExists(atPath: "/.flatpak-info")
        let forced = CameraPortalRule.isForced(ProcessInfo.processInfo.environment["SAOMA_CAMERA_PORTAL"])
        let nodes = scanned.map { node -> CameraPortalRule.NodeAccess in
            if case .unavailable(let problem) = node.status { return CameraPortalRule.NodeAccess(problem: problem) }
            return .opens
        }
        guard CameraPortalRule.usePortal(sandboxed: sandboxed, forced: forced, nodes: nodes) else { return nil }
        return CameraPortalAccess(chosenForDeniedNodes: !sandboxed && !forced)
    }

    func cameras() -> [CameraDevice] {
        // Through the portal V4L2 is not offered, unless no portal answers outside a sandbox.
        let offersV4L2 = portalAccess.map(\.explainsV4L2Problem) ?? true
        return CameraListMerge.merge(v4l2: offersV4L2 ? v4l2.cameras() : [], pipeWire: nodes)
    }

    func problemWithoutCameras() -> CameraProblem {
        if let portalAccess, !portalAccess.explainsV4L2Problem { return portalAccess.problemWithoutCameras }
        return v4l2.problemWithoutCameras()
    }

    func makeSource(for device: CameraDevice) -> FrameSource {
        // Follow the node by name (its id changes when it is replugged); the path's id otherwise.
        let byName = PipeWireDeviceSpec(device.busInfo)
        guard let spec = byName.flatMap({ $0 == .any ? nil : $0 }) ?? PipeWireDeviceSpec(device.path) else {
            return v4l2.makeSource(for: device)
        }
        return PipeWireCapture(configuration: Self.configuration(spec: spec, connection: captureConnection()))
    }

    /// The connection a new capture uses: the session's daemon, or through the portal a remote
    /// of its own (the monitor's socket cannot be shared; without one the capture reports that
    /// PipeWire cannot be reached).
    private func captureConnection() -> PipeWireConnection {
        guard portalAccess != nil else { return .defaultRemote }
        return PipeWireConnection(descriptor: cameraPortal?.openRemote())
    }

    /// The capture configuration for `spec` over `connection`: MJPG frames decoded through
    /// gdk-pixbuf's JPEG loader (damaged frames dropped); a full mode unless
    /// `$SAOMA_CAMERA_RESOLUTION` says `standard` (as for V4L2 cameras).
    nonisolated static func configuration(
        spec: PipeWireDeviceSpec, connection: PipeWireConnection = .defaultRemote
    ) -> PipeWireCapture.Configuration {
        let decoder = JPEGFrameDecoder()
        return PipeWireCapture.Configuration(
            spec: spec, connection: connection, decodeJPEG: { decoder.decode($0, timestamp: $1, sequence: $2) },
            resolution: V4L2CameraService.resolution)
    }

    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {
        startMonitoring(preferring: nil, changed)
    }

    func startMonitoring(preferring preference: String?, _ changed: @escaping @MainActor () -> Void) {
        self.changed = changed
        let scanned = CameraDiscovery.scan()
        if let access = Self.portalAccess(nodes: scanned) {
            portalAccess = access
            // Nodes that refuse access now may open later (after joining the `video` group).
            if access.chosenForDeniedNodes { v4l2.startMonitoring(changed) }
            askPortal()
            return
        }
        v4l2.startMonitoring(changed)
        let wait = CameraStartRule.waitsForPipeWire(preference: preference, v4l2: scanned.compactMap(\.camera))
        startPipeWire(waitingForFirstListing: wait)
    }

    func stopMonitoring() {
        v4l2.stopMonitoring()
        stopPipeWire()
        changed = nil
    }

    func retry() {
        if portalAccess?.retry() == true { askPortal() }
    }

    func setLowLightBoost(_ on: Bool, on source: FrameSource) {
        v4l2.setLowLightBoost(on, on: source)
    }

    /// Watches PipeWire's cameras over `connection`; with `waitingForFirstListing`, returns once
    /// the first listing (or failure) came, at most `firstListingTimeout` later. Without, the
    /// monitor starts on `monitorQueue`: creating a PipeWire context (reading its configuration,
    /// loading its modules) takes tens of milliseconds the first camera frame need not wait for.
    private func startPipeWire(waitingForFirstListing: Bool) {
        stopPipeWire()
        let monitor = PipeWireMonitor(connection: connection)
        self.monitor = monitor
        let first = FirstListing()
        let handler: @Sendable (PipeWireMonitor.Update) -> Void = { update in
            let nodes: [PipeWireNode]
            let lost: Bool
            switch update {
            case .cameras(let found): (nodes, lost) = (found, false)
            case .failure: (nodes, lost) = ([], true)
            }
            first.deliver(nodes)
            runOnMainLoop { [weak self] in
                guard let self, self.monitor === monitor else { return }
                // Through the portal a lost connection stays lost: its descriptor is dead.
                if lost { self.portalAccess?.connectionLost() }
                guard self.nodes != nodes || lost else { return }
                self.nodes = nodes
                self.changed?()
            }
        }
        // One serial queue for every start and stop keeps them in order.
        if waitingForFirstListing {
            Self.monitorQueue.sync { monitor.start(handler: handler) }
            if let listed = first.wait(seconds: Self.firstListingTimeout) { nodes = listed }
        } else {
            Self.monitorQueue.async { monitor.start(handler: handler) }
        }
    }

    /// Stops the monitor and waits for it (on `monitorQueue`, after its start: the process may
    /// exit next, and PipeWire must not be torn down meanwhile); deliveries already on their way
    /// to the UI thread are ignored (they name a monitor that is no longer `monitor`).
    private func stopPipeWire() {
        guard let monitor else { return }
        self.monitor = nil
        Self.monitorQueue.sync { monitor.stop() }
    }

    /// Where PipeWire monitors start and stop, in order, off the UI thread.
    private static let monitorQueue = DispatchQueue(label: "saoma.pipewire-monitor")

    /// Asks the camera portal for access (again); the answer arrives on the UI thread.
    private func askPortal() {
        stopPipeWire()
        nodes = []
        let portal = cameraPortal ?? CameraPortal()
        cameraPortal = portal
        portal.requestCamera { [weak self] outcome in
            guard let self else {
                if case .granted(let descriptor) = outcome { close(descriptor) }
                return
            }
            self.portalAnswered(outcome)
        }
    }

    private func portalAnswered(_ outcome: CameraPortalOutcome) {
        portalAccess?.answered(outcome)
        if case .granted(let descriptor) = outcome {
            // Owned by the connection from here; each PipeWire connection takes a duplicate.
            connection = PipeWireConnection(descriptor: descriptor)
            startPipeWire(waitingForFirstListing: false)
        }
        changed?()
    }
}

/// The monitor's first listing, handed from its thread to the UI thread waiting in
/// `startMonitoring`.
private final class FirstListing: Sendable {
    private let nodes = Mutex<[PipeWireNode]?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func deliver(_ list: [PipeWireNode]) {
        let isFirst = nodes.withLock { current -> Bool in
            guard current == nil else { return false }
            current = list
            return true
        }
        if isFirst { arrived.signal() }
    }

    /// The first listing, or `nil` when none came within `seconds`.
    func wait(seconds: Double) -> [PipeWireNode]? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return nodes.withLock { $0 }
    }
}
