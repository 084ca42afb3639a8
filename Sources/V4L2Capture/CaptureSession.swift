// SPDX-License-Identifier: GPL-3.0-or-later
import CV4L2
import Glibc
import SaomaCore

/// What libv4l2 is asked to deliver; the other consumer's pixels are derived from it.
public enum CapturePixelPath: String, Sendable, CaseIterable {
    /// YUYV straight from cameras that deliver it (libv4l2 passes it through: no conversion
    /// there), luma and RGB made in one pass; YU12 for other cameras. The cheapest (measured).
    case automatic
    /// YUYV passed through; only for cameras whose native format is YUYV (else as `yuv420`).
    case yuyv
    /// YU12 (planar 4:2:0) converted by libv4l2: the Y plane is the luma as is; RGB is
    /// converted for the preview.
    case yuv420
    /// RGB24 converted by libv4l2: the preview's pixels as is; luma is derived.
    case rgb24
}

/// An open, negotiated, streaming device: mmap buffers, newest-frame dequeue, conversion.
///
/// Owned by the capture thread. `close()` stops streaming, unmaps, restores the controls Saoma
/// changed and closes the device.
final class CaptureSession {
    let device: V4L2Device
    /// The camera as opened (name and modes from the device).
    private(set) var camera: CameraDevice
    /// What was negotiated: size, rate and the device's native format.
    private(set) var mode = CameraMode(width: 0, height: 0, framesPerSecond: 0, pixelFormat: "")
    /// The path in use (`automatic` resolved).
    private(set) var pixelPath: CapturePixelPath
    private var width = 0
    private var height = 0
    private var bytesPerLine = 0
    /// The frame size handed on: `width` × `height`, or the smaller working size of a full mode
    /// (then each frame keeps its full-resolution pixels as a `FrameDetail`).
    private(set) var workingWidth = 0
    private(set) var workingHeight = 0
    /// Mapped buffers (libv4l2's conversion buffers when it converts), unmapped in `close()`.
    private var buffers: [(pointer: UnsafeMutableRawPointer, length: Int)] = []
    private var streaming = false
    /// Controls as found at open, and the values Saoma replaced (restored on close).
    private(set) var controls: [CameraControlState] = []
    private var originalValues: [CameraControlKind: Int] = [:]
    /// Whether a full mode may be streamed (see `CaptureModePlan`).
    private let resolution: CaptureModePlan.Resolution

    /// Opens `camera.path`, negotiates a mode and starts streaming with `bufferCount` buffers.
    init(
        camera: CameraDevice, pixelPath: CapturePixelPath, bufferCount: Int, resolution: CaptureModePlan.Resolution = .full
    ) throws(CameraProblem) {
        let path = camera.path
        do { device = try V4L2Device.open(path) } catch { throw error.problem(device: path) }
        self.camera = camera
        self.pixelPath = pixelPath
        self.resolution = resolution
        do {
            try negotiate()
            try startStreaming(bufferCount: bufferCount)
        } catch let failure as V4L2Failure {
            close()
            throw failure.problem(device: path)
        } catch let problem as CameraProblem {
            close()
            throw problem
        } catch {
            close()
            throw CameraProblem.failed(device: path, message: "\(error)")
        }
    }

    private func negotiate() throws {
        let path = camera.path
        let cap = try device.capability()
        guard cap.capturesVideo, cap.streams else { throw CameraProblem.noUsableFormat(device: path) }
        let (allModes, skipped) = device.modes()
        let modes = allModes.filter { CameraPixelFormat.convertibleFormats.contains($0.pixelFormat) }
        // A full mode only on the automatic path: YUYV passed through, JPEG decoded to YU12 (the
        // RGB24 path converts every pixel once more).
        let planResolution = pixelPath == .automatic || pixelPath == .yuyv ? resolution : .standard
        guard let plan = CaptureModePlan.choose(from: modes, resolution: planResolution) else {
            throw CameraProblem.noUsableFormat(device: path)
        }
        var wanted = plan.capture
        camera = CameraDevice(path: path, name: cap.name.isEmpty ? camera.name : cap.name, busInfo: cap.busInfo, modes: modes)
        camera.skippedValues = skipped

        if pixelPath == .automatic || pixelPath == .yuyv { pixelPath = wanted.pixelFormat == "YUYV" ? .yuyv : .yuv420 }
        var format = try setFormat(wanted)
        if format.fmt.pix.pixelformat != fourcc(pixelPath) && pixelPath == .yuyv {
            // Passthrough refused (e.g. libv4l2 must flip this camera): let libv4l2 convert, at
            // the standard mode (a full mode is only worth it passed through).
            pixelPath = .yuv420
            if plan.isFull, let standard = CameraModePolicy.choose(from: modes) { wanted = standard }
            format = try setFormat(wanted)
        }
        guard format.fmt.pix.pixelformat == fourcc(pixelPath), format.fmt.pix.width >= 2, format.fmt.pix.height >= 2 else {
            throw CameraProblem.noUsableFormat(device: path)
        }
        // The driver's answer is any pair of numbers: no larger frame is mapped or converted.
        guard CameraValues.isAcceptable(width: Int(format.fmt.pix.width), height: Int(format.fmt.pix.height)) else {
            throw CameraProblem.failed(
                device: path,
                message:
                    "the camera set a frame of \(format.fmt.pix.width)×\(format.fmt.pix.height) pixels (at most \(CameraValues.maximumSide) a side)"
            )
        }
        width = Int(format.fmt.pix.width) & ~1
        height = Int(format.fmt.pix.height) & ~1
        let reduces = pixelPath == .yuyv || (pixelPath == .yuv420 && CaptureModePlan.compressedFormats.contains(wanted.pixelFormat))
        let working = reduces ? plan.workingSize(forFrameWidth: width, height: height) : (width: width, height: height)
        (workingWidth, workingHeight) = (working.width & ~1, working.height & ~1)
        let minimumLine: Int
        switch pixelPath {
        case .yuyv: minimumLine = width * 2
        case .rgb24: minimumLine = width * 3
        case .yuv420, .automatic: minimumLine = width
        }
        bytesPerLine = max(Int(format.fmt.pix.bytesperline), minimumLine)

        var parm = v4l2_streamparm()
        parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let asked = CameraValues.timePerFrame(forFramesPerSecond: wanted.framesPerSecond)
        parm.parm.capture.timeperframe = v4l2_fract(numerator: asked.numerator, denominator: asked.denominator)
        try? device.ioctl(SAOMA_VIDIOC_S_PARM, &parm, "S_PARM")
        var fps = wanted.framesPerSecond
        if (try? device.ioctl(SAOMA_VIDIOC_G_PARM, &parm, "G_PARM")) != nil {
            // A rate out of range read back is not believed: the rate asked for stays.
            let t = parm.parm.capture.timeperframe
            if let kept = CameraValues.framesPerSecond(timePerFrame: CameraValues.Fraction(t.numerator, t.denominator)) { fps = kept }
        }
        var native = v4l2_format()
        native.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let nativeFormat =
            (try? device.rawIoctl(SAOMA_VIDIOC_G_FMT, &native, "G_FMT")) != nil
            ? fourccString(native.fmt.pix.pixelformat) : wanted.pixelFormat
        mode = CameraMode(width: width, height: height, framesPerSecond: fps, pixelFormat: nativeFormat)
        controls = device.controls()
    }

    deinit { close() }

    private func fourcc(_ path: CapturePixelPath) -> UInt32 {
        switch path {
        case .yuyv: return SAOMA_PIX_FMT_YUYV
        case .rgb24: return SAOMA_PIX_FMT_RGB24
        case .yuv420, .automatic: return SAOMA_PIX_FMT_YUV420
        }
    }

    private func setFormat(_ wanted: CameraMode) throws(V4L2Failure) -> v4l2_format {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(wanted.width)
        format.fmt.pix.height = UInt32(wanted.height)
        format.fmt.pix.pixelformat = fourcc(pixelPath)
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try device.ioctl(SAOMA_VIDIOC_S_FMT, &format, "S_FMT")
        return format
    }

    private func startStreaming(bufferCount: Int) throws(V4L2Failure) {
        var request = v4l2_requestbuffers()
        request.count = UInt32(bufferCount)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try device.ioctl(SAOMA_VIDIOC_REQBUFS, &request, "REQBUFS")
        for index in 0..<Int(request.count) {
            var buffer = emptyBuffer(index: index)
            try device.ioctl(SAOMA_VIDIOC_QUERYBUF, &buffer, "QUERYBUF")
            let length = Int(buffer.length)
            guard let pointer = v4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, Int64(buffer.m.offset)),
                pointer != MAP_FAILED
            else { throw V4L2Failure(operation: "mmap", code: errno) }
            buffers.append((pointer, length))
        }
        for index in buffers.indices {
            var buffer = emptyBuffer(index: index)
            try device.ioctl(SAOMA_VIDIOC_QBUF, &buffer, "QBUF")
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try device.ioctl(SAOMA_VIDIOC_STREAMON, &type, "STREAMON")
        streaming = true
    }

    private func emptyBuffer(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }

    /// The newest filled buffer (older ones are re-queued unread), or `nil` when none is ready.
    ///
    /// Call when `poll` reported the device readable. Further buffers are taken only while
    /// `poll` still reports one ready, so DQBUF rarely meets EAGAIN (which libv4l2 logs on
    /// stderr when it passes frames through). A failure after a frame was dequeued still returns
    /// that frame; the failure repeats on the next call (a vanished device stays vanished).
    func dequeueNewest() throws(V4L2Failure) -> v4l2_buffer? {
        var newest: v4l2_buffer?
        while newest == nil || !waitReadable([device.fd], timeout: 0).isEmpty {
            var buffer = emptyBuffer(index: 0)
            do {
                try device.ioctl(SAOMA_VIDIOC_DQBUF, &buffer, "DQBUF")
            } catch {
                if error.code == EAGAIN || newest != nil { break }
                throw error
            }
            if var older = newest { try device.ioctl(SAOMA_VIDIOC_QBUF, &older, "QBUF") }
            newest = buffer
        }
        return newest
    }

    /// Gives `buffer` back to the driver.
    func requeue(_ buffer: v4l2_buffer) throws(V4L2Failure) {
        var buffer = buffer
        try device.ioctl(SAOMA_VIDIOC_QBUF, &buffer, "QBUF")
    }

    /// Converts the dequeued `buffer` into a frame (luma for decoding, colour as sent for the preview).
    func frame(from buffer: v4l2_buffer, sequence: UInt64) -> VideoFrame? {
        let index = Int(buffer.index)
        guard buffers.indices.contains(index) else { return nil }
        let base = UnsafeRawPointer(buffers[index].pointer)
        let needed = pixelPath == .yuv420 ? width * height * 3 / 2 : bytesPerLine * height
        guard buffers[index].length >= needed else { return nil }
        let luma: [UInt8]
        let color: FrameColor
        switch pixelPath {
        case .yuyv where workingWidth < width:
            // Full mode: the YUYV kept as sent, the luma reduced to the working size.
            return VideoFrame.fullMode(
                yuyv: base, width: width, height: height, stride: bytesPerLine, workingWidth: workingWidth,
                workingHeight: workingHeight, timestamp: Self.seconds(buffer.timestamp), sequence: sequence)
        case .yuv420 where workingWidth < width:
            // Full mode from JPEG: libv4l2's YU12 kept as it came, its Y plane reduced.
            let yu12 = FrameConversion.packedRows(from: base, rowBytes: needed, height: 1, stride: needed)
            let reduced = FrameConversion.reducedLuma(
                from: base, width: width, height: height, stride: width, step: 1, targetWidth: workingWidth, targetHeight: workingHeight)
            let scale = Double(width) / Double(workingWidth)
            guard let image = LumaImage(width: workingWidth, height: workingHeight, pixels: reduced),
                let detail = FrameDetail(
                    width: width, height: height, pixels: yu12, layout: .yu12(fullRange: ["MJPG", "JPEG"].contains(mode.pixelFormat)),
                    scale: scale)
            else { return nil }
            return VideoFrame(luma: image, color: nil, timestamp: Self.seconds(buffer.timestamp), sequence: sequence, detail: detail)
        case .yuyv:
            let (y, yuyv) = FrameConversion.lumaAndYUYV(fromYUYV: base, width: width, height: height, stride: bytesPerLine)
            (luma, color) = (y, .yuyv(yuyv))
        case .yuv420, .automatic:
            luma = FrameConversion.packedRows(from: base, rowBytes: width, height: height, stride: width)
            let (u, v) = FrameConversion.chromaPlanes(fromYU12: base, width: width, height: height)
            // libv4lconvert decodes JPEG to full-range YUV; other formats keep the camera's limited range.
            color = .yu12(u: u, v: v, fullRange: ["MJPG", "JPEG"].contains(mode.pixelFormat))
        case .rgb24:
            let (rgb, y) = FrameConversion.rgbAndLuma(fromRGB24: base, width: width, height: height, stride: bytesPerLine)
            (luma, color) = (y, .rgb(rgb))
        }
        guard let image = LumaImage(width: width, height: height, pixels: luma) else { return nil }
        return VideoFrame(luma: image, color: color, timestamp: Self.seconds(buffer.timestamp), sequence: sequence)
    }

    /// Monotonic seconds of a buffer timestamp (V4L2 drivers stamp with CLOCK_MONOTONIC).
    private static func seconds(_ t: timeval) -> Double {
        if t.tv_sec == 0 && t.tv_usec == 0 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        return Double(t.tv_sec) + Double(t.tv_usec) / 1e6
    }

    // MARK: Controls

    /// Sets controls in a safe order (exposure mode before exposure time), remembering the
    /// original values for `restoreControls()`.
    func apply(_ targets: [CameraControlKind: Int]) {
        let order: [CameraControlKind] = [.exposureAuto, .exposureAbsolute, .gain, .brightness, .focusAuto, .focusAbsolute, .zoomAbsolute]
        for kind in order {
            guard let value = targets[kind], let index = controls.firstIndex(where: { $0.kind == kind }) else { continue }
            if originalValues[kind] == nil { originalValues[kind] = controls[index].value }
            if let kept = try? device.setControl(kind, value) { controls[index].value = kept }
        }
    }

    /// Puts back every control of `kinds` Saoma changed (exposure time before the exposure mode).
    func restoreControls(_ kinds: Set<CameraControlKind> = Set(CameraControlKind.allCases)) {
        let order: [CameraControlKind] = [.zoomAbsolute, .focusAbsolute, .focusAuto, .brightness, .gain, .exposureAbsolute, .exposureAuto]
        for kind in order where kinds.contains(kind) {
            guard let value = originalValues[kind] else { continue }
            if let kept = try? device.setControl(kind, value), let index = controls.firstIndex(where: { $0.kind == kind }) {
                controls[index].value = kept
            }
            originalValues[kind] = nil
        }
    }

    /// Whether any control differs from what it was at open.
    var hasChangedControls: Bool { !originalValues.isEmpty }

    func close() {
        guard device.fd >= 0 else { return }
        restoreControls()
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try? device.ioctl(SAOMA_VIDIOC_STREAMOFF, &type, "STREAMOFF")
            streaming = false
        }
        for buffer in buffers { v4l2_munmap(buffer.pointer, buffer.length) }
        buffers = []
        var request = v4l2_requestbuffers()
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try? device.ioctl(SAOMA_VIDIOC_REQBUFS, &request, "REQBUFS")
        device.close()
    }
}
