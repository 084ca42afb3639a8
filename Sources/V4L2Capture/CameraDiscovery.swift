// SPDX-License-Identifier: GPL-3.0-or-later
import CV4L2
import Foundation
import SaomaCore

/// One `video*` node found in the device directory and what became of it.
public struct CameraNode: Hashable, Sendable {
    /// What the node turned out to be.
    public enum Status: Hashable, Sendable {
        /// A usable camera.
        case camera(CameraDevice)
        /// Skipped on purpose (metadata-only, infrared, formats libv4l2 cannot convert); `name`
        /// and `pixelFormats` say why.
        case skipped(kind: CameraNodeKind, name: String, pixelFormats: [String])
        /// Could not be examined (permission denied, busy, gone…).
        case unavailable(CameraProblem)
    }

    /// The device node, e.g. `/dev/video0`.
    public var path: String
    public var status: Status

    public init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    /// The camera, when the node is one.
    public var camera: CameraDevice? {
        if case .camera(let device) = status { return device }
        return nil
    }
}

/// Finds capture devices: every `video*` node in the device directory, examined through libv4l2.
public enum CameraDiscovery {
    /// The directory scanned for `video*` nodes: `$SAOMA_DEVICE_DIR` when set (a diagnostic and
    /// testing override, e.g. for the fake device), else `/dev`.
    public static var deviceDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["SAOMA_DEVICE_DIR"], !dir.isEmpty { return dir }
        return "/dev"
    }

    /// Paths of the `video*` nodes in `directory`, in numeric order (`video2` before `video10`).
    public static func nodePaths(in directory: String = deviceDirectory) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter(isVideoNodeName).sorted(by: nodeOrder).map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// True for `video0`, `video12`… (not `video0.lock` or `videoX`).
    static func isVideoNodeName(_ name: String) -> Bool {
        guard name.hasPrefix("video") else { return false }
        let digits = name.dropFirst(5)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    private static func nodeOrder(_ a: String, _ b: String) -> Bool {
        let na = Int(a.dropFirst(5)) ?? Int.max
        let nb = Int(b.dropFirst(5)) ?? Int.max
        return na != nb ? na < nb : a < b
    }

    /// Examines every node in `directory`.
    public static func scan(directory: String = deviceDirectory) -> [CameraNode] {
        nodePaths(in: directory).map(examine)
    }

    /// The usable cameras in `directory`.
    public static func cameras(in directory: String = deviceDirectory) -> [CameraDevice] {
        scan(directory: directory).compactMap(\.camera)
    }

    /// The camera to use when the user chose none: the one with the best mode by
    /// `CameraModePolicy`, the lowest-numbered among equals.
    public static func bestDefault(among cameras: [CameraDevice]) -> CameraDevice? {
        var best: (device: CameraDevice, mode: CameraMode)?
        for device in cameras {
            guard let mode = CameraModePolicy.choose(from: device.modes) else { continue }
            if let current = best, !CameraModePolicy.prefers(mode, over: current.mode) || mode == current.mode { continue }
            best = (device, mode)
        }
        return best?.device ?? cameras.first
    }

    /// Opens `path` and classifies it.
    public static func examine(_ path: String) -> CameraNode {
        let device: V4L2Device
        do { device = try V4L2Device.open(path) } catch { return CameraNode(path: path, status: .unavailable(error.problem(device: path))) }
        defer { device.close() }
        let cap: V4L2Device.Capability
        do { cap = try device.capability() } catch { return CameraNode(path: path, status: .unavailable(error.problem(device: path))) }
        let formats = cap.capturesVideo ? device.nativeFormats().map(fourccString) : []
        let kind = CameraNodeKind.classify(capturesVideo: cap.capturesVideo, name: cap.name, pixelFormats: formats)
        guard kind == .capture, cap.streams else {
            return CameraNode(
                path: path, status: .skipped(kind: kind == .capture ? .unsupportedFormats : kind, name: cap.name, pixelFormats: formats))
        }
        let (allModes, skipped) = device.modes()
        let modes = allModes.filter { CameraPixelFormat.convertibleFormats.contains($0.pixelFormat) }
        var camera = CameraDevice(path: path, name: cap.name.isEmpty ? path : cap.name, busInfo: cap.busInfo, modes: modes)
        camera.skippedValues = skipped
        return CameraNode(path: path, status: .camera(camera))
    }
}

extension CameraDiscovery {
    /// The low-light controls of the camera at `path` with their current values (empty when it
    /// cannot be opened or offers none).
    public static func controls(of path: String) -> [CameraControlState] {
        guard let device = try? V4L2Device.open(path) else { return [] }
        defer { device.close() }
        return device.controls()
    }
}
