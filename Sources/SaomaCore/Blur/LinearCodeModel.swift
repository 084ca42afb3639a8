// SPDX-License-Identifier: GPL-3.0-or-later

/// A linear symbology's fixed structure as a chain of segments, for fitting it to a blurred
/// luminance profile: quiet zones, guards and every pattern a character may take.
///
/// Modules are numbered from the symbol's first bar (module 0) to `moduleCount`; the first and
/// last segments reach `quietModules` into the quiet zones on either side (light modules). Each
/// segment has options of the same length (the patterns its character may take, with what each
/// means); a symbol is one option per segment. The check digit and the parity rules are an
/// accumulator carried along the chain (`advance`, `accepts`), so a search can keep only the
/// chains that can still verify.
public struct LinearCodeModel: Sendable {
    /// One character position (or a fixed guard) of the symbol.
    public struct Segment: Sendable, Hashable {
        /// Module number of the segment's first module (negative in the leading quiet zone).
        public let startModule: Int
        /// Modules in the segment; every option has this many.
        public let length: Int
        /// The patterns the segment may take: one byte per module, 1 = bar (dark), 0 = space.
        public let options: [[UInt8]]
        /// What each option says (a digit with its parity, a codeword value).
        public let labels: [Int]

        public var endModule: Int { startModule + length }
    }

    /// The symbologies modelled.
    public enum Kind: Sendable, Hashable {
        /// EAN-13; `upcOnly` keeps the left half to odd parity (UPC-A, a leading 0).
        case ean13(upcOnly: Bool)
        case ean8
        case upcE
        /// Code 128 with this many data characters between the start and the check character.
        case code128(dataCharacters: Int)
    }

    public let kind: Kind
    public let segments: [Segment]
    /// Modules from the first bar's leading edge to the last bar's trailing edge.
    public let moduleCount: Int
    /// Light modules of quiet zone the first and last segments include on each side.
    public let quietModules: Int
    /// Each segment's boundary classes (`boundaryClasses(of:)`).
    let boundaries: [BoundaryClasses]

    /// Modules of quiet zone modelled on each side: twice `blurReachModules`, so every profile
    /// sample the fit uses depends on modelled modules only.
    public static let quietModules = 7
    /// Modules on either side of a sample whose blurred light the model counts (3.5: a Gaussian
    /// of up to one module's sigma, truncated beyond 3.5 sigma).
    public static let blurReachModules = 3.5

    /// Most data characters of a Code 128 model (longer symbols are not read blurred).
    public static let maxCode128DataCharacters = 40

    /// The model, or `nil` for a Code 128 length outside 1…`maxCode128DataCharacters`.
    ///
    /// Models are built once (EAN and UPC) or from parts built once (Code 128's start, data and
    /// check-and-stop segments): readers make many.
    public init?(_ kind: Kind) {
        switch kind {
        case .ean13(let upcOnly): self = upcOnly ? Self.upcAModel : Self.ean13Model
        case .ean8: self = Self.ean8Model
        case .upcE: self = Self.upcEModel
        case .code128(let n):
            guard (1...Self.maxCode128DataCharacters).contains(n) else { return nil }
            let parts = Self.code128Parts
            var segments = [parts.start.segment]
            var boundaries = [parts.start.classes]
            for i in 0..<n {
                segments.append(
                    Segment(startModule: 11 * (i + 1), length: 11, options: parts.data.segment.options, labels: parts.data.segment.labels))
                boundaries.append(parts.data.classes)
            }
            let final = parts.final.segment
            segments.append(Segment(startModule: 11 * (n + 1), length: final.length, options: final.options, labels: final.labels))
            boundaries.append(parts.final.classes)
            self.init(kind: kind, segments: segments, moduleCount: 11 * (n + 2) + 13, boundaries: boundaries)
        }
    }

    private init(kind: Kind, segments: [Segment], moduleCount: Int, boundaries: [BoundaryClasses]? = nil) {
        self.kind = kind
        self.segments = segments
        self.moduleCount = moduleCount
        quietModules = Self.quietModules
        self.boundaries = boundaries ?? segments.map(Self.boundaryClasses)
    }

    static let ean13Model = LinearCodeModel(
        kind: .ean13(upcOnly: false), segments: eanSegments(leftDigits: 6, rightDigits: 6, leftOptions: EANPatterns.leftOptions),
        moduleCount: 95)
    static let upcAModel = LinearCodeModel(
        kind: .ean13(upcOnly: true), segments: eanSegments(leftDigits: 6, rightDigits: 6, leftOptions: EANPatterns.oddOptions),
        moduleCount: 95)
    static let ean8Model = LinearCodeModel(
        kind: .ean8, segments: eanSegments(leftDigits: 4, rightDigits: 4, leftOptions: EANPatterns.oddOptions), moduleCount: 67)
    static let upcEModel = LinearCodeModel(kind: .upcE, segments: upcESegments(), moduleCount: 51)
    /// Code 128's segments (a one-character symbol's) and their classes: the start, a data
    /// character and the check character with the stop pattern.
    static let code128Parts:
        (
            start: (segment: Segment, classes: BoundaryClasses), data: (segment: Segment, classes: BoundaryClasses),
            final: (segment: Segment, classes: BoundaryClasses)
        ) = {
            let segments = code128Segments(dataCharacters: 1)
            let parts = segments.map { ($0, boundaryClasses(of: $0)) }
            return (parts[0], parts[1], parts[2])
        }()

    /// The pattern of the symbol given one option per segment, from module `-quietModules`
    /// to `moduleCount + quietModules`.
    public func modules(options: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for (segment, option) in zip(segments, options) { out += segment.options[option] }
        return out
    }

    /// The labels of one option per segment.
    public func labels(options: [Int]) -> [Int] {
        zip(segments, options).map { $0.labels[$1] }
    }

    // MARK: Building the chains

    /// `count` light modules.
    static func light(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    /// Quiet zone, start guard, left digits (the last one followed by the centre guard), right
    /// digits (the last one followed by the end guard and quiet zone).
    static func eanSegments(leftDigits: Int, rightDigits: Int, leftOptions: [(pattern: [UInt8], label: Int)]) -> [Segment] {
        let q = quietModules
        var segments = [Segment(startModule: -q, length: q + 3, options: [light(q) + [1, 0, 1]], labels: [-1])]
        var module = 3
        for i in 0..<leftDigits {
            let tail: [UInt8] = i == leftDigits - 1 ? [0, 1, 0, 1, 0] : []
            segments.append(
                Segment(
                    startModule: module, length: 7 + tail.count, options: leftOptions.map { $0.pattern + tail },
                    labels: leftOptions.map(\.label)))
            module += 7 + tail.count
        }
        for i in 0..<rightDigits {
            let tail: [UInt8] = i == rightDigits - 1 ? [1, 0, 1] + light(q) : []
            let options = EANPatterns.rightOptions
            segments.append(
                Segment(
                    startModule: module, length: 7 + tail.count, options: options.map { $0.pattern + tail }, labels: options.map(\.label)))
            module += 7 + tail.count
        }
        return segments
    }

    /// Quiet zone and start guard, six digits of either parity, end guard 010101 and quiet zone.
    static func upcESegments() -> [Segment] {
        let q = quietModules
        var segments = [Segment(startModule: -q, length: q + 3, options: [light(q) + [1, 0, 1]], labels: [-1])]
        let options = EANPatterns.leftOptions
        for i in 0..<6 {
            let tail: [UInt8] = i == 5 ? [0, 1, 0, 1, 0, 1] + light(q) : []
            segments.append(
                Segment(
                    startModule: 3 + 7 * i, length: 7 + tail.count, options: options.map { $0.pattern + tail }, labels: options.map(\.label)
                ))
        }
        return segments
    }

    /// Quiet zone with a start character, the data characters, the check character with the
    /// stop pattern and quiet zone.
    static func code128Segments(dataCharacters n: Int) -> [Segment] {
        let q = quietModules
        let starts = [Code128.startA, Code128.startB, Code128.startC]
        var segments = [
            Segment(startModule: -q, length: q + 11, options: starts.map { light(q) + Self.code128Modules($0) }, labels: starts)
        ]
        let values = Array(0..<Code128.startA)
        let characters = values.map(Self.code128Modules)
        for i in 0..<n {
            segments.append(Segment(startModule: 11 * (i + 1), length: 11, options: characters, labels: values))
        }
        let stop = Self.code128Modules(Code128.stop) + light(q)
        segments.append(Segment(startModule: 11 * (n + 1), length: 24 + q, options: characters.map { $0 + stop }, labels: values))
        return segments
    }

    /// The modules of a Code 128 character (or of the stop pattern): bars first.
    static func code128Modules(_ value: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (i, width) in Code128.patterns[value].enumerated() {
            out += [UInt8](repeating: i % 2 == 0 ? 1 : 0, count: width)
        }
        return out
    }
}
