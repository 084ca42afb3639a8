// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

@testable import LiveScanning

/// How the decode worker tests hand frames over: a 640×480 view showing the whole 640×480
/// frame, and the whole frame as the scan region, for QR codes.
enum WholeFrameLook {
    static let viewport = Viewport(size: SaomaCore.Size(width: 640, height: 480), fit: .cover)
    static let region = ScanRegion(
        frameInView: SaomaCore.Rect(x: 0, y: 0, width: 640, height: 480), viewport: viewport, symbologies: [.qrCode])

    /// Hands `frame` to `worker` with its preview, to be read over the whole frame.
    static func submit(_ frame: VideoFrame, to worker: DecodeWorker) {
        worker.submit(frame, preview: PreviewImage(frame: frame, viewport: viewport), region: region)
    }

    /// Hands `luma` to `worker` as frame `sequence` (frames 1/30 s apart, no colour).
    static func submit(_ luma: LumaImage, sequence: Int, to worker: DecodeWorker) {
        submit(VideoFrame(luma: luma, rgb: nil, timestamp: Double(sequence) / 30, sequence: UInt64(sequence)), to: worker)
    }
}
