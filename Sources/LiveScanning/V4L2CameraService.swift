// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore
import V4L2Capture

/// The system's webcams through the V4L2 capture layer (`$SAOMA_DEVICE_DIR` or `/dev`).
///
/// Sources recover by themselves (a busy, denied or unplugged camera is retried by the capture
/// thread), so the controller keeps them running while it shows the problem. UI thread only.
@MainActor
final class V4L2CameraService: CameraService {
    private var monitor: CameraMonitor?

    func cameras() -> [CameraDevice] {
        let found = CameraDiscovery.cameras()
        guard let best = CameraDiscovery.bestDefault(among: found) else { return found }
        return [best] + found.filter { $0 != best }
    }

    func problemWithoutCameras() -> CameraProblem {
        var problem = CameraProblem.noCamera
        for node in CameraDiscovery.scan() {
            switch node.status {
            case .unavailable(let nodeProblem): return nodeProblem
            case .skipped(kind: .unsupportedFormats, _, _): problem = .noUsableFormat(device: node.path)
            default: break
            }
        }
        return problem
    }

    func makeSource(for device: CameraDevice) -> FrameSource {
        V4L2Capture(configuration: V4L2Capture.Configuration(devicePath: device.path, resolution: Self.resolution))
    }

    /// Whether cameras may stream a full mode: `$SAOMA_CAMERA_RESOLUTION` (`full`, the default, or
    /// `standard`: the benchmarks' comparison); any other value is named on stderr and ignored.
    nonisolated static let resolution: CaptureModePlan.Resolution = {
        guard let value = ProcessInfo.processInfo.environment["SAOMA_CAMERA_RESOLUTION"], !value.isEmpty else { return .full }
        if let resolution = CaptureModePlan.Resolution(rawValue: value) { return resolution }
        let shown = String(value.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?" })
        FileHandle.standardError.write(Data("saoma: SAOMA_CAMERA_RESOLUTION “\(shown)” is neither full nor standard; using full\n".utf8))
        return .full
    }()

    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {
        let monitor = CameraMonitor()
        self.monitor = monitor
        monitor.start { _ in runOnMainLoop { changed() } }
    }

    func stopMonitoring() {
        monitor?.stop()
        monitor = nil
    }

    func setLowLightBoost(_ on: Bool, on source: FrameSource) {
        (source as? LowLightAdjustable)?.setLowLightBoost(on)
    }
}
