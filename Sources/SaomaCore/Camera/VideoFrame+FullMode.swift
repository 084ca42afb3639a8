// SPDX-License-Identifier: GPL-3.0-or-later

extension VideoFrame {
    /// A frame of a camera's YUYV full mode (`CaptureModePlan`), the one way every capture makes
    /// one: the YUYV kept as sent (`FrameDetail`, for the preview's colour and the
    /// full-resolution pass), the luma reduced to `workingWidth` × `workingHeight` for everything
    /// else. `base` holds `height` rows of `width` pixels, `stride` bytes apart (checked by the
    /// caller against the buffer); `nil` when the sizes do not make a full mode.
    public static func fullMode(
        yuyv base: UnsafeRawPointer, width: Int, height: Int, stride: Int, workingWidth: Int, workingHeight: Int, timestamp: Double,
        sequence: UInt64
    ) -> VideoFrame? {
        guard workingWidth > 0, workingHeight > 0, workingWidth < width, workingHeight <= height, stride >= width * 2 else { return nil }
        let yuyv = FrameConversion.packedRows(from: base, rowBytes: width * 2, height: height, stride: stride)
        let reduced = FrameConversion.reducedLuma(
            fromYUYV: base, width: width, height: height, stride: stride, targetWidth: workingWidth, targetHeight: workingHeight)
        let scale = Double(width) / Double(workingWidth)
        guard let image = LumaImage(width: workingWidth, height: workingHeight, pixels: reduced),
            let detail = FrameDetail(width: width, height: height, yuyv: yuyv, scale: scale)
        else { return nil }
        return VideoFrame(luma: image, color: nil, timestamp: timestamp, sequence: sequence, detail: detail)
    }
}
