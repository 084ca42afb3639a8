// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import PipeWireCapture
import SaomaCore
import V4L2Capture

/// `saoma devices` (also `saoma --list-devices`): lists cameras and why other video nodes were
/// skipped, for a user diagnosing "no camera": V4L2 nodes, then PipeWire cameras (`Video/Source`
/// nodes: libcamera sensors, virtual and portal cameras).
///
/// Exit status: 0 when at least one usable camera was found (either way), 1 when none was, 2 on
/// a usage error.
public enum DevicesCommand {
    /// Exit status when a usable camera exists.
    public static let exitFound: Int32 = 0
    /// Exit status when no usable camera exists.
    public static let exitNone: Int32 = 1
    /// Exit status on a usage error.
    public static let exitUsage: Int32 = 2

    /// Runs the command with the arguments after `devices`.
    public static func run(_ arguments: [String]) -> Int32 {
        if let first = arguments.first {
            if first == "--help" || first == "-h" {
                ConsoleOutput.out(helpText)
                return exitFound
            }
            ConsoleOutput.error("saoma devices: " + tr("unexpected argument") + " " + VisibleText.shortened(first))
            return exitUsage
        }
        let directory = CameraDiscovery.deviceDirectory
        let nodes = CameraDiscovery.scan(directory: directory)
        let best = CameraDiscovery.bestDefault(among: nodes.compactMap(\.camera))
        // Device names come from drivers and file names: shown visibly, line by line.
        let lines = report(nodes: nodes, directory: directory, defaultPath: best?.path).split(
            separator: "\n", omittingEmptySubsequences: false)
        ConsoleOutput.out(lines.map { VisibleText.of(String($0)) }.joined(separator: "\n"))
        let pipeWire = PipeWireMonitor.cameras(timeout: pipeWireTimeout)
        ConsoleOutput.out(pipeWireReport(pipeWire))
        let pipeWireUsable = (try? pipeWire.get())?.contains { CameraModePolicy.choose(from: $0.modes) != nil } ?? false
        return best == nil && !pipeWireUsable ? exitNone : exitFound
    }

    /// Text from a driver, a device folder or PipeWire (card, bus, node and format names, file
    /// names, a daemon's message) as printed: visible, one line, at most 200 characters. Made
    /// visible where each line is built: a line feed in a card name would otherwise start a line
    /// of its own, such as a forged "  /dev/video9  Camera  (default)".
    static func outside(_ text: String) -> String { VisibleText.shortened(text, limit: 200) }

    /// Seconds to wait for PipeWire's listing.
    static let pipeWireTimeout = 5.0

    /// The PipeWire part of the listing: each camera node with its id, name and formats.
    public static func pipeWireReport(_ result: Result<[PipeWireNode], PipeWireFailure>) -> String {
        let nodes: [PipeWireNode]
        switch result {
        case .failure(let failure):
            return "\n" + tr("PipeWire cameras: none (PipeWire is not reachable).") + "\n  " + outside(failure.message)
                + "\n"
        case .success(let found): nodes = found
        }
        guard !nodes.isEmpty else { return "\n" + tr("PipeWire cameras: none.") + "\n" }
        var lines = ["", tr("PipeWire cameras:")]
        for node in nodes {
            let camera = node.camera
            lines.append("  \(camera.path)  \(outside(camera.name))")
            lines.append("      " + tr("node name:") + " \(outside(node.name))")
            if let path = node.v4l2Path { lines.append("      " + tr("V4L2 device:") + " \(outside(path))") }
            for format in groupedModes(node.modes) { lines.append("      \(format)") }
            for value in node.skippedValues { lines.append("      " + skipped(value)) }
            for control in node.skippedControls { lines.append("      " + skipped(control)) }
            if !node.otherFormats.isEmpty {
                lines.append(
                    "      " + tr("formats Saoma cannot convert:") + " "
                        + node.otherFormats.map(outside).joined(separator: ", "))
            }
            if let chosen = PipeWireCapturePlan.choose(from: node.modes)?.capture {
                lines.append("      " + tr("Saoma captures at") + " \(chosen)")
            } else {
                lines.append("      " + tr("skipped:") + " " + tr("no pixel format Saoma can convert"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Usage of `saoma devices`.
    public static var helpText: String {
        tr("Usage: saoma devices") + "\n\n"
            + tr("Lists the cameras Saoma can use, their modes, and why other video devices are skipped.") + "\n"
            + tr("SAOMA_DEVICE_DIR overrides the directory searched for video devices (default /dev).") + "\n"
            + tr("PipeWire cameras are listed as pipewire:ID; choose one with --device pipewire:ID or --device pipewire:NODE_NAME.") + "\n"
    }

    /// The listing for `nodes` found in `directory`, `defaultPath` marking the camera Saoma picks.
    public static func report(nodes: [CameraNode], directory: String, defaultPath: String?) -> String {
        guard !nodes.isEmpty else {
            return tr("No video devices in") + " \(shownDirectory(directory)).\n" + "  "
                + tr("Is a webcam plugged in? Check `lsusb` and `dmesg`; a virtual machine or container needs the camera passed through.")
                + "\n"
        }
        var lines = [tr("Video devices in") + " \(shownDirectory(directory)):"]
        for node in nodes {
            switch node.status {
            case .camera(let device):
                let mark = device.path == defaultPath ? "  (" + tr("default") + ")" : ""
                lines.append("  \(outside(node.path))  \(outside(device.name))\(mark)")
                if !device.busInfo.isEmpty { lines.append("      " + tr("bus:") + " \(outside(device.busInfo))") }
                for format in groupedModes(device.modes) { lines.append("      \(format)") }
                for value in device.skippedValues { lines.append("      " + skipped(value)) }
                if let chosen = CaptureModePlan.choose(from: device.modes)?.capture {
                    lines.append("      " + tr("Saoma captures at") + " \(chosen)")
                }
            case .skipped(let kind, let name, let formats):
                let formatList = formats.isEmpty ? "" : "; " + tr("formats") + " " + formats.map(outside).joined(separator: ", ")
                lines.append("  \(outside(node.path))  " + tr("skipped:") + " " + reason(kind) + " (\(outside(name))\(formatList))")
            case .unavailable(let problem):
                lines.append("  \(outside(node.path))  " + tr("cannot open:") + " " + outside(explanation(problem)))
            }
        }
        if defaultPath == nil {
            lines.append("")
            lines.append(tr("No usable camera: every video device above was skipped or could not be opened."))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per native format: "MJPG: 1280×720 @ 30 fps, 1920×1080 @ 30 fps".
    static func groupedModes(_ modes: [CameraMode]) -> [String] {
        var order: [String] = []
        var byFormat: [String: [String]] = [:]
        for mode in modes {
            if byFormat[mode.pixelFormat] == nil { order.append(mode.pixelFormat) }
            byFormat[mode.pixelFormat, default: []].append("\(mode.width)×\(mode.height) @ \(mode.framesPerSecondText) fps")
        }
        return order.map { "\(outside($0)): " + (byFormat[$0] ?? []).joined(separator: ", ") }
    }

    /// The device directory as printed: `SAOMA_DEVICE_DIR` is any text, shown visibly and at
    /// most 200 characters long.
    static func shownDirectory(_ directory: String) -> String { VisibleText.shortened(directory, limit: 200) }

    /// One line for a value the camera reported out of range (skipped, so that nothing traps).
    static func skipped(_ value: CameraValues.Skipped) -> String {
        let limit = String(CameraValues.maximumSide)
        let slowest = CameraMode(width: 0, height: 0, framesPerSecond: CameraValues.minimumFramesPerSecond, pixelFormat: "")
        let fastest = CameraMode(width: 0, height: 0, framesPerSecond: CameraValues.maximumFramesPerSecond, pixelFormat: "")
        switch value {
        case .size(let width, let height):
            return tr("skipped frame size {size}: each side must be 1 to {limit} pixels", ["size": "\(width)×\(height)", "limit": limit])
        case .sizeRange(let minWidth, let maxWidth, let minHeight, let maxHeight):
            return tr(
                "skipped frame sizes {smallest} to {largest}: the smallest is larger than the largest",
                ["smallest": "\(minWidth)×\(minHeight)", "largest": "\(maxWidth)×\(maxHeight)"])
        case .interval(let interval):
            return tr(
                "skipped frame interval {interval} s: the rate must be {slowest} to {fastest} fps",
                ["interval": interval.description, "slowest": slowest.framesPerSecondText, "fastest": fastest.framesPerSecondText])
        case .rate(let rate):
            return tr(
                "skipped frame rate {rate} fps: the rate must be {slowest} to {fastest} fps",
                ["rate": rate.description, "slowest": slowest.framesPerSecondText, "fastest": fastest.framesPerSecondText])
        }
    }

    /// Why a PipeWire node's lens control is left alone.
    static func skipped(_ control: PipeWireLensControls.Skipped) -> String {
        let name = PipeWireLensControls.name(control.kind)
        switch control {
        case .type(let kind, let found) where kind == .focusAuto:
            return tr("skipped control {control}: offered as {type}, not as on or off", ["control": name, "type": outside(found)])
        case .type(_, let found):
            return tr("skipped control {control}: offered as {type}, not as an integer", ["control": name, "type": outside(found)])
        case .invertedRange(_, let minimum, let maximum):
            return tr(
                "skipped control {control}: its range {minimum} to {maximum} is inverted",
                ["control": name, "minimum": String(minimum), "maximum": String(maximum)])
        case .value(_, let value, let minimum, let maximum):
            return tr(
                "skipped control {control}: its value {value} is outside {minimum} to {maximum}",
                ["control": name, "value": String(value), "minimum": String(minimum), "maximum": String(maximum)])
        case .noValue:
            return tr("skipped control {control}: the camera reports no current value", ["control": name])
        }
    }

    static func reason(_ kind: CameraNodeKind) -> String {
        switch kind {
        case .capture: return tr("not a camera")
        case .metadataOnly: return tr("metadata-only node, not a video stream")
        case .infrared: return tr("infrared camera (face login sensor)")
        case .unsupportedFormats: return tr("no pixel format Saoma can convert")
        }
    }

    static func explanation(_ problem: CameraProblem) -> String {
        switch problem {
        case .noCamera: return tr("no camera")
        case .permissionDenied:
            return tr("permission denied. Add your user to the “video” group (sudo usermod -aG video $USER) and log in again.")
        case .busy: return tr("busy: another application is using this camera.")
        case .unplugged: return tr("the device disappeared (unplugged?).")
        case .noUsableFormat: return tr("no pixel format Saoma can convert.")
        case .failed(_, let message): return message
        case .awaitingPortal, .portalDenied, .portalUnavailable: return tr("camera access goes through the desktop’s camera portal.")
        }
    }
}
