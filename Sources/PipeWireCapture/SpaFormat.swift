// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import SaomaCore

/// A video format param (`EnumFormat` offered by a node, or the `Format` a stream negotiated)
/// read into Swift values.
struct SpaFormat {
    /// The video formats Saoma converts that the param offers (MJPG for the `mjpg` subtype).
    var formats: [PipeWireVideoFormat] = []
    /// Offered raw formats Saoma does not convert, by SPA name.
    var unsupportedNames: [String] = []
    /// Sizes as offered (any 32-bit numbers: range-checked by `CameraValues`).
    var sizes: [(width: UInt32, height: UInt32)] = []
    /// Rates as offered, frames per second as a fraction (any 32-bit terms).
    var rates: [CameraValues.Fraction] = []

    init(_ param: UnsafePointer<spa_pod>) {
        var parsed = saoma_pw_format()
        guard saoma_pw_parse_format(param, &parsed) == 0, parsed.media_type == SPA_MEDIA_TYPE_video.rawValue else { return }
        switch parsed.media_subtype {
        case SPA_MEDIA_SUBTYPE_raw.rawValue:
            for index in 0..<parsed.n_formats {
                let id = saoma_pw_format_at(&parsed, index)
                if let format = Self.format(spa: id) {
                    formats.append(format)
                } else {
                    unsupportedNames.append(Self.name(spa: id))
                }
            }
        case SPA_MEDIA_SUBTYPE_mjpg.rawValue: formats = [.mjpg]
        default: unsupportedNames = ["subtype \(parsed.media_subtype)"]
        }
        for index in 0..<parsed.n_sizes {
            let size = saoma_pw_size_at(&parsed, index)
            sizes.append((size.width, size.height))
        }
        for index in 0..<parsed.n_rates {
            let rate = saoma_pw_rate_at(&parsed, index)
            rates.append(CameraValues.Fraction(rate.num, rate.denom))
        }
    }

    /// Every combination of acceptable values offered, as camera modes, and the values skipped.
    var offer: (modes: [CameraMode], skipped: [CameraValues.Skipped]) {
        CameraValues.modes(formats: formats.map(\.rawValue), sizes: sizes, rates: rates)
    }

    /// Saoma's format for an SPA video format id.
    static func format(spa id: UInt32) -> PipeWireVideoFormat? {
        switch id {
        case SPA_VIDEO_FORMAT_YUY2.rawValue: return .yuy2
        case SPA_VIDEO_FORMAT_NV12.rawValue: return .nv12
        case SPA_VIDEO_FORMAT_I420.rawValue: return .i420
        default: return nil
        }
    }

    /// The SPA video format id of a raw format (0 for MJPG, which has none).
    static func spaID(_ format: PipeWireVideoFormat) -> UInt32 {
        switch format {
        case .yuy2: return SPA_VIDEO_FORMAT_YUY2.rawValue
        case .nv12: return SPA_VIDEO_FORMAT_NV12.rawValue
        case .i420: return SPA_VIDEO_FORMAT_I420.rawValue
        case .mjpg: return 0
        }
    }

    /// SPA's short name of a video format (`"RGBx"`), or its number.
    static func name(spa id: UInt32) -> String {
        guard let name = saoma_spa_video_format_name(id) else { return "format \(id)" }
        return String(cString: name)
    }

    /// An `EnumFormat` param asking for exactly `mode`, built in `buffer`.
    static func build(_ mode: CameraMode, in buffer: UnsafeMutableBufferPointer<UInt8>) -> UnsafePointer<spa_pod>? {
        guard let format = PipeWireVideoFormat(fourcc: mode.pixelFormat), let base = buffer.baseAddress else { return nil }
        let subtype = format == .mjpg ? SPA_MEDIA_SUBTYPE_mjpg.rawValue : SPA_MEDIA_SUBTYPE_raw.rawValue
        guard CameraValues.isAcceptable(width: mode.width, height: mode.height) else { return nil }
        let rate = CameraValues.rate(forFramesPerSecond: mode.framesPerSecond)
        return saoma_pw_build_format(
            base, UInt32(buffer.count), subtype, spaID(format), UInt32(mode.width), UInt32(mode.height), rate.numerator, rate.denominator)
    }
}
