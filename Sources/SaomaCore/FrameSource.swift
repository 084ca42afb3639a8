// SPDX-License-Identifier: GPL-3.0-or-later

/// One captured camera frame: luma for decoding, colour as the camera sent it for the preview.
public struct VideoFrame: Sendable {
    /// The luma plane, for decoding.
    public var luma: LumaImage
    /// The colour, if any: the preview converts only the pixels it shows.
    public var color: FrameColor?
    /// Capture time in seconds on a monotonic clock.
    public var timestamp: Double
    /// Increasing frame number since the stream started.
    public var sequence: UInt64
    /// The frame at the camera's full resolution when it streams more pixels than `luma` has
    /// (then its colour comes from here, and `color` is `nil`).
    public var detail: FrameDetail?

    public init(luma: LumaImage, color: FrameColor?, timestamp: Double, sequence: UInt64, detail: FrameDetail? = nil) {
        self.luma = luma
        self.color = color
        self.timestamp = timestamp
        self.sequence = sequence
        self.detail = detail
    }

    /// A frame with packed RGB (3 bytes per pixel, rows packed) as its colour.
    public init(luma: LumaImage, rgb: [UInt8]?, timestamp: Double, sequence: UInt64) {
        self.init(luma: luma, color: rgb.map(FrameColor.rgb), timestamp: timestamp, sequence: sequence)
    }

    /// The whole frame as packed RGB at `width` × `height` (converted from YCbCr when needed, the
    /// full-resolution colour sampled when there is one), or `nil` without colour.
    public var rgb: [UInt8]? {
        if let color { return color.rgb(luma: luma) }
        guard let detail, width > 0, height > 0 else { return nil }
        let (w, h) = (width, height)
        let sx = Double(detail.width) / Double(w)
        let sy = Double(detail.height) / Double(h)
        return detail.withPixels { pixel in
            var out = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                let fy = min(detail.height - 1, Int((Double(y) + 0.5) * sy))
                for x in 0..<w {
                    let p = pixel(min(detail.width - 1, Int((Double(x) + 0.5) * sx)), fy)
                    out[(y * w + x) * 3] = p.red
                    out[(y * w + x) * 3 + 1] = p.green
                    out[(y * w + x) * 3 + 2] = p.blue
                }
            }
            return out
        }
    }

    public var width: Int { luma.width }
    public var height: Int { luma.height }
}

/// A capture mode: frame size and rate.
public struct CameraMode: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var framesPerSecond: Double
    /// The device's native pixel format as a fourcc string (`"YUYV"`, `"MJPG"`…).
    public var pixelFormat: String

    public init(width: Int, height: Int, framesPerSecond: Double, pixelFormat: String) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.pixelFormat = pixelFormat
    }

    public var description: String { "\(width)×\(height) @ \(framesPerSecondText) fps \(pixelFormat)" }

    /// The rate as shown: whole rates without decimals (`30`, `7.5`); any value, even one no
    /// camera may report, prints without trapping.
    public var framesPerSecondText: String {
        let fps = framesPerSecond
        guard fps.isFinite, abs(fps) < 1e15, fps.rounded() == fps else { return String(fps) }
        return String(Int(fps))
    }
}

/// A video capture device as discovered.
public struct CameraDevice: Hashable, Sendable {
    /// Device node, e.g. `/dev/video0`.
    public var path: String
    /// Human name from the driver (`QUERYCAP` card).
    public var name: String
    /// Stable identity across replugs (bus info), when the driver gives one.
    public var busInfo: String
    /// Native capture modes the device offers, when enumerated (empty otherwise).
    public var modes: [CameraMode] = []
    /// Values the device reported that were out of range and skipped (for `saoma devices`).
    public var skippedValues: [CameraValues.Skipped] = []

    public init(path: String, name: String, busInfo: String) {
        self.path = path
        self.name = name
        self.busInfo = busInfo
    }

    public init(path: String, name: String, busInfo: String, modes: [CameraMode]) {
        self.init(path: path, name: name, busInfo: busInfo)
        self.modes = modes
    }
}

/// Why a camera is not streaming, each with the device named where there is one.
public enum CameraProblem: Hashable, Sendable {
    /// No capture device exists.
    case noCamera
    /// EACCES: the user may need to join the `video` group.
    case permissionDenied(device: String)
    /// EBUSY: another application is using it.
    case busy(device: String)
    /// ENODEV/EIO while streaming: unplugged; recovers when it returns.
    case unplugged(device: String)
    /// No mode Saoma can convert and decode.
    case noUsableFormat(device: String)
    /// Anything else, with the system's message.
    case failed(device: String, message: String)
    /// The camera portal is being asked for access (its dialog may be open).
    case awaitingPortal
    /// The camera portal (the person, or the desktop's permission settings) refused access.
    case portalDenied
    /// Saoma must go through the camera portal, but none answers on the session bus.
    case portalUnavailable
}

/// What a frame source tells its consumer.
public enum FrameSourceEvent: Sendable {
    /// The source is opening `device`.
    case opening(CameraDevice)
    /// Streaming started in `mode`.
    case streaming(CameraDevice, CameraMode)
    /// A new frame (newest wins: a slow consumer misses frames rather than queueing them).
    case frame(VideoFrame)
    /// Streaming stopped or could not start.
    case problem(CameraProblem)
}

/// Something that produces camera frames: the V4L2 capture or an in-process fake in tests.
///
/// `start` delivers events on the source's own thread; consumers hop to their own thread.
public protocol FrameSource: AnyObject, Sendable {
    /// Starts capturing; `handler` is called on the capture thread until `stop()` returns.
    func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void)
    /// Stops capturing and waits for the capture thread to finish; no events after it returns.
    func stop()
}
