// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// A development camera that streams a PNM image file (P5/P6), re-read when it changes.
///
/// Enabled by `SAOMA_FAKE_CAMERA_IMAGE=scene.ppm`. `SAOMA_FAKE_CAMERA_DEVICE=path` makes the
/// camera exist only while that file exists (delete = unplug, recreate = replug);
/// `SAOMA_FAKE_CAMERA_FAIL=busy|denied|format` makes opening fail that way;
/// `SAOMA_FAKE_CAMERA_FPS` sets the rate (30 by default).
@MainActor
final class ImageFileCameraService: CameraService {
    /// The configuration read from the environment.
    struct Configuration: Sendable {
        var imagePath: String
        var devicePath: String?
        var failure: String?
        var framesPerSecond: Double
    }

    /// How often the device file is checked for hot-plug, in milliseconds.
    static let pollInterval: UInt32 = 250

    let configuration: Configuration
    private var monitor: guint = 0
    private var lastPresent: Bool?

    /// The service when `SAOMA_FAKE_CAMERA_IMAGE` is set, else `nil`.
    static func fromEnvironment() -> ImageFileCameraService? {
        let env = ProcessInfo.processInfo.environment
        guard let image = env["SAOMA_FAKE_CAMERA_IMAGE"], !image.isEmpty else { return nil }
        return ImageFileCameraService(
            configuration: Configuration(
                imagePath: image, devicePath: env["SAOMA_FAKE_CAMERA_DEVICE"], failure: env["SAOMA_FAKE_CAMERA_FAIL"],
                framesPerSecond: env["SAOMA_FAKE_CAMERA_FPS"].flatMap(Double.init) ?? 30))
    }

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    private var device: CameraDevice {
        CameraDevice(path: configuration.devicePath ?? "/dev/fake-camera", name: "Fake Camera", busInfo: "fake:0")
    }

    private var isPresent: Bool {
        guard let path = configuration.devicePath else { return true }
        return FileManager.default.fileExists(atPath: path)
    }

    var sourcesRecover: Bool { false }

    func cameras() -> [CameraDevice] { isPresent ? [device] : [] }

    func problemWithoutCameras() -> CameraProblem { .noCamera }

    func makeSource(for device: CameraDevice) -> FrameSource {
        ImageFileFrameSource(device: device, configuration: configuration)
    }

    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {
        lastPresent = isPresent
        monitor = addTimeout(milliseconds: ImageFileCameraService.pollInterval) { [weak self] in
            guard let self else { return false }
            let present = self.isPresent
            if present != self.lastPresent {
                self.lastPresent = present
                changed()
            }
            return true
        }
    }

    func stopMonitoring() {
        if monitor != 0 { g_source_remove(monitor) }
        monitor = 0
    }

    func setLowLightBoost(_ on: Bool, on source: FrameSource) {}
}

/// Streams one image file as camera frames on its own thread.
final class ImageFileFrameSource: FrameSource, @unchecked Sendable {
    let device: CameraDevice
    let configuration: ImageFileCameraService.Configuration
    /// Guards `running` and `thread`; the capture thread reads `running` under it.
    private let lock = NSCondition()
    private var running = false
    private var finished = true

    init(device: CameraDevice, configuration: ImageFileCameraService.Configuration) {
        self.device = device
        self.configuration = configuration
    }

    func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        lock.lock()
        guard !running else {
            lock.unlock()
            return
        }
        running = true
        finished = false
        lock.unlock()
        let thread = Thread { [self] in
            self.run(handler)
            self.lock.lock()
            self.finished = true
            self.lock.broadcast()
            self.lock.unlock()
        }
        thread.name = "saoma-fake-camera"
        thread.start()
    }

    func stop() {
        lock.lock()
        running = false
        lock.broadcast()
        while !finished { lock.wait() }
        lock.unlock()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Sleeps up to `seconds`, waking early on `stop()`; returns whether still running.
    private func pause(_ seconds: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if running { _ = lock.wait(until: Date(timeIntervalSinceNow: seconds)) }
        return running
    }

    private func present() -> Bool {
        guard let path = configuration.devicePath else { return true }
        return FileManager.default.fileExists(atPath: path)
    }

    private func run(_ handler: @Sendable (FrameSourceEvent) -> Void) {
        handler(.opening(device))
        guard present() else {
            handler(.problem(.noCamera))
            return
        }
        switch configuration.failure {
        case "busy":
            handler(.problem(.busy(device: device.path)))
            return
        case "denied":
            handler(.problem(.permissionDenied(device: device.path)))
            return
        case "format":
            handler(.problem(.noUsableFormat(device: device.path)))
            return
        default: break
        }
        var image: PortableAnymap?
        var imageDate = Date.distantPast
        var sequence: UInt64 = 0
        var announced = false
        let interval = 1 / max(1, configuration.framesPerSecond)
        while isRunning {
            guard present() else {
                handler(.problem(.unplugged(device: device.path)))
                return
            }
            let date =
                (try? FileManager.default.attributesOfItem(atPath: configuration.imagePath)[.modificationDate] as? Date) ?? .distantPast
            if date != imageDate, let data = FileManager.default.contents(atPath: configuration.imagePath),
                let decoded = PortableAnymap(data: data)
            {
                image = decoded
                imageDate = date
            }
            if let image {
                if !announced {
                    let mode = CameraMode(
                        width: image.luma.width, height: image.luma.height, framesPerSecond: configuration.framesPerSecond,
                        pixelFormat: "RGB3")
                    handler(.streaming(device, mode))
                    announced = true
                }
                sequence += 1
                let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
                handler(.frame(VideoFrame(luma: image.luma, rgb: image.rgb, timestamp: now, sequence: sequence)))
            }
            if !pause(interval) { break }
        }
    }
}

/// A binary PNM image (P5 greyscale or P6 colour, 8-bit).
struct PortableAnymap: Sendable {
    var luma: LumaImage
    var rgb: [UInt8]

    init?(data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        /// Reads the next whitespace-separated header token, skipping comments.
        func token() -> String? {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 10 { index += 1 }
                } else if bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count && !(bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9) {
                index += 1
            }
            return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }
        guard let magic = token(), magic == "P5" || magic == "P6", let w = token().flatMap(Int.init), let h = token().flatMap(Int.init),
            let maxValue = token().flatMap(Int.init), maxValue == 255, w > 0, h > 0
        else { return nil }
        index += 1
        let channels = magic == "P6" ? 3 : 1
        guard bytes.count - index >= w * h * channels else { return nil }
        let body = bytes[index..<(index + w * h * channels)]
        if channels == 1 {
            guard let luma = LumaImage(width: w, height: h, pixels: Array(body)) else { return nil }
            self.luma = luma
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for (i, v) in body.enumerated() {
                rgb[3 * i] = v
                rgb[3 * i + 1] = v
                rgb[3 * i + 2] = v
            }
            self.rgb = rgb
        } else {
            let rgb = Array(body)
            var y = [UInt8](repeating: 0, count: w * h)
            for i in 0..<(w * h) {
                let r = Int(rgb[3 * i])
                let g = Int(rgb[3 * i + 1])
                let b = Int(rgb[3 * i + 2])
                y[i] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
            }
            guard let luma = LumaImage(width: w, height: h, pixels: y) else { return nil }
            self.luma = luma
            self.rgb = rgb
        }
    }
}
