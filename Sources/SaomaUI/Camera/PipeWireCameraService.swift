// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import PipeWireCapture
import SaomaCore
import Synchronization

/// V4L2 cameras and PipeWire cameras together (issue 17): the V4L2 service as it is, plus the
/// `Video/Source` nodes PipeWire's registry lists, merged by `CameraListMerge` so a camera
/// reachable both ways is listed once.
///
/// PipeWire cameras have the path `pipewire:ID` and the bus info `pipewire:NODE_NAME` (what the
/// `camera` setting remembers, kept across replugs); their sources follow the node by name and
/// recover by themselves, like V4L2's. UI thread only; the PipeWire monitor's thread hands its
/// listings over through `runOnMainLoop`.
@MainActor
final class PipeWireCameraService: CameraService {
    private let v4l2 = V4L2CameraService()
    private var monitor: PipeWireMonitor?
    /// The last complete PipeWire listing (empty while PipeWire is unreachable).
    private var nodes: [PipeWireNode] = []

    /// Seconds `startMonitoring` waits for PipeWire's first listing, so a `--device pipewire:…`
    /// or remembered PipeWire camera is there when the controller first chooses (a local
    /// round trip; an unreachable daemon answers at once).
    static let firstListingTimeout = 1.0

    var sourcesRecover: Bool { true }

    func cameras() -> [CameraDevice] {
        CameraListMerge.merge(v4l2: v4l2.cameras(), pipeWire: nodes)
    }

    func problemWithoutCameras() -> CameraProblem { v4l2.problemWithoutCameras() }

    func makeSource(for device: CameraDevice) -> FrameSource {
        // Follow the node by name (its id changes when it is replugged); the path's id otherwise.
        let byName = PipeWireDeviceSpec(device.busInfo)
        guard let spec = byName.flatMap({ $0 == .any ? nil : $0 }) ?? PipeWireDeviceSpec(device.path) else {
            return v4l2.makeSource(for: device)
        }
        return PipeWireCapture(configuration: PipeWireCapture.Configuration(spec: spec))
    }

    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {
        v4l2.startMonitoring(changed)
        let monitor = PipeWireMonitor()
        self.monitor = monitor
        let first = FirstListing()
        monitor.start { update in
            let nodes: [PipeWireNode]
            switch update {
            case .cameras(let found): nodes = found
            case .failure: nodes = []
            }
            first.deliver(nodes)
            runOnMainLoop { [weak self] in
                guard let self, self.nodes != nodes else { return }
                self.nodes = nodes
                changed()
            }
        }
        if let listed = first.wait(seconds: Self.firstListingTimeout) { nodes = listed }
    }

    func stopMonitoring() {
        v4l2.stopMonitoring()
        monitor?.stop()
        monitor = nil
    }

    func setLowLightBoost(_ on: Bool, on source: FrameSource) {
        v4l2.setLowLightBoost(on, on: source)
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
