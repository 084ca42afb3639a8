// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import PipeWireCapture
import SaomaCore
import SaomaTestSupport
import Testing

extension PipeWireSession {
    /// A connection to this daemon for clients in the test process: a socket connected to it,
    /// handed over as the camera portal hands one over (tests may run in parallel, each with its
    /// own daemon, so the process environment cannot say which).
    func connection() throws -> PipeWireConnection {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw EndToEndError("socket() failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw EndToEndError("the socket path is too long: \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw EndToEndError("cannot connect to the private PipeWire daemon")
        }
        return PipeWireConnection(descriptor: fd)
    }

    /// A capture of the node named `name` on this daemon, started, with every event it reports
    /// collected; the caller stops it.
    func startCapture(named name: String) throws -> (capture: PipeWireCapture, events: Collected<FrameSourceEvent>) {
        let events = Collected<FrameSourceEvent>()
        let capture = PipeWireCapture(configuration: .init(spec: .name(name), connection: try connection()))
        capture.start { events.append($0) }
        return (capture, events)
    }
}

extension Collected<FrameSourceEvent> {
    /// The modes a capture said it streams in, once its first frame came (none coming fails the test).
    func streamedModes(sourceLocation: SourceLocation = #_sourceLocation) throws -> [CameraMode] {
        let framed = wait { $0.contains { if case .frame = $0 { true } else { false } } }
        try #require(framed, "no frame; events: \(all)", sourceLocation: sourceLocation)
        return all.compactMap { if case .streaming(_, let mode) = $0 { mode } else { nil } }
    }
}
