// SPDX-License-Identifier: GPL-3.0-or-later

/// The mode a PipeWire camera streams in: `CaptureModePlan`'s choice, with a full mode only in a
/// format the capture passes through (YUYV). A JPEG full mode is decoded whole by gdk-pixbuf
/// into RGB for every frame, which costs what the larger mode gains; such cameras stream their
/// standard mode. Pure.
public enum PipeWireCapturePlan {
    /// The plan for a node offering `modes`, or `nil` when it offers none Saoma converts.
    public static func choose(from modes: [CameraMode], resolution: CaptureModePlan.Resolution = .full) -> CaptureModePlan? {
        guard let plan = CaptureModePlan.choose(from: modes, resolution: resolution) else { return nil }
        guard plan.isFull, !CaptureModePlan.fullFormats.contains(plan.capture.pixelFormat) else { return plan }
        return CaptureModePlan.choose(from: modes, resolution: .standard)
    }

    /// The formats to ask the node for, best first: the plan's mode, then the standard mode when
    /// the plan's is a full mode (the node may refuse the larger size).
    public static func requests(for plan: CaptureModePlan, among modes: [CameraMode]) -> [CameraMode] {
        guard plan.isFull, let standard = CameraModePolicy.choose(from: modes), standard != plan.capture else { return [plan.capture] }
        return [plan.capture, standard]
    }
}
