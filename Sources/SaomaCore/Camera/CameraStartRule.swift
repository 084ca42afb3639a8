// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether the window waits for PipeWire's first camera listing before it opens a camera.
///
/// Waiting costs a registry round trip (and every node's formats) before the first frame, so
/// the window waits only when the camera to open may be a PipeWire one: the preference names a
/// PipeWire camera (`pipewire:…`, as `--device` or the remembered `camera` setting), or there is
/// no V4L2 camera at all. Otherwise the V4L2 camera opens at once and PipeWire's cameras join
/// the picker when they are listed (`CameraListMerge` keeps a camera reachable both ways once).
public enum CameraStartRule {
    /// - Parameters:
    ///   - preference: the `--device` value or the remembered camera (path or bus info), if any.
    ///   - v4l2: the usable V4L2 cameras found now.
    public static func waitsForPipeWire(preference: String?, v4l2: [CameraDevice]) -> Bool {
        if v4l2.isEmpty { return true }
        guard let preference, !preference.isEmpty else { return false }
        return PipeWireDeviceSpec(preference) != nil
    }
}
