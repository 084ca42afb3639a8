// SPDX-License-Identifier: GPL-3.0-or-later

/// A `Video/Source` node in the PipeWire graph, as discovery found it.
public struct PipeWireNode: Hashable, Sendable {
    /// The node's global id (changes when the camera is replugged).
    public var id: UInt32
    /// `node.name`: stable across replugs, what a setting remembers.
    public var name: String
    /// `node.description` (or `node.nick`), for people.
    public var description: String
    /// The V4L2 node behind it (`api.v4l2.path`), when the node is WirePlumber's view of one.
    public var v4l2Path: String?
    /// The modes its `EnumFormat` params offer, in the formats Saoma converts.
    public var modes: [CameraMode]
    /// Formats it offers that Saoma cannot convert (SPA names such as `"RGBx"`), for diagnosis.
    public var otherFormats: [String]
    /// Sizes and rates it offers that are out of range (skipped), for diagnosis.
    public var skippedValues: [CameraValues.Skipped] = []
    /// The lens controls (focus, zoom) its `PropInfo` and `Props` offer, with their values then.
    public var lensControls: [PipeWireLensControls.Control] = []
    /// Lens controls it offers that do not add up (skipped), for diagnosis.
    public var skippedControls: [PipeWireLensControls.Skipped] = []

    public init(
        id: UInt32, name: String, description: String, v4l2Path: String? = nil, modes: [CameraMode] = [], otherFormats: [String] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.v4l2Path = v4l2Path
        self.modes = modes
        self.otherFormats = otherFormats
    }

    /// Longest property value kept, in characters (a node's properties come from any client of
    /// the PipeWire daemon: hostile until handled).
    public static let maximumPropertyLength = 120

    /// A property value from the registry made safe to keep and show: controls made visible,
    /// cut to `maximumPropertyLength` characters.
    public static func propertyText(_ raw: String) -> String {
        VisibleText.shortened(raw, limit: maximumPropertyLength)
    }

    /// The node as a camera: path `pipewire:ID`, bus info `pipewire:NAME` (kept across replugs).
    public var camera: CameraDevice {
        var device = CameraDevice(
            path: PipeWireDeviceSpec.prefix + String(id), name: description.isEmpty ? name : description,
            busInfo: PipeWireDeviceSpec.prefix + name, modes: modes)
        device.skippedValues = skippedValues
        return device
    }
}

/// How `--device` names a PipeWire camera: `pipewire:ID`, `pipewire:NODE_NAME`, or bare `pipewire`
/// (the best PipeWire camera).
public enum PipeWireDeviceSpec: Hashable, Sendable {
    /// Any PipeWire camera (the best one).
    case any
    /// The node with this global id.
    case id(UInt32)
    /// The node with this `node.name`.
    case name(String)

    /// The scheme in front of PipeWire device specs.
    public static let prefix = "pipewire:"

    /// Parses `text`; `nil` when it is not a PipeWire spec (a `/dev/video*` path, say).
    public init?(_ text: String) {
        if text == "pipewire" || text == Self.prefix {
            self = .any
            return
        }
        guard text.hasPrefix(Self.prefix) else { return nil }
        let rest = String(text.dropFirst(Self.prefix.count))
        if let id = UInt32(rest), rest.allSatisfy(\.isASCII) {
            self = .id(id)
        } else {
            self = .name(rest)
        }
    }

    /// Whether `node` is the one this spec names.
    public func matches(_ node: PipeWireNode) -> Bool {
        switch self {
        case .any: return true
        case .id(let id): return node.id == id
        case .name(let name): return node.name == name
        }
    }

    /// The node this spec chooses among `nodes`: the named one, or the best for `.any`.
    public func choose(among nodes: [PipeWireNode]) -> PipeWireNode? {
        switch self {
        case .any: return nodes.first { CameraModePolicy.choose(from: $0.modes) != nil }
        case .id, .name: return nodes.first(where: matches)
        }
    }
}

/// The raw video formats PipeWire cameras send that Saoma converts, with the fourcc the rest of
/// Saoma (the mode policy, `saoma devices`) spells them with.
public enum PipeWireVideoFormat: String, Hashable, Sendable, CaseIterable {
    /// Packed 4:2:2, Y0 U Y1 V (V4L2's YUYV).
    case yuy2 = "YUYV"
    /// Planar 4:2:0 with interleaved U V.
    case nv12 = "NV12"
    /// Planar 4:2:0, U then V (V4L2's YU12).
    case i420 = "YU12"
    /// Motion JPEG.
    case mjpg = "MJPG"

    /// The format of `mode` (by its fourcc), if Saoma converts it.
    public init?(fourcc: String) { self.init(rawValue: fourcc) }

    /// The format PipeWire calls `name` (`"YUY2"`), if Saoma converts it.
    public init?(pipeWireName name: String) {
        guard let format = Self.allCases.first(where: { $0.pipeWireName == name }) else { return nil }
        self = format
    }

    /// The format's name in PipeWire (`pw-dump`, `spa_debug_type_find_short_name`).
    public var pipeWireName: String {
        switch self {
        case .yuy2: return "YUY2"
        case .nv12: return "NV12"
        case .i420: return "I420"
        case .mjpg: return "MJPG"
        }
    }

    /// Bytes a tightly packed `width`×`height` frame needs (`nil` for JPEG: it varies).
    public func packedSize(width: Int, height: Int) -> Int? {
        guard CameraValues.isAcceptable(width: width, height: height) else { return nil }
        switch self {
        case .yuy2: return width * height * 2
        case .nv12, .i420: return width * height + 2 * ((width / 2) * (height / 2))
        case .mjpg: return nil
        }
    }
}

/// Which cameras the picker lists when V4L2 and PipeWire both see some.
///
/// A camera reachable both ways is listed once: through V4L2 when its node opens (outside a
/// sandbox V4L2 is Saoma's first path), through PipeWire otherwise; PipeWire nodes with no V4L2
/// node behind them (libcamera sensors, virtual and portal cameras) are always listed.
public enum CameraListMerge {
    /// V4L2 cameras first (in their order), then the PipeWire cameras not already among them.
    ///
    /// - Parameters:
    ///   - v4l2: usable V4L2 cameras (nodes that opened), best first.
    ///   - pipeWire: PipeWire `Video/Source` nodes.
    public static func merge(v4l2: [CameraDevice], pipeWire: [PipeWireNode]) -> [CameraDevice] {
        let opened = Set(v4l2.map(\.path))
        let extra = pipeWire.filter { node in
            guard let path = node.v4l2Path else { return true }
            return !opened.contains(path)
        }
        return v4l2 + extra.filter { CameraModePolicy.choose(from: $0.modes) != nil }.map(\.camera)
    }
}
