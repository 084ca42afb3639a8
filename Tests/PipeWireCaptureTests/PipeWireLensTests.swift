// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import SaomaCore
import SaomaTestSupport
import Testing

/// A PipeWire camera's focus and zoom, published as PipeWire's V4L2 source publishes V4L2
/// controls (`PropInfo` at `SPA_PROP_START_CUSTOM` + the control id, current values in `Props`):
/// read, set through `Props` on the node, and set back when the capture stops; a node's hostile
/// control descriptions are refused with a line in `saoma devices`. The test camera logs every
/// value a client sets (`--props-log`), as the fake V4L2 device logs S_CTRL.
@Suite(.enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct PipeWireLensTests {
    /// A UVC webcam's lens controls, autofocus off.
    static let uvcControls = [autofocus, "focus_absolute=int:0:250:5:40", zoom]

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("the node's focus and zoom are read with their ranges and values")
    func lensControlsAreRead() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-lens-list", controls: Self.uvcControls)
        defer { camera.stop() }
        let nodes = try PipeWireMonitor.cameras(connection: session.connection()).get()
        let node = try #require(nodes.first { $0.name == "saoma-test-lens-list" }, "\(nodes)")
        #expect(
            node.lensControls.map(\.state) == [
                CameraControlState(kind: .focusAuto, minimum: 0, maximum: 1, step: 1, defaultValue: 0, value: 0),
                CameraControlState(kind: .focusAbsolute, minimum: 0, maximum: 250, step: 5, defaultValue: 40, value: 40),
                CameraControlState(kind: .zoomAbsolute, minimum: 100, maximum: 500, step: 1, defaultValue: 100, value: 100),
            ])
        #expect(node.lensControls.map(\.isBoolean) == [true, false, false])
        #expect(node.skippedControls.isEmpty)
    }

    @Test("lens values are set on the node while streaming and set back when the capture stops")
    func focusIsSetAndRestored() throws {
        let session = try PipeWireSession()
        let log = session.directory.appendingPathComponent("props.log").path
        let camera = try session.startCamera(name: "saoma-test-lens", controls: Self.uvcControls, propsLog: log)
        defer { camera.stop() }
        let (capture, events) = try session.startCapture(named: "saoma-test-lens")
        #expect(events.wait { $0.contains { if case .frame = $0 { true } else { false } } })
        #expect(capture.lensControls.map(\.kind) == [.focusAuto, .focusAbsolute, .zoomAbsolute])
        // What LensControlPolicy asks of such a camera: autofocus on, then a zoom for a small code.
        capture.setLens([.focusAuto: 1, .zoomAbsolute: 202])
        try Patience.wait("the node got the values") { Self.lines(log).count >= 2 }
        #expect(Self.lines(log) == ["focus_auto 1", "zoom_absolute 202"])
        #expect(capture.lensControls.first { $0.kind == .zoomAbsolute }?.value == 202)
        // Out of range: clamped to the control's range before it is sent.
        capture.setLens([.zoomAbsolute: 9000])
        try Patience.wait("the clamped zoom came") { Self.lines(log).count >= 3 }
        #expect(Self.lines(log).last == "zoom_absolute 500")
        capture.stop()
        // Set back in reverse order, to the values found, before the connection closed.
        try Patience.wait("the lens was set back") { Self.lines(log).count >= 5 }
        #expect(Self.lines(log).suffix(2) == ["zoom_absolute 100", "focus_auto 0"])
        #expect(capture.lensControls.isEmpty)
    }

    @Test("a camera without lens controls gets none set")
    func noControlsNoRequests() throws {
        let session = try PipeWireSession()
        let log = session.directory.appendingPathComponent("props.log").path
        let camera = try session.startCamera(name: "saoma-test-no-lens", controls: ["focus_auto=bool:0:1:1:0"], propsLog: log)
        defer { camera.stop() }
        let (capture, events) = try session.startCapture(named: "saoma-test-no-lens")
        #expect(events.wait { $0.contains { if case .frame = $0 { true } else { false } } })
        // Only autofocus is offered: a zoom asked for is never sent; autofocus is.
        capture.setLens([.zoomAbsolute: 300, .focusAuto: 1])
        try Patience.wait("autofocus was set") { !Self.lines(log).isEmpty }
        capture.stop()
        try Patience.wait("autofocus was set back") { Self.lines(log).count >= 2 }
        #expect(Self.lines(log) == ["focus_auto 1", "focus_auto 0"])
    }

    /// A good control the test camera publishes beside a hostile one.
    static let autofocus = "focus_auto=bool:0:1:1:0"
    static let zoom = "zoom_absolute=int:100:500:1:100"

    /// Hostile control descriptions, the good control beside each, and the line `saoma devices`
    /// prints for it (none: kept).
    static let hostile: [(control: String, beside: String, line: String?)] = [
        ("focus_absolute=float:0:250:1:40", autofocus, "skipped control focus_absolute: offered as Float, not as an integer"),
        ("focus_absolute=string:0:250:1:40", autofocus, "skipped control focus_absolute: offered as String, not as an integer"),
        ("zoom_absolute=long:100:500:1:100", autofocus, "skipped control zoom_absolute: offered as Long, not as an integer"),
        ("focus_auto=menu:0:3:1:1", zoom, "skipped control focus_auto: offered as Int menu, not as on or off"),
        // A Choice cut after its type and flags: its count would underflow; nothing is read from it.
        ("focus_absolute=short:0:250:1:40", autofocus, "skipped control focus_absolute: offered as empty Choice, not as an integer"),
        ("zoom_absolute=int:500:100:1:200", autofocus, "skipped control zoom_absolute: its range 500 to 100 is inverted"),
        ("focus_absolute=int:0:250:1:99999", autofocus, "skipped control focus_absolute: its value 99999 is outside 0 to 250"),
        ("focus_absolute=int:-2147483648:2147483647:-7:-2147483648", autofocus, nil),
    ]

    @Test("hostile control descriptions are refused with a line, and the good ones kept", arguments: hostile.indices)
    func hostileControlsAreRefused(_ index: Int) throws {
        let (control, beside, line) = Self.hostile[index]
        let session = try PipeWireSession()
        let kept: CameraControlKind = beside == Self.zoom ? .zoomAbsolute : .focusAuto
        let camera = try session.startCamera(name: "saoma-test-hostile-lens", controls: [control, beside])
        defer { camera.stop() }
        let run = try SpawnedCommand.run(["devices"], environment: session.variables)
        #expect(run.status == 0, "\(control): \(run.output)")
        #expect(run.output.contains("  pipewire:\(camera.nodeID)  Saoma Test Camera\n"))
        let nodes = try PipeWireMonitor.cameras(connection: session.connection()).get()
        let node = try #require(nodes.first { $0.name == "saoma-test-hostile-lens" }, "\(nodes)")
        guard let line else {
            // The extreme but consistent range is kept (its step read as 1): nothing to refuse.
            #expect(!run.output.contains("skipped control"), "\(run.output)")
            #expect(node.lensControls.map(\.state.kind).sorted { $0.rawValue < $1.rawValue } == [.focusAbsolute, .focusAuto])
            #expect(node.lensControls.first { $0.state.kind == .focusAbsolute }?.state.step == 1)
            return
        }
        #expect(run.output.contains("      \(line)\n"), "\(control): \(run.output)")
        #expect(run.output.components(separatedBy: "skipped control").count == 2, "\(run.output)")
        // The refused control is not used; the one beside it is.
        #expect(node.lensControls.map(\.state.kind) == [kept], "\(node.lensControls)")
    }

    @Test("controls that do not add up are never set")
    func unusableControlsAreNeverSet() throws {
        let session = try PipeWireSession()
        let log = session.directory.appendingPathComponent("props.log").path
        // A menu-typed autofocus beside an integer zoom whose value is out of range: nothing usable.
        let camera = try session.startCamera(
            name: "saoma-test-refused", controls: ["focus_auto=menu:0:3:1:1", "zoom_absolute=int:100:500:1:7"], propsLog: log)
        defer { camera.stop() }
        let (capture, events) = try session.startCapture(named: "saoma-test-refused")
        #expect(events.wait { $0.contains { if case .frame = $0 { true } else { false } } })
        #expect(capture.lensControls.isEmpty)
        capture.setLens([.focusAuto: 1, .zoomAbsolute: 200])
        // A frame later the request is gone unsent: the next frames come and the log stays empty.
        let seen = capture.framesDelivered
        #expect(events.wait { _ in capture.framesDelivered >= seen + 2 })
        capture.stop()
        #expect(Self.lines(log).isEmpty)
    }
}
