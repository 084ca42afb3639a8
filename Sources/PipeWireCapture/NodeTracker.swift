// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import Glibc
import SaomaCore

/// Follows the registry's `Video/Source` nodes and their formats on one `PipeWireLoop`.
///
/// Owned by the loop thread: created, fed and destroyed with the loop locked; `onChange` runs
/// on the loop thread with the complete list (every node's `EnumFormat` params read) after the
/// first listing and after every change. Node proxies and hooks are released in `destroy()`.
final class NodeTracker {
    /// Called with every camera node, in id order, once a listing is complete.
    var onChange: ([PipeWireNode]) -> Void
    /// Called with the core's errors: the message, and whether the connection itself broke
    /// (`EPIPE`: the daemon went away) rather than one request failing.
    var onError: (String, _ connectionLost: Bool) -> Void

    private let core: OpaquePointer
    private let registry: OpaquePointer
    private let registryListener = SpaListener<pw_registry_events>(version: PW_VERSION_REGISTRY_EVENTS)
    private let coreListener = SpaListener<pw_core_events>(version: PW_VERSION_CORE_EVENTS)
    private var nodes: [UInt32: TrackedNode] = [:]
    /// The sequence number of the last `pw_core_sync`; the listing is complete when it returns.
    private var pendingSync: Int32 = 0
    private var published: [PipeWireNode]?
    /// Round trips asked for (`roundTrip`), by their sequence number.
    private var roundTrips: [Int32: () -> Void] = [:]

    /// Starts listening on `core` (loop-locked).
    init?(core: OpaquePointer, onChange: @escaping ([PipeWireNode]) -> Void, onError: @escaping (String, Bool) -> Void) {
        guard let registry = saoma_pw_core_get_registry(core) else { return nil }
        self.core = core
        self.registry = registry
        self.onChange = onChange
        self.onError = onError
        let registryEvents = registryListener.events
        registryEvents.pointee.global = { data, id, _, type, _, props in
            guard let data, let type else { return }
            Unmanaged<NodeTracker>.fromOpaque(data).takeUnretainedValue().added(id: id, type: String(cString: type), props: props)
        }
        registryEvents.pointee.global_remove = { data, id in
            guard let data else { return }
            Unmanaged<NodeTracker>.fromOpaque(data).takeUnretainedValue().removed(id: id)
        }
        let coreEvents = coreListener.events
        coreEvents.pointee.done = { data, id, seq in
            guard let data, id == PW_ID_CORE else { return }
            Unmanaged<NodeTracker>.fromOpaque(data).takeUnretainedValue().synced(seq)
        }
        coreEvents.pointee.error = { data, id, _, res, message in
            guard let data, id == PW_ID_CORE else { return }
            let text = message.map { String(cString: $0) } ?? String(cString: strerror(-res))
            Unmanaged<NodeTracker>.fromOpaque(data).takeUnretainedValue().onError(text, res == -EPIPE)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = saoma_pw_core_add_listener(core, coreListener.hook, coreEvents, me)
        _ = saoma_pw_registry_add_listener(registry, registryListener.hook, registryEvents, me)
        requestSync()
    }

    /// Drops `loop`'s connection (after `previous`, made on it, is destroyed), connects anew
    /// over `connection` and follows the new registry (loop-locked): what a first connection and
    /// every reconnection after the daemon went away do.
    static func reconnecting(
        _ previous: NodeTracker?, loop: PipeWireLoop, connection: PipeWireConnection,
        onChange: @escaping ([PipeWireNode]) -> Void, onError: @escaping (String, Bool) -> Void
    ) -> Result<NodeTracker, PipeWireFailure> {
        previous?.destroy()
        loop.disconnect()
        do throws(PipeWireFailure) {
            try loop.connect(fd: connection.takeDescriptor())
        } catch {
            return .failure(error)
        }
        guard let core = loop.core else { return .failure(.unreachable("no core")) }
        guard let tracker = NodeTracker(core: core, onChange: onChange, onError: onError) else { return .failure(.failed("no registry")) }
        return .success(tracker)
    }

    /// Removes every listener and proxy (loop-locked). The tracker is inert afterwards.
    func destroy() {
        for node in nodes.values { node.destroy() }
        nodes = [:]
        roundTrips = [:]
        registryListener.remove()
        coreListener.remove()
        pw_proxy_destroy(registry)
    }

    /// Sets `props` (a `Props` param) on node `id` (loop-locked); false when the node is not
    /// tracked (gone) or the request could not be sent.
    func setProps(nodeID id: UInt32, _ props: UnsafePointer<spa_pod>) -> Bool {
        guard let node = nodes[id] else { return false }
        return node.setProps(props)
    }

    /// Whether node `id` is still in the registry.
    func tracks(nodeID id: UInt32) -> Bool { nodes[id] != nil }

    /// Calls `done` on the loop thread once the daemon has handled every request sent before
    /// (a `pw_core_sync` round trip), unless the tracker is destroyed first (loop-locked).
    func roundTrip(_ done: @escaping () -> Void) {
        roundTrips[saoma_pw_core_sync(core, 0)] = done
    }

    /// The cameras of the last complete listing (`nil` before the first).
    var cameras: [PipeWireNode]? { published }

    private func requestSync() {
        pendingSync = saoma_pw_core_sync(core, pendingSync)
    }

    private func added(id: UInt32, type: String, props: UnsafePointer<spa_dict>?) {
        guard type == String(cString: saoma_pw_type_interface_node()), let props else { return }
        // Properties come from any client of the daemon: read at most 4 KiB of each, and keep
        // names and descriptions visible and short (`PipeWireNode.propertyText`).
        func value(_ key: String) -> String? {
            spa_dict_lookup(props, key).map { raw in
                let length = strnlen(raw, 4096)
                return String(decoding: UnsafeRawBufferPointer(start: raw, count: length), as: UTF8.self)
            }
        }
        guard value("media.class") == "Video/Source" else { return }
        var v4l2Path = value("api.v4l2.path").map(PipeWireNode.propertyText)
        if v4l2Path == nil, let objectPath = value("object.path"), objectPath.hasPrefix("v4l2:") {
            v4l2Path = PipeWireNode.propertyText(String(objectPath.dropFirst("v4l2:".count)))
        }
        let name = value("node.name").map(PipeWireNode.propertyText) ?? "node-\(id)"
        let description = (value("node.description") ?? value("node.nick")).map(PipeWireNode.propertyText) ?? name
        guard let proxy = saoma_pw_registry_bind_node(registry, id) else { return }
        let node = TrackedNode(
            info: PipeWireNode(id: id, name: name, description: description, v4l2Path: v4l2Path), proxy: proxy)
        nodes[id] = node
        node.start()
        requestSync()
    }

    private func removed(id: UInt32) {
        guard let node = nodes.removeValue(forKey: id) else { return }
        node.destroy()
        requestSync()
    }

    private func synced(_ seq: Int32) {
        if let done = roundTrips.removeValue(forKey: seq) { done() }
        guard seq == pendingSync else { return }
        let list = nodes.keys.sorted().compactMap { nodes[$0]?.snapshot }
        guard list != published else { return }
        published = list
        onChange(list)
    }
}

/// One bound node proxy collecting its `EnumFormat` params (the modes) and its `PropInfo` and
/// `Props` params (the lens controls). Loop thread only.
private final class TrackedNode {
    private(set) var info: PipeWireNode
    private let proxy: OpaquePointer
    private let listener = SpaListener<pw_node_events>(version: PW_VERSION_NODE_EVENTS)
    private var modes: [CameraMode] = []
    private var otherFormats: [String] = []
    /// Values offered out of range (each once).
    private var skippedValues: [CameraValues.Skipped] = []
    /// The lens controls' `PropInfo`s (other properties are not kept) and current values.
    private var propertyInfos: [PipeWireLensControls.Info] = []
    private var propertyValues: [UInt32: PipeWireLensControls.Value] = [:]

    init(info: PipeWireNode, proxy: OpaquePointer) {
        self.info = info
        self.proxy = proxy
        let events = listener.events
        events.pointee.param = { data, _, id, _, _, param in
            guard let data, let param else { return }
            let node = Unmanaged<TrackedNode>.fromOpaque(data).takeUnretainedValue()
            switch id {
            case saoma_spa_param_enum_format(): node.offered(param)
            case saoma_spa_param_prop_info(): node.described(param)
            case saoma_spa_param_props(): node.valued(param)
            default: break
            }
        }
    }

    func start() {
        _ = saoma_pw_node_add_listener(proxy, listener.hook, listener.events, Unmanaged.passUnretained(self).toOpaque())
        _ = saoma_pw_node_enum_formats(proxy, 0)
        // A node without controls answers with an error for the proxy, which nothing waits for.
        _ = saoma_pw_node_enum_params(proxy, 0, saoma_spa_param_prop_info())
        _ = saoma_pw_node_enum_params(proxy, 0, saoma_spa_param_props())
    }

    func destroy() {
        listener.remove()
        pw_proxy_destroy(proxy)
    }

    /// Sends `props` to the node.
    func setProps(_ props: UnsafePointer<spa_pod>) -> Bool { saoma_pw_node_set_props(proxy, props) >= 0 }

    /// The node with the modes and controls read so far, modes without duplicates, in the order offered.
    var snapshot: PipeWireNode {
        var node = info
        var seen = Set<CameraMode>()
        node.modes = modes.filter { seen.insert($0).inserted }
        node.otherFormats = Array(Set(otherFormats)).sorted()
        node.skippedValues = Array(skippedValues.prefix(CameraValues.maximumSkippedShown))
        (node.lensControls, node.skippedControls) = PipeWireLensControls.controls(infos: propertyInfos, values: propertyValues)
        return node
    }

    private func offered(_ param: UnsafePointer<spa_pod>) {
        let format = SpaFormat(param)
        let offer = format.offer
        modes += offer.modes.prefix(max(0, CameraValues.maximumModes - modes.count))
        if skippedValues.count < CameraValues.maximumSkippedShown { skippedValues += offer.skipped.filter { !skippedValues.contains($0) } }
        otherFormats += format.unsupportedNames
    }

    /// One `PropInfo`: kept when it is a lens control's (the first of each).
    private func described(_ param: UnsafePointer<spa_pod>) {
        guard let info = SpaProps.info(param), PipeWireLensControls.kind(propertyID: info.id) != nil,
            !propertyInfos.contains(where: { $0.id == info.id })
        else { return }
        propertyInfos.append(info)
    }

    /// The `Props`: the lens controls' current values (a later `Props` replaces them).
    private func valued(_ param: UnsafePointer<spa_pod>) {
        propertyValues = SpaProps.values(param)
    }
}
