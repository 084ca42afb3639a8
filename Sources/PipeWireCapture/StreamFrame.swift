// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import SaomaCore

/// Turns one PipeWire buffer of a negotiated raw format into a `VideoFrame` (the same values
/// the V4L2 path produces: luma for decoding, the camera's YUYV or 4:2:0 planes for the preview;
/// for a YUYV full mode, the luma reduced to the working size and the YUYV as `FrameDetail`).
///
/// Every size, offset and stride comes from the producer and is checked against the buffer's
/// mapped size before a byte is read; a buffer that does not add up gives `nil` (the frame is
/// dropped), never a read out of bounds.
struct StreamFrame {
    let format: PipeWireVideoFormat
    let width: Int
    let height: Int
    /// The size consumers see (`CaptureModePlan.workingSize`): below `width` × `height` for a full mode.
    var workingWidth: Int
    var workingHeight: Int

    init(format: PipeWireVideoFormat, width: Int, height: Int, workingWidth: Int? = nil, workingHeight: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.workingWidth = workingWidth ?? width
        self.workingHeight = workingHeight ?? height
    }

    /// One mapped plane: its first byte, the bytes readable from there, and its row stride.
    struct Plane {
        let base: UnsafeRawPointer
        let count: Int
        let stride: Int
    }

    /// The planes of `buffer` (one `spa_data` per plane, or all planes in the first).
    static func planes(of buffer: UnsafeMutablePointer<spa_buffer>) -> [Plane] {
        var planes: [Plane] = []
        let count = Int(buffer.pointee.n_datas)
        guard count > 0, let datas = buffer.pointee.datas else { return [] }
        for index in 0..<min(count, 4) {
            let data = datas[index]
            guard let mapped = data.data, let chunk = data.chunk else { break }
            let offset = Int(chunk.pointee.offset % max(data.maxsize, 1))
            let size = min(Int(chunk.pointee.size), Int(data.maxsize) - offset)
            guard size > 0 else { break }
            planes.append(Plane(base: UnsafeRawPointer(mapped) + offset, count: size, stride: Int(chunk.pointee.stride)))
        }
        return planes
    }

    /// The frame in `planes`, or `nil` when they are too small for the negotiated size.
    func frame(from planes: [Plane], timestamp: Double, sequence: UInt64) -> VideoFrame? {
        guard let first = planes.first, width > 1, height > 1, width % 2 == 0, height % 2 == 0 else { return nil }
        let luma: [UInt8]
        let color: FrameColor
        switch format {
        case .yuy2:
            let stride = first.stride >= width * 2 ? first.stride : width * 2
            guard first.count >= stride * (height - 1) + width * 2 else { return nil }
            if workingWidth < width {
                return VideoFrame.fullMode(
                    yuyv: first.base, width: width, height: height, stride: stride, workingWidth: workingWidth & ~1,
                    workingHeight: workingHeight & ~1, timestamp: timestamp, sequence: sequence)
            }
            let (y, yuyv) = FrameConversion.lumaAndYUYV(fromYUYV: first.base, width: width, height: height, stride: stride)
            (luma, color) = (y, .yuyv(yuyv))
        case .nv12, .i420:
            let stride = first.stride >= width ? first.stride : width
            guard let chroma = chromaPlanes(planes, lumaStride: stride) else { return nil }
            guard first.count >= stride * (height - 1) + width else { return nil }
            luma = FrameConversion.packedRows(from: first.base, rowBytes: width, height: height, stride: stride)
            color = .yu12(u: chroma.u, v: chroma.v, fullRange: false)
        case .mjpg:
            return nil
        }
        guard let image = LumaImage(width: width, height: height, pixels: luma) else { return nil }
        return VideoFrame(luma: image, color: color, timestamp: timestamp, sequence: sequence)
    }

    /// The U and V planes (half size), from separate planes or after the luma in the first.
    private func chromaPlanes(_ planes: [Plane], lumaStride: Int) -> (u: [UInt8], v: [UInt8])? {
        let half = width / 2
        let rows = height / 2
        /// `rows` rows of `rowBytes` at `offset` in `plane`, `stride` apart, if they fit.
        func fits(_ plane: Plane, offset: Int, rowBytes: Int, stride: Int) -> Bool {
            offset >= 0 && stride >= rowBytes && plane.count >= offset + stride * (rows - 1) + rowBytes
        }
        switch format {
        case .nv12:
            let (plane, offset, stride): (Plane, Int, Int) =
                planes.count >= 2
                ? (planes[1], 0, max(planes[1].stride, width)) : (planes[0], lumaStride * height, lumaStride)
            guard fits(plane, offset: offset, rowBytes: width, stride: stride) else { return nil }
            return FrameConversion.chromaPlanes(fromNV12: plane.base + offset, width: width, height: height, stride: stride)
        case .i420:
            if planes.count >= 3 {
                let (u, v) = (planes[1], planes[2])
                let (us, vs) = (max(u.stride, half), max(v.stride, half))
                guard fits(u, offset: 0, rowBytes: half, stride: us), fits(v, offset: 0, rowBytes: half, stride: vs) else { return nil }
                return (
                    FrameConversion.packedRows(from: u.base, rowBytes: half, height: rows, stride: us),
                    FrameConversion.packedRows(from: v.base, rowBytes: half, height: rows, stride: vs)
                )
            }
            let plane = planes[0]
            let chromaStride = lumaStride / 2
            let uOffset = lumaStride * height
            let vOffset = uOffset + chromaStride * rows
            guard fits(plane, offset: uOffset, rowBytes: half, stride: chromaStride),
                fits(plane, offset: vOffset, rowBytes: half, stride: chromaStride)
            else { return nil }
            return (
                FrameConversion.packedRows(from: plane.base + uOffset, rowBytes: half, height: rows, stride: chromaStride),
                FrameConversion.packedRows(from: plane.base + vOffset, rowBytes: half, height: rows, stride: chromaStride)
            )
        case .yuy2, .mjpg:
            return nil
        }
    }
}
