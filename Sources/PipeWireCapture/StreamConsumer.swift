// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import SaomaCore

/// A `pw_stream` consuming one node in one of the modes asked for (the first the node takes).
/// Loop thread (or loop-locked) only.
///
/// Transfer rule: the consumer owns its stream and listener and frees them in `destroy()`.
/// Buffers are dequeued, read and queued back within `process`: no frame outlives its buffer.
final class StreamConsumer {
    typealias FrameHandler = ([StreamFrame.Plane], PipeWireVideoFormat, Int, Int) -> Void

    private let stream: OpaquePointer
    private let listener = SpaListener<pw_stream_events>(version: PW_VERSION_STREAM_EVENTS)
    private let requested: CameraMode
    private let onStreaming: (CameraMode) -> Void
    private let onFailure: (String) -> Void
    private let onFrame: FrameHandler
    /// The negotiated format, once `param_changed` brought it.
    private var negotiated: (format: PipeWireVideoFormat, width: Int, height: Int, mode: CameraMode)?
    private var destroyed = false

    init?(
        core: OpaquePointer, node: PipeWireNode, modes: [CameraMode], onStreaming: @escaping (CameraMode) -> Void,
        onFailure: @escaping (String) -> Void, onFrame: @escaping FrameHandler
    ) {
        guard let mode = modes.first, let props = saoma_pw_properties_empty() else { return nil }
        for (key, value) in [
            ("media.type", "Video"), ("media.category", "Capture"), ("media.role", "Camera"), ("target.object", node.name),
            ("node.dont-reconnect", "true"), ("node.name", "saoma-capture"), ("application.name", "Saoma"),
        ] {
            pw_properties_set(props, key, value)
        }
        guard let stream = pw_stream_new(core, "Saoma camera", props) else { return nil }
        self.stream = stream
        self.requested = mode
        self.onStreaming = onStreaming
        self.onFailure = onFailure
        self.onFrame = onFrame
        let events = listener.events
        events.pointee.state_changed = { data, _, state, error in
            guard let data else { return }
            Unmanaged<StreamConsumer>.fromOpaque(data).takeUnretainedValue().stateChanged(state, error: error.map { String(cString: $0) })
        }
        events.pointee.param_changed = { data, id, param in
            guard let data, id == saoma_spa_param_format(), let param else { return }
            Unmanaged<StreamConsumer>.fromOpaque(data).takeUnretainedValue().formatChanged(param)
        }
        events.pointee.process = { data in
            guard let data else { return }
            Unmanaged<StreamConsumer>.fromOpaque(data).takeUnretainedValue().process()
        }
        pw_stream_add_listener(stream, listener.hook, events, Unmanaged.passUnretained(self).toOpaque())
        // One fixed format per mode, best first: the node takes the first it can.
        let podSize = 1024
        var buffer = [UInt8](repeating: 0, count: podSize * modes.count)
        let result: Int32 = buffer.withUnsafeMutableBufferPointer { bytes in
            var params: [UnsafePointer<spa_pod>?] = []
            for index in modes.indices {
                let slice = UnsafeMutableBufferPointer(rebasing: bytes[index * podSize..<(index + 1) * podSize])
                guard let built = SpaFormat.build(modes[index], in: slice) else { return -EINVAL }
                params.append(built)
            }
            let flags = pw_stream_flags(PW_STREAM_FLAG_AUTOCONNECT.rawValue | PW_STREAM_FLAG_MAP_BUFFERS.rawValue)
            return pw_stream_connect(stream, SPA_DIRECTION_INPUT, node.id, flags, &params, UInt32(params.count))
        }
        if result < 0 {
            destroy()
            return nil
        }
    }

    /// Disconnects and frees the stream (loop-locked). Idempotent.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        listener.remove()
        pw_stream_destroy(stream)
    }

    private func stateChanged(_ state: pw_stream_state, error: String?) {
        switch state {
        case PW_STREAM_STATE_ERROR: onFailure(error ?? "stream error")
        case PW_STREAM_STATE_STREAMING: onStreaming(negotiated?.mode ?? requested)
        default: break
        }
    }

    private func formatChanged(_ param: UnsafePointer<spa_pod>) {
        let format = SpaFormat(param)
        guard let kind = format.formats.first, let offered = format.sizes.first else {
            negotiated = nil
            return
        }
        // The node's answer is any pair of numbers: no larger frame is looked at.
        let (width, height) = (Int(offered.width), Int(offered.height))
        guard CameraValues.isAcceptable(width: width, height: height) else {
            negotiated = nil
            onFailure("the camera set a frame of \(offered.width)×\(offered.height) pixels (at most \(CameraValues.maximumSide) a side)")
            return
        }
        let rate = format.rates.first.flatMap { CameraValues.framesPerSecond(rate: $0) } ?? requested.framesPerSecond
        negotiated = (kind, width, height, CameraMode(width: width, height: height, framesPerSecond: rate, pixelFormat: kind.rawValue))
    }

    private func process() {
        // Take the newest buffer, hand every older one straight back.
        var newest: UnsafeMutablePointer<pw_buffer>?
        while let next = pw_stream_dequeue_buffer(stream) {
            if let older = newest { pw_stream_queue_buffer(stream, older) }
            newest = next
        }
        guard let newest else { return }
        defer { pw_stream_queue_buffer(stream, newest) }
        guard let negotiated, let spaBuffer = newest.pointee.buffer else { return }
        onFrame(StreamFrame.planes(of: spaBuffer), negotiated.format, negotiated.width, negotiated.height)
    }
}
