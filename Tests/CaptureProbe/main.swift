// SPDX-License-Identifier: GPL-3.0-or-later
// Drives V4L2Capture in its own process, so tests and benchmarks can set LD_PRELOAD (the fake
// device) on it alone. Prints one JSON object per line.
//
//   CaptureProbe list
//   CaptureProbe controls PATH
//   CaptureProbe capture [--device PATH] [--frames N] [--timeout S] [--max-problems K]
//                        [--dump DIR] [--pixel-path yuv420|rgb24] [--slow-ms MS] [--boost-after N]
//                        [--hold-after N [--hold-seconds S]] [--resolution full|standard]
//                        [--lens-after N --lens KIND=VALUE,...]
//   CaptureProbe monitor [--lists N] [--timeout S]
//   CaptureProbe bench [--device PATH] [--seconds S] [--warmup S] [--pixel-path P] [--slow-ms MS]
import Foundation
import SaomaCore
import Synchronization
import V4L2Capture

/// Writes one JSON line to stdout (a single write, so lines from threads never interleave).
func emit(_ object: [String: any Sendable]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CaptureProbe: \(message)\n".utf8))
    exit(2)
}

/// `--name value` options after the subcommand.
struct Options {
    var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let key = iterator.next() {
            guard key.hasPrefix("--") else { fail("unexpected argument \(key)") }
            guard let value = iterator.next() else { fail("\(key) needs a value") }
            values[String(key.dropFirst(2))] = value
        }
    }

    func string(_ key: String) -> String? { values[key] }
    func int(_ key: String, _ fallback: Int) -> Int { values[key].flatMap(Int.init) ?? fallback }
    func double(_ key: String, _ fallback: Double) -> Double { values[key].flatMap(Double.init) ?? fallback }
    var resolution: CaptureModePlan.Resolution {
        guard let raw = values["resolution"] else { return .full }
        guard let resolution = CaptureModePlan.Resolution(rawValue: raw) else { fail("unknown resolution \(raw)") }
        return resolution
    }
    /// `--lens focusAbsolute=100,zoomAbsolute=200`: control kinds and values.
    var lens: [CameraControlKind: Int] {
        var result: [CameraControlKind: Int] = [:]
        for item in (values["lens"] ?? "").split(separator: ",") {
            let parts = item.split(separator: "=")
            guard parts.count == 2, let kind = CameraControlKind(rawValue: String(parts[0])), let value = Int(parts[1]) else {
                fail("bad --lens item \(item)")
            }
            result[kind] = value
        }
        return result
    }
    var pixelPath: CapturePixelPath {
        guard let raw = values["pixel-path"] else { return .automatic }
        guard let path = CapturePixelPath(rawValue: raw) else { fail("unknown pixel path \(raw)") }
        return path
    }
}

func describe(_ mode: CameraMode) -> [String: any Sendable] {
    ["width": mode.width, "height": mode.height, "fps": mode.framesPerSecond, "format": mode.pixelFormat]
}

func describe(_ problem: CameraProblem) -> [String: any Sendable] {
    switch problem {
    case .noCamera: return ["kind": "noCamera"]
    case .permissionDenied(let device): return ["kind": "permissionDenied", "device": device]
    case .busy(let device): return ["kind": "busy", "device": device]
    case .unplugged(let device): return ["kind": "unplugged", "device": device]
    case .noUsableFormat(let device): return ["kind": "noUsableFormat", "device": device]
    case .failed(let device, let message): return ["kind": "failed", "device": device, "message": message]
    case .awaitingPortal: return ["kind": "awaitingPortal"]
    case .portalDenied: return ["kind": "portalDenied"]
    case .portalUnavailable: return ["kind": "portalUnavailable"]
    }
}

func describe(_ controls: [CameraControlState]) -> [String: any Sendable] {
    var result: [String: any Sendable] = [:]
    for c in controls { result[c.kind.rawValue] = ["value": c.value, "min": c.minimum, "max": c.maximum, "default": c.defaultValue] }
    return result
}

func list() {
    for node in CameraDiscovery.scan() {
        var object: [String: any Sendable] = ["path": node.path]
        switch node.status {
        case .camera(let device):
            object["status"] = "camera"
            object["name"] = device.name
            object["bus"] = device.busInfo
            object["modes"] = device.modes.map(describe)
        case .skipped(let kind, let name, let formats):
            object["status"] = "skipped"
            object["reason"] = "\(kind)"
            object["name"] = name
            object["formats"] = formats
        case .unavailable(let problem):
            object["status"] = "unavailable"
            object["problem"] = describe(problem)
        }
        emit(object)
    }
    if let best = CameraDiscovery.bestDefault(among: CameraDiscovery.cameras()) { emit(["default": best.path]) }
}

/// Mean of the luma in columns `[x0, x1)`, sampled every 4th pixel and row.
func mean(_ image: LumaImage, x0: Int, x1: Int) -> Double {
    var sum = 0
    var count = 0
    image.pixels.withUnsafeBufferPointer { pixels in
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: x0, to: x1, by: 4) {
                sum += Int(pixels[y * image.width + x])
                count += 1
            }
        }
    }
    return Double(sum) / Double(max(1, count))
}

/// Mean of each RGB channel, sampled every 16th pixel.
func channelMeans(_ rgb: [UInt8]) -> [Double] {
    var sums = [0, 0, 0]
    var count = 0
    rgb.withUnsafeBufferPointer { bytes in
        for pixel in stride(from: 0, to: bytes.count / 3, by: 16) {
            for c in 0..<3 { sums[c] += Int(bytes[3 * pixel + c]) }
            count += 1
        }
    }
    return sums.map { Double($0) / Double(max(1, count)) }
}

func writePGM(_ image: LumaImage, to path: String) {
    var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
    data.append(contentsOf: image.pixels)
    _ = FileManager.default.createFile(atPath: path, contents: data)
}

/// Counters shared between the main thread and the capture thread.
struct CaptureCounters {
    var frames = 0
    var problems = 0
    var boosted = false
}

func capture(_ options: Options) {
    let frameLimit = options.int("frames", 5)
    let problemLimit = options.int("max-problems", 1_000_000)
    let dump = options.string("dump")
    let slow = options.double("slow-ms", 0) / 1000
    let boostAfter = options.int("boost-after", -1)
    let holdAfter = options.int("hold-after", -1)
    let holdSeconds = options.double("hold-seconds", 1)
    let lensAfter = options.int("lens-after", -1)
    let lens = options.lens
    let capture = V4L2Capture(
        configuration: .init(
            devicePath: options.string("device"), pixelPath: options.pixelPath, retryInterval: 0.5, resolution: options.resolution))
    let counters = Mutex(CaptureCounters())
    let done = DispatchSemaphore(value: 0)
    capture.start { event in
        switch event {
        case .opening(let device):
            emit(["event": "opening", "device": device.path, "name": device.name])
        case .streaming(let device, let mode):
            emit([
                "event": "streaming", "device": device.path, "name": device.name, "mode": describe(mode),
                "controls": describe(capture.controls),
            ])
        case .problem(let problem):
            emit(["event": "problem", "problem": describe(problem)])
            let count = counters.withLock {
                $0.problems += 1
                return $0.problems
            }
            if count == problemLimit { done.signal() }
        case .frame(let frame):
            let (count, boost) = counters.withLock {
                $0.frames += 1
                let boost = $0.frames == boostAfter && !$0.boosted
                if boost { $0.boosted = true }
                return ($0.frames, boost)
            }
            guard count <= frameLimit else { return }
            let luma = frame.luma
            let rgb = frame.rgb
            let rgbMean = rgb.map(channelMeans) ?? []
            emit([
                "event": "frame", "sequence": Int(frame.sequence), "width": frame.width, "height": frame.height,
                "timestamp": frame.timestamp, "left": mean(luma, x0: 0, x1: luma.width / 2),
                "right": mean(luma, x0: luma.width / 2, x1: luma.width), "rgb": rgbMean,
                "rgbBytes": rgb?.count ?? 0, "controls": describe(capture.controls),
                "detailWidth": frame.detail?.width ?? 0, "detailHeight": frame.detail?.height ?? 0,
            ])
            if count == lensAfter { capture.setLens(lens) }
            if let dump { writePGM(luma, to: "\(dump)/frame-\(count).pgm") }
            if boost { capture.setLowLightBoost(true) }
            if count == holdAfter {
                // Frames unwanted for a while: none may be delivered, the stream must go on.
                capture.setDeliversFrames(false)
                let before = capture.framesDelivered
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: holdSeconds)
                    emit(["event": "held", "seconds": holdSeconds, "deliveredWhileHeld": Int(capture.framesDelivered - before)])
                    capture.setDeliversFrames(true)
                }
            }
            if slow > 0 { Thread.sleep(forTimeInterval: slow) }
            if count == frameLimit { done.signal() }
        }
    }
    let finished = done.wait(timeout: .now() + options.double("timeout", 20)) == .success
    capture.stop()
    if let device = options.string("device") { emit(["event": "closed", "controls": describe(CameraDiscovery.controls(of: device))]) }
    emit(["event": "end", "completed": finished, "delivered": Int(capture.framesDelivered), "dropped": Int(capture.framesDropped)])
    exit(finished ? 0 : 3)
}

/// Resident set size in kilobytes.
func residentKilobytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// Process CPU time (user + system) in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func bench(_ options: Options) {
    let seconds = options.double("seconds", 10)
    let warmup = options.double("warmup", 2)
    let slow = options.double("slow-ms", 0) / 1000
    let sampleEvery = options.double("sample-every", 0)
    let capture = V4L2Capture(
        configuration: .init(devicePath: options.string("device"), pixelPath: options.pixelPath, resolution: options.resolution))
    let handled = Mutex(0)
    capture.start { event in
        switch event {
        case .frame(let frame):
            handled.withLock { $0 += 1 }
            precondition(frame.color != nil || frame.detail != nil)
            if slow > 0 { Thread.sleep(forTimeInterval: slow) }
        case .problem(let problem): emit(["event": "problem", "problem": describe(problem)])
        default: break
        }
    }
    Thread.sleep(forTimeInterval: warmup)
    let cpu0 = cpuSeconds()
    let frames0 = handled.withLock { $0 }
    let dropped0 = capture.framesDropped
    let delivered0 = capture.framesDelivered
    let dequeue0 = capture.dequeueCPUSeconds
    let conversion0 = capture.conversionCPUSeconds
    let rss0 = residentKilobytes()
    let start = Date()
    var rssMax = rss0
    while Date().timeIntervalSince(start) < seconds {
        let step = sampleEvery > 0 ? min(sampleEvery, seconds - Date().timeIntervalSince(start)) : seconds
        Thread.sleep(forTimeInterval: max(0, step))
        let rss = residentKilobytes()
        rssMax = max(rssMax, rss)
        if sampleEvery > 0 { emit(["event": "sample", "elapsed": Date().timeIntervalSince(start), "rssKB": rss]) }
    }
    let elapsed = Date().timeIntervalSince(start)
    let cpu = cpuSeconds() - cpu0
    let frames = handled.withLock { $0 } - frames0
    let rss1 = residentKilobytes()
    let mode = capture.currentMode
    let delivered = Double(max(1, capture.framesDelivered - delivered0))
    let dequeueMs = (capture.dequeueCPUSeconds - dequeue0) * 1000 / delivered
    let conversionMs = (capture.conversionCPUSeconds - conversion0) * 1000 / delivered
    capture.stop()
    emit([
        "event": "bench", "pixelPath": options.pixelPath.rawValue, "seconds": elapsed, "frames": frames,
        "fps": Double(frames) / elapsed, "cpuMsPerFrame": frames > 0 ? cpu * 1000 / Double(frames) : 0,
        "cpuShareOfOneCore": cpu / elapsed, "dequeueCpuMsPerFrame": dequeueMs, "conversionCpuMsPerFrame": conversionMs,
        "dropped": Int(capture.framesDropped - dropped0),
        "rssStartKB": rss0, "rssEndKB": rss1, "rssMaxKB": rssMax, "mode": mode.map(describe) ?? [:],
    ])
}

// A child of a test runner inherits its blocked signals: let SIGTERM and SIGINT end the probe.
var endSignals = sigset_t()
sigemptyset(&endSignals)
sigaddset(&endSignals, SIGTERM)
sigaddset(&endSignals, SIGINT)
pthread_sigmask(SIG_UNBLOCK, &endSignals, nil)

/// Prints the node list on start and on every change, until `count` lists were printed.
func monitor(_ options: Options) {
    let count = options.int("lists", 3)
    let printed = Mutex(0)
    let done = DispatchSemaphore(value: 0)
    let monitor = CameraMonitor()
    monitor.start { nodes in
        let cameras = nodes.compactMap(\.camera).map(\.path)
        emit(["event": "nodes", "paths": nodes.map(\.path), "cameras": cameras])
        let n = printed.withLock {
            $0 += 1
            return $0
        }
        if n == count { done.signal() }
    }
    let finished = done.wait(timeout: .now() + options.double("timeout", 30)) == .success
    monitor.stop()
    emit(["event": "end", "completed": finished])
    exit(finished ? 0 : 3)
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "list": list()
case "controls":
    guard let path = arguments.dropFirst().first else { fail("controls needs a device path") }
    emit(describe(CameraDiscovery.controls(of: path)))
case "capture": capture(Options(arguments.dropFirst()))
case "bench": bench(Options(arguments.dropFirst()))
case "monitor": monitor(Options(arguments.dropFirst()))
default: fail("usage: CaptureProbe list | controls PATH | capture [options] | monitor [options] | bench [options]")
}
