// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct PipeWireCameraTests {
    static func node(_ id: UInt32, _ name: String, v4l2: String? = nil, modes: [String] = ["1280x720@30 YUYV"]) -> PipeWireNode {
        PipeWireNode(id: id, name: name, description: name.uppercased(), v4l2Path: v4l2, modes: modes.map(CameraModePolicyTests.mode))
    }

    @Test(arguments: [
        ("pipewire:42", PipeWireDeviceSpec.id(42)),
        ("pipewire:0", .id(0)),
        ("pipewire:libcamera_input.ipu6", .name("libcamera_input.ipu6")),
        ("pipewire:42a", .name("42a")),
        ("pipewire:-1", .name("-1")),
        ("pipewire:99999999999", .name("99999999999")),
        ("pipewire:٤٢", .name("٤٢")),
        ("pipewire", .any),
        ("pipewire:", .any),
    ])
    func parsesDeviceSpecs(text: String, expected: PipeWireDeviceSpec) {
        #expect(PipeWireDeviceSpec(text) == expected)
    }

    @Test(arguments: ["/dev/video0", "video0", "", "PipeWire:3", "pipewire3", " pipewire:3"])
    func otherDevicesAreNoPipeWireSpec(text: String) {
        #expect(PipeWireDeviceSpec(text) == nil)
    }

    @Test func specsChooseTheirNode() {
        let nodes = [Self.node(40, "ir", modes: []), Self.node(41, "cam"), Self.node(42, "other")]
        #expect(PipeWireDeviceSpec.id(42).choose(among: nodes)?.name == "other")
        #expect(PipeWireDeviceSpec.name("cam").choose(among: nodes)?.id == 41)
        #expect(PipeWireDeviceSpec.name("gone").choose(among: nodes) == nil)
        // Any: the first node with a mode Saoma can capture in.
        #expect(PipeWireDeviceSpec.any.choose(among: nodes)?.id == 41)
    }

    @Test func nodeBecomesACameraDeviceKeptByName() {
        let camera = Self.node(7, "v4l2_input.usb").camera
        #expect(camera.path == "pipewire:7")
        #expect(camera.busInfo == "pipewire:v4l2_input.usb")
        #expect(camera.name == "V4L2_INPUT.USB")
        #expect(camera.modes.count == 1)
    }

    @Test(arguments: [
        // (V4L2 cameras that opened, PipeWire nodes as "id name v4l2path", expected paths)
        ([], ["5 libcamera -"], ["pipewire:5"]),
        (["/dev/video0"], ["5 usb /dev/video0"], ["/dev/video0"]),
        (["/dev/video0"], ["5 usb /dev/video0", "6 ipu6 -"], ["/dev/video0", "pipewire:6"]),
        // The V4L2 node did not open (sandbox, permission): PipeWire's view of it is listed.
        ([], ["5 usb /dev/video0"], ["pipewire:5"]),
        (["/dev/video2"], ["5 usb /dev/video0"], ["/dev/video2", "pipewire:5"]),
        (["/dev/video0"], [], ["/dev/video0"]),
    ])
    func mergedListShowsEachCameraOnce(v4l2: [String], pipeWire: [String], expected: [String]) {
        let devices = v4l2.map { CameraDevice(path: $0, name: $0, busInfo: "") }
        let nodes = pipeWire.map { spec -> PipeWireNode in
            let fields = spec.split(separator: " ").map(String.init)
            return Self.node(UInt32(fields[0]) ?? 0, fields[1], v4l2: fields[2] == "-" ? nil : fields[2])
        }
        #expect(CameraListMerge.merge(v4l2: devices, pipeWire: nodes).map(\.path) == expected)
    }

    @Test func nodesWithoutUsableModesAreNotListed() {
        let merged = CameraListMerge.merge(v4l2: [], pipeWire: [Self.node(3, "depth", modes: []), Self.node(4, "cam")])
        #expect(merged.map(\.path) == ["pipewire:4"])
    }

    @Test(arguments: [
        (PipeWireVideoFormat.yuy2, 1280, 720, 1_843_200), (.nv12, 1280, 720, 1_382_400), (.i420, 640, 480, 460_800),
    ])
    func packedSizes(format: PipeWireVideoFormat, width: Int, height: Int, bytes: Int) {
        #expect(format.packedSize(width: width, height: height) == bytes)
    }

    @Test func formatsRoundTripTheirNames() {
        for format in PipeWireVideoFormat.allCases {
            #expect(PipeWireVideoFormat(pipeWireName: format.pipeWireName) == format)
            #expect(PipeWireVideoFormat(fourcc: format.rawValue) == format)
        }
        #expect(PipeWireVideoFormat(pipeWireName: "RGBx") == nil)
    }
}

@Suite struct PipeWireStreamStateTests {
    typealias State = PipeWireStreamState
    static let cam = PipeWireCameraTests.node(5, "cam")
    static let camBack = PipeWireCameraTests.node(9, "cam")
    static let other = PipeWireCameraTests.node(6, "other")

    @Test func connectsWhenTheNodeIsListed() {
        var state = State(spec: .name("cam"), deviceLabel: "pipewire:cam")
        #expect(state.camerasChanged([Self.other, Self.cam]) == .connect(Self.cam))
        #expect(state.phase == .connected(Self.cam))
        #expect(state.camerasChanged([Self.cam]) == .none)
    }

    @Test func unplugThenReturnReconnectsToTheNewNode() {
        var state = State(spec: .name("cam"), deviceLabel: "pipewire:cam")
        _ = state.camerasChanged([Self.cam])
        #expect(state.camerasChanged([Self.other]) == .disconnect(.unplugged(device: "pipewire:cam")))
        // Still gone: stays unplugged, reports nothing new.
        #expect(state.camerasChanged([]) == .none)
        #expect(state.camerasChanged([Self.camBack]) == .connect(Self.camBack))
    }

    @Test func theDaemonGoingAwayIsAnUnplugUntilTheNodeIsListedAgain() {
        var state = State(spec: .name("cam"), deviceLabel: "pipewire:cam")
        _ = state.camerasChanged([Self.cam])
        let lost = state.daemonLost()
        #expect(lost == .disconnect(.unplugged(device: "pipewire:cam")))
        // Reported once; the restarted daemon's first listing without the camera changes nothing.
        let lostAgain = state.daemonLost()
        #expect(lostAgain == .none)
        #expect(state.camerasChanged([]) == .none)
        #expect(state.camerasChanged([Self.camBack]) == .connect(Self.camBack))
    }

    @Test func theDaemonGoingAwayBeforeAnyListingIsReportedAsUnplugged() {
        var state = State(spec: .any, deviceLabel: "pipewire")
        let lost = state.daemonLost()
        #expect(lost == .report(.unplugged(device: "pipewire")))
        #expect(state.camerasChanged([Self.cam]) == .connect(Self.cam))
    }

    @Test func anySpecMovesToAnotherCameraWhenItsNodeGoes() {
        var state = State(spec: .any, deviceLabel: "pipewire")
        _ = state.camerasChanged([Self.cam, Self.other])
        #expect(state.camerasChanged([Self.other]) == .connect(Self.other))
    }

    @Test func noMatchingNodeIsNoCameraReportedOnce() {
        var state = State(spec: .id(77), deviceLabel: "pipewire:77")
        #expect(state.camerasChanged([Self.cam]) == .report(.noCamera))
        #expect(state.camerasChanged([Self.cam, Self.other]) == .none)
    }

    @Test func aNodeWithoutUsableModesIsNoUsableFormat() {
        var state = State(spec: .name("ir"), deviceLabel: "pipewire:ir")
        let ir = PipeWireCameraTests.node(3, "ir", modes: [])
        #expect(state.camerasChanged([ir]) == .report(.noUsableFormat(device: "pipewire:ir")))
    }

    @Test func streamFailureDisconnectsOnlyWhenConnected() {
        var state = State(spec: .name("cam"), deviceLabel: "pipewire:cam")
        #expect(state.streamFailed(message: "x") == .none)
        _ = state.camerasChanged([Self.cam])
        #expect(state.streamFailed(message: "no memory") == .disconnect(.failed(device: "pipewire:cam", message: "no memory")))
        // The node is still there: the next listing change connects again.
        #expect(state.camerasChanged([Self.cam, Self.other]) == .connect(Self.cam))
    }
}
