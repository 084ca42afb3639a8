// SPDX-License-Identifier: GPL-3.0-or-later

/// What a `/dev/video*` node is, as far as a scanner cares.
public enum CameraNodeKind: Hashable, Sendable {
    /// A colour (or at least non-infrared) video capture node: usable.
    case capture
    /// A node without video capture, such as a UVC camera's metadata node.
    case metadataOnly
    /// An infrared sensor (face login cameras): greyscale depth/IR formats only, or named "IR".
    case infrared
    /// A capture node whose formats libv4l2 cannot convert.
    case unsupportedFormats

    /// Classifies a node from its `QUERYCAP` answer and native formats (fourcc strings).
    ///
    /// - Parameters:
    ///   - capturesVideo: `V4L2_CAP_VIDEO_CAPTURE` is in the node's device caps.
    ///   - name: the card name from `QUERYCAP`.
    ///   - pixelFormats: native (not emulated) formats, e.g. `["YUYV", "MJPG"]`.
    public static func classify(capturesVideo: Bool, name: String, pixelFormats: [String]) -> CameraNodeKind {
        guard capturesVideo else { return .metadataOnly }
        let formats = pixelFormats.map(CameraPixelFormat.normalized)
        if !formats.isEmpty && formats.allSatisfy(CameraPixelFormat.infraredFormats.contains) { return .infrared }
        if nameSuggestsInfrared(name) { return .infrared }
        if formats.isEmpty || !formats.contains(where: CameraPixelFormat.convertibleFormats.contains) { return .unsupportedFormats }
        return .capture
    }

    /// True for names such as "Integrated IR Camera" or "Infrared Camera" (the token "IR", not "MIRA").
    public static func nameSuggestsInfrared(_ name: String) -> Bool {
        if name.lowercased().contains("infrared") { return true }
        let tokens = name.split { !($0.isLetter || $0.isNumber) }
        return tokens.contains("IR")
    }
}

/// Facts about V4L2 pixel formats, spelled as fourcc strings without trailing spaces.
public enum CameraPixelFormat {
    /// Greyscale and depth formats that infrared sensors offer.
    public static let infraredFormats: Set<String> = ["GREY", "Y10", "Y12", "Y14", "Y16", "Y10B", "Y10P", "Y8I", "Y12I", "Z16", "INVZ"]

    /// Native formats libv4lconvert turns into YU12/RGB24 (the common webcam ones).
    public static let convertibleFormats: Set<String> = [
        "YUYV", "YVYU", "UYVY", "VYUY", "NV12", "NV21", "NV16", "NV61", "YU12", "YV12", "RGB3", "BGR3", "RGBP", "RGBR", "BGRR",
        "MJPG", "JPEG", "BA81", "GBRG", "GRBG", "RGGB", "GREY", "Y10B", "Y16", "HM12", "S910", "S561", "PWC1", "PWC2",
    ]

    /// The fourcc without its padding spaces (`"Y10 "` → `"Y10"`).
    public static func normalized(_ fourcc: String) -> String {
        String(fourcc.reversed().drop { $0 == " " || $0 == "\0" }.reversed())
    }
}
