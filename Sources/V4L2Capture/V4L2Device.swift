// SPDX-License-Identifier: GPL-3.0-or-later
import CV4L2
import Glibc
import SaomaCore

/// A failed device call: the operation and the `errno` it left.
struct V4L2Failure: Error {
    let operation: String
    let code: Int32

    /// The user-facing problem this failure means for `device`.
    func problem(device: String) -> CameraProblem {
        switch code {
        case EACCES, EPERM: return .permissionDenied(device: device)
        case EBUSY: return .busy(device: device)
        case ENODEV, ENXIO, EIO, ENOENT: return .unplugged(device: device)
        default: return .failed(device: device, message: "\(operation): \(String(cString: strerror(code)))")
        }
    }
}

/// An open video device node, reached through libv4l2 (which converts formats for us).
///
/// Owned by one thread at a time (the capture or monitor thread); not Sendable. The descriptor
/// is owned: `close()` (or deinit) calls `v4l2_close`.
final class V4L2Device {
    let path: String
    private(set) var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close() }

    /// Opens `path` non-blocking through libv4l2.
    static func open(_ path: String) throws(V4L2Failure) -> V4L2Device {
        let fd = saoma_v4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw V4L2Failure(operation: "open", code: errno) }
        return V4L2Device(path: path, fd: fd)
    }

    func close() {
        guard fd >= 0 else { return }
        v4l2_close(fd)
        fd = -1
    }

    /// Calls `v4l2_ioctl`, retrying on EINTR.
    func ioctl<T>(_ request: UInt, _ value: inout T, _ operation: String) throws(V4L2Failure) {
        var result: Int32
        repeat {
            result = withUnsafeMutablePointer(to: &value) { saoma_v4l2_ioctl(fd, request, $0) }
        } while result == -1 && errno == EINTR
        if result == -1 { throw V4L2Failure(operation: operation, code: errno) }
    }

    /// Calls the device directly, bypassing libv4l2's emulation.
    func rawIoctl<T>(_ request: UInt, _ value: inout T, _ operation: String) throws(V4L2Failure) {
        let result = withUnsafeMutablePointer(to: &value) { saoma_raw_ioctl(fd, request, $0) }
        if result == -1 { throw V4L2Failure(operation: operation, code: errno) }
    }

    /// What `QUERYCAP` says.
    struct Capability {
        var name: String
        var busInfo: String
        var driver: String
        /// The node's own capabilities (`device_caps` when the driver reports them).
        var deviceCaps: UInt32

        var capturesVideo: Bool { deviceCaps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
        var streams: Bool { deviceCaps & UInt32(V4L2_CAP_STREAMING) != 0 }
    }

    func capability() throws(V4L2Failure) -> Capability {
        var cap = v4l2_capability()
        try ioctl(SAOMA_VIDIOC_QUERYCAP, &cap, "QUERYCAP")
        let caps = cap.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? cap.device_caps : cap.capabilities
        return Capability(
            name: cString(&cap.card), busInfo: cString(&cap.bus_info), driver: cString(&cap.driver), deviceCaps: caps)
    }

    /// Native (not emulated) pixel formats as fourcc codes.
    func nativeFormats() -> [UInt32] {
        var formats: [UInt32] = []
        for index in 0..<64 {
            var desc = v4l2_fmtdesc()
            desc.index = UInt32(index)
            desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            do { try ioctl(SAOMA_VIDIOC_ENUM_FMT, &desc, "ENUM_FMT") } catch { break }
            if desc.flags & UInt32(V4L2_FMT_FLAG_EMULATED) == 0 { formats.append(desc.pixelformat) }
        }
        return formats
    }

    /// Every native mode: each format's frame sizes with their frame rates, and the sizes and
    /// intervals the driver reported that are out of range (skipped: `CameraValues`).
    func modes() -> (modes: [CameraMode], skipped: [CameraValues.Skipped]) {
        var modes: [CameraMode] = []
        var skipped: [CameraValues.Skipped] = []
        for format in nativeFormats() {
            let name = fourccString(format)
            for answer in frameSizes(format) {
                switch CameraValues.sizes(answer) {
                case .failure(let reason): skipped.append(reason)
                case .success(let sizes):
                    for size in sizes {
                        let (rates, skippedRates) = frameRates(format, width: UInt32(size.width), height: UInt32(size.height))
                        skipped += skippedRates.filter { !skipped.contains($0) }
                        let room = max(0, CameraValues.maximumModes - modes.count)
                        modes += rates.prefix(room).map {
                            CameraMode(width: size.width, height: size.height, framesPerSecond: $0, pixelFormat: name)
                        }
                    }
                }
            }
        }
        return (modes, Array(skipped.prefix(CameraValues.maximumSkippedShown)))
    }

    /// The driver's frame-size answers for `format` (a stepwise or continuous answer is the last).
    private func frameSizes(_ format: UInt32) -> [CameraValues.FrameSize] {
        var sizes: [CameraValues.FrameSize] = []
        for index in 0..<64 {
            var size = v4l2_frmsizeenum()
            size.index = UInt32(index)
            size.pixel_format = format
            do { try ioctl(SAOMA_VIDIOC_ENUM_FRAMESIZES, &size, "ENUM_FRAMESIZES") } catch { break }
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                sizes.append(.discrete(width: size.discrete.width, height: size.discrete.height))
            } else {
                let s = size.stepwise
                sizes.append(.range(minWidth: s.min_width, maxWidth: s.max_width, minHeight: s.min_height, maxHeight: s.max_height))
                break
            }
        }
        return sizes
    }

    /// The rates the driver offers at one size, and the intervals skipped as out of range.
    private func frameRates(_ format: UInt32, width: UInt32, height: UInt32) -> (rates: [Double], skipped: [CameraValues.Skipped]) {
        var rates: [Double] = []
        var skipped: [CameraValues.Skipped] = []
        var answered = false
        for index in 0..<64 {
            var interval = v4l2_frmivalenum()
            interval.index = UInt32(index)
            interval.pixel_format = format
            interval.width = width
            interval.height = height
            do { try ioctl(SAOMA_VIDIOC_ENUM_FRAMEINTERVALS, &interval, "ENUM_FRAMEINTERVALS") } catch { break }
            answered = true
            let answer: CameraValues.FrameInterval
            if interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                answer = .discrete(fraction(interval.discrete))
            } else {
                answer = .range(shortest: fraction(interval.stepwise.min), longest: fraction(interval.stepwise.max))
            }
            switch CameraValues.rates(answer) {
            case .success(let found): rates += found.filter { !rates.contains($0) }
            case .failure(let reason): skipped.append(reason)
            }
            if interval.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue { break }
        }
        // Drivers that cannot enumerate rates still stream; 30 fps is the UVC norm.
        return (answered ? rates : [CameraModePolicy.targetFramesPerSecond], skipped)
    }

    private func fraction(_ f: v4l2_fract) -> CameraValues.Fraction { CameraValues.Fraction(f.numerator, f.denominator) }

    // MARK: Controls

    static let controlIDs: [(CameraControlKind, UInt32)] = [
        (.exposureAuto, SAOMA_CID_EXPOSURE_AUTO), (.exposureAbsolute, SAOMA_CID_EXPOSURE_ABSOLUTE),
        (.gain, SAOMA_CID_GAIN), (.brightness, SAOMA_CID_BRIGHTNESS), (.focusAuto, SAOMA_CID_FOCUS_AUTO),
        (.focusAbsolute, SAOMA_CID_FOCUS_ABSOLUTE), (.zoomAbsolute, SAOMA_CID_ZOOM_ABSOLUTE),
    ]

    /// The controls Saoma uses that this device offers (low-light and lens), with their current values.
    func controls() -> [CameraControlState] {
        var result: [CameraControlState] = []
        for (kind, id) in Self.controlIDs {
            var query = v4l2_queryctrl()
            query.id = id
            do { try ioctl(SAOMA_VIDIOC_QUERYCTRL, &query, "QUERYCTRL") } catch { continue }
            if query.flags & UInt32(V4L2_CTRL_FLAG_DISABLED) != 0 { continue }
            var control = v4l2_control(id: id, value: 0)
            do { try ioctl(SAOMA_VIDIOC_G_CTRL, &control, "G_CTRL") } catch { continue }
            result.append(
                CameraControlState(
                    kind: kind, minimum: Int(query.minimum), maximum: Int(query.maximum), step: Int(max(query.step, 1)),
                    defaultValue: Int(query.default_value), value: Int(control.value)))
        }
        return result
    }

    /// Sets a control; returns the value the driver kept.
    @discardableResult
    func setControl(_ kind: CameraControlKind, _ value: Int) throws(V4L2Failure) -> Int {
        guard let id = Self.controlIDs.first(where: { $0.0 == kind })?.1 else { return value }
        var control = v4l2_control(id: id, value: Int32(clamping: value))
        try ioctl(SAOMA_VIDIOC_S_CTRL, &control, "S_CTRL \(kind.rawValue)")
        var readBack = v4l2_control(id: id, value: 0)
        try ioctl(SAOMA_VIDIOC_G_CTRL, &readBack, "G_CTRL \(kind.rawValue)")
        return Int(readBack.value)
    }
}

/// A fixed-size C character array as a Swift string (up to the first NUL).
func cString<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A fourcc code as its four characters, trailing spaces removed (`"YUYV"`, `"Y10"`).
func fourccString(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8((code >> (8 * $0)) & 0xff) }
    return CameraPixelFormat.normalized(String(decoding: bytes, as: UTF8.self))
}
